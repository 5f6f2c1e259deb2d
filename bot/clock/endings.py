"""Players leaving: :class:`Removals` takes a player out through the table's rules for leaving
(a host's kick, the players' vote, a member leaving the server) and posts the turn that follows
through the :class:`~bot.clock.outbox.Outbox`; a game nobody can play on is closed
(:class:`~bot.clock.closing.Closing`).

A removal the table refuses because the player has already left (two removals at once, e.g. a
host's kick and the player's own concession) changes nothing: the game goes on.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.clock.closing import LIVE, Closing
from bot.clock.outbox import Outbox
from bot.clock.ports import Notifier
from bot.clock.results import Removal
from bot.errors import NoGame, NotSeated, TableError
from bot.table import GameInfo, Table
from i18n.say import say


@dataclass(eq=False, repr=False)
class Removals:
    table: Table
    notifier: Notifier
    outbox: Outbox
    closing: Closing

    async def remove(self, game: GameInfo, user_id: int, why: str) -> Removal:
        """A player leaves a running game through the table's removal (its concede path).

        Refused with :class:`NotSeated` when they have already left and :class:`NoGame` when
        the game has ended (an abort came first); closed only when the game itself cannot be
        played any more (a damaged state, a failing engine)."""
        try:
            outcome = await self.table.remove_player(game_id=game.id, user_id=user_id)
        except (NotSeated, NoGame):
            raise  # they left, or the game ended, first: nothing to close
        except TableError as refused:
            await self.closing.close(
                game.id, say("{why}; {refusal}", why=why, refusal=refused.message)
            )
            return Removal.CLOSED
        await self.outbox.post_turn(game, self.notifier.post_turn(game, outcome, headline=why))
        return Removal.ENDED if outcome.result is not None else Removal.GOES_ON

    async def member_left(self, *, guild_id: int, user_id: int) -> int:
        """A member left the server: they leave each of its games here; returns how many."""
        games = await self.table.seated_games(guild_id, user_id, LIVE)
        for game in games:
            seat = game.active_seat_of(user_id)
            name = seat.name if seat is not None else say("A player")
            try:
                if game.status == "lobby":
                    await self._leave_lobby(game, user_id, name)
                else:
                    await self.remove(game, user_id, say("{player} left the server", player=name))
            except (NotSeated, NoGame):
                continue  # they had left this game already, or it ended
            # the table hands a leaving host's role on to the next player
            game = await self.table.game_by_id(game.id)
            if game.status in LIVE and not game.active_seats:
                await self.closing.close(game.id, say("all players left"))
        return len(games)

    async def _leave_lobby(self, game: GameInfo, user_id: int, name: str) -> None:
        if len(game.active_seats) <= 1:
            await self.closing.close(game.id, say("all players left"))
            return
        try:
            await self.table.leave_lobby(game_id=game.id, user_id=user_id)
        except NotSeated:
            raise
        except TableError:
            await self.closing.close(game.id, say("{player} left the server", player=name))
