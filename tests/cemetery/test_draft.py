"""Draft: five cards one at a time, from the Cemetery or the top of either pile."""

from __future__ import annotations

import pytest

from engines.cemetery.engine import ENGINE
from engines.cemetery.state import Slot
from engines.core import IllegalAction
from tests.cemetery.helpers import fresh, ids, play, set_cemetery


def test_a_turn_starts_with_five_picks_from_either_pile_or_the_cemetery():
    state = fresh()
    set_cemetery(state, [["F-arm-1"], ["B-leg-1"]])
    assert ids(state) == ["core", "part", "cem:F-arm-1", "cem:B-leg-1"]
    state, _ = play(state, "core", "part", "cem:F-arm-1", "part")
    assert state.phase == "draft" and state.picks_left == 1
    state, _ = play(state, "part")
    assert len(state.players[0].hand) == 5
    assert state.phase != "draft"


def test_drawing_from_a_pile_takes_its_top_card():
    state = fresh()
    top_core, top_part = state.core_pile[-1], state.part_pile[-1]
    state, _ = play(state, "core", "part")
    assert state.players[0].hand == [top_core, top_part]


def test_a_cemetery_stack_is_taken_whole_and_uses_one_pick_per_card():
    state = fresh()
    set_cemetery(state, [["F-arm-1", "B-leg-1", "P-head-1"]])
    state, _ = play(state, "cem:F-arm-1")
    assert state.players[0].hand == ["F-arm-1", "B-leg-1", "P-head-1"]
    assert state.picks_left == 2
    assert state.cemetery == []


def test_a_stack_larger_than_the_picks_left_cannot_be_taken():
    state = fresh()
    set_cemetery(state, [["F-arm-1", "B-leg-1", "P-head-1"]])
    state, _ = play(state, "part", "part", "part")
    assert "cem:F-arm-1" not in ids(state)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, "Ada", "cem:F-arm-1")


def test_taking_a_stack_tells_only_the_taker_what_was_face_down():
    state = fresh()
    set_cemetery(state, [["F-arm-1"]])
    state.cemetery[0].append(Slot(card=state.part_pile.pop(), face_up=False, seen_by=["Brook"]))
    hidden = state.cemetery[0][1].card
    state, events = play(state, "cem:F-arm-1")
    public = " ".join(e.text for e in events if e.private_to is None)
    assert "1 face-down" in public
    assert any(e.private_to == "Ada" for e in events)
    assert hidden in state.players[0].hand


def test_the_draft_ends_early_when_nothing_is_left_to_draft():
    state = fresh()
    set_cemetery(state, [])
    state.part_pile = state.part_pile[:1]
    state.core_pile = state.core_pile[:1]
    state, _ = play(state, "core", "part")
    assert state.phase != "draft"
    assert len(state.players[0].hand) <= 2


def test_there_is_no_stopping_early_in_the_draft():
    state = fresh()
    assert "done" not in ids(state)


def test_identical_cemetery_parts_are_offered_once():
    state = fresh()
    set_cemetery(state, [["F-arm-1"], ["F-arm-2"]])
    assert ids(state) == ["core", "part", "cem:F-arm-1"]


def test_long_stacks_that_differ_only_past_a_button_s_length_are_both_offered():
    state = fresh()
    set_cemetery(
        state,
        [
            ["F-arm-1", "M-leg-1", "P-leg-1", "B-leg-1", "M-arm-1"],
            ["F-arm-2", "M-leg-2", "P-leg-2", "B-leg-2", "M-leg-3"],
        ],
    )
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "Ada")}
    assert labels["cem:F-arm-1"] == labels["cem:F-arm-2"]  # alike once cut to 80 characters
    assert len(labels["cem:F-arm-1"]) == 80
