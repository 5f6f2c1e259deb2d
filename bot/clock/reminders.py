"""Reminders before a deadline, nudges from the other players, and direct-message notices."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import KW_ONLY, dataclass

from bot.ai_seats.seats import is_ai_seat
from bot.clock.common import ClockConfig, Now, running
from bot.clock.durations import format_duration
from bot.clock.nights import Nights
from bot.clock.outbox import Outbox
from bot.clock.ports import DmFailed, Notifier
from bot.clock.results import Nudge
from bot.errors import NotSeated, TableError
from bot.table import GameInfo, Table
from i18n.say import say
from storage.clock import ClockStore, Deadline

#: the fewest reminders per turn a player must want to get each reminder
REMINDER_RANK = {"near": 1, "half": 2}


@dataclass(eq=False, repr=False)
class Reminders:
    table: Table
    clocks: ClockStore
    notifier: Notifier
    outbox: Outbox
    #: who a reminder or a direct message may reach now (not a sleeper, nor who muted it)
    nights: Nights
    _: KW_ONLY
    now: Now
    config: ClockConfig

    async def remind(self, d: Deadline, kind: str, now: float) -> None:
        """A reminder of ``d`` fell due (``kind`` "half" or "near"): in the channel and by
        direct message, as the player chose; none beyond their reminders per turn (one: only
        "near"), and none in their quiet hours (the notice is held until they end)."""
        game = await self.table.game_by_id(d.game_id)
        if game.status != "running" or d.user_id not in await self.table.awaited(game.id):
            return
        wanted = (await self.clocks.player_settings(d.user_id)).reminders_per_turn
        if REMINDER_RANK[kind] > wanted:
            return
        reach = await self.nights.reach(game, [d.user_id])
        left = d.due_at - now
        if reach.mention:
            remind = self.notifier.remind(game, d.user_id, kind=kind, due_at=d.due_at, left=left)
            if not await self.outbox.notify(game, remind):
                return
        await self._dm(game, reach.dm, due_at=d.due_at)

    async def dm_turn(
        self, game: GameInfo, user_ids: Sequence[int], *, due_at: float | None = None
    ) -> None:
        """Direct-message each of ``user_ids`` who asked for it and may be reached now."""
        await self._dm(game, (await self.nights.reach(game, user_ids)).dm, due_at=due_at)

    async def send_dms(self, game: GameInfo, user_ids: Sequence[int]) -> None:
        """Tell ``user_ids`` by direct message that their turn began (found reachable)."""
        await self._dm(game, user_ids)

    async def _dm(
        self,
        game: GameInfo,
        user_ids: Sequence[int],
        *,
        due_at: float | None = None,
        nudged: bool = False,
    ) -> None:
        """Direct-message each of ``user_ids`` (already found reachable)."""
        for user_id in user_ids:
            try:
                await self.notifier.turn_dm(user_id, game, due_at=due_at, nudged=nudged)
            except DmFailed:
                if await self.clocks.claim_failure_told(user_id):
                    await self.outbox.notify(game, self.notifier.dm_failed(game, user_id))

    async def nudge(self, *, channel_id: int, user_id: int) -> Nudge:
        game = await running(self.table, channel_id)
        if game.active_seat_of(user_id) is None:
            raise NotSeated(say("Only the players of this game can nudge."))
        # AI seats move at once and have nobody to notify
        waiting = [
            u for u in await self.table.awaited(game.id) if u != user_id and not is_ai_seat(u)
        ]
        if not waiting:
            raise TableError(say("Nobody else is holding up the game right now."))
        now = self.now()
        next_ok = await self.clocks.take_nudge(game.id, now, self.config.nudge_gap)
        if next_ok is not None:
            raise TableError(
                say(
                    "This game was nudged less than {gap} ago. The next nudge is possible "
                    "<t:{at}:f> (<t:{at}:R>).",
                    gap=format_duration(self.config.nudge_gap),
                    at=str(int(next_ok)),
                )
            )
        deadlines = {d.user_id: d for d in await self.clocks.deadlines(game.id)}
        nudged: list[tuple[int, float | None]] = []
        for u in waiting:
            d = deadlines.get(u)
            nudged.append((u, d.due_at if d and d.fired_at is None else None))
        reach = await self.nights.reach(game, waiting)
        await self._dm(game, reach.dm, nudged=True)
        return Nudge(user_id, game.title, tuple(nudged), reach.mention)
