"""How long the scheduler's work takes with many games (run: pytest -m bench -s tests/clock)."""

import statistics
import time

import pytest

from tests.clock.conftest import ADA, BO, HOUR

GAMES = 100


@pytest.mark.bench
async def test_bench_scheduler_with_a_hundred_running_games(world):
    for i in range(GAMES):
        await world.game(ADA, BO, channel=10_000 + i)
    lookups = []
    for _ in range(50):
        t0 = time.perf_counter()
        await world.service.firing.next_due_at()
        lookups.append(time.perf_counter() - t0)
    world.now.advance(24 * HOUR)
    t0 = time.perf_counter()
    fired = await world.service.firing.fire_due()
    firing = time.perf_counter() - t0
    t0 = time.perf_counter()
    await world.service.deadlines.recover()
    recovering = time.perf_counter() - t0
    assert fired == GAMES
    print(
        f"\n{GAMES} running games: next_due_at p50 {statistics.median(lookups) * 1000:.2f} ms, "
        f"p99 {sorted(lookups)[int(len(lookups) * 0.99) - 1] * 1000:.2f} ms; "
        f"{fired} stand-in turns fired in {firing:.2f} s ({firing / fired * 1000:.1f} ms each); "
        f"recover() at start {recovering * 1000:.0f} ms"
    )
