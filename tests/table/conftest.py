"""Fixtures for the table tests: a Table on a real SQLite file and a real PostgreSQL database, a helper to snapshot the file,
and a second test-only engine with private events and no hand renderer."""

from __future__ import annotations

import contextlib
import types

import pytest

import engines
import rendering
from bot.table import Table
from engines.core import Engine, Event
from storage import Store
from storage.sql import connect
from tests.engines import toy

CHANNEL = 500
GUILD = 1
ADA, BO, CY, DEE, EVE = 11, 12, 13, 14, 15
NAMES = {ADA: "Ada", BO: "Bo", CY: "Cy", DEE: "Dee", EVE: "Eve"}


class SecretToy(toy.ToyEngine):
    """The toy game, but every move also tells the mover their secret (a private event), and
    the game cannot go on when someone leaves (the default ``leave``)."""

    name = "secret_toy"
    title = "Secret race (test game)"

    def play(self, state, player, action):
        new, events = super().play(state, player, action)
        whisper = Event(
            text=f"Psst, {player}: your lucky number is {state.secrets[player]}.", private_to=player
        )
        return new, [*events, whisper]

    leave = Engine.leave


SECRET = engines.register(SecretToy())
rendering.register(
    "secret_toy",
    types.SimpleNamespace(render_board=toy.render_board),  # no render_hand
)


@pytest.fixture
def db_path(db_location):
    """A SQLite file, then a PostgreSQL database (``db_location``)."""
    return db_location


@pytest.fixture
async def store(db_path):
    store = await Store.open(db_path)
    yield store
    await store.close()


@pytest.fixture
async def table(store):
    return Table(store, now=lambda: 1_700_000_000.0)


@contextlib.contextmanager
def raw(db_path):
    """A connection of the test's own to the store's database (SQLite or PostgreSQL), in
    autocommit, as another program would open it."""
    db = connect(db_path)
    try:
        yield db
    finally:
        db.close()


def snapshot(db_path):
    """Every row of every game table, to prove a refusal changed nothing."""
    db = connect(db_path)
    try:
        return {
            t: [tuple(r) for r in db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall()]
            for t in ("games", "seats", "moves")
        }
    finally:
        db.close()


async def lobby(table, users=(ADA, BO), engine="toy", **kw):
    host, *rest = users
    await table.new_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        user_id=host,
        user_name=NAMES[host],
        engine=engine,
        seed=kw.pop("seed", 5),
        **kw,
    )
    for user in rest:
        await table.join(channel_id=CHANNEL, user_id=user, user_name=NAMES[user])
    return await table.game(channel_id=CHANNEL)


async def running(table, users=(ADA, BO), engine="toy", **kw):
    await lobby(table, users, engine, **kw)
    return await table.start(channel_id=CHANNEL, user_id=users[0])
