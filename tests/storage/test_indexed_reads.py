"""The reads that run with every move or command, however many games the file holds, go
through indexes: SQLite's own query plans say so (no ``SCAN`` of a whole table)."""

from __future__ import annotations

import sqlite3

import pytest

from storage import Store
from storage.clock import ClockStore
from storage.sql import connect

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


async def test_a_players_games_in_every_server_are_read_through_the_seats_index(stores):
    """``/me turns`` and one away for every server: the player's few seats, then their games
    by id, however many games the store holds."""
    store, _ = stores
    reader = store._reader

    async def set_trace(callback):
        await reader.run(lambda db: db.raw.set_trace_callback(callback))

    lines = plans(store.path, await traced(set_trace, store.player_games(7, ("running",))))
    assert any("seats_by_user" in line for line in lines), lines
    assert not scans(lines), lines


async def test_a_shard_processs_scheduler_reads_stay_on_indexes(stores):
    """With shards, the next and due firings still walk the deadlines' index, and the games
    of the shards are found among the running ones through the status index."""
    from storage.shards import Shards

    store, clocks = stores

    async def set_trace(callback):
        clocks.db.raw.set_trace_callback(callback)

    mine = Shards(4, {1, 2})
    seen = await traced(set_trace, clocks.next_deadlines(shards=mine))
    seen += await traced(set_trace, clocks.due_deadlines(1000.0, shards=mine))
    lines = plans(store.path, seen)
    assert any("days_deadlines_next (fired_at=? AND <expr><?)" in line for line in lines), lines
    assert any("games_versions_by_status (status=?)" in line for line in lines), lines
    assert "USE TEMP B-TREE FOR ORDER BY" not in lines, lines
    assert not scans(lines), lines


async def test_the_start_up_scan_of_ended_games_reads_only_the_notes_in_use(stores):
    store, _ = stores
    reader = store._reader

    async def set_trace(callback):
        await reader.run(lambda db: db.raw.set_trace_callback(callback))

    seen = await traced(set_trace, store.ended_noted("discord.turn."))
    lines = plans(store.path, seen)
    assert any("meta_live_notes" in line for line in lines), lines
    assert "SEARCH g USING INTEGER PRIMARY KEY (rowid=?)" in lines, lines
    assert not scans(lines), lines


# -- PostgreSQL: the same reads, through its own copies of those indexes ---------------------------
@pytest.fixture
async def pg_stores(postgres_url):
    store = await Store.open(postgres_url)
    clocks = await ClockStore.open(postgres_url)
    db = connect(postgres_url)
    try:  # enough rows that the planner prefers an index to reading the table
        db.execute(
            "INSERT INTO games (guild_id, channel_id, engine, status, version, host_id, seed,"
            " created_at, updated_at) SELECT g % 50, g, 'toy',"
            " (ARRAY['lobby', 'running', 'finished', 'aborted'])[g % 4 + 1], 1, 1, g, g, g"
            " FROM generate_series(1, 20000) g"
        )
        db.execute(
            "INSERT INTO seats (game_id, seat, user_id, name) SELECT g, 0, g % 3000, 'P'"
            " FROM generate_series(1, 20000) g"
        )
        db.execute(
            "INSERT INTO days_deadlines (game_id, user_id, version, started_at, due_at)"
            " SELECT g, 1, 1, g, g + 1000 FROM generate_series(1, 20000) g"
        )
        db.execute("ANALYZE")
    finally:
        db.close()
    yield store, clocks
    await clocks.close()
    await store.close()


def pg_plans(url, statements: list[tuple[str, tuple]]) -> str:
    db = connect(url)
    try:
        return "\n".join(
            row[0]
            for sql, args in statements
            if sql.lstrip().upper().startswith("SELECT")
            for row in db.execute(f"EXPLAIN {sql}", args).fetchall()
        )
    finally:
        db.close()


def recording(monkeypatch, db) -> list[tuple[str, tuple]]:
    seen: list[tuple[str, tuple]] = []
    execute = db.execute

    def recorded(sql, params=()):
        seen.append((sql, tuple(params)))
        return execute(sql, params)

    monkeypatch.setattr(db, "execute", recorded)
    return seen


@pytest.mark.postgres
async def test_on_postgresql_the_scheduler_walks_the_next_firing_index(pg_stores, monkeypatch):
    store, clocks = pg_stores
    seen = recording(monkeypatch, clocks.db)
    await clocks.next_deadlines()
    await clocks.due_deadlines(1000.0)
    plan = pg_plans(store.path, seen)
    assert plan.count("days_deadlines_next") == 2, plan
    assert "Seq Scan on days_deadlines" not in plan, plan


@pytest.mark.postgres
async def test_on_postgresql_a_players_games_and_a_servers_history_use_indexes(
    pg_stores, monkeypatch
):
    store, _ = pg_stores
    seen = recording(monkeypatch, store._reader.db)
    await store.seated_games(1, 7)
    await store.ended_games(1, limit=10)
    plan = pg_plans(store.path, seen)
    assert "seats_by_user" in plan and "games_ended_by_guild" in plan, plan
    assert "Seq Scan on games" not in plan and "Seq Scan on seats" not in plan, plan


async def test_the_nights_reads_of_a_move_and_of_the_scheduler_go_through_indexes(stores):
    """Each turn reads its players' settings and mutes; the scheduler the next held notice
    and the ones due (player settings, migration 0150)."""
    from storage.shards import Shards

    store, clocks = stores

    async def set_trace(callback):
        clocks.db.raw.set_trace_callback(callback)

    seen = await traced(set_trace, clocks.players_settings([7, 8]))
    seen += await traced(set_trace, clocks.run(lambda t: t.muted_of(3)))
    seen += await traced(set_trace, clocks.next_release())
    seen += await traced(set_trace, clocks.next_release(shards=Shards(4, {1})))
    seen += await traced(set_trace, clocks.take_released(1000.0))
    lines = plans(store.path, seen)
    assert any("player_mutes_game" in line for line in lines), lines
    assert any("player_held_release" in line for line in lines), lines
    assert not scans(lines), lines
