"""What every part of the clock service shares: its settings, the table and the clock tables it
works on, the way out (:class:`~bot.clock.ports.Notifier`), and small lookups.

The service never reads or writes game rows itself: it asks the :class:`~bot.table.Table`
(whose changes it hears through :meth:`~bot.table.Table.subscribe`) and keeps only its own
bookkeeping (deadlines, missed turns, votes, away) in :class:`~storage.clock.ClockStore`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.clock.durations import DAY, HOUR
from bot.clock.ports import ChannelGone, Notifier
from bot.errors import HOST_POWERS_ALSO, NoGame, NotAllowed, WrongStage
from bot.table import GameInfo, Table
from bot.table.bots import Think
from bot.table.names import player_name
from storage.clock import ClockStore
from storage.shards import Shards

log = logging.getLogger("tabletop.clock")


@dataclass(frozen=True)
class ClockConfig:
    nudge_gap: float = 12 * HOUR
    away_window: float = 30 * DAY
    away_limit: float = 14 * DAY
    #: a stand-in plays the absent player's whole turn, but never more than this many actions
    standin_max_steps: int = 40


class ClockBase:
    def __init__(
        self,
        table: Table,
        clocks: ClockStore,
        notifier: Notifier,
        *,
        clock: Callable[[], float] = time.time,
        config: ClockConfig | None = None,
        shards: Shards | None = None,
    ):
        self.table = table
        #: the shards this process runs (None: all of them): it fires, and brings in line at
        #: start, the clocks of their guilds' games only; other processes do the rest
        self.shards = shards
        self.clocks = clocks
        self.notifier = notifier
        self.clock = clock
        self.config = config or ClockConfig()
        self.wake: Callable[[], None] = lambda: None
        #: how stand-ins choose: the bots' search when set (bot.bots), else the engine's
        #: suggestion
        self.think: Think | None = None

    # -- looking through the table ---------------------------------------------------------------
    async def _live(self, channel_id: int) -> GameInfo:
        game = await self.table.live_game(channel_id)
        if game is None:
            raise NoGame()
        return game

    async def _running(self, channel_id: int) -> GameInfo:
        game = await self._live(channel_id)
        if game.status != "running":
            raise WrongStage("The game has not started yet; that works once it runs.")
        return game

    def _require_host(self, game: GameInfo, user_id: int, can_manage: bool) -> None:
        # host powers follow the seat: a host who left the game has none
        if not can_manage and (user_id != game.host_id or game.active_seat_of(user_id) is None):
            raise NotAllowed(f"Only the host (<@{game.host_id}>), {HOST_POWERS_ALSO} can do that.")

    @staticmethod
    def _name_of(game: GameInfo, user_id: int, by_name: str | None) -> str:
        """How the game's log names who used a power: their seat's name, else (a moderator
        with no seat) their display name made safe, never a mention: the log is also read
        outside Discord (the spectator page), where ``<@id>`` would show the user id."""
        seat = game.seat_of(user_id)
        if seat is not None:
            return seat.name
        return player_name(by_name) if by_name else "A moderator"

    async def _seated_games(
        self, guild_id: int | None, user_id: int, statuses: Iterable[str]
    ) -> list[GameInfo]:
        return await self.table.seated_games(guild_id, user_id, statuses)

    # -- posting -------------------------------------------------------------------------------
    async def _notify(self, game: GameInfo, notice: Awaitable[object]) -> bool:
        """Send a notice about ``game``; a channel that is gone closes the game instead."""
        try:
            await notice
        except ChannelGone as gone:
            await self.close(game.id, gone.reason, tell=False)
            return False
        return True

    async def _post_turn(self, game: GameInfo, posting: Awaitable[int | None]) -> None:
        """Post a turn message (a stand-in's, a removal's) and remember it as the latest board."""
        try:
            message_id = await posting
        except ChannelGone as gone:
            await self.close(game.id, gone.reason, tell=False)
            return
        if message_id is not None:
            await self.board_posted(game.id, game.channel_id, message_id)

    async def board_posted(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Hook: the Discord layer calls this with every board (turn) message it posts, so
        ``/me games`` can link to the latest one."""
        await self.clocks.update_game(
            game_id, board_channel_id=channel_id, board_message_id=message_id
        )

    if TYPE_CHECKING:  # provided by the other parts of the service (bot.clock.service)

        async def close(self, game_id: int, reason: str, *, tell: bool = True) -> bool: ...

        async def sync(
            self,
            game_id: int,
            *,
            game: GameInfo | None = None,
            waiting: Iterable[int] | None = None,
        ) -> list[int]: ...
