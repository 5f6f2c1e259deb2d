"""Anatomy Park performance: whole random games, one move, and a 40-tile board render.

Run: PATH=/work/venv/bin:$PATH python -m pytest -m bench -s tests/bench/test_bench_anatomy_park.py
"""

import random
import statistics
import time

import pytest

import rendering
from engines.anatomy_park.engine import ENGINE
from tests.anatomy_park.parks import big_park

NAMES = ["Ada", "Bea", "Cy", "Dee", "Eli", "Fox"]


def _game(n: int, seed: int, mode: str) -> int:
    s = ENGINE.setup(NAMES[:n], seed=seed, options={"mode": mode})
    rng = random.Random(seed)
    steps = 0
    while not s.over:
        p = rng.choice(ENGINE.to_act(s))
        s, _ = ENGINE.apply(s, p, ENGINE.suggest(s, p, rng))
        steps += 1
    return steps


@pytest.mark.bench
def test_bench_random_full_games_per_second():
    start = time.perf_counter()
    games = steps = 0
    for seed in range(4):
        for n in range(2, 7):
            steps += _game(n, seed, "advanced" if seed % 2 else "basic")
            games += 1
    took = time.perf_counter() - start
    print(
        f"\nanatomy_park: {games / took:.1f} random full games/s ({steps / games:.0f} actions/game)"
    )


@pytest.mark.bench
def test_bench_one_move_apply_and_json_round_trip():
    times = []
    for seed in range(3):
        s = ENGINE.setup(NAMES[:4], seed=seed)
        rng = random.Random(seed)
        while not s.over:
            p = rng.choice(ENGINE.to_act(s))
            a = ENGINE.suggest(s, p, rng)
            t0 = time.perf_counter()
            s, _ = ENGINE.apply(s, p, a)
            s = ENGINE.load_state(s.model_dump_json())
            times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    p50 = statistics.median(times)
    p99 = times[int(len(times) * 0.99) - 1]
    print(f"\nanatomy_park one move (apply + JSON dump/load): p50 {p50:.2f} ms, p99 {p99:.2f} ms")


@pytest.mark.bench
def test_bench_render_40_tile_park():
    view = ENGINE.view(big_park(40), None)
    rendering.render_board("anatomy_park", view)  # warm the font and glyph caches
    times, cpu, size = [], [], 0
    for _ in range(10):
        t0, c0 = time.perf_counter(), time.process_time()
        png = rendering.render_board("anatomy_park", view)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        size = len(png)
    cold_view = ENGINE.view(big_park(40, mode="basic"), "Ada")
    t0 = time.perf_counter()
    rendering.render_hand("anatomy_park", cold_view)
    hand_ms = (time.perf_counter() - t0) * 1000
    print(
        f"\nanatomy_park 40-tile board: median {statistics.median(times):.1f} ms wall "
        f"({statistics.median(cpu):.1f} ms CPU), max {max(times):.1f} ms, {size / 1024:.0f} KB; "
        f"hand {hand_ms:.1f} ms"
    )
