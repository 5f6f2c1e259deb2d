"""Games closing badly: their channel deleted, the bot removed from the server, everyone gone.

:class:`Closing` posts straight through the notifier, best effort (the channel may be the thing
that is gone), so the :class:`~bot.clock.outbox.Outbox`, whose gone channels close games, can
depend on it without a cycle.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.clock.common import Wake, log
from bot.clock.ports import ChannelGone, Notifier
from bot.table import Table
from i18n.say import say
from storage.clock import ClockStore

#: the statuses of a game that is not over yet
LIVE = ("lobby", "running")


CHANNEL_DELETED = say("its channel was deleted")


@dataclass(eq=False, repr=False)
class Closing:
    table: Table
    clocks: ClockStore
    notifier: Notifier
    wake: Wake

    async def close(self, game_id: int, reason: str, *, tell: bool = True) -> bool:
        """End a live game for ``reason``, kept with its log; False if it had already ended.

        With ``tell``, the channel is told why (best effort: it may be the channel that is gone).
        """
        await self.clocks.update_game(game_id, closed_reason=reason)
        await self.clocks.drop_deadlines(game_id)
        self.wake()
        text = say("The game was closed: {reason}.", reason=reason)
        game = await self.table.close(game_id=game_id, reason=reason, text=text)
        if game is None:
            return False
        if tell:
            try:
                await self.notifier.closed(game, reason)
            except ChannelGone:
                log.info("game %s closed; its channel is gone too", game_id)
        return True

    async def channel_gone(self, channel_id: int, reason: str = CHANNEL_DELETED) -> bool:
        """The channel or thread was deleted, or the bot can no longer see it."""
        game = await self.table.live_game(channel_id)
        if game is None:
            return False
        return await self.close(game.id, reason, tell=False)

    async def guild_gone(self, guild_id: int, reason: str) -> int:
        """The bot was removed from a server: its live games close; returns how many."""
        closed = 0
        for game in await self.table.games(LIVE, guild_id=guild_id):
            if await self.close(game.id, reason, tell=False):
                closed += 1
        return closed
