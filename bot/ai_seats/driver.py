"""AI seats move on their turn: after a turn message is published, any AI seat the game now awaits
thinks (off the event loop) and moves through the table's normal move path; its move is
published like anyone's, which may wake the next bot. One game's bots never wait on
another's: each game has its own task."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.ai_seats.seats import is_ai_seat
from bot.ai_seats.thinker import Thinker
from bot.errors import BoardChanged, TableError
from bot.table import Outcome, Table
from storage.shards import Shards

log = logging.getLogger(__name__)

Publish = Callable[[Outcome], Awaitable[None]]
#: an AI seat whose moves keep being refused gives up after this many tries in a row
MAX_RETRIES = 3


class AiSeatDriver:
    def __init__(
        self, table: Table, thinker: Thinker, publish: Publish, *, shards: Shards | None = None
    ) -> None:
        self.table = table
        self.thinker = thinker
        self.publish = publish
        self.shards = shards  # this process's shards (None: all): it wakes only their games
        self.running: dict[int, asyncio.Task[None]] = {}

    async def on_outcome(self, outcome: Outcome, message: object = None) -> None:
        """An outcome listener: wake the game's AI seats if it now awaits one."""
        if outcome.result is None and any(is_ai_seat(u) for u in outcome.to_act):
            self.wake(outcome.game.id)

    async def wake_all(self) -> None:
        """At start: every running game an AI seat owes a move (one left waiting by a restart)."""
        for game in await self.table.live_games():
            if self.shards is not None and not self.shards.owns(game.guild_id):
                continue  # another process's game: its AI seats play there
            if game.status == "running" and any(is_ai_seat(s.user_id) for s in game.seats):
                self.wake(game.id)

    def wake(self, game_id: int) -> None:
        task = self.running.get(game_id)
        if task is None or task.done():
            self.running[game_id] = asyncio.create_task(self.play(game_id))

    async def play(self, game_id: int) -> None:
        """Play the game's AI seats until it awaits none (or ends)."""
        refused = 0
        while refused < MAX_RETRIES:
            awaited = await self.table.awaited(game_id)
            ai_awaited = [u for u in awaited if is_ai_seat(u)]
            if not ai_awaited:
                return
            game = await self.table.game_by_id(game_id)
            try:
                outcome = await self.table.play_ai_seat(
                    game_id=game_id,
                    user_id=ai_awaited[0],
                    expected_version=game.version,
                    think=self.thinker.choose,
                )
            except BoardChanged:
                refused += 1
                continue
            except TableError as refusal:
                # the reason may name the (secret) move: the kind of refusal only
                log.warning("AI seat in game %s refused: %s", game_id, type(refusal).__name__)
                refused += 1
                continue
            refused = 0
            try:
                await self.publish(outcome)
            except Exception:
                log.exception("could not publish an AI seat's move in game %s", game_id)
            if outcome.result is not None:
                return

    async def close(self) -> None:
        for task in self.running.values():
            task.cancel()
        await asyncio.gather(*self.running.values(), return_exceptions=True)
        self.thinker.close()
