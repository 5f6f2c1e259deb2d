"""Reads across the store (lists of games, a server's history, the running pages) go through a
second, read-only connection: they see only what has been committed, never a save half done,
and cannot write. ``check_writable`` refuses at start a file the process may read but not
write, and leaves a writable file as it was."""

from __future__ import annotations

import sqlite3

import pytest

from storage import MoveEntry, SeatRow, Store
from tests.cli.test_main import make_read_only
from tests.storage.test_store import new_game


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "games.sqlite3")
    yield store
    await store.close()


async def test_reads_across_the_store_see_only_committed_saves(store):
    game = await new_game(store, channel_id=1)
    await store._db.execute("BEGIN IMMEDIATE")  # a save under way on the game path's connection
    try:
        await store._db.execute("UPDATE games SET status = 'finished' WHERE id = ?", (game.id,))
        assert [g.id for g in await store.games()] == [game.id]
        assert [g.id for g in await store.running_page(0, 10)] == []  # still in the lobby
        assert await store.games(["finished"]) == []
        assert await store.ended_games(1) == []
    finally:
        await store._db.execute("ROLLBACK")
    assert [g.status for g in await store.games()] == ["lobby"]


async def test_reads_across_the_store_see_a_save_once_it_is_committed(store):
    game = await new_game(store, channel_id=1)
    await store.save(game.id, game.version, now=2.0, entry=MoveEntry("end"), status="finished")
    assert [g.id for g in await store.ended_games(1)] == [game.id]
    assert await store.games() == []


async def test_the_read_connection_cannot_write(store):
    await new_game(store)
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        await store._reader.execute("DELETE FROM games")
    assert len(await store.games()) == 1


async def test_an_in_memory_store_reads_through_its_one_connection():
    async with await Store.open(":memory:") as store:
        assert store._reader is store._db
        game = await new_game(store)
        assert [g.id for g in await store.games()] == [game.id]


async def test_closing_the_store_closes_its_read_connection_too(tmp_path):
    store = await Store.open(tmp_path / "games.sqlite3")
    reader = store._reader
    assert reader is not store._db
    await store.close()
    with pytest.raises(ValueError, match="Connection closed"):
        await reader.execute("SELECT 1")


@pytest.mark.parametrize("count", [2, 3])
async def test_each_game_of_a_list_comes_with_its_own_seats(store, count):
    players = [(7, "Ada"), (8, "Bo"), (9, "Cy")][:count]
    for channel, (user, name) in enumerate(players, start=1):
        await new_game(store, channel_id=channel, host_id=user, seats=[SeatRow(0, user, name)])
    listed = await store.games()
    assert [[(s.user_id, s.name) for s in g.seats] for g in listed] == [[p] for p in players]


async def test_a_single_game_read_alone_comes_with_its_seats(store):
    await new_game(store, channel_id=1, seats=[SeatRow(0, 7, "Ada"), SeatRow(1, 8, "Bo")])
    (only,) = await store.games()
    assert [s.name for s in only.seats] == ["Ada", "Bo"]


async def test_a_writable_database_passes_the_write_check_unchanged(store, tmp_path):
    await store.check_writable()
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "write_check" not in tables
    game = await new_game(store)  # the check left no transaction open
    assert (await store.get_game(game.id)).id == game.id


async def test_a_database_the_process_cannot_write_fails_the_write_check(tmp_path):
    path = tmp_path / "games.sqlite3"
    await (await Store.open(path)).close()
    make_read_only(path)
    store = await Store.open(path)
    try:
        with pytest.raises(sqlite3.Error, match="readonly"):
            await store.check_writable()
    finally:
        await store.close()
