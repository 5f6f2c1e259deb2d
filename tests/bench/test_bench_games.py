"""Every game's performance, one line per figure: whole random games, one move through JSON as
the platform makes it, and a board render. Parametrized over the registered games, so a new game
is measured without a bench of its own (a game's own measurements, such as Anatomy Park's
40-tile park, sit in its test folder).

Run: ./tabletop test -m bench -s tests/bench/test_bench_games.py
"""

from __future__ import annotations

import random
import statistics
import time

import pytest

import engines
import rendering
from tests.shipped import shipped_games

NAMES = ["Ada", "Brook", "Cy", "Dee", "Eli", "Fox"]
GAMES = sorted(shipped_games())


def _play(name: str, n: int, seed: int, upto: int | None = None):
    """A random game (the stand-in's choices) of ``n`` players: its last state and its length."""
    engine = engines.get_engine(name)
    state = engine.setup(NAMES[:n], seed=seed, options=dict(engine.report_options))
    rng = random.Random(seed)
    steps = 0
    while engine.result(state) is None and (upto is None or steps < upto):
        player = rng.choice(engine.to_act(state))
        state, _ = engine.apply(state, player, engine.suggest(state, player, rng))
        steps += 1
    return state, steps


def _counts(name: str) -> list[int]:
    engine = engines.get_engine(name)
    return sorted({engine.min_players, engine.max_players})


@pytest.mark.bench
@pytest.mark.parametrize("name", GAMES)
def test_bench_random_full_games_per_second(name):
    for n in _counts(name):
        start = time.perf_counter()
        games, steps = 10, 0
        for seed in range(games):
            steps += _play(name, n, seed)[1]
        elapsed = time.perf_counter() - start
        print(f"\n{name} {n}p: {games / elapsed:.1f} games/s, {steps / games:.0f} moves/game")


@pytest.mark.bench
@pytest.mark.parametrize("name", GAMES)
def test_bench_one_move_through_json_p50_p99(name):
    """One move as the platform makes it: load the JSON, check and apply, dump the JSON."""
    engine = engines.get_engine(name)
    n = engine.max_players
    times: list[float] = []
    for seed in range(5):
        state = engine.setup(NAMES[:n], seed=seed, options=dict(engine.report_options))
        rng = random.Random(seed)
        blob = state.model_dump_json()
        while engine.result(state) is None and len(times) < 400 * (seed + 1):
            player = rng.choice(engine.to_act(state))
            action = engine.suggest(state, player, rng)
            t0 = time.perf_counter()
            state, _ = engine.apply(engine.load_state(blob), player, action)
            engine.to_act(state)
            blob = state.model_dump_json()
            times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    p50, p99 = statistics.median(times), times[max(0, int(len(times) * 0.99) - 1)]
    print(f"\n{name} one move (load + apply + dump): p50 {p50:.2f} ms, p99 {p99:.2f} ms")


@pytest.mark.bench
@pytest.mark.parametrize("name", GAMES)
def test_bench_board_render_time_and_size(name):
    engine = engines.get_engine(name)
    state, _ = _play(name, min(4, engine.max_players), seed=3, upto=200)
    view = engine.view(state, None)
    rendering.render_board(name, view)  # warm the fonts and the renderer's caches
    times, size = [], 0
    for _ in range(10):
        t0 = time.perf_counter()
        size = len(rendering.render_board(name, view))
        times.append((time.perf_counter() - t0) * 1000)
    seat = engine.to_act(state) or NAMES[:1]
    hand = rendering.render_hand(name, engine.view(state, seat[0]))
    hand_words = f" (hand image {len(hand) / 1024:.0f} KB)" if hand else ""
    print(
        f"\n{name} board render: median {statistics.median(times):.1f} ms, "
        f"{size / 1024:.0f} KB{hand_words}"
    )
