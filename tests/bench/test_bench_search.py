"""What a level's search costs: CPU seconds per decision and iterations per second, per game,
on positions of a game played by the heuristic. The levels' iteration budgets (each
engine's ``search_rate``, read by ``engines.ai.levels``) are calibrated from these figures so that
``normal`` takes about 0.2 s and ``hard`` about 1 s of CPU a decision (docs/ai.md).

Run with: ./tabletop test -m bench -s tests/bench/test_bench_search.py
"""

from __future__ import annotations

import random
import statistics
import time

import pytest

import engines
from engines.ai.levels import LEVELS, Budget
from engines.ai.search import Search
from tests.shipped import shipped_games

OPTIONS = {"monopoly": {"mode": "quick"}}
#: decisions measured per game (every fifth one with a choice, along one heuristic game)
DECISIONS = 12
PROBE = Budget(iterations=40)


def positions(name: str, count: int) -> list[tuple[object, str, list]]:
    engine = engines.get_engine(name)
    rng = random.Random(5)
    state = engine.setup(["Ada", "Brook"], seed=5, options=OPTIONS.get(name))
    out: list[tuple[object, str, list]] = []
    seen = 0
    while not engine.is_over(state) and len(out) < count:
        player = engine.to_act(state)[0]
        legal = engine.legal_actions(state, player)
        if len(legal) > 1:
            seen += 1
            if seen % 5 == 0:
                out.append((state, player, legal))
        picked = engine.pick(state, player, legal, rng)
        state, _ = engine.play(state, player, next(a for a in legal if a.id == picked))
    return out


def cpu_per_iteration(name: str) -> float:
    """Mean CPU seconds of one search iteration over the measured decisions."""
    engine = engines.get_engine(name)
    spent, done = 0.0, 0
    for i, (state, player, legal) in enumerate(positions(name, DECISIONS)):
        search = Search(engine, player, random.Random(i), PROBE, engine.search_horizon)
        start = time.process_time()
        search.run(state, legal)
        spent += time.process_time() - start
        done += search.iterations
    return spent / max(done, 1)


def level_seconds(name: str, level: str) -> list[float]:
    """CPU seconds of each measured decision searched at ``level``'s own budget."""
    engine = engines.get_engine(name)
    budget = LEVELS[level].budget(name)
    out = []
    for i, (state, player, legal) in enumerate(positions(name, DECISIONS)):
        start = time.process_time()
        Search(engine, player, random.Random(i), budget, engine.search_horizon).run(state, legal)
        out.append(time.process_time() - start)
    return out


@pytest.mark.bench
@pytest.mark.parametrize("name", sorted(shipped_games()))
def test_bench_search_cost_per_decision(name):
    per = cpu_per_iteration(name)
    normal = level_seconds(name, "normal")
    print(
        f"\n{name}: {1 / per:,.0f} iterations per CPU second; normal "
        f"({LEVELS['normal'].budget(name).iterations} iterations): "
        f"median {statistics.median(normal):.2f} s, max {max(normal):.2f} s a decision; "
        f"hard is five times normal"
    )
