"""What a league says: its rules, its rounds, its standings as text (the same content as the
standings picture, for screen readers). Plain strings; the Discord layer posts them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import engines
from bot.clock.durations import format_duration
from bot.leagues.standings import SCALE, Standing, points_text
from storage.leagues import LeagueRow, TableRow

SCORED_GAME = "The league round's deadline passed: this game is scored from the standings now."
CLOSED_GAME = "The league was closed by its game master, so this game ends here."
STATUS = {
    "signup": "sign-up open",
    "running": "running",
    "paused": "paused",
    "closed": "closed",
    "finished": "finished",
}


def title(league: LeagueRow) -> str:
    return f"League #{league.id}: {engines.get_engine(league.engine).title}"


def rules(league: LeagueRow) -> str:
    """The league's rules, as shown on its message and in ``/league info``."""
    clock = (
        "no turn clock"
        if league.turn_seconds is None
        else f"a turn clock of {format_duration(league.turn_seconds)}"
    )
    seating = (
        "Swiss pairings (no rematch while another pairing exists; with an odd number of "
        "players, the lowest placed who has had the fewest byes sits out with a bye)"
        if league.table_size == 2
        else f"tables of about {league.table_size} players of similar standing"
    )
    return (
        f"{league.rounds} round(s) of {format_duration(league.round_seconds)} each, "
        f"{seating}, {clock}. Each game opens in its own thread. A round ends when all its "
        f"games end or when its time is up: unfinished games are then scored from the "
        f"game's standings at that moment and closed. Points: {SCALE}. Ties in the "
        f"standings are broken by rating in this game. `/league leave` drops you out (your "
        f"running game is conceded)."
    )


def signup(league: LeagueRow, players: Sequence[str]) -> str:
    """The league's message during sign-up."""
    due = f"<t:{int(league.due_at)}:R>" if league.due_at is not None else "soon"
    who = ", ".join(players) if players else "nobody yet"
    return (
        f"🏆 **{title(league)}** — sign-up closes {due}.\n{rules(league)}\n"
        f"Signed up ({len(players)}): {who}"
    )


def too_few(league: LeagueRow, eng: engines.Engine[Any]) -> str:
    return (
        f"🏆 {title(league)} did not start: {eng.title} needs at least {eng.min_players} "
        f"players, and fewer signed up."
    )


def closed(league: LeagueRow) -> str:
    return f"🏆 {title(league)} was closed by its game master. Final standings:"


def finished(league: LeagueRow) -> str:
    return f"🏆 {title(league)} is over. Final standings:"


def round_started(league: LeagueRow, tables: Sequence[TableRow], names: Mapping[int, str]) -> str:
    lines = [f"🏆 {title(league)}: round {league.round} of {league.rounds} begins."]
    if league.due_at is not None:
        lines[0] += f" It ends <t:{int(league.due_at)}:R> at the latest."
    for t in tables:
        who = ", ".join(names.get(u, "?") for u in t.users)
        lines.append(f"Table {t.table_no}: {who}" + (" (bye: scores as a win)" if t.bye else ""))
    return "\n".join(lines)


def thread_name(league: LeagueRow, game: str, table_no: int, players: Sequence[str]) -> str:
    return f"L{league.id} R{league.round} T{table_no} {game} — {' v '.join(players)}"


def standings_text(rows: Sequence[Standing]) -> str:
    """The standings in words, one player a line: the picture's content for screen readers."""
    if not rows:
        return "No players."
    lines = []
    for s in rows:
        rating = "unrated" if s.rating is None else f"rating {s.rating:.1f}"
        left = ", left the league" if s.dropped else ""
        lines.append(
            f"{s.rank}. {s.name}: {points_text(s.points)} point(s) from {s.played} game(s), "
            f"{rating}{left}"
        )
    return "\n".join(lines)


def info(league: LeagueRow, players: int) -> str:
    """``/league info``'s answer for one league."""
    where = f"round {league.round} of {league.rounds}" if league.round else "not begun"
    return (
        f"🏆 **{title(league)}** ({STATUS.get(league.status, league.status)}, {where}, "
        f"{players} player(s), opened in <#{league.channel_id}>).\n{rules(league)}"
    )
