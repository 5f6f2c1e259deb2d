"""The reads that run with every move or command, however many games the file holds, go
through indexes: SQLite's own query plans say so (no ``SCAN`` of a whole table)."""

from __future__ import annotations

import sqlite3

import pytest

from storage import Store
from storage.clock import ClockStore

#: a partial index holding only the paused or closed games: scanning it reads only those
SMALL_PARTIAL_INDEXES = ("days_games_stopped",)


def plans(path, statements: list[str]) -> list[str]:
    """The query plan lines of every SELECT traced (with its parameters inlined)."""
    out = []
    with sqlite3.connect(path) as db:
        for sql in statements:
            if sql.lstrip().upper().startswith("SELECT"):
                out += [row[3] for row in db.execute(f"EXPLAIN QUERY PLAN {sql}").fetchall()]
    return out


def scans(lines: list[str]) -> list[str]:
    return [
        line
        for line in lines
        if line.startswith("SCAN") and not any(i in line for i in SMALL_PARTIAL_INDEXES)
    ]


@pytest.fixture
async def stores(tmp_path):
    path = tmp_path / "plans.sqlite3"
    store = await Store.open(path)
    clocks = await ClockStore.open(path)
    yield store, clocks
    await clocks.close()
    await store.close()


async def traced(set_trace, work) -> list[str]:
    seen: list[str] = []
    await set_trace(seen.append)
    try:
        await work
    finally:
        await set_trace(None)
    return seen


async def test_the_scheduler_finds_the_next_and_the_due_firings_through_an_index(stores):
    store, clocks = stores

    async def set_trace(callback):
        clocks.db.raw.set_trace_callback(callback)

    seen = await traced(set_trace, clocks.next_deadlines())
    seen += await traced(set_trace, clocks.due_deadlines(1000.0))
    lines = plans(store.path, seen)
    # the due firings are a range of the index, and the next one its first entry (no sort)
    assert any("days_deadlines_next (fired_at=? AND <expr><?)" in line for line in lines), lines
    assert "USE TEMP B-TREE FOR ORDER BY" not in lines, lines
    assert not scans(lines), lines


async def test_a_players_games_and_a_servers_history_are_read_through_indexes(stores):
    store, _ = stores
    reader = store._reader

    async def set_trace(callback):
        await reader.run(lambda db: db.raw.set_trace_callback(callback))

    seen = await traced(set_trace, store.seated_games(1, 7))
    seen += await traced(set_trace, store.ended_games(1, limit=10))
    lines = plans(store.path, seen)
    assert any("seats_by_user" in line for line in lines), lines
    assert any("games_ended_by_guild" in line for line in lines), lines
    assert not scans(lines), lines
