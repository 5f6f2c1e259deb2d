"""The search bot: honest about hidden information, deterministic for a seed, and its levels."""

from __future__ import annotations

import random

import pytest

import engines
from engines.ai import Budget, choose, level_named
from engines.core import IllegalAction
from tests.shipped import shipped_games

PLAYERS = ["Ada", "Brook", "Cy"]
SMALL = Budget(iterations=30)


def _midgame(name: str, n: int = 2, moves: int = 25, seed: int = 3):
    engine = engines.get_engine(name)
    options = {"mode": "quick"} if name == "monopoly" else None
    state = engine.setup(PLAYERS[:n], seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(moves):
        if engine.is_over(state):
            break
        player = engine.to_act(state)[0]
        state, _ = engine.apply(state, player, engine.suggest(state, player, rng))
    return engine, state


def _with_choices(name: str):
    """A mid-game state whose awaited player has more than one move."""
    for moves in range(25, 200):
        engine, state = _midgame(name, moves=moves)
        player = engine.to_act(state)[0]
        if len(engine.legal_actions(state, player)) > 1:
            return engine, state, player
    raise AssertionError(f"{name}: no choice found")


@pytest.mark.parametrize("name", sorted(shipped_games()))
def test_the_decision_is_the_same_whether_the_hidden_parts_are_true_or_re_dealt(name):
    engine, state, player = _with_choices(name)
    for k in range(3):
        redealt = engine.determinize(state, player, random.Random(100 + k))
        assert choose(engine, state, player, "hard", seed=7, budget=SMALL) == choose(
            engine, redealt, player, "hard", seed=7, budget=SMALL
        )


@pytest.mark.parametrize("name", sorted(shipped_games()))
def test_a_search_with_an_iteration_budget_is_deterministic_for_a_seed(name):
    engine, state, player = _with_choices(name)
    first = choose(engine, state, player, "normal", seed=11, budget=SMALL)
    assert first == choose(engine, state, player, "normal", seed=11, budget=SMALL)
    assert first in {a.id for a in engine.legal_actions(state, player)}


@pytest.mark.parametrize("name", sorted(shipped_games()))
def test_easy_plays_the_stand_in_heuristic_and_never_changes_the_state(name):
    engine, state, player = _with_choices(name)
    before = state.model_dump_json()
    action = choose(engine, state, player, "easy", seed=2)
    assert action in {a.id for a in engine.legal_actions(state, player)}
    assert state.model_dump_json() == before


def test_a_lone_legal_move_is_played_without_searching():
    for name in sorted(shipped_games()):
        engine, state = _midgame(name, moves=0)
        rng = random.Random(1)
        for _ in range(300):
            if engine.is_over(state):
                break
            player = engine.to_act(state)[0]
            legal = engine.legal_actions(state, player)
            if len(legal) == 1:
                # a budget no search could finish: only the shortcut answers
                huge = Budget(iterations=10**9)
                assert choose(engine, state, player, "hard", seed=1, budget=huge) == legal[0].id
                return
            state, _ = engine.apply(state, player, engine.suggest(state, player, rng))
    pytest.fail("no forced move met")


def test_a_player_with_nothing_to_do_is_refused_clearly():
    engine = engines.get_engine("run_animals")
    state = engine.setup(["Ada", "Brook"], seed=1)
    idle = next(p for p in state.players if p not in engine.to_act(state))
    with pytest.raises(IllegalAction, match="nothing to do"):
        choose(engine, state, idle, "normal", seed=1, budget=SMALL)


def test_an_unknown_level_is_refused_with_the_valid_ones():
    with pytest.raises(IllegalAction, match="easy, normal, hard"):
        level_named("godlike")
