"""Storage: games, seats and the append-only move log, with migrations, on SQLite or PostgreSQL.

``await Store.open(path)`` opens or creates the SQLite file (WAL, a busy timeout, foreign keys)
or, given a ``postgresql://`` URL, the PostgreSQL database, and applies the numbered migrations
in ``storage/migrations/`` (PostgreSQL's in ``storage/migrations/postgresql/``).
"""

from __future__ import annotations

from storage.migrate import MigrationError
from storage.sql import DatabaseError, is_postgres
from storage.store import (
    LIVE_STATUSES,
    GameNotFound,
    GameRow,
    LiveGameExists,
    MoveEntry,
    MoveRow,
    SeatRow,
    Store,
    StoreError,
    VersionConflict,
)

__all__ = [
    "DatabaseError",
    "is_postgres",
    "LIVE_STATUSES",
    "GameNotFound",
    "GameRow",
    "LiveGameExists",
    "MoveEntry",
    "MigrationError",
    "MoveRow",
    "SeatRow",
    "Store",
    "StoreError",
    "VersionConflict",
]
