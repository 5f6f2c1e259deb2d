"""The SQLite store: games, seats and the append-only move log, on a real file via aiosqlite.

Every change to a game is one ``BEGIN IMMEDIATE`` transaction that updates the game row with an
optimistic version check (``... WHERE id = ? AND version = ?``) and appends its log entry, so a
change is saved whole or not at all and two changes made against the same version cannot both
land. The store knows games only as JSON; the table (``bot/table/``) gives it meaning.

One connection serves the whole process; an ``asyncio.Lock`` keeps one operation on it at a time,
so a reader never sees another coroutine's half-finished transaction. Other processes on the same
file are kept in order by SQLite itself (WAL mode, ``busy_timeout``, ``BEGIN IMMEDIATE``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import aiosqlite

from storage.migrate import apply_migrations, rollback_quietly

LIVE_STATUSES = ("lobby", "running")
#: seeds are 128-bit; SQLite integers hold 64, so wider ones are kept as big-endian bytes
SEED_BYTES = 16
STATUSES = ("lobby", "running", "finished", "aborted")
BUSY_TIMEOUT_MS = 5000


class StoreError(Exception):
    """A storage-level refusal the caller turns into words for the user."""


class LiveGameExists(StoreError):
    """The channel already has a game in the lobby or running."""


class VersionConflict(StoreError):
    """The game changed since it was loaded (or no longer exists); nothing was written."""


class GameNotFound(StoreError):
    """No game has that id."""


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str
    choices: dict[str, Any] = field(default_factory=dict)
    active: bool = True


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    engine: str
    status: str
    state: str | None  # raw engine state JSON; the engine validates it
    version: int
    host_id: int
    options: dict[str, Any]
    seed: int
    created_at: float
    updated_at: float
    result: dict[str, Any] | None
    end_reason: str | None
    seats: tuple[SeatRow, ...]
    #: what could not be read from the row (bad JSON in options, result, seat choices)
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class MoveEntry:
    """One line of the game's log: an engine move or a lobby/table event (join, start, ...)."""

    kind: str
    user_id: int | None = None
    player: str | None = None
    action_id: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)  # {"text", "kind", "private_to"}


@dataclass(frozen=True)
class MoveRow:
    game_id: int
    seq: int
    kind: str
    user_id: int | None
    player: str | None
    action_id: str | None
    events: list[dict[str, Any]]
    version: int
    created_at: float
    readable: bool = True  # False if the stored events JSON is damaged


_KEEP: Any = object()


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _object(raw: str | None, what: str, problems: list[str]) -> dict[str, Any]:
    """A JSON object column that must be there (``{}``, with the problem noted, if not)."""
    return _loads_object(raw, what, problems) or {}


def _loads_object(
    raw: str | None, what: str, problems: list[str], *, nullable: bool = False
) -> dict[str, Any] | None:
    if raw is None:
        if nullable:
            return None
        problems.append(f"{what} is missing")
        return {}
    try:
        value = json.loads(raw)
    except (TypeError, ValueError):
        problems.append(f"{what} is not valid JSON")
        return None if nullable else {}
    if not isinstance(value, dict):
        problems.append(f"{what} is not a JSON object")
        return None if nullable else {}
    return value


class Store:
    """Open with ``await Store.open(path)``; close with ``await store.close()`` (or ``async with``)."""

    def __init__(self, db: aiosqlite.Connection, path: Path):
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()
        self._closed = False

    # -- lifecycle ---------------------------------------------------------------------------
    @classmethod
    async def open(cls, path: str | Path, *, now: float | None = None) -> Store:
        """Open (creating if needed) the database file and bring its schema up to date."""
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(
            str(path), isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000
        )
        try:
            db.row_factory = sqlite3.Row
            await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await apply_migrations(db, time.time() if now is None else now)
        except BaseException:
            await db.close()
            raise
        return cls(db, path)

    async def close(self) -> None:
        """Close the connection (a second call does nothing)."""
        async with self._lock:
            if not self._closed:
                self._closed = True
                await self._db.close()

    async def check_writable(self) -> None:
        """Write to the file and take it back, so a database the process may read but not write
        (a read-only file or folder) is refused at start, not at every move; raises
        ``sqlite3.Error`` with SQLite's reason."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                await self._db.execute("CREATE TABLE write_check (x)")
            finally:
                await rollback_quietly(self._db)

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def get_meta(self, key: str) -> str | None:
        """A value the bot keeps between runs (``None`` if never set)."""
        async with (
            self._lock,
            self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur,
        ):
            row = await cur.fetchone()
        return None if row is None else row[0]

    async def set_meta(self, key: str, value: str, *, now: float | None = None) -> None:
        async with self._lock:
            await self._db.execute(
                "INSERT INTO meta (key, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value,"
                " updated_at = excluded.updated_at",
                (key, value, time.time() if now is None else now),
            )

    # -- reading -----------------------------------------------------------------------------
    async def live_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or running, if any."""
        async with self._lock:
            return await self._one(
                "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
                (channel_id,),
            )

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's live game, else its most recent finished or aborted one."""
        async with self._lock:
            live = await self._one(
                "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
                (channel_id,),
            )
            if live is not None:
                return live
            return await self._one(
                "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                (channel_id,),
            )

    async def get_game(self, game_id: int) -> GameRow:
        async with self._lock:
            row = await self._one("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(f"No game with id {game_id}.")
        return row

    async def games(self, statuses: Iterable[str] = LIVE_STATUSES) -> list[GameRow]:
        """Every game with one of these statuses, oldest first (for reminders and restarts)."""
        wanted = [s for s in statuses if s in STATUSES]
        if not wanted:
            return []
        marks = ", ".join("?" for _ in wanted)
        async with self._lock:
            async with self._db.execute(
                f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id", wanted
            ) as cur:
                rows = await cur.fetchall()
            return [await self._game(row) for row in rows]

    async def moves(self, game_id: int, *, limit: int | None = None) -> list[MoveRow]:
        """The game's log in order; with ``limit``, only the last ``limit`` entries."""
        async with self._lock:
            args: tuple[int, ...]
            if limit is None:
                sql, args = "SELECT * FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
            else:
                sql = "SELECT * FROM moves WHERE game_id = ? ORDER BY seq DESC LIMIT ?"
                args = (game_id, max(0, int(limit)))
            async with self._db.execute(sql, args) as cur:
                rows = await cur.fetchall()
        moves = [self._move(row) for row in rows]
        moves.sort(key=lambda m: m.seq)
        return moves

    # -- writing -----------------------------------------------------------------------------
    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        engine: str,
        host_id: int,
        options: dict[str, Any],
        seed: int,
        now: float,
        seats: list[SeatRow],
        entry: MoveEntry,
    ) -> GameRow:
        """A new game in the lobby, its seats and its first log entry, in one transaction."""
        async with self._lock:
            async with self._transaction():
                cur = await self._db.execute(
                    "INSERT INTO games (guild_id, channel_id, engine, status, state, version,"
                    " host_id, options, seed, created_at, updated_at)"
                    " VALUES (?, ?, ?, 'lobby', NULL, 1, ?, ?, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        engine,
                        host_id,
                        _dumps(options),
                        _seed_in(seed),
                        now,
                        now,
                    ),
                )
                game_id = cur.lastrowid
                assert game_id is not None  # an INSERT always sets it
                await self._write_seats(game_id, seats)
                await self._append_move(game_id, 1, entry, now)
            row = await self._one("SELECT * FROM games WHERE id = ?", (game_id,))
        assert row is not None
        return row

    async def save(
        self,
        game_id: int,
        expected_version: int,
        *,
        now: float,
        entry: MoveEntry,
        status: str = _KEEP,
        state: str | None = _KEEP,
        result: dict[str, Any] | None = _KEEP,
        end_reason: str | None = _KEEP,
        host_id: int = _KEEP,
        seats: list[SeatRow] | None = None,
        base: GameRow | None = None,
    ) -> GameRow:
        """Apply one change to a game and append its log entry, all or nothing.

        Raises :class:`VersionConflict` (writing nothing) if the game's version is no longer
        ``expected_version``. ``seats``, when given, replaces the game's seats. ``base``, the
        row as loaded at ``expected_version``, spares reading the saved row back: the returned
        row is ``base`` with this change.
        """
        sets = ["version = version + 1", "updated_at = ?"]
        args: list[Any] = [now]
        for column, value, encode in (
            ("status", status, None),
            ("state", state, None),
            ("result", result, _dumps),
            ("end_reason", end_reason, None),
            ("host_id", host_id, None),
        ):
            if value is _KEEP:
                continue
            sets.append(f"{column} = ?")
            args.append(encode(value) if encode and value is not None else value)
        async with self._lock:
            async with self._transaction():
                cur = await self._db.execute(
                    f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?",
                    (*args, game_id, expected_version),
                )
                if cur.rowcount != 1:
                    raise VersionConflict(
                        f"Game {game_id} is no longer at version {expected_version}."
                    )
                if seats is not None:
                    await self._db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
                    await self._write_seats(game_id, seats)
                await self._append_move(game_id, expected_version + 1, entry, now)
            if base is not None and base.version == expected_version:
                changed: dict[str, Any] = {
                    k: v
                    for k, v in (
                        ("status", status),
                        ("state", state),
                        ("result", result),
                        ("end_reason", end_reason),
                        ("host_id", host_id),
                    )
                    if v is not _KEEP
                }
                return replace(
                    base,
                    version=expected_version + 1,
                    updated_at=now,
                    seats=base.seats if seats is None else tuple(seats),
                    **changed,
                )
            row = await self._one("SELECT * FROM games WHERE id = ?", (game_id,))
        assert row is not None
        return row

    # -- internals (called with the lock held) -------------------------------------------------
    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``, all or nothing: any failure rolls back; a second
        live game in a channel (the unique index) becomes :class:`LiveGameExists`."""
        await self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
            await self._db.execute("COMMIT")
        except sqlite3.IntegrityError as exc:
            await rollback_quietly(self._db)
            if "games.channel_id" in str(exc):
                raise LiveGameExists("This channel already has a live game.") from None
            raise
        except BaseException:
            await rollback_quietly(self._db)
            raise

    async def _write_seats(self, game_id: int, seats: list[SeatRow]) -> None:
        for seat in seats:
            await self._db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, choices, active)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    seat.seat,
                    seat.user_id,
                    seat.name,
                    _dumps(seat.choices),
                    int(seat.active),
                ),
            )

    async def _append_move(self, game_id: int, version: int, entry: MoveEntry, now: float) -> None:
        await self._db.execute(
            "INSERT INTO moves (game_id, seq, kind, user_id, player, action_id, events, version,"
            " created_at) VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM moves"
            " WHERE game_id = ?), ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                game_id,
                entry.kind,
                entry.user_id,
                entry.player,
                entry.action_id,
                _dumps(entry.events),
                version,
                now,
            ),
        )

    async def _one(self, sql: str, args: tuple[Any, ...]) -> GameRow | None:
        async with self._db.execute(sql, args) as cur:
            row = await cur.fetchone()
        return None if row is None else await self._game(row)

    async def _game(self, row: sqlite3.Row) -> GameRow:
        problems: list[str] = []
        async with self._db.execute(
            "SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (row["id"],)
        ) as cur:
            seat_rows = await cur.fetchall()
        seats = tuple(
            SeatRow(
                seat=s["seat"],
                user_id=s["user_id"],
                name=s["name"],
                choices=_object(s["choices"], f"seat {s['seat']}'s choices", problems),
                active=bool(s["active"]),
            )
            for s in seat_rows
        )
        return GameRow(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            engine=row["engine"],
            status=row["status"],
            state=row["state"],
            version=row["version"],
            host_id=row["host_id"],
            options=_object(row["options"], "the options", problems),
            seed=_seed_out(row["seed"]),
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            result=_loads_object(row["result"], "the result", problems, nullable=True),
            end_reason=row["end_reason"],
            seats=seats,
            problems=tuple(problems),
        )

    @staticmethod
    def _move(row: sqlite3.Row) -> MoveRow:
        readable = True
        try:
            events = json.loads(row["events"])
            if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
                raise ValueError("events must be a list of objects")
        except (TypeError, ValueError):
            events, readable = [], False
        return MoveRow(
            game_id=row["game_id"],
            seq=row["seq"],
            kind=row["kind"],
            user_id=row["user_id"],
            player=row["player"],
            action_id=row["action_id"],
            events=events,
            version=row["version"],
            created_at=row["created_at"],
            readable=readable,
        )


def _seed_in(seed: int) -> int | bytes:
    """A seed as SQLite keeps it: an integer when it fits in 63 bits, else its bytes (a wider
    integer would be refused, and its text would be rounded to a float)."""
    if seed < 2**63:
        return seed
    return seed.to_bytes(max(SEED_BYTES, (seed.bit_length() + 7) // 8), "big")


def _seed_out(value: int | bytes) -> int:
    return int.from_bytes(value, "big") if isinstance(value, bytes) else value
