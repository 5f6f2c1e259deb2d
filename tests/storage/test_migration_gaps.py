"""Migrations numbered apart on parallel branches (0003 and 0050) are each applied once, even
when a database got the higher number first."""

from __future__ import annotations

import shutil

import aiosqlite

from storage.migrate import MIGRATIONS_DIR, apply_migrations, discover


async def test_a_lower_numbered_migration_that_arrives_later_is_still_applied(tmp_path):
    folder = tmp_path / "migrations"
    folder.mkdir()
    shutil.copy(MIGRATIONS_DIR / "0001_init.sql", folder)
    (folder / "0050_later_branch.sql").write_text("CREATE TABLE fifty (x INTEGER);")
    async with aiosqlite.connect(tmp_path / "db.sqlite3", isolation_level=None) as db:
        assert await apply_migrations(db, now=1.0, migrations=discover(folder)) == [1, 50]
        (folder / "0003_merged_branch.sql").write_text("CREATE TABLE three (x INTEGER);")
        assert await apply_migrations(db, now=2.0, migrations=discover(folder)) == [3]
        assert await apply_migrations(db, now=3.0, migrations=discover(folder)) == []
        async with db.execute("SELECT name FROM sqlite_master WHERE name = 'three'") as cur:
            assert await cur.fetchone() is not None
