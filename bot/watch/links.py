"""The token of each game's spectator page: made once on first request, then always the same."""

from __future__ import annotations

import asyncio
import secrets
import sqlite3
import time
from pathlib import Path

TOKEN_BYTES = 16  # 128 bits
BUSY_TIMEOUT_S = 5.0


def _connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)


def _token_for(path: Path, game_id: int) -> str:
    db = _connect(path)
    try:
        db.execute(
            "INSERT OR IGNORE INTO watch_links (game_id, token, created_at) VALUES (?, ?, ?)",
            (game_id, secrets.token_urlsafe(TOKEN_BYTES), time.time()),
        )
        return db.execute("SELECT token FROM watch_links WHERE game_id = ?", (game_id,)).fetchone()[
            0
        ]
    finally:
        db.close()


def _game_of(path: Path, token: str) -> int | None:
    db = _connect(path)
    try:
        row = db.execute("SELECT game_id FROM watch_links WHERE token = ?", (token,)).fetchone()
        return None if row is None else int(row[0])
    finally:
        db.close()


async def token_for(path: Path, game_id: int) -> str:
    """The game's token (a new one the first time)."""
    return await asyncio.to_thread(_token_for, path, game_id)


async def game_of(path: Path, token: str) -> int | None:
    """The game a token opens, or ``None`` for a token nobody was given."""
    return await asyncio.to_thread(_game_of, path, token)
