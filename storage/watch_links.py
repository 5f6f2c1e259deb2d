"""The token of each game's public spectator page (table ``watch_links``, from
``migrations/0100_watch_links.sql``): made once on the first request, then always the same.

Like :mod:`storage.settings`, this keeps its own plain ``sqlite3`` connection to the platform's
file (WAL lets them work side by side), used from worker threads one call at a time, so a page
being looked up never waits behind a move's transaction. The platform's :meth:`storage.Store.open`
applies the migration; open that first. Only the table (``bot/table/``) uses it.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")
BUSY_TIMEOUT_S = 5.0


class WatchLinks:
    """Open with :meth:`open`, end with :meth:`close` (a second call does nothing)."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db
        self._lock = asyncio.Lock()
        self._closed = False

    @classmethod
    async def open(cls, path: str | Path) -> WatchLinks:
        def connect() -> sqlite3.Connection:
            return sqlite3.connect(
                str(path), isolation_level=None, check_same_thread=False, timeout=BUSY_TIMEOUT_S
            )

        return cls(await asyncio.to_thread(connect))

    async def close(self) -> None:
        async with self._lock:
            if not self._closed:
                self._closed = True
                await asyncio.to_thread(self.db.close)

    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        async with self._lock:
            return await asyncio.to_thread(fn, self.db)

    async def token(self, game_id: int, *, new: str, now: float) -> str:
        """The game's token; ``new`` becomes it if the game has none yet (the first caller
        wins a race: both get the one that was kept)."""

        def get(db: sqlite3.Connection) -> str:
            db.execute(
                "INSERT OR IGNORE INTO watch_links (game_id, token, created_at) VALUES (?, ?, ?)",
                (game_id, new, now),
            )
            row = db.execute(
                "SELECT token FROM watch_links WHERE game_id = ?", (game_id,)
            ).fetchone()
            return str(row[0])

        return await self._run(get)

    async def game_of(self, token: str) -> int | None:
        """The game a token opens, or ``None`` for a token nobody was given."""

        def find(db: sqlite3.Connection) -> int | None:
            row = db.execute("SELECT game_id FROM watch_links WHERE token = ?", (token,)).fetchone()
            return None if row is None else int(row[0])

        return await self._run(find)
