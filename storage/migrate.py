"""Numbered migrations: every ``storage/migrations/NNNN_name.sql`` is applied once, in order.

Each file runs in its own ``BEGIN IMMEDIATE`` transaction together with the row that records it
in ``schema_version``, so a migration is applied whole or not at all, and two processes opening
the same file at once cannot both apply it. New migrations are new files with the next number;
applied files are never edited.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
_NAME = re.compile(r"^(\d{4})_[A-Za-z0-9_]+\.sql$")


class MigrationError(RuntimeError):
    """The migration files or the database's recorded schema do not make sense."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def discover(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The migration files in ``directory``, sorted by number; numbers must be unique."""
    found: dict[int, Migration] = {}
    for path in sorted(directory.iterdir()):
        match = _NAME.match(path.name)
        if not match:
            continue
        version = int(match.group(1))
        if version == 0:
            raise MigrationError(f"Migration numbers start at 0001: {path.name}.")
        if version in found:
            raise MigrationError(
                f"Two migrations are numbered {version:04d}: {found[version].name} and "
                f"{path.name}. Renumber the newer one."
            )
        found[version] = Migration(version, path.name, path.read_text(encoding="utf-8"))
    return [found[v] for v in sorted(found)]


def split_statements(sql: str) -> list[str]:
    """Split a script into complete statements (triggers with inner ``;`` stay whole)."""
    statements: list[str] = []
    start = 0
    for i, ch in enumerate(sql):
        if ch != ";":
            continue
        candidate = sql[start : i + 1]
        if sqlite3.complete_statement(candidate):
            if _has_code(candidate):
                statements.append(candidate.strip())
            start = i + 1
    rest = sql[start:]
    if _has_code(rest):
        raise MigrationError(f"Unterminated SQL statement: {rest.strip()[:80]!r}")
    return statements


def _has_code(sql: str) -> bool:
    lines = [line.split("--", 1)[0].strip() for line in sql.splitlines()]
    return any(line and line != ";" for line in lines)


_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at REAL NOT NULL
)
"""


async def rollback_quietly(db: aiosqlite.Connection) -> None:
    """Roll back if a transaction is open (SQLite may already have rolled it back itself)."""
    if db.in_transaction:
        await db.execute("ROLLBACK")


async def current_version(db: aiosqlite.Connection) -> int:
    async with db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version") as cur:
        row = await cur.fetchone()
    return 0 if row is None else int(row[0])


async def is_applied(db: aiosqlite.Connection, version: int) -> bool:
    """Whether this very migration was applied. Not "the highest applied is at least this":
    branches developed side by side number theirs apart (0003, 0050), and a database that got
    the higher one first must still get the lower one when both meet."""
    async with db.execute("SELECT 1 FROM schema_version WHERE version = ?", (version,)) as cur:
        return await cur.fetchone() is not None


async def apply_migrations(
    db: aiosqlite.Connection, now: float, migrations: list[Migration] | None = None
) -> list[int]:
    """Apply every migration newer than the recorded version; return the numbers applied.

    ``db`` must be in autocommit mode (``isolation_level=None``): transactions are explicit.
    """
    migrations = discover() if migrations is None else migrations
    await db.execute(_VERSION_TABLE)
    applied: list[int] = []
    latest = migrations[-1].version if migrations else 0
    if await current_version(db) > latest:
        raise MigrationError(
            f"The database has schema version {await current_version(db)}, newer than this "
            f"program knows ({latest}). Upgrade the program or use another database file."
        )
    for migration in migrations:
        await db.execute("BEGIN IMMEDIATE")
        try:
            if await is_applied(db, migration.version):
                await db.execute("ROLLBACK")
                continue
            for statement in split_statements(migration.sql):
                await db.execute(statement)
            await db.execute(
                "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, now),
            )
            await db.execute("COMMIT")
        except BaseException:
            await rollback_quietly(db)
            raise
        applied.append(migration.version)
    return applied
