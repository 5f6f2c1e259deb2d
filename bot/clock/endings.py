"""Players leaving and games ending badly: a removal through the table's rules for leaving, a
closed game (its channel deleted, the bot removed, everyone gone), a member leaving the server.

A removal the table refuses because the player has already left (two removals at once, e.g. a
host's kick and the player's own concession) changes nothing: the game goes on.
"""

from __future__ import annotations

from bot.clock.base import ClockBase, log
from bot.clock.ports import ChannelGone
from bot.clock.results import Removal
from bot.errors import NoGame, NotSeated, TableError
from bot.table import GameInfo

LIVE = ("lobby", "running")


class Endings(ClockBase):
    async def _remove(self, game: GameInfo, user_id: int, why: str) -> Removal:
        """A player leaves a running game through the table's removal (its concede path).

        Refused with :class:`NotSeated` when they have already left and :class:`NoGame` when
        the game has ended (an abort came first); closed only when the game itself cannot be
        played any more (a damaged state, a failing engine)."""
        try:
            outcome = await self.table.remove_player(game_id=game.id, user_id=user_id)
        except (NotSeated, NoGame):
            raise  # they left, or the game ended, first: nothing to close
        except TableError as refused:
            await self.close(game.id, f"{why}; {refused.message}")
            return Removal.CLOSED
        await self._post_turn(game, self.notifier.post_turn(game, outcome, headline=why))
        return Removal.ENDED if outcome.result is not None else Removal.GOES_ON

    async def close(self, game_id: int, reason: str, *, tell: bool = True) -> bool:
        """End a live game for ``reason``, kept with its log; False if it had already ended.

        With ``tell``, the channel is told why (best effort: it may be the channel that is gone).
        """
        await self.clocks.update_game(game_id, closed_reason=reason)
        await self.clocks.drop_deadlines(game_id)
        self.wake()
        text = f"The game was closed: {reason}."
        game = await self.table.close(game_id=game_id, reason=reason, text=text)
        if game is None:
            return False
        if tell:
            try:
                await self.notifier.closed(game, reason)
            except ChannelGone:
                log.info("game %s closed; its channel is gone too", game_id)
        return True

    async def channel_gone(self, channel_id: int, reason: str = "its channel was deleted") -> bool:
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

    async def member_left(self, *, guild_id: int, user_id: int) -> int:
        """A member left the server: they leave each of its games here; returns how many."""
        games = await self._seated_games(guild_id, user_id, LIVE)
        for game in games:
            seat = game.active_seat_of(user_id)
            name = seat.name if seat is not None else "A player"
            try:
                if game.status == "lobby":
                    await self._leave_lobby(game, user_id, name)
                else:
                    await self._remove(game, user_id, f"{name} left the server")
            except (NotSeated, NoGame):
                continue  # they had left this game already, or it ended
            # the table hands a leaving host's role on to the next player
            game = await self.table.game_by_id(game.id)
            if game.status in LIVE and not game.active_seats:
                await self.close(game.id, "all players left")
        return len(games)

    async def _leave_lobby(self, game: GameInfo, user_id: int, name: str) -> None:
        if len(game.active_seats) <= 1:
            await self.close(game.id, "all players left")
            return
        try:
            await self.table.leave_lobby(game_id=game.id, user_id=user_id)
        except NotSeated:
            raise
        except TableError:
            await self.close(game.id, f"{name} left the server")
