"""What a leaderboard and a player's page say, read in one trip each: the same lines serve as
the message (for screen readers) and the picture's alt text, and the picture
(:mod:`rendering.tables`) draws the same rows, so no number is only in the image."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

import engines
from bot.ratings.service import Ratings
from storage.ratings import (
    EVERYWHERE,
    BoardRow,
    PlayerRating,
    ResultRow,
    board,
    names_of,
    place_on_board,
    player_ratings,
    reliability,
    results,
)
from storage.sql import Db

TOP = 10
RECENT = 5
#: the most points on a player's rating-over-time line
LINE_POINTS = 60
POOL_WORDS = {"people": "among people", "bots": "in games with bots"}
SCOPE_WORDS = {True: "this server", False: "all servers"}
#: which number is shown (docs/ratings.md says why)
SHOWN_NOTE = "Rating: mu - 3 sigma, the skill you are almost surely above; it rises as you play."


def title_of(engine: str) -> str:
    try:
        return engines.get_engine(engine).title
    except engines.UnknownGame:  # a game no longer offered keeps its ratings
        return engine


def rating_text(value: float) -> str:
    return f"{value:.1f}"


def reliability_text(reliable: int, games: int) -> str:
    """Board Game Arena's way: the share of games finished without the clock running out, a
    removal or a concession."""
    if games == 0:
        return "no rated games"
    return f"{round(100 * reliable / games)}% reliable ({reliable} of {games})"


@dataclass(frozen=True)
class Leaderboard:
    engine: str
    pool: str
    here: bool  # this server's board (else: all servers')
    rows: list[BoardRow]
    names: dict[int, str]
    asker: BoardRow | None  # the asker's own row (None: not on this board)

    @property
    def heading(self) -> str:
        return f"{title_of(self.engine)}: {SCOPE_WORDS[self.here]}, {POOL_WORDS[self.pool]}"

    def name(self, user_id: int) -> str:
        return self.names.get(user_id, f"player {user_id}")

    def line(self, row: BoardRow) -> str:
        return (
            f"{row.place}. {self.name(row.user_id)}: {rating_text(row.shown)}, "
            f"{row.games} game{'s' if row.games != 1 else ''}, {reliability_text(*row.reliability)}"
        )

    def lines(self) -> list[str]:
        """The heading, the top ten, then the asker's place."""
        if not self.rows:
            return [self.heading, "No rated games yet."]
        out = [self.heading, SHOWN_NOTE, *(self.line(r) for r in self.rows)]
        if self.asker is None:
            out.append("You are not on this board yet.")
        else:
            out.append(f"Your place: {self.line(self.asker)}")
        return out

    def table(self) -> tuple[list[list[str]], int | None]:
        """The picture's rows (place, name, rating, games, reliability; the asker's last if
        they are not in the top ten) and which of them is the asker's."""
        rows = list(self.rows)
        if self.asker is not None and all(r.user_id != self.asker.user_id for r in rows):
            rows.append(self.asker)
        mine = next(
            (i for i, r in enumerate(rows) if self.asker and r.user_id == self.asker.user_id),
            None,
        )
        return [
            [
                str(r.place),
                self.name(r.user_id),
                rating_text(r.shown),
                str(r.games),
                reliability_text(*r.reliability).split(" (")[0],
            ]
            for r in rows
        ], mine


def read_board(
    db: Db,
    engine: str,
    pool: str,
    *,
    guild_id: int | None,
    here: bool,
    asker: int,
) -> Leaderboard:
    scope = guild_id if here and guild_id is not None else EVERYWHERE
    top = board(db, scope, engine, pool, viewer_guild=guild_id, limit=TOP)
    mine = place_on_board(db, scope, engine, pool, asker, viewer_guild=guild_id)
    names = names_of(db, [r.user_id for r in top] + [asker])
    return Leaderboard(engine, pool, scope != EVERYWHERE, top, names, mine)


async def leaderboard(
    ratings: Ratings, engine: str, pool: str, *, guild_id: int | None, here: bool, asker: int
) -> Leaderboard:
    return await ratings.store.read(
        lambda db: read_board(db, engine, pool, guild_id=guild_id, here=here, asker=asker)
    )


@dataclass(frozen=True)
class PlayerPage:
    name: str
    engine: str | None  # the game asked for (None: every game)
    ratings: list[PlayerRating]
    guild_id: int | None
    reliable: int
    games: int
    recent: list[ResultRow]
    #: the rating across all servers after each game of the line's game and pool, oldest first
    line: list[float] = field(default_factory=list)
    line_of: tuple[str, str] | None = None  # (engine, pool) the line follows

    def rating_lines(self) -> list[str]:
        out = []
        for r in self.ratings:
            where = "this server" if r.scope != EVERYWHERE else "all servers"
            out.append(
                f"{title_of(r.engine)}, {POOL_WORDS[r.pool]}, {where}: "
                f"{rating_text(r.shown)} ({r.games} game{'s' if r.games != 1 else ''})"
            )
        return out

    def result_line(self, r: ResultRow) -> str:
        day = dt.datetime.fromtimestamp(r.ended_at, dt.UTC).strftime("%Y-%m-%d")
        late = "" if r.reliable else " (not finished reliably)"
        return (
            f"{day}: {title_of(r.engine)}, place {r.place} of {r.players}, "
            f"rating {rating_text(r.shown)} after{late}"
        )

    def lines(self) -> list[str]:
        what = title_of(self.engine) if self.engine else "every game"
        out = [f"{self.name}'s ratings, {what}", SHOWN_NOTE]
        out += self.rating_lines() or ["No rated games yet."]
        out.append(f"Reliability: {reliability_text(self.reliable, self.games)}")
        if self.recent:
            out.append("Recent results:")
            out += [self.result_line(r) for r in self.recent]
        if self.line and self.line_of is not None:
            first, last = self.line[0], self.line[-1]
            out.append(
                f"Rating over the last {len(self.line)} game(s) of {title_of(self.line_of[0])} "
                f"{POOL_WORDS[self.line_of[1]]}: from {rating_text(first)} to {rating_text(last)}"
                f" (lowest {rating_text(min(self.line))}, highest {rating_text(max(self.line))})"
            )
        return out

    def table(self) -> list[list[str]]:
        rows = []
        for r in self.ratings:
            where = "here" if r.scope != EVERYWHERE else "everywhere"
            rows.append(
                [title_of(r.engine), POOL_WORDS[r.pool], where, rating_text(r.shown), str(r.games)]
            )
        return rows


def read_page(db: Db, user_id: int, *, engine: str | None, guild_id: int | None) -> PlayerPage:
    scopes = [EVERYWHERE] if guild_id is None else [EVERYWHERE, guild_id]
    ratings = [r for r in player_ratings(db, user_id, scopes) if engine in (None, r.engine)]
    reliable, games, _ = reliability(db, user_id)
    history = results(db, user_id, engine=engine, limit=200)
    line_of: tuple[str, str] | None = None
    line: list[float] = []
    if history:  # the line follows the game and pool of the latest result
        line_of = (history[0].engine, history[0].pool)
        line = [r.shown for r in history if (r.engine, r.pool) == line_of][:LINE_POINTS][::-1]
    name = names_of(db, [user_id]).get(user_id, "You")
    return PlayerPage(
        name, engine, ratings, guild_id, reliable, games, history[:RECENT], line, line_of
    )


async def player_page(
    ratings: Ratings, user_id: int, *, engine: str | None, guild_id: int | None
) -> PlayerPage:
    return await ratings.store.read(
        lambda db: read_page(db, user_id, engine=engine, guild_id=guild_id)
    )
