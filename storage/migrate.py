"""Numbered migrations: every ``storage/migrations/NNNN_name.sql`` is applied once, in order.

Each file runs in its own write transaction together with the row that records it
in ``schema_version``, so a migration is applied whole or not at all, and two processes opening
the same database at once cannot both apply it (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: an
advisory lock held while migrating, and transactional DDL). PostgreSQL has its own files in
``migrations/postgresql/``, numbered and named as SQLite's, recorded in the same table. New
migrations are new files with the next number (one for each database); applied files are
never edited.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, TypeVar

import aiosqlite

from storage.sql import Connection, Db, SqliteDb

T = TypeVar("T")

#: package data, so that an installed copy (a wheel, not only a checkout) has them
MIGRATIONS_DIR: Traversable = resources.files("storage") / "migrations"
_NAME = re.compile(r"^(\d{4})_[A-Za-z0-9_]+\.sql$")


class MigrationError(RuntimeError):
    """The migration files or the database's recorded schema do not make sense."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def discover(directory: Traversable = MIGRATIONS_DIR) -> list[Migration]:
    """The migration files in ``directory``, sorted by number; numbers must be unique."""
    found: dict[int, Migration] = {}
    for path in sorted(directory.iterdir(), key=lambda p: p.name):
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
    applied_at DOUBLE PRECISION NOT NULL
)
"""
#: PostgreSQL: the key of the advisory lock that keeps two processes from migrating at once
_MIGRATION_LOCK = 7_315_001


def migrations_for(db: Db) -> list[Migration]:
    """The migration files of ``db``'s database (PostgreSQL's are in ``migrations/postgresql``,
    numbered as SQLite's)."""
    return discover(MIGRATIONS_DIR / "postgresql" if db.dialect == "postgresql" else MIGRATIONS_DIR)


def version_of(db: Db) -> int:
    row = db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()
    return 0 if row is None else int(row[0])


def was_applied(db: Db, version: int) -> bool:
    """Whether this very migration was applied. Not "the highest applied is at least this":
    branches developed side by side number theirs apart (0003, 0050), and a database that got
    the higher one first must still get the lower one when both meet."""
    return (
        db.execute("SELECT 1 FROM schema_version WHERE version = ?", (version,)).fetchone()
        is not None
    )


def apply(db: Db, now: float, migrations: list[Migration] | None = None) -> list[int]:
    """Apply every migration not yet recorded, each in its own write transaction with its
    row in ``schema_version``; return the numbers applied. ``db`` is in autocommit mode."""
    migrations = migrations_for(db) if migrations is None else migrations
    postgres = db.dialect == "postgresql"
    if postgres:  # held for the whole run: a second process waits, then finds all applied
        db.execute("SELECT pg_advisory_lock(?)", (_MIGRATION_LOCK,)).fetchall()
    try:
        db.execute(_VERSION_TABLE)
        latest = migrations[-1].version if migrations else 0
        if version_of(db) > latest:
            raise MigrationError(
                f"The database has schema version {version_of(db)}, newer than this "
                f"program knows ({latest}). Upgrade the program or use another database."
            )
        applied: list[int] = []
        for migration in migrations:
            db.begin()
            try:
                if was_applied(db, migration.version):
                    db.rollback()
                    continue
                db.script(migration.sql)
                db.execute(
                    "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                    (migration.version, migration.name, now),
                )
                db.commit()
            except BaseException:
                db.rollback()
                raise
            applied.append(migration.version)
        return applied
    finally:
        if postgres:
            db.execute("SELECT pg_advisory_unlock(?)", (_MIGRATION_LOCK,)).fetchall()


async def rollback_quietly(db: aiosqlite.Connection) -> None:
    """Roll back if a transaction is open (SQLite may already have rolled it back itself)."""
    if db.in_transaction:
        await db.execute("ROLLBACK")


async def current_version(db: aiosqlite.Connection | Connection) -> int:
    return await _on(db, version_of)


async def is_applied(db: aiosqlite.Connection | Connection, version: int) -> bool:
    return await _on(db, was_applied, version)


async def apply_migrations(
    db: aiosqlite.Connection | Connection, now: float, migrations: list[Migration] | None = None
) -> list[int]:
    """:func:`apply` on a connection's own thread (an aiosqlite connection in autocommit mode,
    ``isolation_level=None``, or a :class:`storage.sql.Connection`)."""
    return await _on(db, apply, now, migrations)


async def _on(db: aiosqlite.Connection | Connection, work: Callable[..., T], *args: Any) -> T:
    if isinstance(db, Connection):
        return await db.run(work, *args)
    execute: Callable[..., Any] = db._execute
    result: T = await execute(lambda: work(SqliteDb(db._conn), *args))
    return result
