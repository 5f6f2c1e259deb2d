"""Stand-ins: when a deadline passes, the AI's search (or the engine's suggestion) plays the
absent player's turn through the table's move path; after enough missed turns in a row, the
others may vote. A player who left the server is removed instead."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import KW_ONLY, dataclass

from bot.clock.common import ClockConfig, Now, log
from bot.clock.deadlines import Deadlines
from bot.clock.endings import Removals
from bot.clock.nights import Nights
from bot.clock.outbox import Outbox
from bot.clock.ports import Notifier
from bot.errors import BoardChanged, TableError
from bot.table import GameInfo, Outcome, Table
from bot.table.ai_seats import Think
from engines.ai.levels import DEFAULT_LEVEL
from i18n.say import say, say_n
from storage.clock import ClockStore, Deadline


async def level_of(clocks: ClockStore, game_id: int) -> str:
    """The level the game's stand-ins play at: the host's choice, else the default."""
    return await clocks.standin_level(game_id) or DEFAULT_LEVEL


@dataclass(eq=False, repr=False)
class StandIns:
    table: Table
    clocks: ClockStore
    notifier: Notifier
    outbox: Outbox
    deadlines: Deadlines
    removals: Removals
    #: who a vote's opening may ping now (not a sleeper)
    nights: Nights
    _: KW_ONLY
    now: Now
    config: ClockConfig
    #: how stand-ins choose: the bots' search when given (bot.ai_seats), else the engine's
    #: suggestion
    think: Think | None = None

    async def deadline_passed(self, d: Deadline) -> None:
        """``d`` passed: a stand-in plays the turn, and a vote opens after enough misses."""
        game = await self.table.game_by_id(d.game_id)
        waiting = await self.table.awaited(game.id)
        if d.user_id not in waiting:
            await self.deadlines.sync(game.id, game=game, waiting=waiting)
            return
        if game.guild_id is not None and not await self.notifier.is_member(
            game.guild_id, d.user_id
        ):
            await self.removals.member_left(guild_id=game.guild_id, user_id=d.user_id)
            return
        player = waiting[d.user_id]
        seat = await self.clocks.seat(game.id, d.user_id)
        if seat.standin_for_good:
            missed = seat.missed
            note = say(
                "⌛ {player}'s seat is played by the stand-in; it plays this turn.", player=player
            )
        else:
            missed = await self.clocks.add_missed(game.id, d.user_id)
            note = say_n(
                "⌛ {player}'s time ran out ({n} missed turn in a row); a stand-in plays this "
                "turn for them.",
                "⌛ {player}'s time ran out ({n} missed turns in a row); a stand-in plays this "
                "turn for them.",
                missed,
                player=player,
            )
        noted = await self.table.note(game_id=game.id, kind="standin", user_id=None, text=note)
        outcomes = await self._play_standin(game.id, d.user_id, noted.version)
        if outcomes:
            kept = seat.standin_for_good
            turn = self.notifier.standin_turn(game, merge(outcomes), player=player, kept=kept)
            await self.outbox.post_turn(game, turn)
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
            voters = await self.nights.awake(game, others)
            opened = self.notifier.vote_opened(game, player=player, missed=missed, voters=voters)
            await self.outbox.notify(game, opened)
        await self.deadlines.sync(game.id, game=game)

    async def _play_standin(self, game_id: int, user_id: int, version: int) -> list[Outcome]:
        """Play the absent player's turn (from ``version``) through the table's move path; each
        move is marked as the stand-in's in the clock's log."""
        outcomes: list[Outcome] = []
        level = await level_of(self.clocks, game_id)
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
                self.now(),
                "standin",
                f"stand-in for <@{user_id}>: {label}",
                user_id=user_id,
                version=outcome.game.version,
            )
            outcomes.append(outcome)
            self.table.metrics.standin(outcome.game.engine)
            if outcome.result is not None or user_id not in outcome.to_act:
                break
            version = outcome.game.version
        return outcomes

    async def note(self, game: GameInfo) -> list[str]:
        """A public line naming the seats a stand-in keeps for good in a running game, for the
        turn message, the board and ``/game status`` (empty when there are none): one of the
        table's note sources."""
        if game.status != "running":
            return []
        kept = await self.clocks.kept_seats(game.id)
        names = [s.name for s in game.active_seats if s.user_id in kept]
        if not names:
            return []
        return [
            say_n(
                "🤖 A stand-in plays for {players} (kept seat; moving again takes a seat back).",
                "🤖 A stand-in plays for {players} (kept seats; moving again takes a seat back).",
                len(names),
                players=", ".join(names),
            )
        ]


def merge(outcomes: list[Outcome]) -> Outcome:
    """One outcome for a stand-in's whole turn: every public event, the final position."""
    private: dict[int, list[str]] = {}
    for o in outcomes:
        for user_id, texts in o.private_events.items():
            private.setdefault(user_id, []).extend(texts)
    return dataclasses.replace(
        outcomes[-1], events=[e for o in outcomes for e in o.events], private_events=private
    )
