"""Backups that restore (``tabletop backup PATH``, ``tabletop restore PATH``).

A backup is always one SQLite file, whichever database it was taken from, so one file format
restores into either and is checked the same way before anything is written.

- SQLite: SQLite's online backup API, a few pages a step with a pause between, so the bot's
  moves go on meanwhile. The backup's connection holds one read transaction for the whole copy:
  in WAL mode that is a fixed snapshot the writers never wait for, and without it every move
  made during the copy would restart it (a busy bot would starve the backup for ever).
- PostgreSQL: every table read in one ``REPEATABLE READ READ ONLY`` snapshot (the same copy as
  ``tabletop db copy``) into a SQLite file made with the same migrations the server has.

Either is written to a hidden ``.NAME.*.partial`` file beside ``PATH``, checked, flushed to
disk and only then renamed to ``PATH``: a backup killed halfway never leaves a half file there.
Its ``schema_version`` table is the migrations' own record, copied with the rest.

A restore refuses a file that is not whole (its size, SQLite's ``integrity_check``), a backup
with migrations this program does not know (a newer schema), and a database that holds
anything; then it copies a scratch copy of the backup (migrated to this program's schema, as a
start would) into the database in one transaction (:func:`storage.copy.copy_database`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from storage.copy import NOT_COPIED, Copied, begin_snapshot, copy_database, copy_table, table_names
from storage.migrate import MIGRATIONS_DIR, apply, discover
from storage.sql import Db, Location, connect, is_postgres, shown

#: pages a step (4 MiB of the default 4 KiB pages), then a pause that lets the bot's writes in
STEP_PAGES = 1024
STEP_PAUSE = 0.005
_HEADER = b"SQLite format 3\x00"

#: ``progress(copied, total)`` after each step (pages for SQLite, tables for PostgreSQL)
Progress = Callable[[int, int], None]


class BackupRefused(Exception):
    """The backup or restore cannot be done as asked (the message says why); nothing was
    written to the database or at the backup's path."""


@dataclass(frozen=True)
class Backed:
    """A finished backup: where, how big, and the schema version it holds."""

    path: Path
    size: int
    version: int


def _location(text: Location) -> Location:
    return text if is_postgres(text) else Path(text).expanduser()


# -- backup -----------------------------------------------------------------------------------
def backup(
    source: Location,
    path: Path,
    *,
    pages: int = STEP_PAGES,
    pause: float = STEP_PAUSE,
    progress: Progress | None = None,
) -> Backed:
    """Write a consistent copy of the database ``source`` to ``path`` (replacing a file
    there only once the copy is whole). Blocking: run it in a thread beside an event loop."""
    src = _location(source)
    path = Path(path).expanduser()
    if path.is_dir():
        raise BackupRefused(f"{path} is a folder: name the backup file to write.")
    if not path.parent.is_dir():
        raise BackupRefused(f"There is no folder {path.parent} to write the backup in.")
    if isinstance(src, Path):
        if not src.is_file():
            raise BackupRefused(f"There is no database file at {src}.")
        if path.exists() and path.samefile(src):
            raise BackupRefused("The backup would overwrite the database itself.")
    with _partial(path) as partial:
        if isinstance(src, Path):
            _backup_sqlite(src, partial, pages, pause, progress)
        else:
            _backup_postgres(str(src), partial, progress)
        version = max(_whole(partial), default=0)
        _flush(partial)
        os.replace(partial, path)
    _flush(path.parent)
    return Backed(path, path.stat().st_size, version)


@contextlib.contextmanager
def _partial(path: Path) -> Iterator[Path]:
    """A hidden scratch file beside ``path``, removed unless it was renamed into place."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=path.parent)
    os.close(fd)
    partial = Path(name)
    try:
        yield partial
    finally:
        partial.unlink(missing_ok=True)


def _backup_sqlite(
    src: Path, partial: Path, pages: int, pause: float, progress: Progress | None
) -> None:
    source = sqlite3.connect(src, isolation_level=None)
    target = sqlite3.connect(partial, isolation_level=None)
    try:
        source.execute("PRAGMA query_only = ON")
        if not _has_table(source, "schema_version"):
            raise BackupRefused(f"{src} is not a Tabletop database (it has no schema_version).")
        source.execute("BEGIN")  # one snapshot for every step (see the module's docstring)
        source.execute("SELECT COUNT(*) FROM sqlite_master").fetchall()

        def step(_status: int, remaining: int, total: int) -> None:
            if progress is not None:
                progress(total - remaining, total)
            if remaining:
                time.sleep(pause)

        source.backup(target, pages=pages, progress=step)
        source.execute("COMMIT")
        target.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, no -wal
    finally:
        target.close()
        source.close()


def _backup_postgres(url: str, partial: Path, progress: Progress | None) -> None:
    source = connect(url, read_only=True)
    target = connect(partial)
    try:
        begin_snapshot(source)
        known = {m.version: m for m in discover(MIGRATIONS_DIR)}
        has = {int(r[0]) for r in source.execute("SELECT version FROM schema_version").fetchall()}
        if has - set(known):
            raise BackupRefused(
                f"{shown(url)} has migrations this program does not know "
                f"({', '.join(f'{v:04d}' for v in sorted(has - set(known)))}): back it up "
                "with the version of Tabletop that runs on it."
            )
        # the same schema as the server's, so a restore migrates it on as it would the server
        apply(target, time.time(), [known[v] for v in sorted(has)])
        names = table_names(source)
        target.begin()
        for done, table in enumerate(names, 1):
            copy_table(source, target, table)
            if progress is not None:
                progress(done, len(names))
        target.commit()
        target.execute("PRAGMA journal_mode = DELETE")
    finally:
        source.rollback()
        source.close()
        target.close()


def _flush(path: Path) -> None:
    """Make ``path`` (a file, or a folder's new entry) durable before going on."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _has_table(db: sqlite3.Connection, name: str) -> bool:
    found = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,))
    return found.fetchone() is not None


# -- checking a backup ------------------------------------------------------------------------
def read_backup(path: Path) -> list[int]:
    """The migrations a backup file holds, once it is known whole and of a schema this program
    knows; :class:`BackupRefused` (saying why) for anything else. Reads only."""
    versions = _whole(path)
    known = {m.version for m in discover(MIGRATIONS_DIR)}
    unknown = [v for v in versions if v not in known]
    if unknown:
        raise BackupRefused(
            f"{path} has schema version {max(versions)}, with migrations this program does not "
            f"know ({', '.join(f'{v:04d}' for v in unknown)}; it knows up to {max(known):04d}): "
            "it was made by a newer Tabletop. Upgrade this one first, then restore."
        )
    return versions


def _whole(path: Path) -> list[int]:
    """The migrations a backup file holds, once its size and SQLite's integrity check say it
    is whole and it has Tabletop's tables."""
    if not path.is_file():
        raise BackupRefused(f"There is no backup file at {path}.")
    _check_size(path)
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?immutable=1", uri=True)
    except sqlite3.Error as exc:
        raise BackupRefused(f"{path} cannot be read as a backup: {exc}.") from None
    try:
        rows = db.execute("PRAGMA integrity_check(5)").fetchall()
        problems = [x for r in rows for x in str(r[0]).splitlines() if not x.startswith("***")]
        if problems != ["ok"]:
            raise BackupRefused(f"{path} is damaged: {'; '.join(problems)}. Use another backup.")
        if not (_has_table(db, "schema_version") and _has_table(db, "games")):
            raise BackupRefused(f"{path} is not a Tabletop backup (it has no games).")
        versions = sorted(int(r[0]) for r in db.execute("SELECT version FROM schema_version"))
    except sqlite3.DatabaseError as exc:
        raise BackupRefused(f"{path} is damaged ({exc}). Use another backup.") from None
    finally:
        db.close()
    return versions


def _check_size(path: Path) -> None:
    """A SQLite file's header says how many pages it has: a file cut short has fewer."""
    with path.open("rb") as f:
        header = f.read(100)
    if len(header) < 100 or not header.startswith(_HEADER):
        raise BackupRefused(f"{path} is not a Tabletop backup (not a SQLite database file).")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    header_counts = header[24:28] == header[92:96]  # the page count is current
    size = path.stat().st_size
    if size % page_size or (header_counts and size < pages * page_size):
        raise BackupRefused(
            f"{path} is cut short ({size} bytes of {pages * page_size}). Use another backup."
        )


# -- restore ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Restored:
    copied: Copied
    version: int


async def restore(
    path: Path, destination: Location, *, say: Callable[[str], None] = lambda _: None
) -> Restored:
    """Put the backup at ``path`` into the empty database ``destination``; refuse (changing
    nothing) a damaged or newer backup, or a database that holds anything."""
    path = Path(path).expanduser()
    dst = _location(destination)
    versions = await asyncio.to_thread(read_backup, path)
    filled = await asyncio.to_thread(_rows_in, dst)
    if filled:
        listed = ", ".join(
            f"{t}: {n} row{'s' if n != 1 else ''}" for t, n in sorted(filled.items())
        )
        raise BackupRefused(
            f"{shown(dst)} is not empty ({listed}). Restore into an empty database: a new "
            "file, or a new PostgreSQL database."
        )
    with tempfile.TemporaryDirectory(prefix="tabletop-restore-") as scratch:
        copy = Path(scratch) / "backup.sqlite3"  # migrated there: the backup stays as it was
        await asyncio.to_thread(_copy_file, path, copy)
        copied = await copy_database(str(copy), str(dst), say=say)
    return Restored(copied, max(versions, default=0))


def _copy_file(path: Path, to: Path) -> None:
    source = sqlite3.connect(f"{path.resolve().as_uri()}?immutable=1", uri=True)
    target = sqlite3.connect(to)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()


def _rows_in(location: Location) -> dict[str, int]:
    """Rows per table that holds any (the migrations' own records aside); nothing is written,
    and a SQLite file that does not exist is not made."""
    if isinstance(location, Path) and not location.exists():
        return {}
    db = connect(location, read_only=True)
    try:
        counts = {t: _count(db, t) for t in db.tables() if t not in NOT_COPIED}
        return {t: n for t, n in counts.items() if n}
    finally:
        db.close()


def _count(db: Db, table: str) -> int:
    return int(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
