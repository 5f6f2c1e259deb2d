"""A phase with nothing you could legally do in it is skipped."""

from __future__ import annotations

from engines.cemetery.flow import advance, start_turn
from tests.cemetery.helpers import creature, fresh, run_from, set_cemetery, take


def _texts(events):
    return [e.text for e in events]


def test_draft_is_skipped_when_every_pile_and_the_cemetery_are_empty():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "P-head-1"])
    set_cemetery(state, [])
    state.core_pile, state.part_pile = [], []
    events = []
    start_turn(state, events)
    advance(state, events, acted=False)
    assert "Draft skipped: there is nothing left to draft." in _texts(events)


def test_stitch_is_skipped_when_nothing_can_be_stitched():
    state = fresh()
    state.sides[0].hand = [take(state, "F-leg-1")]
    events = run_from(state, "stitch")
    assert "Stitch skipped: nothing can be stitched." in _texts(events)


def test_mark_is_skipped_without_a_revenge_token():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "FB-arm", "P-head-1", "P-tail-1"])
    events = run_from(state, "mark")
    assert "Mark skipped: no Revenge token to spend." in _texts(events)


def test_mark_is_skipped_without_a_dual_part():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "P-head-1"])
    state.sides[0].revenge = 1
    state.supply_revenge -= 1
    events = run_from(state, "mark")
    assert "Mark skipped: no dual Part to mark." in _texts(events)


def test_behaviors_is_skipped_when_no_active_creature_has_a_pair():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "B-arm-1", "P-head-1", "M-tail-1"])
    events = run_from(state, "mark")
    assert "Behaviors skipped: no active creature has a pair." in _texts(events)


def test_scoring_is_skipped_without_an_active_creature():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "P-head-1"])
    events = run_from(state, "mark")
    assert "Scoring skipped: no active creature." in _texts(events)


def test_experiment_is_skipped_without_a_science_token():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "P-head-1"])
    events = run_from(state, "experiment")
    assert "Experiment skipped: no Science token to spend." in _texts(events)
    assert state.current == 1


def test_experiment_is_skipped_when_no_part_can_move():
    state = fresh()
    creature(state, 0, "M-core-1", ["P-head-1"])
    state.sides[0].science = 1
    state.supply_science -= 1
    events = run_from(state, "experiment")
    assert "Experiment skipped: no Part can move." in _texts(events)


def test_a_game_in_which_nothing_can_ever_happen_again_ends_instead_of_looping():
    state = fresh()
    set_cemetery(state, [])
    state.core_pile, state.part_pile = [], []
    events = []
    start_turn(state, events)
    advance(state, events, acted=False)
    assert state.over
    assert "Neither player can do anything any more: the game ends here." in _texts(events)
