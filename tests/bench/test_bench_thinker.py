"""Bots think off the event loop: while a ``hard`` bot searches, how late the loop wakes a
5 ms timer (the delay any other game's move or render would see), with the bot's own worker
process (:class:`bot.ai_seats.thinker.Thinker`) and, for contrast, with a thread of this process.

Run with: ./tabletop test -m bench -s tests/bench/test_bench_thinker.py
"""

from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import engines
from bot.ai_seats.thinker import Thinker
from tests.bench.test_scale import Lag

GAME = "cemetery"


def midgame_json() -> tuple[str, str]:
    engine = engines.get_engine(GAME)
    state = engine.setup(["Ada", "Brook"], seed=3)
    rng = random.Random(3)
    for _ in range(20):
        player = engine.to_act(state)[0]
        state, _ = engine.apply(state, player, engine.suggest(state, player, rng))
    return state.model_dump_json(), engine.to_act(state)[0]


async def lag_while_thinking(thinker: Thinker, state_json: str, player: str) -> tuple[float, float]:
    """(the loop's worst lag, the think's wall time) during one ``hard`` decision; the worker
    is warmed up first so a process start is not counted."""
    await thinker.choose(GAME, state_json, player, "easy", 1)
    started = time.perf_counter()
    with Lag() as lag:
        await thinker.choose(GAME, state_json, player, "hard", 7)
        await asyncio.sleep(0.01)
    return lag.worst, time.perf_counter() - started


@pytest.mark.bench
async def test_bench_a_hard_bot_thinking_does_not_hold_up_the_event_loop():
    state_json, player = midgame_json()
    pooled = Thinker()
    try:
        in_pool = await lag_while_thinking(pooled, state_json, player)
    finally:
        pooled.close()
    threaded = Thinker(ThreadPoolExecutor(max_workers=1))
    try:
        in_thread = await lag_while_thinking(threaded, state_json, player)
    finally:
        threaded.close()
    for name, (worst, took) in (("worker process", in_pool), ("thread", in_thread)):
        print(
            f"\nhard decision in {GAME} in a {name}: {took:.2f} s; "
            f"event loop late by at most {worst * 1000:.1f} ms meanwhile"
        )
