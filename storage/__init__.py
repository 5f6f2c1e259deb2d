"""SQLite storage (aiosqlite): games, seats and the append-only move log, with migrations.

``await Store.open(path)`` opens or creates the file, switches on WAL, a busy timeout and
foreign keys, and applies the numbered migrations in ``storage/migrations/``.
"""

from __future__ import annotations

from storage.migrate import MigrationError
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
