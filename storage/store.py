"""The store: games, seats and the append-only move log, on a SQLite file or a PostgreSQL server.

Every change to a game is one write transaction that updates the game row with an
optimistic version check (``... WHERE id = ? AND version = ?``) and appends its log entry, so a
change is saved whole or not at all and two changes made against the same version cannot both
land. The store knows games only as JSON; the table (``bot/table/``) gives it meaning.

One connection serves the game path (loads and saves); an ``asyncio.Lock`` keeps one operation
on it at a time, so a reader never sees another coroutine's half-finished transaction, and each
operation is one trip to the connection's thread (a load with its seats, a whole save). Reads
across the whole store (a player's games, a server's history, start-up) go through a second,
read-only connection: WAL lets them run beside the moves, never behind them, and each reads only
what it returns, through the indexes of migration 0060. Other processes on the same file are
kept in order by SQLite itself (WAL mode, ``busy_timeout``, ``BEGIN IMMEDIATE``).

On PostgreSQL (a ``postgresql://`` location) the same units of work run through
:mod:`storage.sql`: a save's ``UPDATE ... WHERE version = ?`` waits for any other transaction
holding the row and then checks the version again on the committed row, so of two processes
saving against one version exactly one wins, as with SQLite.

The rows themselves and the reads that build them live in :mod:`storage.rows`; this module
owns the connections, the lock, and every write.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from storage.migrate import apply
from storage.rows import (
    ROW_WITHOUT_STATE,
    GameNotFound,
    GameRow,
    LiveGameExists,
    MoveEntry,
    MoveRow,
    SeatRow,
    StoreError,
    VersionConflict,
    dumps,
    game_by_id,
    games_of,
    in_guild,
    live_game_row,
    move_of,
    one_game,
)
from storage.shards import Shards, where
from storage.sql import SEED_BYTES as SEED_BYTES
from storage.sql import Connection, Db, Location, is_postgres

LIVE_STATUSES = ("lobby", "running")
STATUSES = ("lobby", "running", "finished", "aborted")
T = TypeVar("T")

__all__ = [
    "LIVE_STATUSES",
    "SEED_BYTES",
    "STATUSES",
    "GameNotFound",
    "GameRow",
    "LiveGameExists",
    "MoveEntry",
    "MoveRow",
    "SeatRow",
    "Store",
    "StoreError",
    "VersionConflict",
]


_KEEP: Any = object()


class Store:
    """Open with ``await Store.open(path)``; close with ``await store.close()`` (or ``async with``).

    ``path`` is where the data lives: a SQLite file's path, or a PostgreSQL URL (a string),
    which the other stores (clocks, settings, watch links) open beside it."""

    def __init__(self, db: Connection, path: Location, reader: Connection):
        self._db = db
        self._reader = reader
        self.path = path
        self.postgres = db.db.dialect == "postgresql"
        self._lock = asyncio.Lock()
        self._closed = False

    # -- lifecycle ---------------------------------------------------------------------------
    @classmethod
    async def open(cls, path: Location, *, now: float | None = None) -> Store:
        """Open (creating if needed) the database and bring its schema up to date: a SQLite
        file, or with a ``postgresql://`` URL a PostgreSQL database (which must exist)."""
        location: Location = path if is_postgres(path) else Path(path)
        if isinstance(location, Path):  # ``:memory:``'s parent is the current folder
            location.parent.mkdir(parents=True, exist_ok=True)
        db = await Connection.open(location)
        try:
            if not is_postgres(location):
                await db.run(_sqlite_pragmas)
            await db.run(apply, time.time() if now is None else now)
            # an in-memory database exists only on its one connection, which reads it too
            in_memory = str(location) == ":memory:"
            reader = db if in_memory else await Connection.open(location, read_only=True)
        except BaseException:
            await db.close()
            raise
        return cls(db, location, reader)

    async def close(self) -> None:
        """Close the connection (a second call does nothing)."""
        async with self._lock:
            if not self._closed:
                self._closed = True
                if self._reader is not self._db:
                    await self._reader.close()
                await self._db.close()

    async def ping(self) -> None:
        """One trivial read: raises if the database cannot be reached (the health check)."""
        await self._read(lambda db: db.execute("SELECT 1").fetchall())

    async def running_counts(self) -> dict[str, int]:
        """How many games are running, by engine (the live-games metric)."""

        def count(db: Db) -> dict[str, int]:
            sql = "SELECT engine, COUNT(*) FROM games WHERE status = 'running' GROUP BY engine"
            return {str(r[0]): int(r[1]) for r in db.execute(sql).fetchall()}

        return await self._read(count)

    def measure_trips(self, on_trip: Callable[[float], None] | None) -> None:
        """Call ``on_trip(seconds)`` after every round trip of both connections."""
        self._db.on_trip = on_trip
        self._reader.on_trip = on_trip

    async def check_writable(self) -> None:
        """Write to the file and take it back, so a database the process may read but not write
        (a read-only file or folder, a role without rights) is refused at start, not at every
        move; raises the driver's error (:data:`storage.sql.DatabaseError`) with its reason."""

        def check(db: Db) -> None:
            db.begin()
            try:
                db.execute("CREATE TABLE write_check (x INTEGER)")
            finally:
                db.rollback()

        async with self._lock:
            await self._hop(check)

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def get_meta(self, key: str) -> str | None:
        """A value the bot keeps between runs (``None`` if never set)."""
        async with self._lock:
            rows = await self._db.execute("SELECT value FROM meta WHERE key = ?", (key,))
        return None if not rows else str(rows[0][0])

    async def set_meta(self, key: str, value: str, *, now: float | None = None) -> None:
        async with self._lock:
            await self._db.execute(
                "INSERT INTO meta (key, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value,"
                " updated_at = excluded.updated_at",
                (key, value, time.time() if now is None else now),
            )

    # -- standing answers (private to each player, outside the game's row and log) -----------
    async def standing_answers(self, game_id: int) -> dict[int, list[str]]:
        """Each user's standing answers in ``game_id`` (users with none are left out)."""
        async with self._lock:
            rows = await self._db.execute(
                "SELECT user_id, answers FROM standing_answers WHERE game_id = ?", (game_id,)
            )
        return {int(r[0]): [str(a) for a in json.loads(r[1])] for r in rows if json.loads(r[1])}

    async def set_standing_answers(self, game_id: int, user_id: int, answers: list[str]) -> None:
        """Replace ``user_id``'s standing answers in ``game_id`` (an empty list clears them)."""
        async with self._lock:
            await self._db.execute(
                "INSERT INTO standing_answers (game_id, user_id, answers) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, user_id) DO UPDATE SET answers = excluded.answers",
                (game_id, user_id, json.dumps(answers)),
            )

    # -- reading -----------------------------------------------------------------------------
    async def live_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or running, if any (one trip: the row and its seats)."""
        async with self._lock:
            return await self._hop(live_game_row, channel_id)

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's live game, else its most recent finished or aborted one."""

        def latest(conn: Db) -> GameRow | None:
            live = live_game_row(conn, channel_id)
            if live is not None:
                return live
            return one_game(
                conn,
                "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                (channel_id,),
            )

        async with self._lock:
            return await self._hop(latest)

    async def get_game(self, game_id: int) -> GameRow:
        async with self._lock:
            row = await self._hop(game_by_id, game_id)
        if row is None:
            raise GameNotFound(f"No game with id {game_id}.")
        return row

    async def games(
        self, statuses: Iterable[str] = LIVE_STATUSES, *, guild_id: int | None = None
    ) -> list[GameRow]:
        """Every game with one of these statuses (in one server, with ``guild_id``), oldest
        first. It reads every such game: prefer the narrower reads below."""
        wanted = [s for s in statuses if s in STATUSES]
        if not wanted:
            return []
        marks = ", ".join("?" for _ in wanted)
        sql = f"SELECT * FROM games WHERE status IN ({marks})"
        args: list[Any] = list(wanted)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            args.append(guild_id)
        return await self._read(games_of, sql + " ORDER BY id", tuple(args))

    async def seated_games(
        self, guild_id: int | None, user_id: int, statuses: Iterable[str] = LIVE_STATUSES
    ) -> list[GameRow]:
        """The games of one server with these statuses in which ``user_id`` holds an active
        seat, oldest first (found through the seats' user index)."""
        wanted = [s for s in statuses if s in STATUSES]
        if not wanted:
            return []
        marks = ", ".join("?" for _ in wanted)
        guild, guild_args = in_guild("g.guild_id", guild_id)
        return await self._read(
            games_of,
            # CROSS JOIN keeps this order: from the player's few seats to their games
            f"SELECT g.* FROM seats s {self._db.db.ordered_join} games g ON g.id = s.game_id"
            f" WHERE s.user_id = ? AND s.active = 1 AND {guild} AND g.status IN ({marks})"
            " ORDER BY g.id",
            (user_id, *guild_args, *wanted),
        )

    async def player_games(
        self, user_id: int, statuses: Iterable[str] = LIVE_STATUSES
    ) -> list[GameRow]:
        """The games of every server (and outside any) with these statuses in which
        ``user_id`` holds an active seat, oldest first (found through the seats' user index:
        a player's own few games, however many the store holds)."""
        wanted = [s for s in statuses if s in STATUSES]
        if not wanted:
            return []
        marks = ", ".join("?" for _ in wanted)
        return await self._read(
            games_of,
            f"SELECT g.* FROM seats s {self._db.db.ordered_join} games g ON g.id = s.game_id"
            f" WHERE s.user_id = ? AND s.active = 1 AND g.status IN ({marks}) ORDER BY g.id",
            (user_id, *wanted),
        )

    async def running_page(
        self, after_id: int, limit: int, *, shards: Shards | None = None
    ) -> list[GameRow]:
        """Running games with ids above ``after_id``, in order, at most ``limit`` of them (of
        the guilds of ``shards`` only, if given)."""
        return await self._read(
            games_of,
            "SELECT * FROM games WHERE status = 'running' AND id > ?"
            f" AND {where(shards, 'guild_id')} ORDER BY id LIMIT ?",
            (after_id, limit),
        )

    async def ended_games(
        self, guild_id: int | None, *, channel_id: int | None = None, limit: int | None = None
    ) -> list[GameRow]:
        """A server's finished and aborted games (in one channel, with ``channel_id``), the
        most recently ended first, without their states (``state`` is ``None``)."""
        guild, guild_args = in_guild("guild_id", guild_id)
        sql = (
            f"SELECT {ROW_WITHOUT_STATE} FROM games WHERE {guild}"
            " AND status IN ('finished', 'aborted')"
        )
        args: list[Any] = [*guild_args]
        if channel_id is not None:
            sql += " AND channel_id = ?"
            args.append(channel_id)
        sql += " ORDER BY updated_at DESC, id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(max(0, int(limit)))
        return await self._read(games_of, sql, tuple(args))

    async def running_not_noted(
        self, prefix: str, *, shards: Shards | None = None
    ) -> list[tuple[int, int, int | None]]:
        """(id, channel id, guild id) of the running games whose version is newer than the one
        noted in ``meta`` under ``prefix`` + id (or that have no such note); of the guilds of
        ``shards`` only, if given."""

        def behind(conn: Db) -> list[tuple[int, int, int | None]]:
            rows = conn.execute(
                "SELECT g.id, g.channel_id, g.guild_id FROM games g"
                " LEFT JOIN meta m ON m.key = CAST(? AS TEXT) || g.id"
                f" WHERE g.status = 'running' AND {where(shards, 'g.guild_id')}"
                " AND (m.value IS NULL OR CAST(m.value AS INTEGER) < g.version) ORDER BY g.id",
                (prefix,),
            )
            return [(r[0], r[1], r[2]) for r in rows.fetchall()]

        return await self._read(behind)

    async def ended_noted(self, prefix: str) -> list[int]:
        """Ids of the finished or aborted games that still have a non-empty note in ``meta``
        under ``prefix`` + id, in id order: read from the notes still in use (an index of
        them), not from every ended game."""
        stop = prefix[:-1] + chr(ord(prefix[-1]) + 1)

        def noted(conn: Db) -> list[int]:
            rows = conn.execute(
                "SELECT g.id FROM meta m"
                " JOIN games g ON g.id = CAST(substr(m.key, ?) AS INTEGER)"
                " WHERE m.key >= ? AND m.key < ? AND m.value != ''"
                " AND g.status IN ('finished', 'aborted') ORDER BY g.id",
                (len(prefix) + 1, prefix, stop),
            )
            return [row[0] for row in rows.fetchall()]

        return await self._read(noted)

    async def moves(self, game_id: int, *, limit: int | None = None) -> list[MoveRow]:
        """The game's log in order; with ``limit``, only the last ``limit`` entries."""
        args: tuple[int, ...]
        if limit is None:
            sql, args = "SELECT * FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
        else:
            sql = "SELECT * FROM moves WHERE game_id = ? ORDER BY seq DESC LIMIT ?"
            args = (game_id, max(0, int(limit)))

        def read(conn: Db) -> list[MoveRow]:
            return [move_of(row) for row in conn.execute(sql, args).fetchall()]

        async with self._lock:
            moves = await self._hop(read)
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

        def create(conn: Db) -> GameRow | None:
            with _transaction(conn):
                cur = conn.execute(
                    "INSERT INTO games (guild_id, channel_id, engine, status, state, version,"
                    " host_id, options, seed, created_at, updated_at)"
                    " VALUES (?, ?, ?, 'lobby', NULL, 1, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        engine,
                        host_id,
                        dumps(options),
                        conn.seed_in(seed),
                        now,
                        now,
                    ),
                )
                game_id = int(cur.fetchone()[0])
                _write_seats(conn, game_id, seats)
                _append_move(conn, game_id, 1, entry, now)
            return game_by_id(conn, game_id)

        async with self._lock:
            row = await self._hop(create)
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
            ("result", result, dumps),
            ("end_reason", end_reason, None),
            ("host_id", host_id, None),
        ):
            if value is _KEEP:
                continue
            sets.append(f"{column} = ?")
            args.append(encode(value) if encode and value is not None else value)

        def write(conn: Db) -> None:
            with _transaction(conn):
                cur = conn.execute(
                    f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?",
                    (*args, game_id, expected_version),
                )
                if cur.rowcount != 1:
                    raise VersionConflict(
                        f"Game {game_id} is no longer at version {expected_version}."
                    )
                if seats is not None:
                    conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
                    _write_seats(conn, game_id, seats)
                _append_move(conn, game_id, expected_version + 1, entry, now)

        async with self._lock:
            await self._hop(write)
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
            row = await self._hop(game_by_id, game_id)
        assert row is not None
        return row

    # -- internals ---------------------------------------------------------------------------------
    async def _hop(self, work: Callable[..., T], *args: Any) -> T:
        """``work(connection, *args)`` on the game path's connection, in its own thread: one
        round trip however many statements it runs (called with the lock held)."""
        return await _on_thread(self._db, work, *args)

    async def _read(self, work: Callable[..., T], *args: Any) -> T:
        """``work(connection, *args)`` on the read connection: never waits for the lock."""
        return await _on_thread(self._reader, work, *args)

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(db, *args)`` on the game path's connection, in turn with the moves (for
        tools such as ``tabletop db copy``; the bot uses the methods above)."""
        async with self._lock:
            return await self._hop(work, *args)


def _sqlite_pragmas(db: Db) -> None:
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("PRAGMA foreign_keys = ON")


async def _on_thread(db: Connection, work: Callable[..., T], *args: Any) -> T:
    return await db.run(work, *args)


@contextlib.contextmanager
def _transaction(conn: Db) -> Iterator[None]:
    """A write transaction, all or nothing: any failure rolls back; a second live game in a
    channel (the unique index) becomes :class:`LiveGameExists`."""
    conn.begin()
    try:
        yield
        conn.commit()
    except BaseException as exc:
        conn.rollback()
        if conn.clashes_with(exc, "games_one_live_per_channel", "games.channel_id"):
            raise LiveGameExists("This channel already has a live game.") from None
        raise


def _write_seats(conn: Db, game_id: int, seats: list[SeatRow]) -> None:
    conn.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name, choices, active)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [
            (game_id, seat.seat, seat.user_id, seat.name, dumps(seat.choices), int(seat.active))
            for seat in seats
        ],
    )


def _append_move(conn: Db, game_id: int, version: int, entry: MoveEntry, now: float) -> None:
    conn.execute(
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
            dumps(entry.events),
            version,
            now,
        ),
    )
