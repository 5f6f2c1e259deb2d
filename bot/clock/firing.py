"""The scheduler's side of the clocks: when the next timer falls due, and firing what is due
(a reminder through :class:`~bot.clock.reminders.Reminders`, a passed deadline through
:class:`~bot.clock.standins.StandIns`), each timer once however many processes share the
database.

Kept apart from :class:`~bot.clock.deadlines.Deadlines` so that the stand-ins, which bring the
deadlines in line after playing, and the deadlines do not need each other.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass

from bot.clock import timers
from bot.clock.common import Now, log
from bot.clock.nights import Nights
from bot.clock.reminders import Reminders
from bot.clock.standins import StandIns
from bot.logsafe import failure
from bot.ops.metrics import OFF, Metrics
from storage.clock import ClockStore
from storage.shards import Shards


@dataclass(eq=False, repr=False)
class Firing:
    clocks: ClockStore
    reminders: Reminders
    standins: StandIns
    #: the notices held through players' quiet hours, released like timers
    nights: Nights
    _: KW_ONLY
    now: Now
    #: the shards this process runs (None: all of them): it fires their guilds' clocks only
    shards: Shards | None = None
    #: where each firing is counted, with how late it came (nothing unless the host asked)
    metrics: Metrics = OFF

    async def next_due_at(self) -> float | None:
        """When the earliest timer of a running clock, or the earliest held notice, falls due
        (indexed queries)."""
        at = timers.next_at(await self.clocks.next_deadlines(shards=self.shards))
        release = await self.nights.next_release_at()
        return min((t for t in (at, release) if t is not None), default=None)

    async def fire_due(self) -> int:
        """Fire every reminder and deadline that is due, in time order; each one only once,
        however many processes share the database (each timer is claimed in it first)."""
        now = self.now()
        fire, stale = timers.due(await self.clocks.due_deadlines(now, shards=self.shards), now)
        for t in stale:
            await self.clocks.claim(
                t.deadline.game_id, t.deadline.user_id, t.kind, t.deadline.due_at
            )
        fired = await self.nights.release_due()
        for t in fire:
            d = t.deadline
            if not await self.clocks.claim(d.game_id, d.user_id, t.kind, d.due_at, now=now):
                continue
            fired += 1
            self.metrics.clock_fired(t.kind, now - t.at)
            try:
                if t.kind == "deadline":
                    await self.standins.deadline_passed(d)
                else:
                    await self.reminders.remind(d, t.kind, now)
            except Exception as exc:
                log.error("firing the %s of game %s failed: %s", t.kind, d.game_id, failure(exc))
        return fired
