"""How long one move takes through the Table (load, check, apply, save in one transaction; no
rendering), and how long one public board render takes, for every registered game.

Not a timed test: it prints p50/p99 figures. Run it with

    python -m pytest -m bench -s tests/bench        (or: ./tabletop test -m bench -s tests/bench)
"""

from __future__ import annotations

import random
import time

import pytest

import engines
import rendering
from bot.table import Table
from storage import Store

MOVES = 300  # moves timed per game, over as many random playouts as that takes
RENDERS = 60  # board renders timed per game, spread over the same playouts


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def describe(label: str, samples: list[float]) -> str:
    if not samples:
        return f"{label}: no samples"
    return (
        f"{label} p50 {percentile(samples, 50):7.2f} ms  p99 {percentile(samples, 99):7.2f} ms"
        f"  (n={len(samples)})"
    )


@pytest.mark.bench
@pytest.mark.parametrize("game", engines.names())
async def test_bench_move_and_render(game, tmp_path):
    engine = engines.get_engine(game)
    store = await Store.open(tmp_path / "bench.sqlite3")
    table = Table(store, render=False)
    rng = random.Random(2024)
    move_ms: list[float] = []
    render_ms: list[float] = []
    render_every = 1
    no_renderer = False
    channel = 0
    try:
        while len(move_ms) < MOVES:
            channel += 1
            players = engine.min_players + (channel - 1) % (
                engine.max_players - engine.min_players + 1
            )
            await table.new_game(
                guild_id=1,
                channel_id=channel,
                user_id=1,
                user_name="P1",
                engine=game,
                seed=channel,
            )
            for user in range(2, players + 1):
                await table.join(channel_id=channel, user_id=user, user_name=f"P{user}")
            outcome = await table.start(channel_id=channel, user_id=1)
            steps = 0
            while outcome.result is None and len(move_ms) < MOVES:
                user = rng.choice(sorted(outcome.to_act))
                action = await table.suggest(channel_id=channel, user_id=user, rng=rng)
                started = time.perf_counter()
                outcome = await table.act(channel_id=channel, user_id=user, action_id=action)
                move_ms.append(1000 * (time.perf_counter() - started))
                steps += 1
                if not no_renderer and steps % render_every == 0 and len(render_ms) < RENDERS:
                    row = await store.live_game(channel) or await store.latest_game(channel)
                    state = engine.load_state(row.state)
                    started = time.perf_counter()
                    try:
                        rendering.render_board(game, engine.view(state, None))
                    except rendering.NoRenderer:
                        no_renderer = True
                        continue
                    render_ms.append(1000 * (time.perf_counter() - started))
                    render_every = max(1, MOVES // RENDERS)
    finally:
        await store.close()
    print()
    print(f"[bench] {game:14s} {describe('move (load+apply+save)', move_ms)}")
    print(
        f"[bench] {game:14s} "
        + (
            "render: this game has no renderer yet"
            if no_renderer
            else describe("board render          ", render_ms)
        )
    )
    assert len(move_ms) == MOVES
