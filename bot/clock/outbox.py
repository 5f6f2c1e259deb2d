"""The clock's way out: notices and turn messages through the :class:`~bot.clock.ports.Notifier`,
where a channel that is gone closes its game instead of failing, and the latest board of each
game is remembered for ``/me turns``.

Every service that posts goes through here, so "the channel is gone" is handled once. It needs
:class:`~bot.clock.closing.Closing` (which never posts through here), so there is no cycle.
"""

from __future__ import annotations

from collections.abc import Awaitable

from bot.clock.closing import Closing
from bot.clock.ports import ChannelGone
from bot.table import GameInfo
from storage.clock import ClockStore


class Outbox:
    def __init__(self, clocks: ClockStore, closing: Closing) -> None:
        self.clocks = clocks
        self.closing = closing

    async def notify(self, game: GameInfo, notice: Awaitable[object]) -> bool:
        """Send a notice about ``game``; a channel that is gone closes the game instead."""
        try:
            await notice
        except ChannelGone as gone:
            await self.closing.close(game.id, gone.reason, tell=False)
            return False
        return True

    async def post_turn(self, game: GameInfo, posting: Awaitable[int | None]) -> None:
        """Post a turn message (a stand-in's, a removal's) and remember it as the latest board."""
        try:
            message_id = await posting
        except ChannelGone as gone:
            await self.closing.close(game.id, gone.reason, tell=False)
            return
        if message_id is not None:
            await self.board_posted(game.id, game.channel_id, message_id)

    async def board_posted(self, game_id: int, channel_id: int, message_id: int) -> None:
        """The Discord layer calls this with every board (turn) message it posts, so
        ``/me turns`` can link to the latest one."""
        await self.clocks.update_game(
            game_id, board_channel_id=channel_id, board_message_id=message_id
        )
