"""The token of each game's public spectator page (table ``watch_links``, from
``migrations/0100_watch_links.sql``): made once on the first request, then always the same.

Like :mod:`storage.server_settings`, this keeps its own plain connection (:mod:`storage.sql`) to the
platform's database (a SQLite file in WAL mode, or PostgreSQL), used from worker threads one
call at a time, so a page being looked up never waits behind a move's transaction. The
platform's :meth:`storage.Store.open` applies the migration; open that first. Only the table
(``bot/table/``) uses it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from storage.sql import Db, Location, connect

T = TypeVar("T")


class WatchLinks:
    """Open with :meth:`open`, end with :meth:`close` (a second call does nothing)."""

    def __init__(self, db: Db):
        self.db = db
        self._lock = asyncio.Lock()
        self._closed = False

    @classmethod
    async def open(cls, path: Location) -> WatchLinks:
        return cls(await asyncio.to_thread(connect, path))

    async def close(self) -> None:
        async with self._lock:
            if not self._closed:
                self._closed = True
                await asyncio.to_thread(self.db.close)

    async def _run(self, fn: Callable[[Db], T]) -> T:
        async with self._lock:
            return await asyncio.to_thread(fn, self.db)

    async def token(self, game_id: int, *, new: str, now: float) -> str:
        """The game's token; ``new`` becomes it if the game has none yet (the first caller
        wins a race: both get the one that was kept)."""

        def get(db: Db) -> str:
            db.execute(
                "INSERT INTO watch_links (game_id, token, created_at) VALUES (?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                (game_id, new, now),
            )
            row = db.execute(
                "SELECT token FROM watch_links WHERE game_id = ?", (game_id,)
            ).fetchone()
            return str(row[0])

        return await self._run(get)

    async def game_of(self, token: str) -> int | None:
        """The game a token opens, or ``None`` for a token nobody was given."""

        def find(db: Db) -> int | None:
            row = db.execute("SELECT game_id FROM watch_links WHERE token = ?", (token,)).fetchone()
            return None if row is None else int(row[0])

        return await self._run(find)
