"""The metrics recorded for Prometheus (``--metrics-port``).

Each :class:`PrometheusMetrics` records into its own :class:`~prometheus_client.CollectorRegistry`,
never the library's global one, so tests and several bots in one process do not share counters.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    ProcessCollector,
    generate_latest,
)

from bot.ops.metrics import DB_LATENCY, FIRE_LAG, LATENCY, LOOP_LAG, MADE, Metrics


class PrometheusMetrics(Metrics):
    """Everything :class:`Metrics` is told, in a registry of its own."""

    enabled = True

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        ProcessCollector(registry=r)  # process_*: CPU seconds, memory, open files, start time
        self.moves = Counter(
            "tabletop_moves",
            "Players' moves, by game and outcome (made, or the refusal's kind)",
            ["game", "outcome"],
            registry=r,
        )
        self.move_seconds = Histogram(
            "tabletop_move_seconds",
            "Time to check, apply, save and draw a player's move",
            ["game"],
            buckets=LATENCY,
            registry=r,
        )
        self.renders = Counter(
            "tabletop_renders",
            "Images drawn (board or hand), by result",
            ["kind", "result"],
            registry=r,
        )
        self.render_seconds = Histogram(
            "tabletop_render_seconds",
            "Time to draw an image",
            ["kind"],
            buckets=LATENCY,
            registry=r,
        )
        self.requests = Counter(
            "tabletop_discord_requests",
            "HTTP requests to Discord, by route template and status",
            ["route", "status"],
            registry=r,
        )
        self.request_seconds = Histogram(
            "tabletop_discord_request_seconds",
            "Time Discord took to answer one HTTP request",
            ["route"],
            buckets=LATENCY,
            registry=r,
        )
        self.waits = Counter(
            "tabletop_discord_ratelimit_waits",
            "Requests that waited for Discord's rate limits",
            ["route"],
            registry=r,
        )
        self.wait_seconds = Counter(
            "tabletop_discord_ratelimit_wait_seconds",
            "Seconds spent waiting for rate limits",
            ["route"],
            registry=r,
        )
        self.live = Gauge(
            "tabletop_live_games", "Running games in the database, by game", ["game"], registry=r
        )
        self.fired = Counter(
            "tabletop_clocks_fired",
            "Turn-clock timers fired (reminders and deadlines), by kind",
            ["kind"],
            registry=r,
        )
        self.fire_lag = Histogram(
            "tabletop_clock_fire_lag_seconds",
            "How long after falling due a timer fired",
            buckets=FIRE_LAG,
            registry=r,
        )
        self.standins = Counter(
            "tabletop_standins",
            "Moves played by a stand-in for a player out of time",
            ["game"],
            registry=r,
        )
        self.errors = Counter(
            "tabletop_errors", "Lines logged at ERROR or above, by logger", ["kind"], registry=r
        )
        self.loop = Histogram(
            "tabletop_event_loop_lag_seconds",
            "How late the event loop woke a sleeping task",
            buckets=LOOP_LAG,
            registry=r,
        )
        self.trip_seconds = Histogram(
            "tabletop_db_round_trip_seconds",
            "Round trips to the database, by connection",
            ["store"],
            buckets=DB_LATENCY,
            registry=r,
        )

    def move(self, game: str, outcome: str, seconds: float) -> None:
        self.moves.labels(game, outcome).inc()
        if outcome == MADE:
            self.move_seconds.labels(game).observe(seconds)

    def render(self, kind: str, seconds: float, *, ok: bool) -> None:
        self.renders.labels(kind, "ok" if ok else "failed").inc()
        if ok:
            self.render_seconds.labels(kind).observe(seconds)

    def trips(self, store: str) -> Callable[[float], None] | None:
        return functools.partial(self.db_trip, store)

    def standin(self, game: str) -> None:
        self.standins.labels(game).inc()

    def clock_fired(self, kind: str, lag: float) -> None:
        self.fired.labels(kind).inc()
        self.fire_lag.observe(max(lag, 0.0))

    def db_trip(self, store: str, seconds: float) -> None:
        self.trip_seconds.labels(store).observe(seconds)

    def discord_request(self, route: str, status: str, seconds: float) -> None:
        self.requests.labels(route, status).inc()
        self.request_seconds.labels(route).observe(seconds)

    def discord_wait(self, route: str, seconds: float) -> None:
        self.waits.labels(route).inc()
        self.wait_seconds.labels(route).inc(seconds)

    def error(self, kind: str) -> None:
        self.errors.labels(kind).inc()

    def loop_lag(self, seconds: float) -> None:
        self.loop.observe(max(seconds, 0.0))

    def live_games(self, counts: dict[str, int]) -> None:
        self.live.clear()  # a game kind with none left running reads 0 by being absent
        for game, count in counts.items():
            self.live.labels(game).set(count)

    def text(self) -> bytes:
        """Everything, in Prometheus' text format."""
        return generate_latest(self.registry)
