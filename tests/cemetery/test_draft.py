"""Draft: five cards one at a time, from the Cemetery or the top of either pile."""

from __future__ import annotations

import pytest

from engines.cemetery.engine import ENGINE
from engines.cemetery.state import Slot
from engines.core import IllegalAction
from tests.cemetery.helpers import fresh, ids, play, set_cemetery, take


def test_a_turn_starts_with_five_picks_from_either_pile_or_the_cemetery():
    state = fresh()
    set_cemetery(state, [["F-arm-1"], ["B-leg-1"]])
    assert ids(state) == ["core", "part", "cem:F-arm-1", "cem:B-leg-1"]
    state, _ = play(state, "core", "part", "cem:F-arm-1", "part")
    assert state.phase == "draft" and state.picks_left == 1
    state, _ = play(state, "part")
    assert len(state.sides[0].hand) == 5
    assert state.phase != "draft"


def test_drawing_from_a_pile_takes_its_top_card():
    state = fresh()
    top_core, top_part = state.core_pile[-1], state.part_pile[-1]
    state, _ = play(state, "core", "part")
    assert state.sides[0].hand == [top_core, top_part]


def test_a_cemetery_stack_is_taken_whole_and_uses_one_pick_per_card():
    state = fresh()
    set_cemetery(state, [["F-arm-1", "B-leg-1", "P-head-1"]])
    state, _ = play(state, "cem:F-arm-1")
    assert state.sides[0].hand == ["F-arm-1", "B-leg-1", "P-head-1"]
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
    assert hidden in state.sides[0].hand


def test_the_draw_choices_say_which_pile_they_draw_from():
    labels = [a.label for a in ENGINE.legal_actions(fresh(), "Ada")][:2]
    assert labels == ["Draw the top Core from the pile", "Draw the top Part from the pile"]


def test_the_taker_is_told_every_face_down_card_of_a_stack_and_none_that_lay_face_up():
    state = fresh()
    set_cemetery(state, [["F-arm-1"]])
    for card, face_up in (("B-leg-1", False), ("P-head-1", False), ("M-head-1", True)):
        state.cemetery[0].append(Slot(card=take(state, card), face_up=face_up))
    state, events = play(state, "cem:F-arm-1")
    told = [e.text for e in events if e.private_to == "Ada"]
    assert told == ["Face down in it: Beast leg, Plant head."]


def test_the_draft_ends_early_when_nothing_is_left_to_draft():
    state = fresh()
    set_cemetery(state, [])
    state.part_pile = state.part_pile[:1]
    state.core_pile = state.core_pile[:1]
    state, _ = play(state, "core", "part")
    assert state.phase != "draft"
    assert len(state.sides[0].hand) <= 2


def test_there_is_no_stopping_early_in_the_draft():
    state = fresh()
    assert "done" not in ids(state)


def test_each_cemetery_stack_is_its_own_choice_even_when_their_tops_read_alike():
    state = fresh()
    set_cemetery(state, [["F-arm-1"], ["F-arm-2"]])
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "Ada")}
    assert list(labels) == ["core", "part", "cem:F-arm-1", "cem:F-arm-2"]
    assert labels["cem:F-arm-1"] == "Take Cemetery stack 1: Flesh arm"
    assert labels["cem:F-arm-2"] == "Take Cemetery stack 2: Flesh arm"
    state, _ = play(state, "cem:F-arm-2")
    assert "F-arm-2" in state.sides[0].hand and state.cemetery[0][0].card == "F-arm-1"


def test_long_stacks_that_differ_only_past_a_button_s_length_are_named_by_their_place():
    state = fresh()
    set_cemetery(
        state,
        [
            ["F-arm-1", "M-leg-1", "P-leg-1", "B-leg-1", "M-arm-1"],
            ["F-arm-2", "M-leg-2", "P-leg-2", "B-leg-2", "M-leg-3"],
        ],
    )
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "Ada")}
    assert labels["cem:F-arm-1"].startswith("Take whole Cemetery stack 1")
    assert labels["cem:F-arm-2"].startswith("Take whole Cemetery stack 2")
    assert all(len(x) <= 80 and "…" not in x for x in labels.values())


def test_binding_the_binder_s_draft_choices_name_the_part_they_peeked_at_and_no_other():
    state = fresh()
    set_cemetery(state, [["F-arm-1"], ["F-arm-2"]])
    mine, theirs = take(state, "B-leg-1"), take(state, "P-head-1")
    state.cemetery[0].append(Slot(card=mine, face_up=False, seen_by=["Ada"]))
    state.cemetery[1].append(Slot(card=theirs, face_up=False, seen_by=["Brook"]))
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "Ada")}
    # too long with the stack's words: the place on the board and what was bound, never cut
    assert labels["cem:F-arm-1"].startswith("Take whole Cemetery stack 1, you bound Beast leg")
    assert labels["cem:F-arm-2"] == (
        "Take whole Flesh arm stack (2 cards: +1 face-down) from the Cemetery"
    )
    assert "Plant head" not in " ".join(labels.values())


def test_a_binder_who_bound_two_parts_into_one_stack_is_reminded_of_both():
    state = fresh()
    set_cemetery(state, [["F-arm-1"]])
    for card in ("B-leg-1", "P-head-1"):
        state.cemetery[0].append(Slot(card=take(state, card), face_up=False, seen_by=["Ada"]))
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "Ada")}
    assert labels["cem:F-arm-1"].startswith(
        "Take whole Cemetery stack 1, you bound Beast leg, Plant head"
    )


def test_stacks_told_apart_by_place_still_remind_the_binder_what_they_bound():
    state = fresh()
    set_cemetery(state, [["F-arm-1"], ["F-arm-2"]])
    for stack, card in ((0, "B-leg-1"), (1, "B-leg-2")):
        state.cemetery[stack].append(Slot(card=take(state, card), face_up=False, seen_by=["Ada"]))
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "Ada")}
    for n in (1, 2):
        assert labels[f"cem:F-arm-{n}"].startswith(
            f"Take whole Cemetery stack {n}, you bound Beast leg"
        )


def test_a_draft_label_too_long_for_its_words_is_never_cut_and_keeps_what_was_bound():
    state = fresh()
    set_cemetery(state, [["F-arm-1"]])
    for card in [c for c in state.part_pile if c != "F-arm-1"][:6]:
        take(state, card)
        state.cemetery[0].append(Slot(card=card, face_up=False, seen_by=["Ada"]))
    state.picks_left = 7  # a stack is taken only by one who may take all its cards
    (label,) = [a.label for a in ENGINE.legal_actions(state, "Ada") if a.id == "cem:F-arm-1"]
    assert label == "Take whole Cemetery stack 1 (7 cards, you bound 6)"


@pytest.mark.parametrize("picks", [1, 2, 3])
def test_the_draft_goes_on_exactly_while_some_choice_is_left(picks):
    from engines.cemetery.actions import can_draft, draft_options

    for size in range(1, 5):
        state = fresh()
        set_cemetery(state, [["F-arm-1", "B-leg-1", "P-head-1", "B-arm-1"][:size]])
        state.core_pile, state.part_pile = [], []
        state.picks_left = picks
        assert can_draft(state) == bool(draft_options(state)) == (size <= picks)
