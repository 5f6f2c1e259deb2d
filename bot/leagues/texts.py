"""What a league says: its rules, its rounds, its standings as text (the same content as the
standings picture, for screen readers).

The league service speaks before anyone knows who will read it (a round's post is read in the
server's language, ``/league info`` in the asker's), so what it says is kept as data: a
:class:`~i18n.say.Say`, or :class:`Joined` sentences and lines of them; the Discord layer words
it for its reader with :func:`worded`. As strings, both are the English they say.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from babel.numbers import format_decimal

import engines
from bot.clock.durations import format_duration
from bot.leagues.standings import Standing
from i18n import t, tn
from i18n.languages import number_locale
from i18n.say import Say, say, say_n, word
from storage.leagues import LeagueRow, TableRow

ENGLISH = "en-US"
SCORED_GAME = say("The league round's deadline passed: this game is scored from the standings now.")
CLOSED_GAME = say("The league was closed by its game master, so this game ends here.")
#: the scale, as the rules text says it
SCALE = say(
    "at a table of n players, 1st gets n−1 points, 2nd n−2, … last 0; tied players share "
    "their places' points; a bye scores as a win"
)
STATUS = {
    "signup": say("sign-up open"),
    "running": say("running"),
    "paused": say("paused"),
    # Translators: a league's stage: its game master closed it (or too few signed up)
    "closed": say("closed"),
    "finished": say("finished"),
}


class Joined(str):
    """Sentences or lines said together (``parts`` joined by ``sep``), each worded for the
    reader; as a ``str``, their English."""

    parts: tuple[str, ...]
    sep: str

    def __new__(cls, parts: Sequence[str], sep: str = "\n") -> Joined:
        self = super().__new__(cls, sep.join(parts))
        self.parts, self.sep = tuple(parts), sep
        return self

    def word(self, locale: str) -> str:
        return self.sep.join(worded(part, locale) for part in self.parts)


class Later(str):
    """Words made once their reader is known (``make(locale)``: a duration in the reader's
    units); as a ``str``, their English."""

    make: Callable[[str], str]

    def __new__(cls, make: Callable[[str], str]) -> Later:
        self = super().__new__(cls, make(ENGLISH))
        self.make = make
        return self

    def word(self, locale: str) -> str:
        return self.make(locale)


def worded(text: str, locale: str) -> str:
    """What the league said, for a reader of ``locale``: a :class:`Say`, :class:`Joined` or
    :class:`Later` in their language, any other string as it is."""
    if isinstance(text, Joined | Later):
        return text.word(locale)
    return word(text, locale)


def status(league: LeagueRow) -> str:
    """The league's stage in words ("sign-up open", "running", ...)."""
    return STATUS.get(league.status, league.status)


def title(league: LeagueRow) -> Say:
    return say(
        "League #{number}: {game}",
        number=str(league.id),
        game=engines.get_engine(league.engine).title,
    )


def rules(league: LeagueRow) -> Joined:
    """The league's rules, as shown on its message and in ``/league info`` (its durations in
    the reader's units)."""
    seating = (
        say(
            "Swiss pairings (no rematch while another pairing exists; with an odd number of "
            "players, the lowest placed who has had the fewest byes sits out with a bye)"
        )
        if league.table_size == 2
        else say("tables of about {size} players of similar standing", size=league.table_size)
    )
    turn = league.turn_seconds

    def play(locale: str) -> str:
        clock = (
            t(locale, "no turn clock")
            if turn is None
            else t(locale, "a turn clock of {time}", time=format_duration(turn, locale))
        )
        return tn(
            locale,
            "{n} round(s) of {length} each, {seating}, {clock}.",
            "{n} round(s) of {length} each, {seating}, {clock}.",
            league.rounds,
            length=format_duration(league.round_seconds, locale),
            seating=word(seating, locale),
            clock=clock,
        )

    return Joined(
        [
            Later(play),
            say(
                "Each game opens in its own thread. A round ends when all its games end or "
                "when its time is up: unfinished games are then scored from the game's "
                "standings at that moment and closed. Points: {scale}. Ties in the standings "
                "are broken by rating in this game. `/league leave` drops you out (your "
                "running game is conceded).",
                scale=SCALE,
            ),
        ],
        " ",
    )


def signup(league: LeagueRow, players: Sequence[str]) -> Joined:
    """The league's message during sign-up."""
    if league.due_at is not None:
        head = say(
            "🏆 **{title}** — sign-up closes <t:{when}:R>.",
            title=title(league),
            when=str(int(league.due_at)),
        )
    else:
        head = say("🏆 **{title}** — sign-up closes soon.", title=title(league))
    who = ", ".join(players) if players else say("nobody yet")
    signed = say("Signed up ({n}): {players}", n=len(players), players=who)
    return Joined([head, rules(league), signed])


def too_few(league: LeagueRow, eng: engines.Engine[Any]) -> Say:
    return say_n(
        "🏆 {title} did not start: {game} needs at least {n} player, and fewer signed up.",
        "🏆 {title} did not start: {game} needs at least {n} players, and fewer signed up.",
        eng.min_players,
        title=title(league),
        game=eng.title,
    )


def closed(league: LeagueRow) -> Say:
    return say("🏆 {title} was closed by its game master. Final standings:", title=title(league))


def finished(league: LeagueRow) -> Say:
    return say("🏆 {title} is over. Final standings:", title=title(league))


def round_started(
    league: LeagueRow, tables: Sequence[TableRow], names: Mapping[int, str]
) -> Joined:
    values: dict[str, Any] = {
        "title": title(league),
        "round": league.round,
        "rounds": league.rounds,
    }
    if league.due_at is not None:
        head = say(
            "🏆 {title}: round {round} of {rounds} begins. It ends <t:{when}:R> at the latest.",
            when=str(int(league.due_at)),
            **values,
        )
    else:
        head = say("🏆 {title}: round {round} of {rounds} begins.", **values)
    lines: list[str] = [head]
    for table in tables:
        who = ", ".join(names.get(u, "?") for u in table.users)
        if table.bye:
            lines.append(
                say("Table {n}: {players} (bye: scores as a win)", n=table.table_no, players=who)
            )
        else:
            lines.append(say("Table {n}: {players}", n=table.table_no, players=who))
    return Joined(lines)


def thread_name(league: LeagueRow, game: str, table_no: int, players: Sequence[str]) -> Say:
    # Translators: a league game's thread: League 3, Round 2, Table 1 (keep it short)
    return say(
        "L{league} R{round} T{table} {game} — {players}",
        league=str(league.id),
        round=league.round,
        table=table_no,
        game=game,
        players=" v ".join(players),
    )


def one_decimal(value: float, locale: str) -> str:
    """A rating as the reader writes numbers, one decimal: ``12.5``, ``12,5``."""
    return format_decimal(value, format="#,##0.0", locale=number_locale(locale))


def standings_text(rows: Sequence[Standing], locale: str = "en-US") -> str:
    """The standings in words, one player a line: the picture's content for screen readers."""
    if not rows:
        return t(locale, "No players.")
    lines = []
    for s in rows:
        values: dict[str, Any] = {
            "rank": s.rank,
            "name": s.name,
            "points": s.points,
            "played": s.played,
        }
        if s.rating is None and s.dropped:
            line = t(
                locale,
                "{rank}. {name}: {points} point(s) from {played} game(s), unrated, left the league",
                **values,
            )
        elif s.rating is None:
            line = t(
                locale, "{rank}. {name}: {points} point(s) from {played} game(s), unrated", **values
            )
        elif s.dropped:
            line = t(
                locale,
                "{rank}. {name}: {points} point(s) from {played} game(s), rating {rating}, left "
                "the league",
                rating=one_decimal(s.rating, locale),
                **values,
            )
        else:
            line = t(
                locale,
                "{rank}. {name}: {points} point(s) from {played} game(s), rating {rating}",
                rating=one_decimal(s.rating, locale),
                **values,
            )
        lines.append(line)
    return "\n".join(lines)


def info(league: LeagueRow, players: int) -> Joined:
    """``/league info``'s answer for one league."""
    values: dict[str, Any] = {
        "title": title(league),
        "status": status(league),
        "players": players,
        "channel": str(league.channel_id),
    }
    if league.round:
        head = say(
            "🏆 **{title}** ({status}, round {round} of {rounds}, {players} player(s), opened "
            "in <#{channel}>).",
            round=league.round,
            rounds=league.rounds,
            **values,
        )
    else:
        head = say(
            "🏆 **{title}** ({status}, not begun, {players} player(s), opened in <#{channel}>).",
            **values,
        )
    return Joined([head, rules(league)])
