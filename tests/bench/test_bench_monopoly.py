"""Monopoly performance figures (run with: python -m pytest -m bench -s tests/bench/test_bench_monopoly.py)."""

from __future__ import annotations

import random
import statistics
import time

import pytest

from engines.monopoly.engine import ENGINE
from rendering import render_board

NAMES = ["Ada", "Brook", "Cy", "Dee", "Eli", "Fox"]


def _game(n: int, seed: int):
    s = ENGINE.setup(NAMES[:n], seed=seed)
    rng = random.Random(seed)
    steps = 0
    while ENGINE.result(s) is None:
        p = rng.choice(ENGINE.to_act(s))
        s, _ = ENGINE.apply(s, p, ENGINE.suggest(s, p, rng))
        steps += 1
    return s, steps


@pytest.mark.bench
def test_bench_random_full_games_per_second():
    start = time.perf_counter()
    games = steps = 0
    for seed in range(10):
        for n in (2, 4, 6):
            _, k = _game(n, seed)
            games += 1
            steps += k
    elapsed = time.perf_counter() - start
    print(
        f"\nmonopoly: {games / elapsed:.2f} full games/s "
        f"({steps / games:.0f} actions per game, {steps / elapsed:.0f} actions/s)"
    )


@pytest.mark.bench
def test_bench_one_move_through_json_p50_p99():
    """One move as the platform makes it: load the JSON, check and apply, dump the JSON."""
    s = ENGINE.setup(NAMES[:4], seed=7)
    rng = random.Random(7)
    blob = s.model_dump_json()
    times = []
    while len(times) < 2000:
        state = ENGINE.load_state(blob)
        if ENGINE.result(state) is not None:
            state = ENGINE.setup(NAMES[:4], seed=len(times))
            blob = state.model_dump_json()
            continue
        p = rng.choice(ENGINE.to_act(state))
        action = ENGINE.suggest(state, p, rng)
        t0 = time.perf_counter()
        state = ENGINE.load_state(blob)
        new, _ = ENGINE.apply(state, p, action)
        ENGINE.to_act(new)
        blob = new.model_dump_json()
        times.append(time.perf_counter() - t0)
    times.sort()
    p50 = statistics.median(times) * 1000
    p99 = times[int(len(times) * 0.99)] * 1000
    print(f"\nmonopoly: one move (load + apply + dump) p50 {p50:.2f} ms, p99 {p99:.2f} ms")


@pytest.mark.bench
def test_bench_board_render_time_and_size():
    s = ENGINE.setup(NAMES[:4], seed=3)
    rng = random.Random(3)
    for _ in range(400):
        if ENGINE.result(s) is not None:
            break
        p = rng.choice(ENGINE.to_act(s))
        s, _ = ENGINE.apply(s, p, ENGINE.suggest(s, p, rng))
    view = ENGINE.view(s, None)
    render_board("monopoly", view)  # first call draws the printed board once
    times = []
    for _ in range(10):
        t0 = time.perf_counter()
        png = render_board("monopoly", view)
        times.append(time.perf_counter() - t0)
    print(
        f"\nmonopoly: board render median {statistics.median(times) * 1000:.0f} ms, "
        f"min {min(times) * 1000:.0f} ms, PNG {len(png) / 1024:.0f} KB"
    )
