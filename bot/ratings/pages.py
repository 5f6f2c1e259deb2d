"""What a leaderboard and a player's page say, read in one trip each: the same lines serve as
the message (for screen readers) and the picture's alt text, and the picture
(:mod:`rendering.tables`) draws the same rows, so no number is only in the image."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from babel.numbers import format_decimal

import engines
from bot.ratings.service import Ratings
from i18n import t, tn
from i18n.languages import number_locale
from i18n.say import marked
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
#: which number is shown (docs/ratings.md says why); worded with ``t(locale, SHOWN_NOTE)``
SHOWN_NOTE = marked(
    "Rating: mu - 3 sigma, the skill you are almost surely above; it rises as you play."
)


def title_of(engine: str) -> str:
    try:
        return engines.get_engine(engine).title
    except engines.UnknownGame:  # a game no longer offered keeps its ratings
        return engine


def rating_text(value: float, locale: str = "en-US") -> str:
    """A rating as the reader writes numbers, one decimal (``12.5``, ``12,5``)."""
    return format_decimal(value, format="#,##0.0", locale=number_locale(locale))


def pool_words(pool: str, locale: str) -> str:
    """Whom the ratings are among, as a table's cell says it."""
    if pool == "bots":
        return t(locale, "in games with bots")
    return t(locale, "among people")


def reliability_text(reliable: int, games: int, locale: str = "en-US") -> str:
    """Board Game Arena's way: the share of games finished without the clock running out, a
    removal or a concession."""
    if games == 0:
        return t(locale, "no rated games")
    return t(
        locale,
        "{percent}% reliable ({reliable} of {games})",
        percent=round(100 * reliable / games),
        reliable=reliable,
        games=games,
    )


def reliability_share(reliable: int, games: int, locale: str = "en-US") -> str:
    """The reliability as a table's cell says it (the share alone)."""
    if games == 0:
        return t(locale, "no rated games")
    return t(locale, "{percent}% reliable", percent=round(100 * reliable / games))


@dataclass(frozen=True)
class Leaderboard:
    engine: str
    pool: str
    here: bool  # this server's board (else: all servers')
    rows: list[BoardRow]
    names: dict[int, str]
    asker: BoardRow | None  # the asker's own row (None: not on this board)

    def heading(self, locale: str = "en-US") -> str:
        game = title_of(self.engine)
        if self.here and self.pool == "bots":
            return t(locale, "{game}: this server, in games with bots", game=game)
        if self.here:
            return t(locale, "{game}: this server, among people", game=game)
        if self.pool == "bots":
            return t(locale, "{game}: all servers, in games with bots", game=game)
        return t(locale, "{game}: all servers, among people", game=game)

    def name(self, user_id: int, locale: str = "en-US") -> str:
        known = self.names.get(user_id)
        return known if known is not None else t(locale, "player {id}", id=str(user_id))

    def line(self, row: BoardRow, locale: str = "en-US") -> str:
        return tn(
            locale,
            "{place}. {name}: {rating}, {n} game, {reliability}",
            "{place}. {name}: {rating}, {n} games, {reliability}",
            row.games,
            place=row.place,
            name=self.name(row.user_id, locale),
            rating=rating_text(row.shown, locale),
            reliability=reliability_text(*row.reliability, locale),
        )

    def lines(self, locale: str = "en-US") -> list[str]:
        """The heading, the top ten, then the asker's place."""
        if not self.rows:
            return [self.heading(locale), t(locale, "No rated games yet.")]
        out = [self.heading(locale), t(locale, SHOWN_NOTE)]
        out += [self.line(r, locale) for r in self.rows]
        if self.asker is None:
            out.append(t(locale, "You are not on this board yet."))
        else:
            out.append(t(locale, "Your place: {line}", line=self.line(self.asker, locale)))
        return out

    def table(self, locale: str = "en-US") -> tuple[list[list[str]], int | None]:
        """The picture's rows (place, name, rating, games, reliability; the asker's last if
        they are not in the top ten) and which of them is the asker's."""
        rows = list(self.rows)
        if self.asker is not None and all(r.user_id != self.asker.user_id for r in rows):
            rows.append(self.asker)
        mine = next(
            (i for i, r in enumerate(rows) if self.asker and r.user_id == self.asker.user_id),
            None,
        )
        number = number_locale(locale)
        return [
            [
                format_decimal(r.place, locale=number),
                self.name(r.user_id, locale),
                rating_text(r.shown, locale),
                format_decimal(r.games, locale=number),
                reliability_share(*r.reliability, locale),
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
    name: str | None  # None: not known yet (the page says "You")
    engine: str | None  # the game asked for (None: every game)
    ratings: list[PlayerRating]
    guild_id: int | None
    reliable: int
    games: int
    recent: list[ResultRow]
    #: the rating across all servers after each game of the line's game and pool, oldest first
    line: list[float] = field(default_factory=list)
    line_of: tuple[str, str] | None = None  # (engine, pool) the line follows

    def rating_lines(self, locale: str = "en-US") -> list[str]:
        out = []
        for r in self.ratings:
            values = {"game": title_of(r.engine), "rating": rating_text(r.shown, locale)}
            here = r.scope != EVERYWHERE
            if r.pool == "bots" and here:
                line = tn(
                    locale,
                    "{game}, in games with bots, this server: {rating} ({n} game)",
                    "{game}, in games with bots, this server: {rating} ({n} games)",
                    r.games,
                    **values,
                )
            elif r.pool == "bots":
                line = tn(
                    locale,
                    "{game}, in games with bots, all servers: {rating} ({n} game)",
                    "{game}, in games with bots, all servers: {rating} ({n} games)",
                    r.games,
                    **values,
                )
            elif here:
                line = tn(
                    locale,
                    "{game}, among people, this server: {rating} ({n} game)",
                    "{game}, among people, this server: {rating} ({n} games)",
                    r.games,
                    **values,
                )
            else:
                line = tn(
                    locale,
                    "{game}, among people, all servers: {rating} ({n} game)",
                    "{game}, among people, all servers: {rating} ({n} games)",
                    r.games,
                    **values,
                )
            out.append(line)
        return out

    def result_line(self, r: ResultRow, locale: str = "en-US") -> str:
        values = {
            "day": dt.datetime.fromtimestamp(r.ended_at, dt.UTC).strftime("%Y-%m-%d"),
            "game": title_of(r.engine),
            "place": r.place,
            "players": r.players,
            "rating": rating_text(r.shown, locale),
        }
        if r.reliable:
            return t(
                locale, "{day}: {game}, place {place} of {players}, rating {rating} after", **values
            )
        return t(
            locale,
            "{day}: {game}, place {place} of {players}, rating {rating} after (not finished "
            "reliably)",
            **values,
        )

    def lines(self, locale: str = "en-US") -> list[str]:
        name = self.name if self.name is not None else t(locale, "You")
        if self.engine:
            head = t(locale, "{name}'s ratings, {game}", name=name, game=title_of(self.engine))
        else:
            head = t(locale, "{name}'s ratings, every game", name=name)
        out = [head, t(locale, SHOWN_NOTE)]
        out += self.rating_lines(locale) or [t(locale, "No rated games yet.")]
        out.append(
            t(
                locale,
                "Reliability: {reliability}",
                reliability=reliability_text(self.reliable, self.games, locale),
            )
        )
        if self.recent:
            out.append(t(locale, "Recent results:"))
            out += [self.result_line(r, locale) for r in self.recent]
        if self.line and self.line_of is not None:
            values = {
                "game": title_of(self.line_of[0]),
                "first": rating_text(self.line[0], locale),
                "last": rating_text(self.line[-1], locale),
                "low": rating_text(min(self.line), locale),
                "high": rating_text(max(self.line), locale),
            }
            if self.line_of[1] == "bots":
                said = tn(
                    locale,
                    "Rating over the last {n} game(s) of {game} in games with bots: from {first} "
                    "to {last} (lowest {low}, highest {high})",
                    "Rating over the last {n} game(s) of {game} in games with bots: from {first} "
                    "to {last} (lowest {low}, highest {high})",
                    len(self.line),
                    **values,
                )
            else:
                said = tn(
                    locale,
                    "Rating over the last {n} game(s) of {game} among people: from {first} to "
                    "{last} (lowest {low}, highest {high})",
                    "Rating over the last {n} game(s) of {game} among people: from {first} to "
                    "{last} (lowest {low}, highest {high})",
                    len(self.line),
                    **values,
                )
            out.append(said)
        return out

    def table(self, locale: str = "en-US") -> list[list[str]]:
        rows = []
        number = number_locale(locale)
        for r in self.ratings:
            where = t(locale, "here") if r.scope != EVERYWHERE else t(locale, "everywhere")
            rows.append(
                [
                    title_of(r.engine),
                    pool_words(r.pool, locale),
                    where,
                    rating_text(r.shown, locale),
                    format_decimal(r.games, locale=number),
                ]
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
    name = names_of(db, [user_id]).get(user_id)
    return PlayerPage(
        name, engine, ratings, guild_id, reliable, games, history[:RECENT], line, line_of
    )


async def player_page(
    ratings: Ratings, user_id: int, *, engine: str | None, guild_id: int | None
) -> PlayerPage:
    return await ratings.store.read(
        lambda db: read_page(db, user_id, engine=engine, guild_id=guild_id)
    )
