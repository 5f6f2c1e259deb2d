"""Mark (Revenge tokens on duals) and Experiment (Science tokens to rearrange Parts)."""

from __future__ import annotations

from engines.cemetery.engine import ENGINE
from tests.cemetery.helpers import creature, fresh, ids, play, run_from


def _tokens(state, revenge=0, science=0):
    me = state.sides[0]
    me.revenge, me.science = revenge, science
    state.supply_revenge -= revenge
    state.supply_science -= science


def test_a_dual_may_be_marked_on_either_type_or_the_centre():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "FB-arm", "P-head-1", "P-tail-1"])
    _tokens(state, revenge=2)
    run_from(state, "mark")
    assert ids(state) == ["mark:0:E:flesh", "mark:0:E:beast", "mark:0:E:both", "done"]


def test_mark_choices_name_the_dual_the_type_and_the_place():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "FB-arm", "P-head-1", "P-tail-1"])
    _tokens(state, revenge=2)
    run_from(state, "mark")
    labels = [a.label for a in ENGINE.legal_actions(state, "Ada")]
    assert labels == [
        "Mark Flesh/Beast arm as Flesh (creature 1 (Monster Core), right)",
        "Mark Flesh/Beast arm as Beast (creature 1 (Monster Core), right)",
        "Mark Flesh/Beast arm as both types (creature 1 (Monster Core), right)",
        "End Mark",
    ]


def test_marking_spends_a_revenge_token_which_still_counts():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "FB-arm", "P-head-1", "P-tail-1"])
    _tokens(state, revenge=2)
    run_from(state, "mark")
    state, _ = play(state, "mark:0:E:both")
    me = state.sides[0]
    assert (me.revenge, me.revenge_spent) == (1, 1)
    assert me.total >= 2


def test_each_dual_takes_one_mark():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "FB-arm", "P-head-1", "P-tail-1"])
    _tokens(state, revenge=3)
    run_from(state, "mark")
    state.sides[0].creatures[0].marks["E"] = "flesh"
    assert [i for i in ids(state) if i.startswith("mark:")] == []


def test_a_marked_dual_makes_its_pair_act_in_behaviors():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "FB-arm", "P-head-1", "P-tail-1"])
    _tokens(state, revenge=1)
    run_from(state, "mark")
    state, events = play(state, "mark:0:E:flesh")
    assert any("Flesh pair (unstable): Steal + Clumsy" in e.text for e in events)


def test_experiment_moves_a_part_to_an_empty_legal_position_for_one_science_token():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "P-head-1"])
    creature(state, 0, "F-core-1", [])
    _tokens(state, science=1)
    run_from(state, "experiment")
    assert ids(state) == ["exp:0:N", "exp:0:W", "done"]
    state, _ = play(state, "exp:0:W")
    assert ids(state) == ["to:0:E", "to:1:W", "to:1:E", "back"]
    state, _ = play(state, "to:1:E")
    me = state.sides[0]
    assert me.creatures[1].parts == {"E": "F-arm-1"}
    assert (me.science, me.science_spent) == (0, 1)


def test_experiment_choices_name_the_part_then_each_move_or_swap_with_its_place():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "P-arm-1"])
    creature(state, 0, "F-core-1", [])
    _tokens(state, science=1)
    run_from(state, "experiment")
    labels = [a.label for a in ENGINE.legal_actions(state, "Ada")]
    assert labels == [
        "Rearrange Flesh arm (creature 1 (Monster Core), left)",
        "Rearrange Plant arm (creature 1 (Monster Core), right)",
        "End Experiment",
    ]
    state, _ = play(state, "exp:0:W")
    labels = [a.label for a in ENGINE.legal_actions(state, "Ada")]
    assert labels == [
        "Swap with Plant arm on creature 1 (Monster Core), right",
        "Move to creature 2 (Flesh Core), left",
        "Move to creature 2 (Flesh Core), right",
        "Back: choose something else",
    ]


def test_experiment_swaps_two_parts_that_fit_each_others_positions():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "P-arm-1"])
    _tokens(state, science=2)
    run_from(state, "experiment")
    state, _ = play(state, "exp:0:W", "to:0:E")
    assert state.sides[0].creatures[0].parts == {"W": "P-arm-1", "E": "F-arm-1"}
    assert state.sides[0].science == 1


def test_experiment_ends_the_turn_when_done():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "P-arm-1"])
    _tokens(state, science=2)
    run_from(state, "experiment")
    state, _ = play(state, "done")
    assert state.current == 1 and state.turn == 2
