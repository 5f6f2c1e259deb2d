"""Migration 0160: the away periods kept per server become one away per player (the same
period taken in two servers is kept once), and the store's clock tables read them so."""

from __future__ import annotations

import aiosqlite

from storage.clock import ClockStore
from storage.migrate import apply_migrations, discover

DAY = 86400.0


async def test_per_server_away_periods_become_the_players_own(tmp_path):
    path = tmp_path / "db.sqlite3"
    every = discover()
    before = [m for m in every if m.version < 160]
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await apply_migrations(db, now=1.0, migrations=before)
        await db.executemany(
            "INSERT INTO days_away (guild_id, user_id, start_at, until_at) VALUES (?, ?, ?, ?)",
            [(1, 7, 0.0, 3 * DAY), (2, 7, 0.0, 3 * DAY), (2, 7, DAY, 4 * DAY), (1, 8, 0.0, DAY)],
        )
        await apply_migrations(db, now=2.0, migrations=every)
        async with db.execute(
            "SELECT user_id, start_at, until_at FROM days_player_away ORDER BY user_id, start_at"
        ) as cur:
            rows = await cur.fetchall()
        async with db.execute("SELECT name FROM sqlite_master WHERE name = 'days_away'") as cur:
            assert await cur.fetchone() is None
    assert rows == [(7, 0.0, 3 * DAY), (7, DAY, 4 * DAY), (8, 0.0, DAY)]


async def test_overlapping_periods_brought_together_count_once_toward_the_limit(tmp_path):
    path = tmp_path / "db.sqlite3"
    every = discover()
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await apply_migrations(db, now=1.0, migrations=[m for m in every if m.version < 160])
        await db.executemany(
            "INSERT INTO days_away (guild_id, user_id, start_at, until_at) VALUES (?, ?, ?, ?)",
            [(1, 7, 0.0, 3 * DAY), (2, 7, DAY, 4 * DAY)],
        )
        await apply_migrations(db, now=2.0, migrations=every)
    clocks = await ClockStore.open(path)
    try:
        assert await clocks.away_used(7, since=0.0) == 4 * DAY
    finally:
        await clocks.close()


async def test_the_clock_store_opening_a_migrated_file_again_loses_no_away(tmp_path):
    path = tmp_path / "db.sqlite3"
    clocks = await ClockStore.open(path)
    await clocks.add_away(7, 0.0, DAY)
    await clocks.close()
    clocks = await ClockStore.open(path)  # runs its migration files again
    try:
        assert await clocks.away_used(7, since=0.0) == DAY
    finally:
        await clocks.close()


async def test_the_platform_migrates_a_file_the_clock_store_already_brought_up_to_date(tmp_path):
    path = tmp_path / "db.sqlite3"
    every = discover()
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await apply_migrations(db, now=1.0, migrations=[m for m in every if m.version < 150])
        await db.execute(
            "INSERT INTO days_away (guild_id, user_id, start_at, until_at) VALUES (1, 7, 0, 60)"
        )
    await (await ClockStore.open(path)).close()  # moves the period and drops days_away
    async with aiosqlite.connect(path, isolation_level=None) as db:
        applied = await apply_migrations(db, now=2.0, migrations=every)
        assert applied == [m.version for m in every if m.version >= 150]
        async with db.execute("SELECT user_id, until_at FROM days_player_away") as cur:
            assert await cur.fetchall() == [(7, 60.0)]
