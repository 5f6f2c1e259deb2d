"""The search bot: honest about hidden information, deterministic for a seed, and its levels."""

from __future__ import annotations

import random

import pytest

import engines
from engines.ai import Budget, choose, level_named
from engines.ai.search import Search, rewards
from engines.core import IllegalAction
from engines.monopoly.state import Debt
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


def test_levels_budgets_are_iteration_counts_so_a_level_is_deterministic():
    for name in sorted(shipped_games()):
        for level in ("normal", "hard"):
            budget = level_named(level).budget(name)
            assert budget is not None and budget.iterations and budget.seconds is None
        assert (
            level_named("hard").budget(name).iterations
            > level_named("normal").budget(name).iterations
        )
    assert level_named("easy").budget("monopoly") is None


@pytest.mark.parametrize("name", sorted(shipped_games()))
def test_a_level_s_own_budget_gives_the_same_move_for_the_same_seed(name):
    engine, state, player = _with_choices(name)
    assert choose(engine, state, player, "normal", seed=5) == choose(
        engine, state, player, "normal", seed=5
    )


def _monopoly_turn_with_free_moves():
    """A quick Monopoly position where the player on turn may roll but also mortgage or
    trade, and nothing else (no build): a decision the search leaves to the heuristic."""
    engine = engines.get_engine("monopoly")
    for moves in range(10, 300):
        _, state = _midgame("monopoly", moves=moves)
        player = engine.to_act(state)[0]
        ids = {a.id for a in engine.legal_actions(state, player)}
        free = any(i.startswith("mortgage:") for i in ids)
        builds = any(i.startswith("build:") for i in ids)
        if "roll" in ids and free and not builds and player not in state.jail:
            return engine, state, player
    raise AssertionError("no such position")


def test_a_decision_the_game_narrows_to_one_candidate_is_played_without_searching():
    engine, state, player = _monopoly_turn_with_free_moves()
    huge = Budget(iterations=10**9)  # only the shortcut can answer
    assert choose(engine, state, player, "hard", seed=1, budget=huge) == "roll"


def test_monopoly_s_search_weighs_the_turn_s_decision_not_mortgages_or_trade_drafts():
    engine, state, player = _monopoly_turn_with_free_moves()
    legal = engine.legal_actions(state, player)
    weighed = {a.id for a in engine.search_actions(state, player, legal)}
    assert weighed == {"roll"}


def test_monopoly_in_debt_the_search_weighs_every_way_to_raise_the_money():
    engine = engines.get_engine("monopoly")
    _, state = _midgame("monopoly", moves=40)
    player = engine.to_act(state)[0]
    state.debts = [Debt(debtor=player, creditor=None, amount=10_000, reason="a test")]
    legal = engine.legal_actions(state, player)
    assert engine.search_actions(state, player, legal) == legal


def test_monopoly_s_standing_counts_the_rent_a_built_property_will_collect():
    from engines.monopoly.data import SPACES
    from engines.monopoly.property import worth

    engine, state = _midgame("monopoly", moves=40)
    owner, space = next(
        (p, i)
        for i, p in state.owner.items()
        if i not in state.mortgaged and SPACES[i].kind == "location" and not state.level.get(i)
    )

    def beyond_worth() -> float:
        return engine.standing(state)[owner] - worth(state, owner)

    bare = beyond_worth()
    assert bare > 0  # an owned property's rent counts before anyone lands on it
    state.level[space] = 2
    assert beyond_worth() > bare


def _cemetery_with_an_earner():
    """A Cemetery game in which one player's creatures earn tokens at Scoring."""
    from engines.cemetery.policy import _earning

    for moves in range(20, 200, 5):
        engine, state = _midgame("cemetery", moves=moves)
        for side in state.sides:
            if sum(_earning(state, side.creatures).values()):
                return engine, state, side
    raise AssertionError("no Cemetery creature earned tokens")


def test_cemetery_s_standing_counts_what_active_creatures_will_earn():
    from engines.cemetery.policy import LOOKAHEAD_SCORINGS, _earning

    engine, state, side = _cemetery_with_an_earner()
    earning = sum(_earning(state, side.creatures).values())
    ahead = engine.standing(state)[side.name] - side.total
    assert 0 < ahead <= LOOKAHEAD_SCORINGS * earning
    side.creatures.clear()  # no creature, nothing to come: the tokens alone
    assert engine.standing(state)[side.name] == side.total


def test_cemetery_s_standing_looks_no_further_than_the_supply_lasts():
    from engines.cemetery.policy import _earning

    engine, state, side = _cemetery_with_an_earner()
    state.supply_revenge = state.supply_science = 1
    earning = _earning(state, side.creatures)
    both = {k: sum(_earning(state, s.creatures)[k] for s in state.sides) for k in earning}
    left = min(1 / both[k] for k in both if both[k])
    assert engine.standing(state)[side.name] == pytest.approx(
        side.total + left * sum(earning.values())
    )


def test_run_animals_standing_counts_the_cubes_gathered_for_the_goal():
    from engines.run_animals.engine import data_of
    from engines.run_animals.scoring import score

    engine, state = _midgame("run_animals", moves=10)
    player = state.players[0]
    seat = state.seats[player]
    goal = data_of(state).goals[seat.goal]
    kind = next(k for k, n in goal.need.items() if n)
    seat.goal_cubes = dict.fromkeys(seat.goal_cubes, 0)
    bare = engine.standing(state)[player]
    assert bare == score(state, data_of(state), player)
    seat.goal_cubes[kind] = 1
    assert engine.standing(state)[player] == pytest.approx(
        bare + goal.points / sum(goal.need.values())
    )
    seat.goal_cubes[kind] = goal.need[kind] + 5  # cubes beyond the need count for nothing
    assert engine.standing(state)[player] == pytest.approx(
        bare + goal.points * goal.need[kind] / sum(goal.need.values())
    )


@pytest.mark.parametrize("name", sorted(shipped_games()))
def test_stopping_once_the_move_is_decided_plays_the_move_of_the_whole_budget(name, monkeypatch):
    from engines.ai.search import Search

    engine, state, player = _with_choices(name)
    budget = Budget(iterations=80)
    early = [choose(engine, state, player, "hard", seed=s, budget=budget) for s in range(6)]
    monkeypatch.setattr(Search, "stop_when_decided", False)
    whole = [choose(engine, state, player, "hard", seed=s, budget=budget) for s in range(6)]
    assert early == whole


def test_a_search_stops_early_once_no_other_move_can_catch_up():
    from engines.ai.search import Search

    engine, state, player = _with_choices("run_animals")
    legal = engine.legal_actions(state, player)
    spent = []
    for seed in range(6):
        search = Search(engine, player, random.Random(seed), Budget(iterations=200), 60)
        search.run(state, legal)
        spent.append(search.iterations)
    assert min(spent) < 200


def _copying_playout(search: Search, state):
    """The playout as it was: a copy of the state for every move (``engine.play``)."""
    engine, rng = search.engine, search.rng
    for _ in range(search.horizon):
        if engine.is_over(state):
            break
        actor = engine.to_act(state)[0]
        actions = engine.legal_actions(state, actor)
        picked = engine.pick(state, actor, actions, rng)
        state, _ = engine.play(state, actor, next(a for a in actions if a.id == picked))
    return rewards(engine, state), state


@pytest.mark.parametrize("name", sorted(shipped_games()))
def test_a_playout_stepping_its_sample_in_place_plays_as_copying_it_each_move(name):
    engine, state, player = _with_choices(name)
    for k in range(4):
        sample = engine.determinize(state, player, random.Random(k))
        twin = engine.copy_state(sample)
        copied = Search(engine, player, random.Random(50 + k), SMALL, 60)
        in_place = Search(engine, player, random.Random(50 + k), SMALL, 60)
        expected, end = _copying_playout(copied, sample)
        assert in_place._playout(twin) == expected
        assert twin.model_dump() == end.model_dump()


@pytest.mark.parametrize("name", sorted(shipped_games()))
def test_a_level_s_playouts_make_the_engine_s_horizon_of_moves(name, monkeypatch):
    engine, state, player = _with_choices(name)
    horizons = []
    real = Search.__init__

    def recording(self, engine, player, rng, budget, horizon):
        horizons.append(horizon)
        real(self, engine, player, rng, budget, horizon)

    monkeypatch.setattr(Search, "__init__", recording)
    choose(engine, state, player, "normal", seed=1, budget=SMALL)
    choose(engine, state, player, level_named("normal-h60", baselines=True), seed=1, budget=SMALL)
    assert horizons == [engine.search_horizon, 60]


def test_a_baseline_is_for_tournaments_and_never_a_seat_s_level():
    with pytest.raises(IllegalAction, match="Levels: easy, normal, hard"):
        level_named("normal-h60")
    assert level_named("normal-h60", baselines=True).name == "normal-h60"


def test_the_baseline_keeps_the_iteration_counts_normal_played_with_before_35():
    baseline = level_named("normal-h60", baselines=True)
    counts = {name: baseline.budget(name).iterations for name in sorted(shipped_games())}
    assert counts == {"anatomy_park": 52, "cemetery": 60, "monopoly": 52, "run_animals": 58}
    assert baseline.playout_moves(engines.get_engine("cemetery")) == 60
