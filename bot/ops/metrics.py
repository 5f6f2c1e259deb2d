"""What the bot counts and times for its host, in Prometheus' terms.

:class:`Metrics` is the interface the rest of the bot calls (``table.metrics.move(...)``); it
records nothing, so with metrics off (the default) a call costs one method call.
:class:`bot.ops.prometheus.PrometheusMetrics` records them (imported only when metrics are on).

Labels are kinds, never ids: a game's engine name, a refusal's class name, a Discord route's
template (``POST /channels/{channel_id}/messages``), a logger's name. No user, channel or guild
id and nothing hidden ever becomes a label value.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

#: the outcome label of a move that was made (a refused one's is the refusal's class name)
MADE = "made"
#: seconds: a move, a render, a request, a trip to the database
LATENCY = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: seconds a timer fired after it fell due (the scheduler's lag)
FIRE_LAG = (0.1, 0.5, 1.0, 5.0, 15.0, 60.0, 300.0, 900.0)
#: seconds the event loop was late to wake a sleeping task
LOOP_LAG = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0)
#: seconds a database round trip took
DB_LATENCY = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1.0)


class Metrics:
    """The calls the bot makes; this one records nothing (metrics are off)."""

    enabled = False

    def move(self, game: str, outcome: str, seconds: float) -> None:
        """A player's move was made (``outcome`` :data:`MADE`) or refused (the refusal's kind)."""

    def render(self, kind: str, seconds: float, *, ok: bool) -> None:
        """An image (``board`` or ``hand``) was drawn, or failed to be."""

    def standin(self, game: str) -> None:
        """A stand-in played a move for a player whose time ran out."""

    def clock_fired(self, kind: str, lag: float) -> None:
        """A timer (a reminder or a deadline) fired ``lag`` seconds after it fell due."""

    def db_trip(self, store: str, seconds: float) -> None:
        """One round trip to the database (``game`` or ``clock`` connection)."""

    def trips(self, store: str) -> Callable[[float], None] | None:
        """What a connection calls after each round trip (None: nothing to call)."""
        return None

    def discord_request(self, route: str, status: str, seconds: float) -> None:
        """One HTTP request to Discord answered with ``status`` (or ``error``)."""

    def discord_wait(self, route: str, seconds: float) -> None:
        """A request waited ``seconds`` for Discord's rate limits before it was answered."""

    def error(self, kind: str) -> None:
        """Something was logged at ERROR or above by the logger ``kind``."""

    def loop_lag(self, seconds: float) -> None:
        """The event loop woke a sleeping task ``seconds`` late."""

    def live_games(self, counts: dict[str, int]) -> None:
        """The running games, by engine (set just before each scrape)."""


OFF = Metrics()


class ErrorCounter(logging.Handler):
    """Counts each record at ERROR or above by its logger's name (a fixed set: ``discord.client``,
    ``tabletop.table``, ...); added to the root logger while the metrics are served."""

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(level=logging.ERROR)
        self.metrics = metrics

    def emit(self, record: logging.LogRecord) -> None:
        self.metrics.error(record.name)
