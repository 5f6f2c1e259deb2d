"""Copy everything from one database to another (``tabletop db copy SRC DST``): a SQLite file
to PostgreSQL when a bot outgrows one machine, or back.

Both are opened as stores first, so both have every migration (the same tables); the
destination must be empty. Every table is copied (games first: the others point at them),
read in one snapshot of the source and written in one transaction, so a failed copy leaves the
destination empty. Then each table's rows are counted on both sides. Stop the bot first: moves
made during the copy would not be in it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from storage.sql import Db, Location, PostgresDb, connect, is_postgres, shown
from storage.store import Store

BATCH = 1000
#: the migrations' own bookkeeping, which each side already has for itself
NOT_COPIED = {"schema_version", "sqlite_sequence"}


class CopyRefused(Exception):
    """The copy cannot be made as asked (the message says why); nothing was written."""


@dataclass(frozen=True)
class Copied:
    """Rows per table, as counted in the source and in the destination after the copy."""

    counts: dict[str, tuple[int, int]]

    @property
    def rows(self) -> int:
        return sum(src for src, _ in self.counts.values())


def _location(text: str) -> Location:
    return text if is_postgres(text) else Path(text).expanduser()


async def copy_database(
    source: str, destination: str, *, say: Callable[[str], None] = lambda _: None
) -> Copied:
    """Copy every row of ``source`` into the empty ``destination`` and verify the counts."""
    src, dst = _location(source), _location(destination)
    if isinstance(src, Path) and not src.exists():
        raise CopyRefused(f"There is no database file at {src}.")
    if str(src) == str(dst):
        raise CopyRefused("The source and the destination are the same database.")
    for location in (src, dst):  # both at the latest schema: the same tables, the same columns
        store = await Store.open(location)
        await store.close()
    return await asyncio.to_thread(_copy, src, dst, say)


def _copy(src: Location, dst: Location, say: Callable[[str], None]) -> Copied:
    source, target = connect(src), connect(dst)
    try:
        names = table_names(source)
        missing = sorted(set(names) - set(target.tables()))
        if missing:
            raise CopyRefused(
                f"{shown(dst)} has no table {', '.join(missing)}: it is older than the source."
            )
        filled = {t: n for t in target.tables() if t not in NOT_COPIED if (n := _count(target, t))}
        if filled:
            listed = ", ".join(
                f"{t}: {n} row{'s' if n != 1 else ''}" for t, n in sorted(filled.items())
            )
            raise CopyRefused(f"{shown(dst)} is not empty ({listed}). Copy into an empty database.")
        begin_snapshot(source)
        target.begin()
        try:
            for table in names:
                n = copy_table(source, target, table)
                say(f"{table}: {n} rows")
            if target.dialect == "postgresql":
                _advance_identities(target)
            target.commit()
        except BaseException:
            target.rollback()
            raise
        finally:
            source.rollback()
        counts = {t: (_count(source, t), _count(target, t)) for t in names}
    finally:
        source.close()
        target.close()
    wrong = {t: c for t, c in counts.items() if c[0] != c[1]}
    if wrong:
        listed = ", ".join(f"{t} {a} → {b}" for t, (a, b) in wrong.items())
        raise RuntimeError(f"The row counts differ after the copy: {listed}.")
    return Copied(counts)


def table_names(db: Db) -> list[str]:
    """The tables to copy, games first (seats, moves and watch links refer to them)."""
    names = sorted(t for t in db.tables() if t not in NOT_COPIED)
    return sorted(names, key=lambda t: t != "games")


def _count(db: Db, table: str) -> int:
    return int(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def begin_snapshot(db: Db) -> None:
    """One consistent view of the source for the whole copy."""
    if db.dialect == "postgresql":
        db.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    else:
        db.execute("BEGIN")


def copy_table(source: Db, target: Db, table: str) -> int:
    select = f"SELECT * FROM {table} ORDER BY 1"
    cur: Any
    if isinstance(source, PostgresDb):  # rows come as they are read, not all at once
        cur = source.raw.cursor(name=f"tabletop_copy_{table}")
        cur.execute(select)
    else:
        cur = source.execute(select)
    names = [d[0] for d in cur.description]
    marks = ", ".join("?" for _ in names)
    insert = f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})"
    seed = names.index("seed") if table == "games" else -1
    total = 0
    while rows := cur.fetchmany(BATCH):
        batch = [list(row) for row in rows]
        if seed >= 0:  # the one column kept differently: SQLite's wide seeds are bytes
            for row in batch:
                row[seed] = target.seed_in(Db.seed_out(row[seed]))
        target.executemany(insert, batch)
        total += len(batch)
    return total


def _advance_identities(db: Db) -> None:
    """Rows were copied with their ids: the next new id must come after them."""
    found = db.execute(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND is_identity = 'YES'"
    ).fetchall()
    for table, column in found:
        db.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
            f" COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
        ).fetchall()
