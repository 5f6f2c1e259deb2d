"""The scheduler loop: it waits exactly until the next timer, and never sleeps in tests."""

import asyncio

from bot.clock.scheduler import Scheduler


class FakeService:
    """Timers at fixed times; firing records them (the real service is tested elsewhere)."""

    def __init__(self, now, times):
        self.now = now
        self.pending = sorted(times)
        self.fired = []

    async def next_due_at(self):
        return self.pending[0] if self.pending else None

    async def fire_due(self):
        due = [t for t in self.pending if t <= self.now()]
        self.pending = [t for t in self.pending if t > self.now()]
        self.fired.extend(due)
        return len(due)


class FakeTime:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def test_the_loop_waits_until_each_timer_and_fires_it_once_in_order():
    now = FakeTime()
    service = FakeService(now, [50.0, 10.0, 30.0])
    waits = []
    stop = asyncio.Event()

    async def fake_sleep(timeout, wake):
        waits.append(timeout)
        if timeout is None:
            stop.set()
            await asyncio.Event().wait()  # idle: would wait for a wake-up
        now.advance(timeout)

    scheduler = Scheduler(service, now=now, sleep=fake_sleep)
    scheduler.start()
    await asyncio.wait_for(stop.wait(), 5)
    await scheduler.stop()
    assert service.fired == [10.0, 30.0, 50.0]
    assert waits == [10.0, 20.0, 20.0, None]


async def test_a_failing_fire_is_retried_later_instead_of_killing_the_loop():
    now = FakeTime()
    calls = []
    stop = asyncio.Event()

    class Broken(FakeService):
        async def fire_due(self):
            calls.append(now())
            if len(calls) == 1:
                raise RuntimeError("database is locked")
            return await super().fire_due()

    service = Broken(now, [0.0])

    async def fake_sleep(timeout, wake):
        if timeout is None:
            stop.set()
            await asyncio.Event().wait()
        now.advance(timeout)

    scheduler = Scheduler(service, now=now, sleep=fake_sleep, retry_after=60)
    scheduler.start()
    await asyncio.wait_for(stop.wait(), 5)
    await scheduler.stop()
    assert calls == [0.0, 60.0]
    assert service.fired == [0.0]


async def test_wake_cuts_a_long_wait_short():
    from bot.clock.scheduler import wait_or_wake

    wake = asyncio.Event()
    task = asyncio.create_task(wait_or_wake(3600, wake))
    await asyncio.sleep(0)
    wake.set()
    await asyncio.wait_for(task, 5)
    assert task.done()


async def test_the_real_wait_returns_when_its_time_is_up():
    from bot.clock.scheduler import wait_or_wake

    await wait_or_wake(0.0, asyncio.Event())
