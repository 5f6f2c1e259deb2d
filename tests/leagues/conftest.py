"""A league service on a real table and database (a SQLite file, and a PostgreSQL database when
one runs), a clock moved by hand, and a notifier that records what would be posted."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

import engines
from bot.leagues.service import Leagues
from bot.leagues.standings import Standing
from bot.table import GameInfo, Outcome, Table
from storage import Store
from storage.leagues import LeagueRow, LeagueStore
from tests.engines import toy

GUILD = 1
CHANNEL = 500
HOUR = 3600
START = 1_000_000.0


class StandingToy(toy.ToyEngine):
    """The toy game with a standing mid-game: each player's lucky number, the later seat ahead
    on equal numbers (the toy has none, so every unfinished toy game is a tie)."""

    name = "standing_toy"
    title = "Race with a standing (test game)"

    def standing(self, state):
        return {p: state.secrets[p] * 10.0 + i for i, p in enumerate(state.players)}


STANDING_TOY = engines.register(StandingToy())


class FakeTime:
    def __init__(self, now: float = START):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Recorder:
    """What the league posted: threads made, games published, closings, announcements."""

    threads: list[str] = field(default_factory=list)
    published: list[Outcome] = field(default_factory=list)
    closed: list[tuple[int, str]] = field(default_factory=list)
    announced: list[tuple[str, list[Standing]]] = field(default_factory=list)
    next_thread: int = 10_000

    async def open_thread(self, league: LeagueRow, name: str) -> int:
        self.threads.append(name)
        self.next_thread += 1
        return self.next_thread

    async def publish(self, outcome: Outcome) -> None:
        self.published.append(outcome)

    async def game_closed(self, game: GameInfo, text: str) -> None:
        self.closed.append((game.id, text))

    async def announce(self, league: LeagueRow, text: str, table: list[Standing]) -> None:
        self.announced.append((text, table))


@pytest.fixture
def now():
    return FakeTime()


@pytest.fixture
async def parts(db_location, now):
    """(table, league store) on one database; closed after the test."""
    store = await Store.open(db_location)
    table = Table(store, now=now, render=False)
    leagues = await LeagueStore.open(db_location)
    yield table, leagues
    await leagues.close()
    await store.close()


@pytest.fixture
def recorder():
    return Recorder()


@pytest.fixture
def service(parts, now, recorder):
    table, store = parts
    leagues = Leagues(table, store, recorder, now)
    table.subscribe(leagues.on_change)
    yield leagues
    table.unsubscribe(leagues.on_change)
