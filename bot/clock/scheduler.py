"""One task that sleeps until the earliest deadline or reminder, fires it, and sleeps again.

It holds nothing that is not in the database: at start (and after every wake-up) it asks the
clock's :class:`~bot.clock.firing.Firing` when the next timer falls due, so a restart rebuilds it
and fires whatever came due while the bot was down. Firing is claimed in the database, so
nothing fires twice. The time source and the way it waits are injected, so tests drive it
without ever sleeping; the services wake it through an :class:`Alarm` they share with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.logsafe import failure

log = logging.getLogger(__name__)


class Fires(Protocol):
    async def next_due_at(self) -> float | None: ...

    async def fire_due(self) -> int: ...


async def wait_or_wake(timeout: float | None, wake: asyncio.Event) -> None:
    """The real way to wait: until ``timeout`` seconds pass or someone calls ``wake``."""
    try:
        await asyncio.wait_for(wake.wait(), timeout)
    except TimeoutError:
        return


Sleep = Callable[[float | None, asyncio.Event], Awaitable[None]]


class Alarm:
    """Rung by the clock's services when the next timer may have moved (a move, a pause, a new
    clock); the scheduler waits on it. Made before both, so neither needs the other."""

    def __init__(self) -> None:
        self.event = asyncio.Event()

    def ring(self) -> None:
        self.event.set()


class Scheduler:
    def __init__(
        self,
        firing: Fires,
        *,
        now: Callable[[], float] = time.time,
        sleep: Sleep = wait_or_wake,
        retry_after: float = 60.0,
        alarm: Alarm | None = None,
    ):
        self.firing = firing
        self.now = now
        self.sleep = sleep
        self.retry_after = retry_after
        self.alarm = alarm or Alarm()
        self._task: asyncio.Task[None] | None = None

    def wake(self) -> None:
        """Something changed (a move, a pause, a new clock): look at the database again."""
        self.alarm.ring()

    async def step(self) -> float | None:
        """Fire what is due now; return how long to wait before the next timer (None: idle)."""
        await self.firing.fire_due()
        at = await self.firing.next_due_at()
        return None if at is None else max(0.0, at - self.now())

    async def run(self) -> None:
        while True:
            self.alarm.event.clear()
            try:
                delay = await self.step()
            except Exception as exc:
                log.error("the clock scheduler failed; trying again shortly: %s", failure(exc))
                delay = self.retry_after
            if delay == 0.0:
                continue
            await self.sleep(delay, self.alarm.event)

    def start(self) -> asyncio.Task[None]:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self.run(), name="clock-scheduler")
        return self._task

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
