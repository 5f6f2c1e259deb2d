"""``tabletop backup PATH`` / ``tabletop restore PATH``: a backup taken while moves are being
made restores to one consistent moment, a killed backup harms nothing, and a restore refuses a
database that holds anything, a backup of a newer schema and a damaged file, changing nothing."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from storage import Store
from storage.backup import BackupRefused, backup, read_backup, restore
from storage.migrate import MIGRATIONS_DIR, apply, discover
from storage.sql import connect
from tests.clock.conftest import ADA, BO, CHANNEL, FakeTime, Notifier, World
from tests.storage.test_copy import everything

GAMES = 8
MOVES_DURING = 2 * GAMES
LATEST = discover(MIGRATIONS_DIR)[-1].version


async def games(location, count: int = GAMES) -> World:
    """An open world with ``count`` running toy games, one per channel, a move made in each."""
    world = await World(location, FakeTime(), Notifier()).open()
    for n in range(count):
        await world.game(ADA, BO, channel=CHANNEL + n)
        await world.move(ADA, channel=CHANNEL + n)
    return world


async def one_move_each(world: World, made: list[int], count: int = GAMES) -> None:
    for n in range(count):
        channel = CHANNEL + n
        await world.move((await world.waiting(channel))[0], channel=channel)
        made.append(channel)


def consistent(location) -> None:
    """No seat or log entry without its game; each game's log is whole (1..n) and its last
    entry carries the game's version."""
    db = connect(location)
    try:
        ids = {r[0] for r in db.execute("SELECT id FROM games")}
        assert {r[0] for r in db.execute("SELECT DISTINCT game_id FROM seats")} <= ids
        for game_id, version in db.execute("SELECT id, version FROM games").fetchall():
            log = db.execute(
                "SELECT seq, version FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
            assert [r[0] for r in log] == list(range(1, len(log) + 1))
            assert log[-1][1] == version
    finally:
        db.close()


# -- a backup during a burst of moves ---------------------------------------------------------
async def test_a_backup_taken_during_a_burst_of_moves_restores_the_moment_it_began(
    db_location, tmp_path
):
    world = await games(db_location)
    before = everything(db_location)
    began, moved = threading.Event(), threading.Event()

    def halfway(done: int, total: int) -> None:
        """After the first step, the backup waits for moves made meanwhile, then goes on."""
        if not began.is_set():
            began.set()
            assert moved.wait(60), "the moves during the backup never came"

    async def burst() -> list[int]:
        made: list[int] = []
        await asyncio.to_thread(began.wait, 60)
        await one_move_each(world, made)
        await one_move_each(world, made)
        moved.set()
        return made

    path = tmp_path / "backup.sqlite3"
    try:
        mover = asyncio.create_task(burst())
        await asyncio.to_thread(backup, db_location, path, pages=1, pause=0, progress=halfway)
        assert len(await mover) == MOVES_DURING
    finally:
        await world.close()
    assert everything(db_location) != before  # the moves landed, beside the backup

    restored = tmp_path / "restored.sqlite3"
    await restore(path, restored)
    assert everything(restored) == before
    consistent(restored)


async def test_a_restored_database_plays_on(tmp_path):
    source = tmp_path / "tabletop.sqlite3"
    world = await games(source, 1)
    await world.close()
    backup(source, tmp_path / "backup.sqlite3")
    restored = tmp_path / "restored.sqlite3"
    await restore(tmp_path / "backup.sqlite3", restored)
    world = await World(restored, FakeTime(), Notifier()).open()
    try:
        version = (await world.store.live_game(CHANNEL)).version
        await world.move((await world.waiting())[0])
        assert (await world.store.live_game(CHANNEL)).version == version + 1
    finally:
        await world.close()


@pytest.mark.postgres
async def test_a_backup_restores_into_postgresql(tmp_path, postgres_url):
    source = tmp_path / "tabletop.sqlite3"
    world = await games(source)
    await world.close()
    backup(source, tmp_path / "backup.sqlite3")
    await restore(tmp_path / "backup.sqlite3", postgres_url)
    assert everything(postgres_url) == everything(source)


# -- a backup killed halfway ------------------------------------------------------------------
_KILLED = """
import sys, time
from pathlib import Path
from storage.backup import backup

def halfway(done, total):
    if done >= total // 2:
        Path(sys.argv[3]).write_text(f"{done} {total}")
        time.sleep(3600)  # killed here

backup(Path(sys.argv[1]), Path(sys.argv[2]), pages=1, pause=0, progress=halfway)
"""


async def test_a_backup_killed_halfway_leaves_no_file_and_the_database_unharmed(tmp_path):
    source = tmp_path / "tabletop.sqlite3"
    world = await games(source, 40)
    path, marker = tmp_path / "backup.sqlite3", tmp_path / "halfway"
    child = subprocess.Popen(
        [sys.executable, "-c", _KILLED, str(source), str(path), str(marker)],
        cwd=Path(__file__).parents[2],
    )
    try:
        deadline = time.monotonic() + 60
        while not marker.exists() and child.poll() is None and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        done, total = map(int, marker.read_text().split())
        assert total > 20 and done < total  # truly halfway: pages copied, pages to go
        assert [p for p in tmp_path.iterdir() if p.name.endswith(".partial")]  # its scratch
        await one_move_each(world, [], 1)  # the bot writes while the backup holds its snapshot
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(60) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
    assert not path.exists()
    try:
        await one_move_each(world, [], 40)  # and after it
    finally:
        await world.close()
    db = sqlite3.connect(source)
    assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    db.close()
    consistent(source)


async def test_a_backup_replaces_an_older_one_only_when_whole(tmp_path):
    source = tmp_path / "tabletop.sqlite3"
    world = await games(source, 1)
    await world.close()
    path = tmp_path / "backup.sqlite3"
    path.write_bytes(b"yesterday's backup")

    def fail(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        backup(source, path, pages=1, progress=fail)
    assert path.read_bytes() == b"yesterday's backup"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".partial")] == []
    assert backup(source, path).version == LATEST
    assert read_backup(path)[-1] == LATEST


async def test_a_backup_is_readable_by_its_owner_only(tmp_path):
    source = tmp_path / "tabletop.sqlite3"
    await (await games(source, 1)).close()
    path = backup(source, tmp_path / "backup.sqlite3").path
    assert path.stat().st_mode & 0o077 == 0  # it holds the players' ids


# -- restore: refusals ------------------------------------------------------------------------
async def a_backup(tmp_path) -> Path:
    source = tmp_path / "tabletop.sqlite3"
    world = await games(source, 2)
    await world.close()
    return backup(source, tmp_path / "backup.sqlite3").path


async def test_restore_refuses_a_database_that_holds_anything_and_leaves_it_as_it_was(tmp_path):
    path = await a_backup(tmp_path)
    target = tmp_path / "live.sqlite3"
    store = await Store.open(target)
    await store.set_meta("already", "here")
    await store.close()
    before = target.read_bytes()
    with pytest.raises(BackupRefused, match=r"not empty \(meta: 1 row\)"):
        await restore(path, target)
    assert target.read_bytes() == before


@pytest.mark.postgres
async def test_restore_refuses_a_postgresql_database_that_holds_anything(tmp_path, postgres_url):
    path = await a_backup(tmp_path)
    store = await Store.open(postgres_url)
    await store.set_meta("already", "here")
    await store.close()
    before = everything(postgres_url)
    with pytest.raises(BackupRefused, match=r"not empty \(meta: 1 row\)"):
        await restore(path, postgres_url)
    assert everything(postgres_url) == before


async def test_restore_into_a_database_with_its_tables_but_no_rows_is_allowed(tmp_path):
    path = await a_backup(tmp_path)
    target = tmp_path / "started-once.sqlite3"
    await (await Store.open(target)).close()  # the bot started once: tables, no rows
    await restore(path, target)
    assert everything(target) == everything(tmp_path / "tabletop.sqlite3")


async def test_restore_refuses_a_backup_of_a_newer_schema(tmp_path):
    path = await a_backup(tmp_path)
    db = sqlite3.connect(path)
    db.execute(
        "INSERT INTO schema_version VALUES (?, '9999_from_the_future.sql', 0)", (LATEST + 1,)
    )
    db.commit()
    db.close()
    target = tmp_path / "new.sqlite3"
    with pytest.raises(BackupRefused, match="newer Tabletop"):
        await restore(path, target)
    assert not target.exists()


async def test_restore_refuses_a_backup_cut_short(tmp_path):
    path = await a_backup(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    target = tmp_path / "new.sqlite3"
    with pytest.raises(BackupRefused, match="cut short"):
        await restore(path, target)
    assert not target.exists()


async def test_restore_refuses_a_damaged_backup(tmp_path):
    path = await a_backup(tmp_path)
    db = sqlite3.connect(path)
    page_size = db.execute("PRAGMA page_size").fetchone()[0]
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'moves'").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    start = (root - 1) * page_size
    data[start : start + page_size] = b"\xff" * page_size  # the moves table's page, scribbled on
    path.write_bytes(bytes(data))
    target = tmp_path / "new.sqlite3"
    with pytest.raises(BackupRefused, match="damaged"):
        await restore(path, target)
    assert not target.exists()


async def test_restore_refuses_a_backup_that_lost_pages(tmp_path):
    path = await a_backup(tmp_path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA writable_schema = ON")  # an index forgotten: its pages belong to nothing
    db.execute("DELETE FROM sqlite_master WHERE type = 'index' AND name = 'seats_by_user'")
    db.commit()
    db.close()
    target = tmp_path / "new.sqlite3"
    with pytest.raises(BackupRefused, match="damaged: .*never used"):
        await restore(path, target)
    assert not target.exists()


async def test_restore_refuses_a_file_that_is_no_database(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("not a backup\n" * 500)
    with pytest.raises(BackupRefused, match="not a SQLite database"):
        await restore(path, tmp_path / "new.sqlite3")
    assert not (tmp_path / "new.sqlite3").exists()


# -- restore: an older backup is migrated -----------------------------------------------------
async def test_an_older_backup_is_brought_up_to_date_by_the_migrations(tmp_path):
    old = tmp_path / "old.sqlite3"
    db = connect(old)
    apply(db, 1.0, discover(MIGRATIONS_DIR)[:1])  # a database of the first release
    db.execute(
        "INSERT INTO games (guild_id, channel_id, engine, status, host_id, seed, created_at,"
        " updated_at) VALUES (1, ?, 'toy', 'lobby', ?, 7, 1.0, 1.0)",
        (CHANNEL, ADA),
    )
    db.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, ?, 'Ada')", (ADA,))
    db.close()
    path = backup(old, tmp_path / "backup.sqlite3").path
    assert read_backup(path) == [1]

    target = tmp_path / "new.sqlite3"
    done = await restore(path, target)
    assert done.version == 1
    assert read_backup(target)[-1] == LATEST
    store = await Store.open(target)
    try:
        assert (await store.live_game(CHANNEL)).seats[0].user_id == ADA
    finally:
        await store.close()


# -- the commands -----------------------------------------------------------------------------
async def test_the_commands_back_up_and_restore_and_say_so(tmp_path, capsys):
    from bot.__main__ import main

    source = tmp_path / "tabletop.sqlite3"
    world = await games(source, 2)
    await world.close()
    path = tmp_path / "backup.sqlite3"
    assert await asyncio.to_thread(main, ["--db", str(source), "backup", str(path)]) == 0
    assert f"schema version {LATEST}" in capsys.readouterr().out
    target = tmp_path / "new.sqlite3"
    assert await asyncio.to_thread(main, ["db", "restore", str(path), "--db", str(target)]) == 0
    assert "every table's count matches" in capsys.readouterr().out
    assert everything(target) == everything(source)


async def test_the_restore_command_refuses_a_database_in_use_with_status_2(tmp_path, capsys):
    from bot.__main__ import main

    path = await a_backup(tmp_path)
    source = tmp_path / "tabletop.sqlite3"
    status = await asyncio.to_thread(main, ["--db", str(source), "restore", str(path)])
    assert status == 2
    assert "is not empty" in capsys.readouterr().err
