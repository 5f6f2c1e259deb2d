"""``/me turns`` across every server at scale: the store-wide read of one player's games that
await them, on the scale benchmark's file (tests/bench/test_scale.py builds it: 500 servers,
real engine states, clocks). Not a timed test: it prints one line per size,

    my_turns 100000 games: my_turns_p50_ms=… my_turns_p99_ms=… games_per_player=…

Run it with

    ./tabletop test -m bench -s tests/bench/test_my_turns.py
    SCALE_SIZES=100000 ./tabletop test -m bench -s tests/bench/test_my_turns.py   (one size)

Each sample is ``records.mine(turns_only=True)`` for a seated player picked at random: their
running games through the seats' user index, who each awaits, and one read of the clock
tables for their deadlines, boards and banks (the target is a p99 of 50 ms at 100k games).
"""

from __future__ import annotations

import random
import time

import pytest

from bot.clock import records
from bot.table import Table
from storage import Store
from storage.clock import ClockStore
from tests.bench.test_scale import NOW, SIZES, build, percentile, samples

LOOKS = 400


@pytest.mark.bench
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("size", SIZES)
async def test_my_turns_at_scale(size, tmp_path):
    path = tmp_path / "scale.sqlite3"
    await (await Store.open(path)).close()  # the schema, from the migrations
    built = build(path, size, samples())
    store = await Store.open(path)
    clocks = await ClockStore.open(path)
    table = Table(store, now=lambda: NOW, render=False)
    rng = random.Random(11)
    users = sorted({user for _, user in built.seated})
    taken: list[float] = []
    found = 0
    try:
        for _ in range(LOOKS):
            user = rng.choice(users)
            started = time.perf_counter()
            turns = await records.mine(table, clocks, user, turns_only=True)
            taken.append(1000 * (time.perf_counter() - started))
            found += len(turns)
    finally:
        await clocks.close()
        await store.close()
    print()
    print(
        f"my_turns {size} games: my_turns_p50_ms={percentile(taken, 50):.1f} "
        f"my_turns_p99_ms={percentile(taken, 99):.1f} "
        f"games_per_player={len(built.seated) / len(users):.1f} turns_found={found}"
    )
    assert len(taken) == LOOKS and found > 0
