"""Queries for the settings people choose: one JSON object per server, its change log, and the
settings each game started with (tables from ``migrations/0050_server_settings.sql``); and the
language each player reads (``migrations/0200_player_language.sql``): their own choice under
``/me language`` and the locale their Discord client last sent.

Like :mod:`storage.clock`, this keeps its own plain connection (:mod:`storage.sql`) to the
platform's database (a SQLite file in WAL mode, or PostgreSQL), used from worker threads one
call at a time. The platform's :meth:`storage.Store.open` applies the migration; open that
first. The store knows settings only as JSON text; :mod:`bot.server_settings` gives them meaning.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from storage.sql import Db, Location, connect

T = TypeVar("T")


@dataclass(frozen=True)
class SettingsChange:
    """One line of a server's settings log."""

    guild_id: int
    at: float
    user_id: int
    text: str


class SettingsStore:
    """Open with :meth:`open`, end with :meth:`close`."""

    def __init__(self, db: Db):
        self.db = db
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Location) -> SettingsStore:
        return cls(await asyncio.to_thread(connect, path))

    async def close(self) -> None:
        async with self._lock:
            await asyncio.to_thread(self.db.close)

    async def _run(self, fn: Callable[[Db], T]) -> T:
        async with self._lock:
            return await asyncio.to_thread(fn, self.db)

    # -- servers ---------------------------------------------------------------------------------
    async def all_servers(self) -> dict[int, str]:
        """Every server's settings JSON, by server id (servers never changed have none)."""
        rows = await self._run(
            lambda db: db.execute("SELECT guild_id, settings FROM server_settings").fetchall()
        )
        return {int(g): s for g, s in rows}

    async def server(self, guild_id: int) -> str | None:
        """One server's settings JSON as stored now (None: never changed), for a process that
        keeps them in memory and looks again now and then (another process may have changed
        them)."""
        rows = await self._run(
            lambda db: db.execute(
                "SELECT settings FROM server_settings WHERE guild_id = ?", (guild_id,)
            ).fetchall()
        )
        return str(rows[0][0]) if rows else None

    async def put_server(
        self, guild_id: int, settings: str, *, user_id: int, now: float, log: Sequence[str]
    ) -> None:
        """Replace a server's settings and log what changed, in one transaction."""

        def write(db: Db) -> None:
            db.begin()
            try:
                db.execute(
                    "INSERT INTO server_settings (guild_id, settings, updated_at, updated_by)"
                    " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                    " settings = excluded.settings, updated_at = excluded.updated_at,"
                    " updated_by = excluded.updated_by",
                    (guild_id, settings, now, user_id),
                )
                db.executemany(
                    "INSERT INTO server_settings_log (guild_id, at, user_id, text)"
                    " VALUES (?, ?, ?, ?)",
                    [(guild_id, now, user_id, text) for text in log],
                )
                db.commit()
            except BaseException:
                db.rollback()
                raise

        await self._run(write)

    async def changes(self, guild_id: int, *, limit: int = 10) -> list[SettingsChange]:
        """The server's latest settings changes, oldest first."""
        rows = await self._run(
            lambda db: db.execute(
                "SELECT guild_id, at, user_id, text FROM server_settings_log"
                " WHERE guild_id = ? ORDER BY id DESC LIMIT ?",
                (guild_id, limit),
            ).fetchall()
        )
        return [SettingsChange(*row) for row in reversed(rows)]

    # -- a player's language ----------------------------------------------------------------------
    async def player_language(self, user_id: int) -> tuple[str | None, str | None]:
        """(their chosen language, their client's locale last seen); None where unknown."""
        rows = await self._run(
            lambda db: db.execute(
                "SELECT language, seen FROM player_languages WHERE user_id = ?", (user_id,)
            ).fetchall()
        )
        return (rows[0][0], rows[0][1]) if rows else (None, None)

    async def put_player_language(self, user_id: int, language: str | None) -> None:
        """Keep the language a player chose (None: follow their Discord client)."""
        await self._run(
            lambda db: db.execute(
                "INSERT INTO player_languages (user_id, language) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
                (user_id, language),
            )
        )

    async def put_seen_locale(self, user_id: int, locale: str) -> None:
        """Keep the locale a player's client sent (the caller writes it only when it changed)."""
        await self._run(
            lambda db: db.execute(
                "INSERT INTO player_languages (user_id, seen) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET seen = excluded.seen",
                (user_id, locale),
            )
        )

    # -- games -----------------------------------------------------------------------------------
    async def put_game(self, game_id: int, guild_id: int | None, settings: str) -> None:
        """Keep the settings a game opened with (the first call wins)."""
        await self._run(
            lambda db: db.execute(
                "INSERT INTO game_settings (game_id, guild_id, settings)"
                " VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (game_id, guild_id, settings),
            )
        )

    async def game(self, game_id: int) -> str | None:
        rows = await self._run(
            lambda db: db.execute(
                "SELECT settings FROM game_settings WHERE game_id = ?", (game_id,)
            ).fetchall()
        )
        return rows[0][0] if rows else None
