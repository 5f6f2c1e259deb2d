"""What a server's games look like over time: your live games, recent games, wins and games.

Read-only: games (with their seats, results and end reasons) come from the table, deadlines
and the latest board message from the clock tables. Finished and closed games are never
deleted, so their full log stays in the move log for ``/game log`` and for these summaries.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypedDict

from bot.table import GameInfo, Table
from storage.clock import ClockGame, ClockStore, ClockTables, Deadline


@dataclass(frozen=True)
class MineEntry:
    game_id: int
    channel_id: int
    title: str
    status: str
    guild_id: int | None
    your_turn: bool
    waiting_for: list[str]
    deadline: float | None  # your deadline, when it is your turn and the clock runs
    paused: bool
    board_channel_id: int | None
    board_message_id: int | None
    #: what is left of your time bank, in a game that has one
    bank_left: float | None = None


@dataclass(frozen=True)
class HistoryEntry:
    game_id: int
    channel_id: int
    title: str
    status: str  # "finished" | "aborted"
    players: list[str]
    winners: list[str]
    reason: str
    ended_at: float


@dataclass
class PlayerStats:
    user_id: int
    name: str
    games: int = 0
    wins: int = 0


@dataclass
class GameStats:
    engine: str
    title: str
    games: int = 0
    finished: int = 0
    winners: dict[str, int] = field(default_factory=dict)


class Which(TypedDict):
    """The fields every entry starts with (unpacked into :class:`MineEntry` and
    :class:`HistoryEntry`)."""

    game_id: int
    channel_id: int
    title: str
    status: str


def _which(game: GameInfo) -> Which:
    """The fields every entry starts with: which game, where, what, and how it stands."""
    return {
        "game_id": game.id,
        "channel_id": game.channel_id,
        "title": game.title,
        "status": game.status,
    }


async def mine(
    table: Table, clocks: ClockStore, user_id: int, *, turns_only: bool = False
) -> list[MineEntry]:
    """The user's live games in every server (only those that await them, with
    ``turns_only``: ``/me turns``), found through their seats, with one read of the clock
    tables for all of them."""
    games = await table.player_live(user_id, awaited_only=turns_only)
    ids = [g.id for g, _ in games]
    yours = [g.id for g, waiting in games if user_id in waiting]

    def clock_rows(
        t: ClockTables,
    ) -> tuple[dict[int, ClockGame], dict[int, Deadline], dict[int, float]]:
        deadlines = {
            game_id: d for game_id in yours for d in t.deadlines(game_id) if d.user_id == user_id
        }
        banks = {}
        for game_id in yours:
            bank = t.rules(game_id).bank_seconds
            if bank is not None:
                banks[game_id] = t.bank_left(game_id, user_id, bank)
        return t.games_with_board_in(ids), deadlines, banks

    info, deadlines, banks = await clocks.run(clock_rows)
    out: list[MineEntry] = []
    for row, waiting in games:
        dg = info.get(row.id)
        d = deadlines.get(row.id)
        out.append(
            MineEntry(
                **_which(row),
                guild_id=row.guild_id,
                your_turn=user_id in waiting,
                waiting_for=list(waiting.values()),
                deadline=d.due_at if d is not None and d.fired_at is None else None,
                paused=bool(dg and dg.paused_at is not None),
                board_channel_id=dg.board_channel_id if dg else None,
                board_message_id=dg.board_message_id if dg else None,
                bank_left=banks.get(row.id),
            )
        )
    # your turn first, then the nearest deadline
    out.sort(key=lambda e: (not e.your_turn, e.deadline or float("inf"), e.game_id))
    return out


async def history(
    table: Table, guild_id: int | None, channel_id: int | None = None, limit: int = 10
) -> list[HistoryEntry]:
    rows = await table.ended_games(guild_id, channel_id=channel_id, limit=limit)
    out: list[HistoryEntry] = []
    for row in rows:
        reason = row.end_reason or (row.result.reason if row.result else "")
        out.append(
            HistoryEntry(
                **_which(row),
                players=[s.name for s in row.seats],
                winners=list(row.result.winners) if row.result else [],
                reason=reason,
                ended_at=row.updated_at,
            )
        )
    return out


#: how many of a server's most recently ended games :func:`visible_history` looks through
HISTORY_SCAN = 200


async def visible_history(
    table: Table,
    guild_id: int | None,
    visible: Callable[[int], bool],
    limit: int = 10,
    scan: int = HISTORY_SCAN,
) -> tuple[list[HistoryEntry], int]:
    """A server's recent games in the channels the asker can see (``visible``, asked once per
    channel), newest first, and how many games in other channels were left out: those newer
    than the last one listed, or, when fewer than ``limit`` are listed, all of the ``scan`` most
    recent games. Players, winners and channels of the others are never named."""
    seen: dict[int, bool] = {}
    shown: list[HistoryEntry] = []
    hidden = 0
    for entry in await history(table, guild_id, None, limit=scan):
        if len(shown) == limit:
            break
        if entry.channel_id not in seen:
            seen[entry.channel_id] = visible(entry.channel_id)
        if seen[entry.channel_id]:
            shown.append(entry)
        else:
            hidden += 1
    return shown, hidden


async def stats(table: Table, guild_id: int | None) -> tuple[list[PlayerStats], list[GameStats]]:
    """Per player (games played to the end or closed, wins) and per game, in this server."""
    rows = await table.ended_games(guild_id)
    rows.sort(key=lambda r: r.id)  # oldest first: a player's latest name is the one kept
    players: dict[int, PlayerStats] = {}
    games: dict[str, GameStats] = {}
    for row in rows:
        winners = set(row.result.winners) if row.result and row.status == "finished" else set()
        g = games.setdefault(row.engine, GameStats(row.engine, row.title))
        g.games += 1
        g.finished += row.status == "finished"
        for seat in row.seats:
            p = players.setdefault(seat.user_id, PlayerStats(seat.user_id, seat.name))
            p.name = seat.name
            p.games += 1
            if seat.name in winners:
                p.wins += 1
                g.winners[seat.name] = g.winners.get(seat.name, 0) + 1
    ranked = sorted(players.values(), key=lambda p: (-p.wins, -p.games, p.name))
    return ranked, sorted(games.values(), key=lambda g: (-g.games, g.title))
