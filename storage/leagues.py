"""Leagues' tables (``migrations/0180_leagues.sql``): the leagues, their players, each round's
tables and seats. Knows no game and no Discord; :mod:`bot.leagues` gives them meaning.

Like :mod:`storage.watch_links`, it keeps its own connection (:class:`storage.sql.Connection`)
to the platform's database; :meth:`storage.Store.open` applies the migration, so open that
first. Every step that must happen once, however many processes share the database, is a
conditional ``UPDATE`` whose row count says who won: starting a round (:meth:`claim_round`)
and opening a table's game (:meth:`claim_table`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from storage.shards import Shards, where
from storage.sql import Connection, Db, Location

T = TypeVar("T")

#: statuses in which a league still moves on its own
ACTIVE = ("signup", "running")
_LEAGUE_COLUMNS = (
    "id, guild_id, channel_id, message_id, engine, table_size, rounds, turn_seconds,"
    " round_seconds, host_id, status, round, due_at, left_s, created_at"
)


@dataclass(frozen=True)
class LeagueRow:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    engine: str
    table_size: int
    rounds: int
    turn_seconds: int | None
    round_seconds: int
    host_id: int
    status: str  # signup | running | paused | closed | finished
    round: int
    due_at: float | None
    left_s: float | None
    created_at: float


@dataclass(frozen=True)
class PlayerRow:
    user_id: int
    name: str
    joined_at: float
    dropped: bool


@dataclass(frozen=True)
class TableRow:
    round: int
    table_no: int
    bye: bool
    game_id: int | None
    users: tuple[int, ...]


@dataclass(frozen=True)
class SeatResult:
    round: int
    table_no: int
    user_id: int
    place: int | None
    points: float | None


@dataclass(frozen=True)
class Seating:
    """The tables of a new round, each a tuple of user ids; ``bye`` marks a table of one
    player who sits the round out (scored as a win at once)."""

    tables: list[tuple[int, ...]]
    bye: frozenset[int] = frozenset()
    #: what a bye scores (a win)
    bye_points: float = 1.0


def _league(row: Any) -> LeagueRow:
    return LeagueRow(
        int(row[0]),
        int(row[1]),
        int(row[2]),
        None if row[3] is None else int(row[3]),
        str(row[4]),
        int(row[5]),
        int(row[6]),
        None if row[7] is None else int(row[7]),
        int(row[8]),
        int(row[9]),
        str(row[10]),
        int(row[11]),
        None if row[12] is None else float(row[12]),
        None if row[13] is None else float(row[13]),
        float(row[14]),
    )


@contextmanager
def _transaction(db: Db) -> Iterator[None]:
    db.begin()
    try:
        yield
        db.commit()
    except BaseException:
        db.rollback()
        raise


class LeagueStore:
    """Open with :meth:`open`, end with :meth:`close`."""

    def __init__(self, conn: Connection):
        self.conn = conn

    @classmethod
    async def open(cls, location: Location) -> LeagueStore:
        return cls(await Connection.open(location))

    async def close(self) -> None:
        await self.conn.close()

    async def _run(self, fn: Callable[[Db], T]) -> T:
        return await self.conn.run(fn)

    # -- leagues ------------------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        engine: str,
        table_size: int,
        rounds: int,
        turn_seconds: int | None,
        round_seconds: int,
        host_id: int,
        signup_until: float,
        now: float,
    ) -> LeagueRow:
        def create(db: Db) -> LeagueRow:
            with _transaction(db):
                row = db.execute(
                    "INSERT INTO leagues (guild_id, channel_id, engine, table_size, rounds,"
                    " turn_seconds, round_seconds, host_id, status, round, due_at, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'signup', 0, ?, ?)"
                    f" RETURNING {_LEAGUE_COLUMNS}",
                    (
                        guild_id,
                        channel_id,
                        engine,
                        table_size,
                        rounds,
                        turn_seconds,
                        round_seconds,
                        host_id,
                        signup_until,
                        now,
                    ),
                ).fetchone()
            return _league(row)

        return await self._run(create)

    async def get(self, league_id: int) -> LeagueRow | None:
        def get(db: Db) -> LeagueRow | None:
            row = db.execute(
                f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE id = ?", (league_id,)
            ).fetchone()
            return None if row is None else _league(row)

        return await self._run(get)

    async def of_guild(self, guild_id: int) -> list[LeagueRow]:
        """The server's leagues, newest first."""

        def find(db: Db) -> list[LeagueRow]:
            rows = db.execute(
                f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE guild_id = ? ORDER BY id DESC",
                (guild_id,),
            ).fetchall()
            return [_league(r) for r in rows]

        return await self._run(find)

    async def set_message(self, league_id: int, message_id: int) -> None:
        await self.conn.execute(
            "UPDATE leagues SET message_id = ? WHERE id = ?", (message_id, league_id)
        )

    async def next_due_at(self, shards: Shards | None = None) -> float | None:
        """The earliest moment a league of these shards needs the scheduler."""
        rows = await self.conn.execute(
            "SELECT MIN(due_at) FROM leagues WHERE due_at IS NOT NULL AND "
            + where(shards, "guild_id")
        )
        return None if not rows or rows[0][0] is None else float(rows[0][0])

    async def due(self, now: float, shards: Shards | None = None) -> list[LeagueRow]:
        rows = await self.conn.execute(
            f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE due_at IS NOT NULL AND due_at <= ?"
            f" AND {where(shards, 'guild_id')} ORDER BY due_at, id",
            (now,),
        )
        return [_league(r) for r in rows]

    async def set_status(
        self,
        league_id: int,
        status: str,
        *,
        expected: Sequence[str],
        due_at: float | None,
        left_s: float | None = None,
    ) -> bool:
        """Move a league from one of the ``expected`` statuses to ``status`` (False: it was in
        none of them, and nothing changed)."""
        marks = ", ".join("?" for _ in expected)

        def change(db: Db) -> bool:
            with _transaction(db):
                cur = db.execute(
                    f"UPDATE leagues SET status = ?, due_at = ?, left_s = ?"
                    f" WHERE id = ? AND status IN ({marks})",
                    (status, due_at, left_s, league_id, *expected),
                )
            return bool(cur.rowcount == 1)

        return await self._run(change)

    # -- players ------------------------------------------------------------------------------
    async def sign_up(self, league_id: int, user_id: int, name: str, now: float) -> bool:
        """Add a player during sign-up (False: already signed up, or sign-up is over)."""

        def add(db: Db) -> bool:
            with _transaction(db):
                open_ = db.execute(
                    "SELECT 1 FROM leagues WHERE id = ? AND status = 'signup'", (league_id,)
                ).fetchone()
                if open_ is None:
                    return False
                cur = db.execute(
                    "INSERT INTO league_players (league_id, user_id, name, joined_at)"
                    " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    (league_id, user_id, name, now),
                )
            return bool(cur.rowcount == 1)

        return await self._run(add)

    async def withdraw(self, league_id: int, user_id: int) -> bool:
        """Remove a player during sign-up (False: not signed up, or the league has begun)."""

        def remove(db: Db) -> bool:
            with _transaction(db):
                cur = db.execute(
                    "DELETE FROM league_players WHERE league_id = ? AND user_id = ?"
                    " AND EXISTS (SELECT 1 FROM leagues WHERE id = ? AND status = 'signup')",
                    (league_id, user_id, league_id),
                )
            return bool(cur.rowcount == 1)

        return await self._run(remove)

    async def drop(self, league_id: int, user_id: int) -> bool:
        """A player leaves a league that has begun (False: not in it, or left already)."""
        rows = await self.conn.run(
            lambda db: (
                db.execute(
                    "UPDATE league_players SET dropped = 1"
                    " WHERE league_id = ? AND user_id = ? AND dropped = 0",
                    (league_id, user_id),
                ).rowcount
            )
        )
        return bool(rows == 1)

    async def players(self, league_id: int) -> list[PlayerRow]:
        rows = await self.conn.execute(
            "SELECT user_id, name, joined_at, dropped FROM league_players"
            " WHERE league_id = ? ORDER BY joined_at, user_id",
            (league_id,),
        )
        return [PlayerRow(int(r[0]), str(r[1]), float(r[2]), bool(r[3])) for r in rows]

    # -- rounds -------------------------------------------------------------------------------
    async def claim_round(
        self,
        league: LeagueRow,
        *,
        scores: Sequence[SeatResult],
        seating: Seating | None,
        due_at: float | None,
        now: float,
    ) -> bool:
        """Finish round ``league.round`` and start the next, once: in one transaction, the
        league moves on only if it is still at that round and running (or in sign-up), the
        finished round's places and points are written, and the new round's tables (``seating``;
        None: the league is over) are laid out for :meth:`claim_table` to open. False: another
        process (or an earlier call) moved it on first, and nothing was written."""

        def claim(db: Db) -> bool:
            with _transaction(db):
                status = "running" if seating is not None else "finished"
                cur = db.execute(
                    "UPDATE leagues SET round = round + ?, status = ?, due_at = ?"
                    " WHERE id = ? AND round = ? AND status IN ('signup', 'running')",
                    (1 if seating is not None else 0, status, due_at, league.id, league.round),
                )
                if cur.rowcount != 1:
                    return False
                for s in scores:
                    db.execute(
                        "UPDATE league_seats SET place = ?, points = ?"
                        " WHERE league_id = ? AND round = ? AND user_id = ?",
                        (s.place, s.points, league.id, s.round, s.user_id),
                    )
                if seating is not None:
                    new = league.round + 1
                    for no, users in enumerate(seating.tables, start=1):
                        bye = len(users) == 1 and users[0] in seating.bye
                        db.execute(
                            "INSERT INTO league_tables (league_id, round, table_no, bye)"
                            " VALUES (?, ?, ?, ?)",
                            (league.id, new, no, int(bye)),
                        )
                        db.executemany(
                            "INSERT INTO league_seats (league_id, round, table_no, user_id,"
                            " place, points) VALUES (?, ?, ?, ?, ?, ?)",
                            [
                                (
                                    league.id,
                                    new,
                                    no,
                                    u,
                                    1 if bye else None,
                                    seating.bye_points if bye else None,
                                )
                                for u in users
                            ],
                        )
            return True

        return await self._run(claim)

    async def claim_table(self, league_id: int, round_: int, table_no: int, now: float) -> bool:
        """Take the lease on opening a table's game (five minutes; False: opened already, or
        another process holds the lease)."""
        rows = await self.conn.run(
            lambda db: (
                db.execute(
                    "UPDATE league_tables SET opening_until = ?"
                    " WHERE league_id = ? AND round = ? AND table_no = ? AND bye = 0"
                    " AND game_id IS NULL AND (opening_until IS NULL OR opening_until < ?)",
                    (now + 300.0, league_id, round_, table_no, now),
                ).rowcount
            )
        )
        return bool(rows == 1)

    async def table_opened(self, league_id: int, round_: int, table_no: int, game_id: int) -> None:
        await self.conn.execute(
            "UPDATE league_tables SET game_id = ?, opening_until = NULL"
            " WHERE league_id = ? AND round = ? AND table_no = ?",
            (game_id, league_id, round_, table_no),
        )

    async def tables(self, league_id: int, round_: int | None = None) -> list[TableRow]:
        """A round's tables (every round's when ``round_`` is None), with who sits at each."""

        def read(db: Db) -> list[TableRow]:
            cond, args = (
                ("", (league_id,)) if round_ is None else (" AND round = ?", (league_id, round_))
            )
            tables = db.execute(
                "SELECT round, table_no, bye, game_id FROM league_tables"
                f" WHERE league_id = ?{cond} ORDER BY round, table_no",
                args,
            ).fetchall()
            seats = db.execute(
                "SELECT round, table_no, user_id FROM league_seats"
                f" WHERE league_id = ?{cond} ORDER BY round, table_no, user_id",
                args,
            ).fetchall()
            users: dict[tuple[int, int], list[int]] = {}
            for r, t, u in seats:
                users.setdefault((int(r), int(t)), []).append(int(u))
            return [
                TableRow(
                    int(r),
                    int(t),
                    bool(b),
                    None if g is None else int(g),
                    tuple(users.get((int(r), int(t)), ())),
                )
                for r, t, b, g in tables
            ]

        return await self._run(read)

    async def results(self, league_id: int) -> list[SeatResult]:
        rows = await self.conn.execute(
            "SELECT round, table_no, user_id, place, points FROM league_seats"
            " WHERE league_id = ? ORDER BY round, table_no, user_id",
            (league_id,),
        )
        return [
            SeatResult(
                int(r[0]),
                int(r[1]),
                int(r[2]),
                None if r[3] is None else int(r[3]),
                None if r[4] is None else float(r[4]),
            )
            for r in rows
        ]

    async def league_of_game(self, game_id: int) -> tuple[int, int] | None:
        """(league, round) of a league game, or None for any other game."""
        rows = await self.conn.execute(
            "SELECT league_id, round FROM league_tables WHERE game_id = ?", (game_id,)
        )
        return None if not rows else (int(rows[0][0]), int(rows[0][1]))

    async def unopened(self, shards: Shards | None = None) -> list[tuple[int, int, int]]:
        """(league, round, table) of tables laid out but not opened (a restart in between),
        of the running leagues of these shards."""
        rows = await self.conn.execute(
            "SELECT t.league_id, t.round, t.table_no FROM league_tables t"
            " JOIN leagues l ON l.id = t.league_id AND l.round = t.round"
            " WHERE t.game_id IS NULL AND t.bye = 0 AND l.status IN ('running', 'paused')"
            f" AND {where(shards, 'l.guild_id')} ORDER BY 1, 2, 3"
        )
        return [(int(r[0]), int(r[1]), int(r[2])) for r in rows]
