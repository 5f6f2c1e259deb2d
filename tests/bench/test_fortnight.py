"""A fortnight of play across time zones, with players' quiet hours respected and without
(issue #28). Not a timed test: it prints two lines,

    fortnight quiet=on: night_notices=N night_deadlines=N standin_turns=N finished=N turns=N
    fortnight quiet=off: night_notices=N night_deadlines=N standin_turns=N finished=N turns=N

Run it with ``./tabletop test -m bench -s tests/bench/test_fortnight.py``.

How it is played: 36 players, four in each of 9 time zones from UTC−8 to UTC+10, sit in 18
games of the four shipped games (Monopoly in its quick rules) over 8 servers, on a hand-moved
clock from 2026-10-20 00:00 UTC for 14 days, so Europe's (10-25) and North America's (11-01)
daylight-saving changes fall inside. Every game has a 12-hour turn clock. Everything goes
through the :class:`~bot.table.Table` and the clock services (the scheduler's work is done by
``firing``, one timer at a time, as the clock tests do) with a notifier that records instead of
posting; the Discord layer's one part here, the pings of a new turn message, is asked of the
services as :mod:`bot.discord_app.turns` asks them.

Every player sets the zone they live in and quiet hours 23:00-07:00, and sleeps then. The
seeded behaviour model: a player awaited while awake moves after a few waking hours (an
exponential delay, its mean the player's own, 1 to 4 hours); one who is asleep, later on
waking; a notice that reaches them awake makes most move within the next 45 minutes; four
players are away for two days and do nothing then. The same players play twice, with
``ClockConfig.respect_nights`` on and off.

- ``night_notices``: notices that reached a player inside their quiet hours (a ping of a turn
  message, a reminder, a direct message, a morning notice);
- ``night_deadlines``: deadlines that passed inside the player's quiet hours;
- ``standin_turns``: turns a stand-in played; ``finished``: games over at the end;
  ``turns``: turns played (by the players and by stand-ins).
"""

from __future__ import annotations

import random
import time
import zlib
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.clock.common import ClockConfig
from bot.clock.service import ClockServices
from bot.player_day.quiet import is_quiet, window_at
from bot.player_day.settings import PlayerSettings, zone_of
from bot.table import Change, Table
from storage import Store
from storage.clock import ClockStore, Deadline
from tests.clock.conftest import FakeTime, Notifier

SEED = 2026
START = datetime(2026, 10, 20, tzinfo=UTC).timestamp()
DAYS = 14
END = START + DAYS * 86400.0
HOUR = 3600.0
TURN_SECONDS = 12 * 3600
ZONES = (
    "America/Los_Angeles",  # UTC-8 (UTC-7 until 11-01)
    "America/Chicago",
    "America/New_York",
    "America/Sao_Paulo",
    "Europe/London",
    "Europe/Berlin",
    "Asia/Dubai",
    "Asia/Shanghai",
    "Australia/Brisbane",  # UTC+10
)
PER_ZONE = 4
GUILDS = 8
#: (engine, seats, options): 18 games of the four shipped games
GAMES = (
    *[("anatomy_park", 2 + i % 2, {}) for i in range(5)],
    *[("cemetery", 2, {}) for _ in range(4)],
    *[("monopoly", 2 + i % 2, {"mode": "quick"}) for i in range(4)],
    *[("run_animals", 2 + i % 2, {}) for i in range(5)],
)
AWAY_PLAYERS = 4
MAX_ACTIONS = 80  # one sitting of a player at most (a stand-in's limit is 40)
NIGHT = (23 * 60, 7 * 60)


@dataclass(frozen=True)
class Player:
    user_id: int
    name: str
    settings: PlayerSettings
    mean_delay: float  # waking hours, in seconds
    away: tuple[float, float] | None  # two days when they do nothing


def players() -> list[Player]:
    rng = random.Random(SEED)
    out = []
    for i in range(len(ZONES) * PER_ZONE):
        zone = ZONES[i % len(ZONES)]
        settings = PlayerSettings(
            zone=zone,
            quiet_start=NIGHT[0],
            quiet_end=NIGHT[1],
            notify=rng.choice(("mention", "mention", "both", "dm")),
        )
        out.append(
            Player(
                user_id=1000 + i,
                name=f"P{i:02d}",
                settings=settings,
                mean_delay=rng.uniform(1.0, 4.0) * HOUR,
                away=None,
            )
        )
    for i in rng.sample(range(len(out)), AWAY_PLAYERS):
        start = START + rng.uniform(1, DAYS - 3) * 86400
        p = out[i]
        out[i] = Player(p.user_id, p.name, p.settings, p.mean_delay, (start, start + 2 * 86400))
    return out


def seating(people: list[Player]) -> list[list[Player]]:
    """Each game's players, from several zones: everyone plays once, some twice."""
    rng = random.Random(SEED + 1)
    order = people[:]
    rng.shuffle(order)
    seats: list[list[Player]] = []
    k = 0
    for _, count, _ in GAMES:
        table: list[Player] = []
        while len(table) < count:
            p = order[k % len(order)]
            k += 1
            if p not in table:
                table.append(p)
        seats.append(table)
    return seats


class Sleep:
    """When a player sleeps (their quiet hours, which they keep whether the bot knows or not)."""

    def __init__(self, player: Player):
        self.settings = player.settings
        assert player.settings.zone is not None
        self.zone = zone_of(player.settings.zone)

    def asleep(self, at: float) -> bool:
        return is_quiet(self.settings, at)

    def wakes(self, at: float) -> float:
        window = window_at(self.settings, at)
        return at if window is None else window[1]

    def bedtime_after(self, at: float) -> float:
        local = datetime.fromtimestamp(at, tz=self.zone)
        bed = local.replace(hour=23, minute=0, second=0, microsecond=0)
        if bed <= local:
            bed += timedelta(days=1)
        return bed.timestamp()

    def after_waking_hours(self, at: float, seconds: float, rng: random.Random) -> float:
        """``at`` plus ``seconds`` of the player's waking time (a night is skipped, and the
        morning starts with a little while before they look)."""
        while True:
            if self.asleep(at):
                at = self.wakes(at) + rng.uniform(0, 0.75 * HOUR)
                continue
            awake_left = self.bedtime_after(at) - at
            if seconds <= awake_left:
                return at + seconds
            seconds -= awake_left
            at += awake_left


@dataclass
class Recorder(Notifier):
    """The recording notifier, with the time and the player of every notice kept."""

    now: FakeTime = field(default_factory=FakeTime)
    notices: list[tuple[float, int, int]] = field(default_factory=list)  # (at, user, game)
    standin_posts: int = 0

    async def remind(self, game, user_id, *, kind, due_at, left):
        await super().remind(game, user_id, kind=kind, due_at=due_at, left=left)
        self.notices.append((self.now(), user_id, game.id))

    async def turn_dm(self, user_id, game, *, left=None, nudged=False):
        await super().turn_dm(user_id, game, left=left, nudged=nudged)
        self.notices.append((self.now(), user_id, game.id))

    async def woke(self, game, user_id):
        await super().woke(game, user_id)
        self.notices.append((self.now(), user_id, game.id))

    async def woke_dm(self, user_id, games):
        await super().woke_dm(user_id, games)
        for game in games:
            self.notices.append((self.now(), user_id, game.id))

    async def standin_turn(self, game, outcome, *, player, kept):
        self.standin_posts += 1
        return await super().standin_turn(game, outcome, player=player, kept=kept)


@dataclass
class Tally:
    night_notices: int = 0
    night_deadlines: int = 0
    standin_turns: int = 0
    finished: int = 0
    turns: int = 0

    def line(self, quiet: bool) -> str:
        return (
            f"fortnight quiet={'on' if quiet else 'off'}: night_notices={self.night_notices} "
            f"night_deadlines={self.night_deadlines} standin_turns={self.standin_turns} "
            f"finished={self.finished} turns={self.turns}"
        )


class Fortnight:
    """One run of the fortnight on its own database."""

    def __init__(self, folder: Path, quiet: bool):
        self.folder = folder
        self.quiet = quiet
        self.now = FakeTime(START)
        self.notifier = Recorder(now=self.now)
        self.people = players()
        self.by_id = {p.user_id: p for p in self.people}
        self.sleep = {p.user_id: Sleep(p) for p in self.people}
        self.tally = Tally()
        self.awaited: dict[int, set[int]] = {}  # game id -> awaited users
        self.fresh: dict[int, set[int]] = {}  # game id -> users newly awaited, to be pinged
        self.plan: dict[tuple[int, int], float] = {}  # (game, user) -> when they move
        self.channel: dict[int, int] = {}  # game id -> channel
        self.seen_notices = 0

    async def __aenter__(self) -> Fortnight:
        path = self.folder / f"fortnight-{'on' if self.quiet else 'off'}.sqlite3"
        self.store = await Store.open(path)
        self.table = Table(self.store, now=self.now, render=False)
        self.clocks = await ClockStore.open(path)
        self.services = ClockServices.build(
            self.table,
            self.clocks,
            self.notifier,
            now=self.now,
            config=ClockConfig(respect_nights=self.quiet),
        )
        self.table.subscribe(self.on_change)
        for p in self.people:  # everyone: /me zone, /me quiet 23:00-07:00, /me notifications
            await self.clocks.set_player_settings(p.user_id, p.settings)
        passed = self.services.standins.deadline_passed

        async def deadline_passed(d: Deadline) -> None:
            if self.sleep[d.user_id].asleep(d.due_at):
                self.tally.night_deadlines += 1
            await passed(d)

        self.services.firing.standins.deadline_passed = deadline_passed  # type: ignore[method-assign]
        return self

    async def __aexit__(self, *_: object) -> None:
        self.services.detach()
        await self.clocks.close()
        await self.store.close()

    async def on_change(self, change: Change) -> None:
        game = change.game
        if change.ended:
            self.awaited[game.id] = set()
            return
        if change.to_act is None:
            return
        now = set(change.to_act)
        before = self.awaited.get(game.id, set())
        self.fresh.setdefault(game.id, set()).update(now - before)
        self.awaited[game.id] = now

    async def open_games(self) -> None:
        for n, ((engine, _, options), seated) in enumerate(
            zip(GAMES, seating(self.people), strict=True)
        ):
            channel = 5000 + n
            host, *others = seated
            info = await self.table.new_game(
                guild_id=(n % GUILDS + 1) << 22,
                channel_id=channel,
                user_id=host.user_id,
                user_name=host.name,
                engine=engine,
                options=dict(options),
                seed=SEED + n,
            )
            self.channel[info.id] = channel
            await self.services.deadlines.configure(info.id, turn_seconds=TURN_SECONDS)
            for p in others:
                await self.table.join(channel_id=channel, user_id=p.user_id, user_name=p.name)
            await self.table.start(channel_id=channel, user_id=host.user_id)

    def rng_for(self, *key: object) -> random.Random:
        """A generator of its own for one decision (the same in both runs, in any process)."""
        return random.Random(zlib.crc32(repr((SEED, *key)).encode()))

    def natural_time(self, user_id: int, game_id: int, at: float) -> float:
        """When the player would move, left alone, in a turn given at ``at``."""
        p, sleep = self.by_id[user_id], self.sleep[user_id]
        rng = self.rng_for("natural", user_id, game_id, int(at))
        if p.away is not None and p.away[0] <= at < p.away[1]:
            at = p.away[1]
        return sleep.after_waking_hours(at, rng.expovariate(1 / p.mean_delay), rng)

    async def ping_new_turns(self) -> None:
        """The Discord layer's part: a new turn message pings whom the services let it."""
        for game_id, users in list(self.fresh.items()):
            if not users:
                continue
            self.fresh[game_id] = set()
            game = await self.table.game_by_id(game_id)
            if game.status != "running":
                continue
            for user_id in users:
                self.plan.setdefault(
                    (game_id, user_id), self.natural_time(user_id, game_id, self.now())
                )
            for user_id in await self.services.nights.mentions(game, sorted(users)):
                self.notifier.notices.append((self.now(), user_id, game_id))

    def heed_notices(self) -> None:
        """Count the new notices and let each move its player: one that reaches them awake
        (and not away) makes most move soon."""
        new = self.notifier.notices[self.seen_notices :]
        self.seen_notices = len(self.notifier.notices)
        for at, user_id, game_id in new:
            sleep, p = self.sleep[user_id], self.by_id[user_id]
            if sleep.asleep(at):
                self.tally.night_notices += 1
                continue
            if p.away is not None and p.away[0] <= at < p.away[1]:
                continue
            key = (game_id, user_id)
            rng = self.rng_for("heed", user_id, game_id, int(at))
            if key in self.plan and rng.random() < 0.8:
                self.plan[key] = min(self.plan[key], at + rng.uniform(0.05, 0.75) * HOUR)

    async def sitting(self, game_id: int, user_id: int) -> None:
        """The player makes their whole turn (every action until the game awaits others)."""
        channel = self.channel[game_id]
        rng = self.rng_for("moves", user_id, game_id, int(self.now()))
        for _ in range(MAX_ACTIONS):
            if user_id not in self.awaited.get(game_id, set()):
                return
            action = await self.table.suggest(channel_id=channel, user_id=user_id, rng=rng)
            await self.table.act(channel_id=channel, user_id=user_id, action_id=action)

    async def play(self) -> Tally:
        await self.open_games()
        firing = self.services.firing
        while True:
            await self.ping_new_turns()
            self.heed_notices()
            for key in [k for k in self.plan if k[1] not in self.awaited.get(k[0], set())]:
                del self.plan[key]
            clock_at = await firing.next_due_at()
            player_at = min(self.plan.values(), default=None)
            at = min((t for t in (clock_at, player_at) if t is not None), default=None)
            if at is None or at > END:
                break
            self.now.advance_to(at)
            if clock_at is not None and clock_at <= at:
                await firing.fire_due()
                continue
            (game_id, user_id) = min(self.plan, key=lambda k: (self.plan[k], k))
            del self.plan[(game_id, user_id)]
            await self.sitting(game_id, user_id)
            self.tally.turns += 1
        self.tally.standin_turns = self.notifier.standin_posts
        self.tally.turns += self.tally.standin_turns
        games = await self.table.games(("finished",))
        self.tally.finished = len(games)
        return self.tally


async def one_run(folder: Path, quiet: bool) -> Tally:
    async with Fortnight(folder, quiet) as run:
        return await run.play()


@pytest.mark.bench
async def test_a_fortnight_with_quiet_hours_on_and_off(tmp_path):
    started = time.process_time()
    on = await one_run(tmp_path, True)
    off = await one_run(tmp_path, False)
    print()
    print(on.line(True))
    print(off.line(False))
    print(f"(cpu {time.process_time() - started:.0f} s)")
    assert on.night_notices == 0 and on.night_deadlines == 0
    assert on.standin_turns < off.standin_turns
    assert on.finished >= off.finished


def test_the_fortnight_spans_both_daylight_saving_changes():
    berlin = zone_of("Europe/Berlin")
    new_york = zone_of("America/New_York")
    assert datetime.fromtimestamp(START, berlin).utcoffset() == timedelta(hours=2)
    assert datetime.fromtimestamp(END, berlin).utcoffset() == timedelta(hours=1)
    assert datetime.fromtimestamp(START, new_york).utcoffset() == timedelta(hours=-4)
    assert datetime.fromtimestamp(END, new_york).utcoffset() == timedelta(hours=-5)


def test_the_players_live_in_nine_zones_from_utc_minus_8_to_plus_10():
    offsets = {datetime.fromtimestamp(END, zone_of(z)).utcoffset() for z in ZONES}
    assert len(offsets) == 9
    assert min(offsets) == timedelta(hours=-8) and max(offsets) == timedelta(hours=10)
    assert len(players()) == 36 and len(GAMES) == 18
