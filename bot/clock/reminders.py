"""Reminders before a deadline, nudges from the other players, and direct-message notices."""

from __future__ import annotations

from collections.abc import Sequence

from bot.clock.base import ClockBase, Said, when
from bot.clock.durations import format_duration
from bot.clock.ports import DmFailed
from bot.errors import NotSeated, TableError
from bot.table import GameInfo
from storage.clock import Deadline


class Reminders(ClockBase):
    async def _remind(self, d: Deadline, kind: str, now: float) -> None:
        game = await self.table.game_by_id(d.game_id)
        if game.status != "running" or d.user_id not in await self.table.awaited(game.id):
            return
        left = format_duration(d.due_at - now)
        lead = "half your time has gone" if kind == "half" else "time is nearly up"
        text = (
            f"⏰ <@{d.user_id}>, it is your turn in **{game.title}** and {lead}: "
            f"{left} left (until {when(d.due_at)}), then a stand-in plays for you."
        )
        if await self._post(game, text, mention=[d.user_id]):
            await self._dm_turn(game, [d.user_id], extra=f" {left} left.")

    async def _dm_turn(self, game: GameInfo, user_ids: Sequence[int], extra: str = "") -> None:
        for user_id in user_ids:
            on, _ = await self.clocks.notify(user_id)
            if not on:
                continue
            text = f"It is your turn in **{game.title}** in <#{game.channel_id}>.{extra}"
            try:
                await self.notifier.dm(user_id, text)
            except DmFailed:
                if await self.clocks.claim_failure_told(user_id):
                    await self._post(
                        game,
                        f"(I could not send <@{user_id}> a direct message about their turn; "
                        "their DMs may be closed. `/game notify off` stops me trying.)",
                    )

    async def nudge(self, *, channel_id: int, user_id: int) -> Said:
        game = await self._running(channel_id)
        if game.active_seat_of(user_id) is None:
            raise NotSeated("Only the players of this game can nudge.")
        waiting = [u for u in await self.table.awaited(game.id) if u != user_id]
        if not waiting:
            raise TableError("Nobody else is holding up the game right now.")
        now = self.clock()
        next_ok = await self.clocks.take_nudge(game.id, now, self.config.nudge_gap)
        if next_ok is not None:
            raise TableError(
                f"This game was nudged less than {format_duration(self.config.nudge_gap)} ago. "
                f"The next nudge is possible {when(next_ok)}."
            )
        deadlines = {d.user_id: d for d in await self.clocks.deadlines(game.id)}
        parts = []
        for u in waiting:
            d = deadlines.get(u)
            due = f" (deadline {when(d.due_at)})" if d and d.fired_at is None else ""
            parts.append(f"<@{u}>{due}")
        await self._dm_turn(game, waiting, extra=" The other players nudged you.")
        return Said(
            f"👋 <@{user_id}> nudges {', '.join(parts)}: the game of **{game.title}** "
            "is waiting for you.",
            tuple(waiting),
        )

    async def set_notify(self, *, user_id: int, on: bool) -> str:
        await self.clocks.set_notify(user_id, on)
        if on:
            return "I will send you a direct message when it is your turn."
        return "No more direct messages about your turns."
