"""Random moves per second per engine: ``legal_actions`` + ``apply`` on random playouts, no
JSON. A searching bot plays thousands of these per decision, so this is its speed limit.

Two figures: the search path (``legal_actions`` once, then ``Engine.play``), which a bot takes
and which should reach 20,000 a second for every engine, and the checked path
(``Engine.apply``, which lists the player's moves again to check the id). Timed in CPU time,
each new game's ``setup`` included; on a shared machine, compare code by taking turns (see
docs/ai.md, "Speed").

Run with: ./tabletop test -m bench -s tests/bench/test_bench_random_moves.py
"""

from __future__ import annotations

import random
import time

import pytest

import engines
from tests.shipped import shipped_games

PLAYERS = ["Ada", "Brook", "Cy", "Dee"]
SECONDS = 3.0


def random_moves_per_second(
    name: str, n: int = 2, seconds: float = SECONDS, *, checked: bool = False
) -> float:
    """Moves per second of random playouts: the search's path (``legal_actions`` once, then
    ``play``), or with ``checked`` the public one (``apply``, which lists the actions again)."""
    engine = engines.get_engine(name)
    rng = random.Random(1)
    moves = 0
    start = time.process_time()
    seed = 0
    while time.process_time() - start < seconds:
        seed += 1
        state = engine.setup(PLAYERS[:n], seed=seed)
        for _ in range(engine.max_playout_steps):
            if engine.is_over(state):
                break
            player = engine.to_act(state)[0]
            action = rng.choice(engine.legal_actions(state, player))
            if checked:
                state, _ = engine.apply(state, player, action.id)
            else:
                state, _ = engine.play(state, player, action)
            moves += 1
    return moves / (time.process_time() - start)


@pytest.mark.bench
@pytest.mark.parametrize("name", sorted(shipped_games()))
def test_bench_random_moves_per_second(name):
    fast = random_moves_per_second(name)
    checked = random_moves_per_second(name, checked=True)
    print(
        f"\n{name}: {fast:,.0f} random moves/s (legal_actions + play), "
        f"{checked:,.0f} through apply (2 players, one core)"
    )
