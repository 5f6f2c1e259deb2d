"""The store against real SQLite files and real PostgreSQL databases: migrations, one live game per channel, the version
check, all-or-nothing saves, the append-only log and surviving a restart."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3

import aiosqlite
import pytest

import storage.store
from storage import LiveGameExists, MoveEntry, SeatRow, Store, VersionConflict
from storage.migrate import (
    MIGRATIONS_DIR,
    MigrationError,
    apply_migrations,
    current_version,
    discover,
    split_statements,
)
from storage.sql import DatabaseError, connect


async def new_game(store: Store, channel_id: int = 100, **kw):
    args = dict(
        guild_id=1,
        channel_id=channel_id,
        engine="toy",
        host_id=7,
        options={"pile": "21"},
        seed=42,
        now=1000.0,
        seats=[SeatRow(0, 7, "Ada")],
        entry=MoveEntry("new", 7, "Ada", events=[{"text": "Ada opens a game."}]),
    )
    args.update(kw)
    return await store.create_game(**args)


def rows(location, table):
    """Every row of ``table``, read on a connection of the test's own."""
    db = connect(location)
    try:
        return [tuple(r) for r in db.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()]
    finally:
        db.close()


def run_sql(location, statement, *args):
    """One statement on a connection of the test's own (as another program would)."""
    db = connect(location)
    try:
        db.execute(statement, args)
    finally:
        db.close()


@pytest.fixture
async def store(db_location):
    """A store on a SQLite file, then on a PostgreSQL database."""
    store = await Store.open(db_location)
    yield store
    await store.close()


@pytest.fixture
async def sqlite_store(tmp_path):
    store = await Store.open(tmp_path / "games.sqlite3")
    yield store
    await store.close()


# -- migrations --------------------------------------------------------------------------------
async def test_migrations_are_applied_at_open_and_the_version_recorded(store):
    latest = discover()[-1].version
    recorded = rows(store.path, "schema_version")
    assert max(r[0] for r in recorded) == latest
    assert [r[0] for r in recorded] == [m.version for m in discover()]


async def test_migrations_are_applied_only_once(tmp_path, sqlite_store):
    store = sqlite_store
    await store.close()
    async with aiosqlite.connect(store.path, isolation_level=None) as db:
        assert await apply_migrations(db, now=2.0) == []
    reopened = await Store.open(store.path)
    await reopened.close()
    assert len(rows(store.path, "schema_version")) == len(discover())


async def test_a_new_numbered_migration_file_is_discovered_and_applied_in_order(tmp_path):
    folder = tmp_path / "migrations"
    folder.mkdir()
    shutil.copy(MIGRATIONS_DIR / "0001_init.sql", folder)
    (folder / "0003_third.sql").write_text("ALTER TABLE games ADD COLUMN third TEXT;")
    (folder / "0002_second.sql").write_text("CREATE TABLE second (x INTEGER);")
    (folder / "notes.txt").write_text("not a migration")
    migrations = discover(folder)
    assert [m.version for m in migrations] == [1, 2, 3]
    async with aiosqlite.connect(tmp_path / "db.sqlite3", isolation_level=None) as db:
        assert await apply_migrations(db, now=1.0, migrations=migrations) == [1, 2, 3]
        assert await current_version(db) == 3


async def test_a_failing_migration_is_rolled_back_whole(tmp_path):
    folder = tmp_path / "migrations"
    folder.mkdir()
    shutil.copy(MIGRATIONS_DIR / "0001_init.sql", folder)
    (folder / "0002_broken.sql").write_text("CREATE TABLE half_done (x INTEGER);\nTHIS IS NOT SQL;")
    async with aiosqlite.connect(tmp_path / "db.sqlite3", isolation_level=None) as db:
        with pytest.raises(sqlite3.OperationalError):
            await apply_migrations(db, now=1.0, migrations=discover(folder))
        assert await current_version(db) == 1
        async with db.execute("SELECT name FROM sqlite_master WHERE name = 'half_done'") as cur:
            assert await cur.fetchone() is None


def test_postgresql_has_a_migration_for_every_sqlite_migration_numbered_and_named_alike():
    assert [m.name for m in discover(MIGRATIONS_DIR / "postgresql")] == [m.name for m in discover()]


def test_two_migrations_with_the_same_number_are_refused(tmp_path):
    (tmp_path / "0002_a.sql").write_text("SELECT 1;")
    (tmp_path / "0002_b.sql").write_text("SELECT 2;")
    with pytest.raises(MigrationError, match="0002"):
        discover(tmp_path)


def test_statements_are_split_but_triggers_stay_whole():
    sql = (
        "-- a comment; with a semicolon\nCREATE TABLE t (x TEXT DEFAULT 'a;b');\n"
        "CREATE TRIGGER g BEFORE DELETE ON t BEGIN SELECT RAISE(ABORT, 'no'); END;\n"
    )
    parts = split_statements(sql)
    assert len(parts) == 2
    assert parts[1].startswith("CREATE TRIGGER") and parts[1].endswith("END;")


async def test_a_database_newer_than_the_program_is_refused(store):
    await store.close()
    run_sql(store.path, "INSERT INTO schema_version VALUES (9999, '9999_future.sql', 0)")
    with pytest.raises(MigrationError, match="newer"):
        await Store.open(store.path)


async def pragma(store, name):
    return (await store._db.execute(f"PRAGMA {name}"))[0][0]  # the store's own connection


async def test_wal_busy_timeout_and_foreign_keys_are_on(sqlite_store):
    assert await pragma(sqlite_store, "journal_mode") == "wal"
    assert await pragma(sqlite_store, "busy_timeout") >= 1000
    assert await pragma(sqlite_store, "foreign_keys") == 1


# -- games ------------------------------------------------------------------------------------------
async def test_a_channel_has_at_most_one_live_game(store):
    await new_game(store)
    with pytest.raises(LiveGameExists):
        await new_game(store)


async def test_another_channel_may_have_its_own_game(store):
    await new_game(store, channel_id=100)
    other = await new_game(store, channel_id=200)
    assert other.channel_id == 200


async def test_a_new_game_may_start_once_the_last_one_finished(store):
    game = await new_game(store)
    await store.save(game.id, game.version, now=2.0, entry=MoveEntry("abort"), status="aborted")
    again = await new_game(store)
    assert again.id != game.id
    assert (await store.latest_game(100)).id == again.id


async def test_every_save_bumps_the_version_and_appends_one_log_entry(store):
    game = await new_game(store)
    saved = await store.save(
        game.id,
        game.version,
        now=2.0,
        entry=MoveEntry("join", 8, "Bo"),
        seats=[*game.seats, SeatRow(1, 8, "Bo")],
    )
    assert saved.version == game.version + 1
    assert [s.name for s in saved.seats] == ["Ada", "Bo"]
    log = await store.moves(game.id)
    assert [(m.seq, m.kind, m.version) for m in log] == [(1, "new", 1), (2, "join", 2)]


async def test_a_save_against_an_old_version_writes_nothing(store):
    game = await new_game(store)
    await store.save(game.id, game.version, now=2.0, entry=MoveEntry("move"), state='{"a":1}')
    before = rows(store.path, "games"), rows(store.path, "moves")
    with pytest.raises(VersionConflict):
        await store.save(game.id, game.version, now=3.0, entry=MoveEntry("move"), state='{"b":2}')
    after = rows(store.path, "games"), rows(store.path, "moves")
    assert after == before


async def test_two_connections_saving_the_same_version_at_once_only_one_lands(store):
    game = await new_game(store)
    other = await Store.open(store.path)
    try:
        results = await asyncio.gather(
            store.save(game.id, game.version, now=2.0, entry=MoveEntry("move", 7), state="{}"),
            other.save(game.id, game.version, now=2.0, entry=MoveEntry("move", 8), state="{}"),
            return_exceptions=True,
        )
    finally:
        await other.close()
    assert sorted(type(r).__name__ for r in results) == ["GameRow", "VersionConflict"]
    assert len(await store.moves(game.id)) == 2


async def test_a_failure_while_appending_the_log_entry_leaves_the_game_as_it_was(
    store, monkeypatch
):
    game = await new_game(store)
    before = [rows(store.path, t) for t in ("games", "seats", "moves")]

    def broken_append(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(storage.store, "_append_move", broken_append)
    with pytest.raises(sqlite3.OperationalError):
        await store.save(
            game.id,
            game.version,
            now=2.0,
            entry=MoveEntry("move"),
            state='{"x":1}',
            seats=[SeatRow(0, 7, "Ada"), SeatRow(1, 8, "Bo")],
        )
    after = [rows(store.path, t) for t in ("games", "seats", "moves")]
    assert after == before
    monkeypatch.undo()
    saved = await store.save(game.id, game.version, now=2.0, entry=MoveEntry("move"), state="{}")
    assert saved.version == game.version + 1


async def test_the_move_log_is_append_only(store):
    await new_game(store)
    with pytest.raises(DatabaseError, match="append-only"):
        run_sql(store.path, "UPDATE moves SET action_id = 'forged'")
    with pytest.raises(DatabaseError, match="append-only"):
        run_sql(store.path, "DELETE FROM moves")
    assert len(rows(store.path, "moves")) == 1


async def test_a_reopened_store_has_everything(store):
    game = await new_game(store)
    await store.save(
        game.id,
        game.version,
        now=2.0,
        entry=MoveEntry("start"),
        status="running",
        state='{"pile": 3}',
    )
    await store.close()
    reopened = await Store.open(store.path)
    try:
        live = await reopened.live_game(100)
        assert (live.status, live.state, live.version) == ("running", '{"pile": 3}', 2)
        assert live.options == {"pile": "21"} and live.seed == 42
        assert [m.kind for m in await reopened.moves(game.id)] == ["new", "start"]
    finally:
        await reopened.close()


async def test_unreadable_json_in_a_game_row_is_reported_not_raised(store):
    game = await new_game(store)
    run_sql(store.path, "UPDATE games SET options = '{broken' WHERE id = ?", game.id)
    loaded = await store.live_game(100)
    assert loaded.problems == ("the options is not valid JSON",)


async def test_the_last_entries_of_the_log_come_back_in_order(store):
    game = await new_game(store)
    version = game.version
    for i in range(5):
        saved = await store.save(
            game.id, version, now=2.0 + i, entry=MoveEntry("move", 7, "Ada", f"a{i}")
        )
        version = saved.version
    last = await store.moves(game.id, limit=2)
    assert [m.action_id for m in last] == ["a3", "a4"]


async def test_meta_values_are_kept_across_a_restart(store):
    assert await store.get_meta("commands_hash") is None
    await store.set_meta("commands_hash", "abc")
    await store.set_meta("commands_hash", "def")
    await store.close()
    reopened = await Store.open(store.path)
    try:
        assert await reopened.get_meta("commands_hash") == "def"
    finally:
        await reopened.close()


async def test_a_save_from_a_loaded_row_returns_what_reading_it_back_would(store):
    game = await new_game(store)
    seats = [SeatRow(0, 7, "Ada"), SeatRow(1, 8, "Bo", {"species": "cat"}, active=False)]
    args = dict(now=2.0, entry=MoveEntry("start"), state='{"a":1}', status="running", seats=seats)
    saved = await store.save(game.id, game.version, base=game, **args)
    assert saved == await store.get_game(game.id)


@pytest.mark.postgres
async def test_on_postgresql_a_dropped_connection_fails_one_save_and_the_next_reconnects(
    postgres_url,
):
    store = await Store.open(postgres_url)
    try:
        game = await new_game(store)
        run_sql(  # as a server restart would: every connection of the store is cut
            postgres_url,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
        with pytest.raises(DatabaseError):
            await store.save(game.id, game.version, now=2.0, entry=MoveEntry("move"), state="{}")
        saved = await store.save(
            game.id, game.version, now=3.0, entry=MoveEntry("move"), state="{}"
        )
        assert saved.version == game.version + 1
        assert [m.kind for m in await store.moves(game.id)] == ["new", "move"]
        # a read is tried again on a new connection: it has no effects
        assert len(await store.seated_games(1, 7)) == 1
    finally:
        await store.close()
