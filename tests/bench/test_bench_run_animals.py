"""Run Animals, Run! performance: full random games per second, one move, one render.

Run with: PATH=/work/venv/bin:$PATH python -m pytest -m bench -s tests/bench/test_bench_run_animals.py
"""

from __future__ import annotations

import random
import statistics
import time

import pytest

from engines.run_animals.engine import ENGINE
from engines.run_animals.render import render_board, render_hand

PLAYERS = ["Ada", "Brook", "Cy", "Dee"]


def _game(n: int, seed: int):
    state = ENGINE.setup(PLAYERS[:n], seed=seed)
    rng = random.Random(seed)
    states = [state]
    while ENGINE.result(state) is None:
        player = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, player, ENGINE.suggest(state, player, rng))
        states.append(state)
    return states


@pytest.mark.bench
@pytest.mark.parametrize("n", [2, 3, 4])
def test_bench_random_full_games_per_second(n):
    start = time.perf_counter()
    games = steps = 0
    while time.perf_counter() - start < 2.0:
        steps += len(_game(n, games)) - 1
        games += 1
    elapsed = time.perf_counter() - start
    print(f"\nrun_animals {n}p: {games / elapsed:.1f} games/s, {steps / games:.0f} moves/game")


@pytest.mark.bench
def test_bench_one_move_apply_and_json_round_trip():
    samples = []
    rng = random.Random(1)
    for seed in range(6):
        for state in _game(4, seed)[:-1]:
            player = ENGINE.to_act(state)[0]
            action = ENGINE.suggest(state, player, rng)
            t0 = time.perf_counter()
            new, _ = ENGINE.apply(state, player, action)
            ENGINE.load_state(new.model_dump_json())
            samples.append(time.perf_counter() - t0)
    samples.sort()
    p50 = statistics.median(samples) * 1000
    p99 = samples[int(len(samples) * 0.99)] * 1000
    print(
        f"\nrun_animals move (apply + JSON dump/load), {len(samples)} moves: p50 {p50:.2f} ms, p99 {p99:.2f} ms"
    )


@pytest.mark.bench
def test_bench_render_board_and_hand():
    states = _game(4, 3)
    state = states[len(states) // 2]
    view = ENGINE.view(state, None)
    render_board(view)  # fonts load once
    times, cpu = [], []
    for _ in range(20):
        t0, c0 = time.perf_counter(), time.process_time()
        png = render_board(view)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    hand_view = ENGINE.view(state, state.players[0])
    t0 = time.perf_counter()
    hand = render_hand(hand_view)
    hand_ms = (time.perf_counter() - t0) * 1000
    print(
        f"\nrun_animals render_board: median {statistics.median(times) * 1000:.1f} ms wall "
        f"({statistics.median(cpu) * 1000:.1f} ms CPU), "
        f"{len(png) / 1024:.0f} KB; render_hand {hand_ms:.1f} ms, {len(hand) / 1024:.0f} KB"
    )
