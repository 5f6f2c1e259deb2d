"""The bot with many live games in one SQLite file: a move, the store-wide commands, start-up,
a burst of simultaneous moves, and memory. Not a timed test: it prints one line per size,

    scale 100000 games: click_p50=… click_p99=… mine_p99=… startup_s=… burst50_p99=…
    loop_lag_max=… rss_mb=…

(milliseconds unless named). Run it with

    ./tabletop test -m bench -s tests/bench/test_scale.py
    SCALE_SIZES=10000 ./tabletop test -m bench -s tests/bench/test_scale.py   (one size)
    SCALE_METRICS=on ./tabletop test -m bench -s tests/bench/test_scale.py    (metrics on)

How the figures are made:
- The file is built directly (it would take hours through the table): real engine states of
  the shipped games, a few moves in, copied into every game with its seats and first log
  entry; one game in ten more has ended (history, stats). Four in five running games have a
  24-hour clock (deadlines for the awaited players, spread over the day, reminders marked
  sent as time has passed, a few due at once), one in a hundred is paused, the rest have none.
  Every game's clocks are in line and announced, except a handful left as a crash leaves them.
- ``startup_s``: opening both stores, starting the render workers, clock recovery and the
  catch-up (the unannounced games posted to a channel that only counts them). As in the bot,
  the sweep for games an engine can no longer play then runs in the background, throttled,
  during everything below.
- ``click_*``: ``Table.act`` on distinct games (load, apply, save, the clock update it
  triggers, the board drawn in the render workers) with the clock scheduler running.
- ``mine_p99``: the store-wide commands mixed: ``/me turns``, history, stats, away and back.
- ``burst50_p99``: fifty moves in fifty games started at once, each timed to its own end;
  ``loop_lag_max``: the longest the event loop was late to wake a 5 ms timer meanwhile.
- ``rss_mb``: the bot process's resident memory at the end (the render workers not counted).
- ``SCALE_METRICS=on``: everything is counted as with ``--metrics-port`` (moves, renders, both
  connections' round trips, clock firings, the event loop's lag) and the endpoint is served
  and scraped every :data:`SCRAPE_EVERY` seconds (a busy Prometheus scrapes every 15 s), so
  the two runs' figures give the metrics' cost.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import engines
from bot import heap
from bot.clock import records
from bot.clock.scheduler import Scheduler
from bot.clock.service import ClockServices
from bot.discord_app.clock_runtime import SWEEP_IDLE
from bot.discord_app.resume import Announcements, catch_up
from bot.discord_app.tokens import Editors, Panels
from bot.server_settings import ServerSettings
from bot.table import Table
from bot.table.renders import ProcessRenderer
from storage import Store
from storage.clock import ClockStore
from tests.clock.conftest import Notifier
from tests.shipped import shipped_games

SIZES = [int(s) for s in os.environ.get("SCALE_SIZES", "10000,100000").split(",") if s.strip()]
METRICS = os.environ.get("SCALE_METRICS", "off") == "on"
SCRAPE_EVERY = 1.0
GUILDS = 500
SAMPLE_STATES = 6  # per game and player count
CLICKS = 300
COMMANDS = 300
BURST = 50
UNSYNCED = UNANNOUNCED = 10
DUE_NOW = 5
DAY = 24 * 3600.0
NOW = 1_800_000_000.0
CHANNELS = 10_000_000


@dataclass(frozen=True)
class Sample:
    """A real position of a shipped game: its state, who is awaited and one legal move each."""

    engine: str
    players: tuple[str, ...]
    state: str
    moves: int
    awaited: dict[str, str] = field(default_factory=dict)  # player name -> a legal action id


def samples() -> list[Sample]:
    out = []
    for name in sorted(shipped_games()):
        eng = engines.get_engine(name)
        for count in range(eng.min_players, min(eng.max_players, 4) + 1):
            players = [f"P{i}" for i in range(1, count + 1)]
            for seed in range(SAMPLE_STATES):
                rng = random.Random(seed)
                state = eng.setup(players, seed=seed)
                moves = 0
                for _ in range(rng.randrange(2, 12)):
                    if eng.result(state) is not None:
                        break
                    player = rng.choice(eng.to_act(state))
                    state, _ = eng.apply(state, player, eng.suggest(state, player, rng))
                    moves += 1
                if eng.result(state) is not None:
                    continue
                awaited = {p: eng.legal_actions(state, p)[0].id for p in eng.to_act(state)}
                if all(awaited.values()):
                    out.append(
                        Sample(name, tuple(players), state.model_dump_json(), moves, awaited)
                    )
    return out


@dataclass
class Built:
    running: list[tuple[int, int, Sample, dict[str, int]]]  # id, channel, sample, name -> user
    seated: list[tuple[int, int]]  # (guild, user) pairs of seated players


def build(
    path: Path, size: int, pool: list[Sample], *, ended: int | None = None, users: int | None = None
) -> Built:
    """Fill the file with ``size`` running games (and ended ones, and clocks) directly.
    ``ended`` finished games (default: one for every ten running) among ``users`` players
    (default: one for every two running games, at least 100)."""
    rng = random.Random(size)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA synchronous = OFF")
    db.execute("BEGIN")
    running: list[tuple[int, int, Sample, dict[str, int]]] = []
    seated: list[tuple[int, int]] = []
    users = max(100, size // 2) if users is None else users
    ended = size // 10 if ended is None else ended
    for game_id in range(1, size + ended + 1):
        sample = pool[game_id % len(pool)]
        guild = 1 + game_id % GUILDS
        channel = CHANNELS + game_id
        who = rng.sample(range(1, users + 1), len(sample.players))
        seats = dict(zip(sample.players, who, strict=True))
        live = game_id <= size
        version = sample.moves + 2 + len(who)
        result = None if live else json.dumps({"winners": [sample.players[0]], "reason": "won"})
        updated = NOW - rng.uniform(0, 30 * DAY)
        db.execute(
            "INSERT INTO games (id, guild_id, channel_id, engine, status, state, version,"
            " host_id, options, seed, created_at, updated_at, result, end_reason)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, '{}', ?, ?, ?, ?, ?)",
            (
                game_id,
                guild,
                channel,
                sample.engine,
                "running" if live else "finished",
                sample.state,
                version,
                who[0],
                game_id,
                updated - DAY,
                updated,
                result,
                None if live else "won",
            ),
        )
        db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
            [(game_id, i, user, name) for i, (name, user) in enumerate(seats.items())],
        )
        db.execute(
            "INSERT INTO moves (game_id, seq, kind, version, created_at)"
            " VALUES (?, 1, 'start', ?, ?)",
            (game_id, version, updated),
        )
        if not live:
            continue
        running.append((game_id, channel, sample, seats))
        seated.extend((guild, user) for user in who)
        if game_id > UNANNOUNCED:
            db.execute(
                "INSERT INTO meta (key, value, updated_at) VALUES (?, ?, ?)",
                (f"{Announcements.PREFIX}{game_id}", str(version), NOW),
            )
        clocked = game_id % 5 != 0
        db.execute(
            "INSERT INTO days_games (game_id, turn_seconds, paused_at) VALUES (?, ?, ?)",
            (game_id, DAY if clocked else None, NOW - 3600 if game_id % 100 == 1 else None),
        )
        if game_id > UNSYNCED:
            db.execute(
                "INSERT INTO days_synced (game_id, version) VALUES (?, ?)", (game_id, version)
            )
        if not clocked:
            continue
        for name in sample.awaited:
            started = NOW - (DAY + 60 if game_id <= DUE_NOW else rng.uniform(0, 0.95 * DAY))
            due = started + DAY
            db.execute(
                "INSERT INTO days_deadlines (game_id, user_id, version, started_at, due_at,"
                " half_sent, near_sent) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    seats[name],
                    version,
                    started,
                    due,
                    int(NOW - started > DAY / 2),
                    int(due - NOW < 3600),
                ),
            )
    db.execute("COMMIT")
    db.close()
    return Built(running, seated)


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Lag:
    """How late the event loop wakes a short timer: the longest any task kept it busy."""

    def __init__(self, tick: float = 0.005):
        self.tick = tick
        self.worst = 0.0
        self._task: asyncio.Task | None = None

    async def _run(self) -> None:
        while True:
            started = time.perf_counter()
            await asyncio.sleep(self.tick)
            self.worst = max(self.worst, time.perf_counter() - started - self.tick)

    def __enter__(self) -> Lag:
        self._task = asyncio.get_running_loop().create_task(self._run())
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()


class Channel:
    """Where the catch-up posts: it only counts."""

    def __init__(self, posted: list[int], channel_id: int):
        self.posted, self.id = posted, channel_id

    async def send(self, **kwargs):
        self.posted.append(self.id)
        return type("Message", (), {"id": len(self.posted), "channel": self})()


class Client:
    """The little of the Discord client the catch-up uses."""

    def __init__(self, table: Table):
        self.table = table
        self.posted: list[int] = []
        self.server_settings = self  # every game pings: the default settings
        self.turn_book = None  # made on first use, as the client's
        self.editors = Editors()  # no click lends a token: edits go through the channel
        self.panels = Panels()
        self.clock_service = None  # no quiet hours held: every awaited player is pinged

    async def of_game(self, game_id: int, guild_id: int | None) -> ServerSettings:
        return ServerSettings()

    def get_channel(self, channel_id: int) -> None:
        return None  # nothing cached: the turn messages go through the partial messageable

    def get_partial_messageable(self, channel_id: int, guild_id=None) -> Channel:
        return Channel(self.posted, channel_id)

    async def notify_outcome(self, outcome, message) -> None:
        return None


class Measured:
    """The metrics on, as ``--metrics-port`` turns them on, served and scraped."""

    def __init__(self, server, scraper: asyncio.Task) -> None:
        self.server, self.scraper, self.scrapes = server, scraper, 0

    @classmethod
    async def start(cls, table: Table, clocks: ClockStore) -> Measured:
        import aiohttp

        from bot.ops.health import Health
        from bot.ops.prometheus import PrometheusMetrics
        from bot.ops.server import OpsServer

        metrics = PrometheusMetrics()
        table.metrics = table.renderer.metrics = metrics
        table.store.measure_trips(metrics.trips("game"))
        clocks.on_trip = metrics.trips("clock")
        sock = _listening()
        server = OpsServer(
            metrics, Health(live={}, ready={}), sock=sock, live_games=table.store.running_counts
        )
        await server.start()
        url = f"http://127.0.0.1:{sock.getsockname()[1]}/metrics"

        async def scrape() -> None:
            async with aiohttp.ClientSession() as http:
                while True:
                    async with http.get(url) as response:
                        assert response.status == 200
                        await response.read()
                    measured.scrapes += 1
                    await asyncio.sleep(SCRAPE_EVERY)

        measured = cls(server, asyncio.create_task(scrape()))
        return measured

    async def stop(self) -> None:
        self.scraper.cancel()
        await asyncio.gather(self.scraper, return_exceptions=True)
        await self.server.stop()


def _listening():
    import socket

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    return sock


async def timed(samples: list[float], work) -> None:
    started = time.perf_counter()
    await work
    samples.append(1000 * (time.perf_counter() - started))


@pytest.mark.bench
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("size", SIZES)
async def test_scale(size, tmp_path):
    path = tmp_path / "scale.sqlite3"
    await (await Store.open(path)).close()  # the schema, from the migrations
    built = build(path, size, samples())
    rng = random.Random(7)
    wall = time.time()

    def now() -> float:
        """The bench's "now": the built file's moment, moving on in real time."""
        return NOW + (time.time() - wall)

    started = time.perf_counter()
    store = await Store.open(path)
    clocks = await ClockStore.open(path)
    renderer = ProcessRenderer()
    renderer.start()
    table = Table(store, now=now, renderer=renderer)
    metrics = await Measured.start(table, clocks) if METRICS else None
    service = ClockServices.build(table, clocks, Notifier(), now=now)
    scheduler = Scheduler(service.firing, now=now, alarm=service.alarm)
    await service.deadlines.recover_due()
    client = Client(table)
    await catch_up(client, Announcements(store))  # type: ignore[arg-type]
    startup_s = time.perf_counter() - started
    heap.settle()  # as the bot does once start-up is over
    assert len(client.posted) == UNANNOUNCED
    scheduler.start()
    sweep = asyncio.create_task(service.deadlines.sweep(idle=SWEEP_IDLE))
    try:
        games = [g for g in built.running if g[0] > max(UNANNOUNCED, UNSYNCED, DUE_NOW)]
        rng.shuffle(games)
        click: list[float] = []
        for _game_id, channel, sample, seats in games[:CLICKS]:
            name, action = next(iter(sample.awaited.items()))
            await timed(click, table.act(channel_id=channel, user_id=seats[name], action_id=action))

        commands: list[float] = []
        for _ in range(COMMANDS // 4):
            guild, user = rng.choice(built.seated)
            await timed(commands, records.mine(table, clocks, user, turns_only=True))
            await timed(commands, records.history(table, guild))
            await timed(commands, records.stats(table, guild))
            await timed(commands, service.absences.away(user_id=user, seconds=3600))
            await timed(commands, service.absences.back(user_id=user))

        burst: list[float] = []
        chosen = games[CLICKS : CLICKS + BURST]
        with Lag() as lag:
            await asyncio.gather(
                *(
                    timed(
                        burst,
                        table.act(
                            channel_id=channel,
                            user_id=seats[next(iter(sample.awaited))],
                            action_id=next(iter(sample.awaited.values())),
                        ),
                    )
                    for _, channel, sample, seats in chosen
                )
            )
        memory = rss_mb()
    finally:
        sweep.cancel()
        await scheduler.stop()
        if metrics is not None:
            await metrics.stop()
        renderer.close()
        await clocks.close()
        await store.close()
    print()
    print(
        f"scale {size} games: click_p50={percentile(click, 50):.1f} "
        f"click_p99={percentile(click, 99):.1f} mine_p99={percentile(commands, 99):.1f} "
        f"startup_s={startup_s:.2f} burst50_p99={percentile(burst, 99):.1f} "
        f"loop_lag_max={1000 * lag.worst:.1f} rss_mb={memory:.0f} "
        f"metrics={'on' if metrics else 'off'}" + (f" scrapes={metrics.scrapes}" if metrics else "")
    )
    assert len(click) == CLICKS and len(burst) == BURST
