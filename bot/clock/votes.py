"""Votes about a player who keeps missing turns: keep (the stand-in keeps the seat for good) or
kick (the player is removed through the game's rules for leaving). A majority decides."""

from __future__ import annotations

from dataclasses import replace

from bot.clock.common import running
from bot.clock.deadlines import Deadlines
from bot.clock.endings import Removals
from bot.clock.results import Vote
from bot.errors import NotAllowed, NotSeated, TableError
from bot.table import Table
from i18n.say import say
from storage.clock import ClockStore


class Votes:
    def __init__(
        self, table: Table, clocks: ClockStore, deadlines: Deadlines, removals: Removals
    ) -> None:
        self.table = table
        self.clocks = clocks
        self.deadlines = deadlines
        self.removals = removals

    async def vote(self, *, channel_id: int, user_id: int, target_id: int, choice: str) -> Vote:
        if choice not in ("keep", "kick"):
            raise TableError(say("Vote `keep` (the stand-in keeps the seat) or `kick`."))
        game = await running(self.table, channel_id)
        if game.active_seat_of(user_id) is None:
            raise NotSeated(say("Only the players of this game can vote."))
        target = game.active_seat_of(target_id)
        if target is None:
            raise TableError(say("<@{user}> is not playing in this game.", user=str(target_id)))
        if target_id == user_id:
            raise NotAllowed(
                say("You cannot vote about your own seat; moving again ends the vote.")
            )
        dg = await self.clocks.game(game.id)
        if not (await self.clocks.seat(game.id, target_id)).vote_open:
            raise TableError(
                say(
                    "No vote is open about {player}. One opens after {n} missed turns in a row.",
                    player=target.name,
                    n=dg.missed_limit,
                )
            )
        await self.clocks.cast_vote(game.id, target_id, user_id, choice)
        votes = await self.clocks.votes(game.id, target_id)
        voters = [s.user_id for s in game.active_seats if s.user_id != target_id]
        need = len(voters) // 2 + 1
        keep = sum(1 for v, c in votes.items() if v in voters and c == "keep")
        kick = sum(1 for v, c in votes.items() if v in voters and c == "kick")
        tally = Vote(user_id, target.name, choice, keep, kick, need)
        if keep < need and kick < need:
            return tally
        await self.clocks.update_seat(game.id, target_id, vote_open=0)
        await self.clocks.clear_votes(game.id, target_id)
        if keep >= need:
            await self.clocks.update_seat(game.id, target_id, standin_for_good=1)
            await self.clocks.drop_deadline(game.id, target_id)  # it plays at once from now on
            text = say("The players voted: {player}'s stand-in keeps the seat.", player=target.name)
            await self.table.note(game_id=game.id, kind="vote", user_id=None, text=text)
            await self.deadlines.sync(game.id)
            return replace(tally, decided="keep")
        removal = await self.removals.remove(
            game, target_id, say("{player} was voted out", player=target.name)
        )
        text = say("The players voted to remove {player} from the game.", player=target.name)
        await self.table.note(game_id=game.id, kind="vote", user_id=None, text=text)
        return replace(tally, decided="kick", removal=removal)
