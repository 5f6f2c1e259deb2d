"""The end: a supply runs out, the second player plays the final turn, most tokens wins."""

from __future__ import annotations

import pytest

from engines.cemetery.engine import ENGINE
from engines.core import IllegalAction
from tests.cemetery.helpers import creature, fresh, ids, play, run_from, set_cemetery, take


def _flesh_scorer(state, seat=0):
    # scores 3 Revenge: the Flesh Core and two stable Flesh pairs
    creature(state, seat, "F-core-1", ["F-arm-1", "F-arm-2", "F-head-1", "F-tail-1"])
    set_cemetery(state, [])


def _finish_turn(state):
    """Let the player whose turn it is play it out doing as little as possible."""
    turn = state.turn
    for _ in range(200):
        if state.over or state.turn != turn:
            return state
        p = ENGINE.to_act(state)[0]
        acts = ids(state, p)
        state, _ = ENGINE.apply(state, p, "done" if "done" in acts else acts[0])
    raise AssertionError("turn did not end")


def test_cards_unplayed_on_the_final_turn_are_put_back_and_the_game_ends_with_empty_hands():
    """'Each turn a player gets 5 cards.' Those left unplayed at the end of Stitch go back (Parts
    to the Cemetery face up, Cores to the bottom of the Core pile), on the final turn too; then
    'each player adds up all of their spent and unspent tokens': no card counts."""
    state = fresh()
    state.first, state.current = 1, 0  # Ada is second: she plays the final turn
    _flesh_scorer(state)  # 3 Revenge, of which the supply holds 2: it runs dry this turn
    state.sides[1].revenge, state.supply_revenge = 18, 2
    core, arm = take(state, "M-core-1"), take(state, "B-arm-1")  # no room for an arm: kept
    state.sides[0].hand = [core, arm]
    run_from(state, "stitch")
    state, _ = play(state, "done")
    state = _finish_turn(state) if not state.over else state
    assert state.over and all(p.hand == [] for p in state.sides)
    assert state.core_pile[0] == core and [s.card for s in state.cemetery[-1]] == [arm]
    assert ENGINE.result(state).scores == {"Ada": 2.0, "Brook": 18.0}


def test_scoring_takes_only_what_the_supply_still_holds():
    state = fresh()
    _flesh_scorer(state)
    state.sides[1].revenge, state.supply_revenge = 18, 2
    events = run_from(state, "mark")
    assert state.sides[0].revenge == 2 and state.supply_revenge == 0
    assert any("could not give 1 Revenge" in e.text for e in events)


def test_an_empty_supply_on_the_first_players_turn_gives_the_second_player_a_final_turn():
    state = fresh()
    _flesh_scorer(state)
    state.sides[1].revenge, state.supply_revenge = 18, 2
    events = run_from(state, "mark")
    assert any("Brook plays the final turn" in e.text for e in events)
    assert not state.over and state.current == 1
    state = _finish_turn(state)
    assert state.over
    assert ENGINE.to_act(state) == []


def test_an_empty_supply_on_the_second_players_turn_ends_the_game_after_it():
    state = fresh()
    state.first, state.current = 1, 0  # Ada is second
    _flesh_scorer(state)
    state.sides[1].science, state.supply_science = 20, 0
    state.sides[1].revenge, state.supply_revenge = 10, 10
    events = run_from(state, "mark")
    assert state.over
    assert any("this is the final turn" in e.text for e in events) or state.final_round


def test_the_game_goes_on_while_both_supplies_last():
    state = fresh()
    _flesh_scorer(state)
    run_from(state, "mark")
    assert not state.over and not state.final_round


def test_most_tokens_wins_counting_spent_and_unspent():
    state = fresh()
    state.over = True
    state.sides[0].revenge_spent, state.sides[0].science = 4, 1
    state.sides[1].revenge = 4
    result = ENGINE.result(state)
    assert result.winners == ["Ada"]
    assert result.scores == {"Ada": 5.0, "Brook": 4.0}


def test_equal_tokens_is_a_draw_with_both_players_named_winners():
    state = fresh()
    state.over = True
    state.sides[0].science_spent = 3
    state.sides[1].revenge = 3
    result = ENGINE.result(state)
    assert result.reason == "draw"
    assert sorted(result.winners) == ["Ada", "Brook"]


def test_no_result_while_the_game_runs():
    assert ENGINE.result(fresh()) is None


def test_a_player_who_leaves_loses_and_the_other_wins():
    state = fresh()
    new, events = ENGINE.remove_player(state, "Ada")
    assert ENGINE.result(new).winners == ["Brook"]
    assert "Ada conceded" in ENGINE.result(new).reason
    assert ENGINE.to_act(new) == []
    assert not state.over


def test_no_move_is_accepted_after_the_end():
    state = fresh()
    state.over = True
    with pytest.raises(IllegalAction, match="over"):
        ENGINE.apply(state, "Ada", "core")


def test_the_game_is_for_exactly_two_players():
    with pytest.raises(IllegalAction):
        ENGINE.setup(["Ada", "Brook", "Cy"], seed=1)
    assert ENGINE.min_players == ENGINE.max_players == 2
