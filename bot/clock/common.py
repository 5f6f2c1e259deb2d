"""What the clock's services share: their configuration, the log, and small lookups through the
table (the channel's live or running game, host powers, how the log names who acted).

No service reads or writes game rows itself: each asks the :class:`~bot.table.Table` and keeps
only its own bookkeeping (deadlines, missed turns, votes, away) in
:class:`~storage.clock.ClockStore`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.clock.durations import DAY, HOUR
from bot.errors import NoGame, NotAllowed, WrongStage
from bot.table import GameInfo, Table
from bot.table.names import player_name
from i18n.say import say

log = logging.getLogger("tabletop.clock")

#: the time source every service reads (``time.time`` in the bot, a hand-moved one in tests)
Now = Callable[[], float]
#: what a service calls when the next timer may have moved, so the scheduler looks again
Wake = Callable[[], None]


@dataclass(frozen=True)
class ClockConfig:
    nudge_gap: float = 12 * HOUR
    away_window: float = 30 * DAY
    away_limit: float = 14 * DAY
    #: a stand-in plays the absent player's whole turn, but never more than this many actions
    standin_max_steps: int = 40
    #: players' quiet hours are respected (no notice then; deadlines moved out of them);
    #: off only to measure what they change (tests/bench/test_fortnight.py)
    respect_nights: bool = True


async def live(table: Table, channel_id: int) -> GameInfo:
    """The channel's game in the lobby or running; refused when there is none."""
    game = await table.live_game(channel_id)
    if game is None:
        raise NoGame()
    return game


async def running(table: Table, channel_id: int) -> GameInfo:
    """The channel's running game; refused in the lobby."""
    game = await live(table, channel_id)
    if game.status != "running":
        raise WrongStage(say("The game has not started yet; that works once it runs."))
    return game


#: who besides the host has host powers (:data:`bot.errors.HOST_POWERS_ALSO`), worded for the
#: reader of the refusal
HOST_POWERS_SAID = say(
    "a member with Manage Messages, or a member with the server's game master role"
)


def require_host(game: GameInfo, user_id: int, can_manage: bool) -> None:
    """Refuse anyone but the seated host or a moderator: host powers follow the seat, so a
    host who left the game has none."""
    if not can_manage and (user_id != game.host_id or game.active_seat_of(user_id) is None):
        raise NotAllowed(
            say(
                "Only the host (<@{host}>), {also} can do that.",
                host=str(game.host_id),
                also=HOST_POWERS_SAID,
            )
        )


def name_of(game: GameInfo, user_id: int, by_name: str | None) -> str:
    """How the game's log names who used a power: their seat's name, else (a moderator with no
    seat) their display name made safe, never a mention: the log is also read outside Discord
    (the spectator page), where ``<@id>`` would show the user id."""
    seat = game.seat_of(user_id)
    if seat is not None:
        return seat.name
    return player_name(by_name) if by_name else say("A moderator")
