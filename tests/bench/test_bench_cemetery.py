"""Cemetery Creatures performance: whole random games, one move, and a board render.

Run: PATH=/work/venv/bin:$PATH python -m pytest -m bench -s tests/bench/test_bench_cemetery.py
"""

from __future__ import annotations

import random
import statistics
import time

import pytest

import rendering
from engines.cemetery.engine import ENGINE

PLAYERS = ["Ada", "Brook"]


def _play(seed: int, *, upto: int | None = None):
    state = ENGINE.setup(PLAYERS, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while ENGINE.result(state) is None and (upto is None or steps < upto):
        p = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, p, ENGINE.suggest(state, p, rng))
        steps += 1
    return state, steps


@pytest.mark.bench
def test_bench_random_full_games_per_second():
    start = time.perf_counter()
    steps = 0
    games = 20
    for seed in range(games):
        steps += _play(seed)[1]
    took = time.perf_counter() - start
    print(f"\ncemetery: {games / took:.1f} random full games/s ({steps / games:.0f} actions/game)")


@pytest.mark.bench
def test_bench_one_move_apply_and_json_round_trip():
    times = []
    for seed in range(5):
        state = ENGINE.setup(PLAYERS, seed=seed)
        rng = random.Random(seed)
        while ENGINE.result(state) is None:
            p = ENGINE.to_act(state)[0]
            action = ENGINE.suggest(state, p, rng)
            t0 = time.perf_counter()
            state, _ = ENGINE.apply(state, p, action)
            state = ENGINE.load_state(state.model_dump_json())
            times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    p50 = statistics.median(times)
    p99 = times[max(0, int(len(times) * 0.99) - 1)]
    print(f"\ncemetery one move (apply + JSON dump/load): p50 {p50:.2f} ms, p99 {p99:.2f} ms")


@pytest.mark.bench
def test_bench_board_render_time_and_size():
    state, _ = _play(4, upto=200)
    view = ENGINE.view(state, None)
    rendering.render_board("cemetery", view)
    times, size = [], 0
    for _ in range(10):
        t0 = time.perf_counter()
        data = rendering.render_board("cemetery", view)
        times.append((time.perf_counter() - t0) * 1000)
        size = len(data)
    hand = rendering.render_hand("cemetery", ENGINE.view(state, state.players[state.current]))
    print(
        f"\ncemetery board render: median {statistics.median(times):.1f} ms, "
        f"{size / 1024:.0f} KB (hand image {len(hand) / 1024:.0f} KB)"
    )
