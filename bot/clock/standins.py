"""Stand-ins: when a deadline passes, the engine's suggestion plays the absent player's turn
through the table's move path; after enough missed turns in a row, the others may vote."""

from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING

from bot.clock.base import ClockBase, log
from bot.errors import BoardChanged, TableError
from bot.table import Outcome
from storage.clock import Deadline


class StandIns(ClockBase):
    if TYPE_CHECKING:  # provided by bot.clock.endings and bot.clock.host

        async def member_left(self, *, guild_id: int, user_id: int) -> int: ...

        async def standin_level(self, game_id: int) -> str: ...

    async def _deadline_passed(self, d: Deadline) -> None:
        game = await self.table.game_by_id(d.game_id)
        waiting = await self.table.awaited(game.id)
        if d.user_id not in waiting:
            await self.sync(game.id, game=game, waiting=waiting)
            return
        if game.guild_id is not None and not await self.notifier.is_member(
            game.guild_id, d.user_id
        ):
            await self.member_left(guild_id=game.guild_id, user_id=d.user_id)
            return
        player = waiting[d.user_id]
        seat = await self.clocks.seat(game.id, d.user_id)
        if seat.standin_for_good:
            missed = seat.missed
            note = f"⌛ {player}'s seat is played by the stand-in; it plays this turn."
        else:
            missed = await self.clocks.add_missed(game.id, d.user_id)
            note = (
                f"⌛ {player}'s time ran out ({missed} missed turn{'s' if missed > 1 else ''} "
                "in a row); a stand-in plays this turn for them."
            )
        noted = await self.table.note(game_id=game.id, kind="standin", user_id=None, text=note)
        outcomes = await self._play_standin(game.id, d.user_id, noted.version)
        if outcomes:
            kept = seat.standin_for_good
            turn = self.notifier.standin_turn(game, merge(outcomes), player=player, kept=kept)
            await self._post_turn(game, turn)
        game = await self.table.game_by_id(game.id)
        dg = await self.clocks.game(game.id)
        if (
            game.status == "running"
            and not seat.standin_for_good
            and not seat.vote_open
            and missed >= dg.missed_limit
        ):
            await self.clocks.update_seat(game.id, d.user_id, vote_open=1)
            others = [s.user_id for s in game.active_seats if s.user_id != d.user_id]
            opened = self.notifier.vote_opened(game, player=player, missed=missed, voters=others)
            await self._notify(game, opened)
        await self.sync(game.id, game=game)

    async def _play_standin(self, game_id: int, user_id: int, version: int) -> list[Outcome]:
        """Play the absent player's turn (from ``version``) through the table's move path; each
        move is marked as the stand-in's in the clock's log."""
        outcomes: list[Outcome] = []
        level = await self.standin_level(game_id)
        for step in range(self.config.standin_max_steps):
            rng = random.Random(f"{game_id}:{version}:{user_id}:{step}")
            try:
                if self.think is not None:  # the search, at the game's level
                    outcome = await self.table.play_standin(
                        game_id=game_id,
                        user_id=user_id,
                        expected_version=version,
                        think=self.think,
                        level=level,
                    )
                else:
                    outcome = await self.table.play_for(
                        game_id=game_id, user_id=user_id, rng=rng, expected_version=version
                    )
            except BoardChanged:
                game = await self.table.game_by_id(game_id)
                if user_id not in await self.table.awaited(game_id):
                    break
                version = game.version
                continue
            except TableError as refused:
                # the reason may name the (secret) move it tried: the kind of refusal only
                log.warning("stand-in in game %s refused: %s", game_id, type(refused).__name__)
                break
            label = outcome.action.label if outcome.action is not None else "a move"
            await self.clocks.log(
                game_id,
                self.clock(),
                "standin",
                f"stand-in for <@{user_id}>: {label}",
                user_id=user_id,
                version=outcome.game.version,
            )
            outcomes.append(outcome)
            if outcome.result is not None or user_id not in outcome.to_act:
                break
            version = outcome.game.version
        return outcomes


def merge(outcomes: list[Outcome]) -> Outcome:
    """One outcome for a stand-in's whole turn: every public event, the final position."""
    private: dict[int, list[str]] = {}
    for o in outcomes:
        for user_id, texts in o.private_events.items():
            private.setdefault(user_id, []).extend(texts)
    return dataclasses.replace(
        outcomes[-1], events=[e for o in outcomes for e in o.events], private_events=private
    )
