"""Ratings' tables (``migrations/0170_ratings.sql``): each player's rating per game, per server
and across all servers, their rated games, their reliability and whether they hide from other
servers' leaderboards.

Like :mod:`storage.watch_links`, this keeps its own plain connection (:mod:`storage.sql`) to
the platform's database, used from a worker thread one call at a time, so rating a game or
reading a leaderboard never waits behind a move. Storage knows no rating model: the bot's
(:mod:`bot.ratings`) hands :func:`record` the new ratings through a ``rate`` function. A game
is rated once: :func:`record` first claims it in ``rating_games`` and does nothing if it was
claimed before, in the same transaction as the ratings it writes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from storage.rows import ROW_WITHOUT_STATE, GameRow, games_of
from storage.sql import Connection, Db, Location, is_postgres

T = TypeVar("T")

#: the scope of ratings across all servers (a guild id is never 0)
EVERYWHERE = 0
POOLS = ("people", "bots")
#: PostgreSQL: the advisory lock a rating's transaction holds, so that two processes never
#: read a player's rating at once and write over each other (SQLite's write lock does this)
_RATING_LOCK = 7_315_032


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0


@dataclass(frozen=True)
class Placing:
    """One rated player of a game: their place (1 first, tied players share one) and whether
    they finished it reliably."""

    user_id: int
    place: int
    reliable: bool


@dataclass(frozen=True)
class RatedGame:
    game_id: int
    engine: str
    guild_id: int | None
    pool: str
    ended_at: float
    placings: tuple[Placing, ...]
    players: int  # everyone seated, bots included


#: given each placing's rating before the game (None: none yet), in order, the new (mu, sigma)
Rate = Callable[[list[Rating | None]], list[tuple[float, float]]]
#: what players see: the rating's conservative estimate
Shown = Callable[[float, float], float]


@dataclass(frozen=True)
class BoardRow:
    place: int
    user_id: int
    shown: float
    games: int
    reliability: tuple[int, int]  # (reliable games, rated games)


@dataclass(frozen=True)
class PlayerRating:
    engine: str
    pool: str
    scope: int
    shown: float
    games: int


@dataclass(frozen=True)
class ResultRow:
    game_id: int
    engine: str
    pool: str
    guild_id: int | None
    place: int
    players: int
    shown: float
    reliable: bool
    ended_at: float


# -- reading a game's end ------------------------------------------------------------------------
def ended_game(db: Db, game_id: int) -> GameRow | None:
    """The game's row and seats, without its state."""
    rows = games_of(db, f"SELECT {ROW_WITHOUT_STATE} FROM games WHERE id = ?", (game_id,))
    return rows[0] if rows else None


def timed_out(db: Db, game_id: int) -> set[int]:
    """The players of a game whose time ran out at least once (a stand-in played for them:
    the clock's log keeps each such move)."""
    rows = db.execute(
        "SELECT DISTINCT user_id FROM days_log WHERE game_id = ? AND kind = 'standin'"
        " AND user_id IS NOT NULL",
        (game_id,),
    ).fetchall()
    return {int(r[0]) for r in rows}


def unrated(db: Db, limit: int) -> list[int]:
    """Finished games not rated yet, in the order they ended, at most ``limit``."""
    rows = db.execute(
        "SELECT g.id FROM games g WHERE g.status = 'finished'"
        " AND NOT EXISTS (SELECT 1 FROM rating_games r WHERE r.game_id = g.id)"
        " ORDER BY g.updated_at, g.id LIMIT ?",
        (limit,),
    ).fetchall()
    return [int(r[0]) for r in rows]


# -- writing -------------------------------------------------------------------------------------
def record(db: Db, game: RatedGame, rate: Rate, shown: Shown, now: float) -> bool:
    """Rate ``game`` (inside the caller's transaction): claim it, then for each scope (its
    server, and everywhere) read the players' ratings, ask ``rate`` for the new ones and write
    them, their results and their reliability. False, writing nothing, if it was rated before."""
    claimed = db.execute(
        "INSERT INTO rating_games (game_id, engine, guild_id, pool, ended_at)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
        (game.game_id, game.engine, game.guild_id, game.pool, game.ended_at),
    )
    if claimed.rowcount != 1:
        return False
    users = [p.user_id for p in game.placings]
    scopes = [EVERYWHERE] if game.guild_id is None else [EVERYWHERE, game.guild_id]
    after_everywhere: list[float] = []
    for scope in scopes:
        before = _ratings_of(db, scope, game.engine, game.pool, users)
        priors = [before.get(u) for u in users]
        new = rate(priors)
        rows = []
        for user, prior, (mu, sigma) in zip(users, priors, new, strict=True):
            games = (prior.games if prior is not None else 0) + 1
            rows.append(
                (scope, game.engine, game.pool, user, mu, sigma, shown(mu, sigma), games, now)
            )
        db.executemany(
            "INSERT INTO ratings (scope, engine, pool, user_id, mu, sigma, shown, games,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (scope, engine, pool, user_id) DO UPDATE SET mu = excluded.mu,"
            " sigma = excluded.sigma, shown = excluded.shown, games = excluded.games,"
            " updated_at = excluded.updated_at",
            rows,
        )
        if scope == EVERYWHERE:
            after_everywhere = [r[6] for r in rows]
    db.executemany(
        "INSERT INTO rating_results (game_id, user_id, engine, pool, guild_id, place, players,"
        " shown, reliable, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game.game_id,
                p.user_id,
                game.engine,
                game.pool,
                game.guild_id,
                p.place,
                game.players,
                after,
                int(p.reliable),
                game.ended_at,
            )
            for p, after in zip(game.placings, after_everywhere, strict=True)
        ],
    )
    db.executemany(
        "INSERT INTO rating_players (user_id, games, reliable) VALUES (?, 1, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET games = rating_players.games + 1,"
        " reliable = rating_players.reliable + excluded.reliable",
        [(p.user_id, int(p.reliable)) for p in game.placings],
    )
    return True


def pass_over(db: Db, row: GameRow) -> None:
    """Claim a finished game that cannot be rated (one player, only bots), so it is looked at
    once (inside the caller's transaction)."""
    db.execute(
        "INSERT INTO rating_games (game_id, engine, guild_id, pool, ended_at)"
        " VALUES (?, ?, ?, 'none', ?) ON CONFLICT (game_id) DO NOTHING",
        (row.id, row.engine, row.guild_id, row.updated_at),
    )


def _ratings_of(
    db: Db, scope: int, engine: str, pool: str, users: Sequence[int]
) -> dict[int, Rating]:
    which, ids = db.in_ids("user_id", users)
    rows = db.execute(
        "SELECT user_id, mu, sigma, games FROM ratings"
        f" WHERE scope = ? AND engine = ? AND pool = ? AND {which}",
        (scope, engine, pool, ids),
    ).fetchall()
    return {int(r[0]): Rating(float(r[1]), float(r[2]), int(r[3])) for r in rows}


def set_hidden(db: Db, user_id: int, hidden: bool) -> None:
    db.execute(
        "INSERT INTO rating_players (user_id, hide_elsewhere) VALUES (?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET hide_elsewhere = excluded.hide_elsewhere",
        (user_id, int(hidden)),
    )


# -- leaderboards --------------------------------------------------------------------------------
def _visible(scope: int, viewer_guild: int | None) -> tuple[str, tuple[int, ...]]:
    """Who a board shows: a server's board, everyone on it (they played there); the board
    across all servers shown in a server, everyone but the players who hide from servers where
    they have not played and have no rating in this one."""
    if scope != EVERYWHERE:
        return "1 = 1", ()
    if viewer_guild is None:
        return "COALESCE(p.hide_elsewhere, 0) = 0", ()
    return (
        "(COALESCE(p.hide_elsewhere, 0) = 0 OR EXISTS (SELECT 1 FROM ratings h WHERE h.scope = ?"
        " AND h.engine = r.engine AND h.pool = r.pool AND h.user_id = r.user_id))",
        (viewer_guild,),
    )


def board(
    db: Db, scope: int, engine: str, pool: str, *, viewer_guild: int | None, limit: int = 10
) -> list[BoardRow]:
    """The best ``limit`` players of a board, best first (equal ratings: the lower id first)."""
    visible, args = _visible(scope, viewer_guild)
    rows = db.execute(
        "SELECT r.user_id, r.shown, r.games, p.reliable, p.games FROM ratings r"
        " LEFT JOIN rating_players p ON p.user_id = r.user_id"
        f" WHERE r.scope = ? AND r.engine = ? AND r.pool = ? AND {visible}"
        " ORDER BY r.shown DESC, r.user_id LIMIT ?",
        (scope, engine, pool, *args, limit),
    ).fetchall()
    return [
        BoardRow(i, int(r[0]), float(r[1]), int(r[2]), (int(r[3] or 0), int(r[4] or 0)))
        for i, r in enumerate(rows, 1)
    ]


def place_on_board(
    db: Db, scope: int, engine: str, pool: str, user_id: int, *, viewer_guild: int | None
) -> BoardRow | None:
    """``user_id``'s row of a board, with its place among those it shows (None: not on it)."""
    visible, args = _visible(scope, viewer_guild)
    mine = db.execute(
        "SELECT r.shown, r.games, p.reliable, p.games FROM ratings r"
        " LEFT JOIN rating_players p ON p.user_id = r.user_id"
        f" WHERE r.scope = ? AND r.engine = ? AND r.pool = ? AND r.user_id = ? AND {visible}",
        (scope, engine, pool, user_id, *args),
    ).fetchone()
    if mine is None:
        return None
    shown = float(mine[0])
    above = db.execute(  # the index's range, then only the few tied rows read
        "SELECT COUNT(*) FROM ratings WHERE scope = ? AND engine = ? AND pool = ?"
        " AND (shown > ? OR (shown = ? AND user_id < ?))",
        (scope, engine, pool, shown, shown, user_id),
    ).fetchone()[0]
    hidden_above = 0
    if scope == EVERYWHERE:  # the hidden few, from their own index
        hidden_above = db.execute(
            "SELECT COUNT(*) FROM rating_players p JOIN ratings r ON r.user_id = p.user_id"
            " AND r.scope = ? AND r.engine = ? AND r.pool = ?"
            f" WHERE p.hide_elsewhere = 1 AND NOT {visible}"
            " AND (r.shown > ? OR (r.shown = ? AND r.user_id < ?))",
            (scope, engine, pool, *args, shown, shown, user_id),
        ).fetchone()[0]
    place = int(above) - int(hidden_above) + 1
    return BoardRow(place, user_id, shown, int(mine[1]), (int(mine[2] or 0), int(mine[3] or 0)))


# -- a player's page -----------------------------------------------------------------------------
def player_ratings(db: Db, user_id: int, scopes: Sequence[int]) -> list[PlayerRating]:
    """A player's ratings in these scopes, every game and pool."""
    which, ids = db.in_ids("scope", scopes)
    rows = db.execute(
        "SELECT engine, pool, scope, shown, games FROM ratings"
        f" WHERE user_id = ? AND {which} ORDER BY engine, pool, scope",
        (user_id, ids),
    ).fetchall()
    return [PlayerRating(str(r[0]), str(r[1]), int(r[2]), float(r[3]), int(r[4])) for r in rows]


def results(db: Db, user_id: int, *, engine: str | None = None, limit: int = 50) -> list[ResultRow]:
    """A player's latest rated games, newest first."""
    sql = (
        "SELECT game_id, engine, pool, guild_id, place, players, shown, reliable, ended_at"
        " FROM rating_results WHERE user_id = ?"
    )
    args: list[object] = [user_id]
    if engine is not None:
        sql += " AND engine = ?"
        args.append(engine)
    rows = db.execute(sql + " ORDER BY ended_at DESC, game_id DESC LIMIT ?", (*args, limit))
    return [
        ResultRow(
            int(r[0]),
            str(r[1]),
            str(r[2]),
            None if r[3] is None else int(r[3]),
            int(r[4]),
            int(r[5]),
            float(r[6]),
            bool(r[7]),
            float(r[8]),
        )
        for r in rows.fetchall()
    ]


def reliability(db: Db, user_id: int) -> tuple[int, int, bool]:
    """(reliable games, rated games, hides from other servers' boards)."""
    row = db.execute(
        "SELECT reliable, games, hide_elsewhere FROM rating_players WHERE user_id = ?",
        (user_id,),
    ).fetchone()
    return (0, 0, False) if row is None else (int(row[0]), int(row[1]), bool(row[2]))


class RatingStore:
    """Open with :meth:`open` (after :meth:`storage.Store.open`, which applies the migration),
    end with :meth:`close` (a second call does nothing). Its one connection has its own thread
    (:class:`storage.sql.Connection`): each call is queued there whole, so a rating cancelled
    while it runs (the catch-up at shutdown) still ends before the connection closes."""

    def __init__(self, conn: Connection):
        self.conn = conn
        self._closed = False

    @classmethod
    async def open(cls, path: Location) -> RatingStore:
        conn = await Connection.open(path)
        if not is_postgres(path):
            await conn.execute("PRAGMA synchronous = NORMAL")
        return cls(conn)

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            await self.conn.close()

    async def read(self, work: Callable[..., T], *args: object) -> T:
        """``work(db, *args)`` on this store's connection: one trip to its thread."""
        return await self.conn.run(work, *args)

    async def write(self, work: Callable[..., T], *args: object) -> T:
        """``work(db, *args)`` in one write transaction, all or nothing."""
        return await self.conn.run(_in_transaction, work, *args)


def _in_transaction(db: Db, work: Callable[..., T], *args: object) -> T:
    db.begin()
    try:
        if db.dialect == "postgresql":  # processes rate one game at a time
            db.execute("SELECT pg_advisory_xact_lock(?)", (_RATING_LOCK,)).fetchall()
        out = work(db, *args)
        db.commit()
        return out
    except BaseException:
        db.rollback()
        raise


def names_of(db: Db, users: Sequence[int]) -> dict[int, str]:
    """Each user's name in their latest game (the seats' user index: one row each)."""
    names: dict[int, str] = {}
    for user in dict.fromkeys(users):
        row = db.execute(
            "SELECT name FROM seats WHERE user_id = ? ORDER BY game_id DESC LIMIT 1", (user,)
        ).fetchone()
        if row is not None:
            names[user] = str(row[0])
    return names


def shown_ratings(
    db: Db, scope: int, engine: str, pool: str, users: Sequence[int]
) -> dict[int, float]:
    """The shown rating of each of ``users`` who has one (a tie-break for standings)."""
    which, ids = db.in_ids("user_id", users)
    rows = db.execute(
        "SELECT user_id, shown FROM ratings"
        f" WHERE scope = ? AND engine = ? AND pool = ? AND {which}",
        (scope, engine, pool, ids),
    ).fetchall()
    return {int(r[0]): float(r[1]) for r in rows}
