"""How good the levels' decisions are, against a search four times ``hard``'s budget: how often
``normal`` and ``hard`` choose its move, and what their choices lose by its estimate (regret,
in the search's reward: a win is 1). It answers why ``hard``, with five times ``normal``'s
budget, wins only a little more often (docs/bots.md). About a minute and a half of CPU a game.

Run with: ./tabletop test -m bench -s tests/bench/test_bench_decisions.py
"""

from __future__ import annotations

import random
import statistics
from typing import Any

import pytest

import engines
from engines.ai.levels import LEVELS, Budget
from engines.ai.search import Node, Search
from tests.shipped import shipped_games

OPTIONS = {"monopoly": {"mode": "quick"}}
#: decisions measured per game: every seventh with a real choice, along heuristic games
DECISIONS = 16
#: the reference's budget, in multiples of hard's
REFERENCE = 4


class Reference(Search):
    """A search that spends its whole budget and keeps its root's statistics."""

    stop_when_decided = False
    root: Node

    def _iterate(self, root: Node, state: Any) -> None:
        self.root = root
        super()._iterate(root, state)


def decisions(name: str) -> list[tuple[Any, str, list[Any]]]:
    engine = engines.get_engine(name)
    out: list[tuple[Any, str, list[Any]]] = []
    for game in range(20):
        state = engine.setup(["Ada", "Brook"], seed=100 + game, options=OPTIONS.get(name))
        rng = random.Random(game)
        seen = 0
        while not engine.is_over(state):
            player = engine.to_act(state)[0]
            legal = engine.legal_actions(state, player)
            if len(engine.search_actions(state, player, legal)) > 1:
                seen += 1
                if seen % 7 == 3:
                    out.append((state, player, legal))
                    if len(out) == DECISIONS:
                        return out
            picked = engine.pick(engine.determinize(state, player, rng), player, legal, rng)
            state, _ = engine.play(state, player, next(a for a in legal if a.id == picked))
    return out


@pytest.mark.bench
@pytest.mark.timeout(3600)  # a minute and a half of CPU, far longer on a loaded machine
@pytest.mark.parametrize("name", sorted(shipped_games()))
def test_bench_how_often_each_level_finds_the_reference_move(name):
    engine = engines.get_engine(name)
    budgets = {lv: LEVELS[lv].budget(name) for lv in ("normal", "hard")}
    agree = dict.fromkeys(budgets, 0)
    regret: dict[str, list[float]] = {lv: [] for lv in budgets}
    gaps = []
    found = decisions(name)
    for i, (state, player, legal) in enumerate(found):
        iterations = REFERENCE * budgets["hard"].iterations
        ref = Reference(
            engine,
            player,
            random.Random(900 + i),
            Budget(iterations=iterations),
            engine.search_horizon,
        )
        best = ref.run(state, legal)
        mean = {a: c.reward / c.visits for a, c in ref.root.children.items() if c.visits}
        ranked = sorted(mean.values(), reverse=True)
        if len(ranked) > 1:
            gaps.append(ranked[0] - ranked[1])
        for level, budget in budgets.items():
            search = Search(engine, player, random.Random(i), budget, engine.search_horizon)
            move = search.run(state, legal)
            agree[level] += move == best
            regret[level].append(mean[best] - mean.get(move, mean[best]))
    n = len(found)
    print(
        f"\ndecisions {name}: positions={n} normal_agrees={agree['normal']}/{n} "
        f"hard_agrees={agree['hard']}/{n} regret normal={statistics.mean(regret['normal']):.4f} "
        f"hard={statistics.mean(regret['hard']):.4f} median_gap_top2={statistics.median(gaps):.4f}"
    )
    assert n == DECISIONS
