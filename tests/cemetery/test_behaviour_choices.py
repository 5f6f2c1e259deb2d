"""The choices Behaviors asks for: what each one says, when Steal's Part and place come as one
choice, and what a step back undoes."""

from __future__ import annotations

from engines.cemetery.engine import ENGINE
from tests.cemetery.helpers import creature, fresh, ids, pile_top, play, run_from, set_cemetery


def _labels(state, player=None):
    who = player or ENGINE.to_act(state)[0]
    return {a.id: a.label for a in ENGINE.legal_actions(state, who)}


def _steal_among_empty_creatures(state, core, parts, cemetery):
    """A creature whose Flesh pair steals, with eight empty creatures beside it."""
    creature(state, 0, core, parts)
    for other in [c for c in state.core_pile if c != core][:8]:
        creature(state, 0, other, [])
    set_cemetery(state, [[c] for c in cemetery])
    run_from(state, "mark")


def test_steal_offers_part_and_place_as_one_choice_up_to_fifty_choices():
    state = fresh()
    # 3 arms x 16 arm places + a wing x 2 wing places on the full creature = 50
    flesh = ["F-arm-1", "F-arm-2", "F-head-1", "P-tail-1"]
    _steal_among_empty_creatures(
        state, "F-core-1", flesh, ["B-arm-1", "B-arm-2", "B-arm-3", "B-wing-1"]
    )
    assert len(ids(state)) == 50
    assert all(a.count(":") == 3 for a in ids(state))


def test_a_steal_choice_names_the_part_and_where_it_goes():
    state = fresh()
    creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "F-head-1", "P-tail-1"])
    set_cemetery(state, [["B-wing-1"]])
    run_from(state, "mark")
    wing = _labels(state)["steal:B-wing-1:0:NE"]
    assert wing == "Steal Beast wing to creature 1 (Flesh Core), top-right"


def test_a_steal_asking_for_the_part_first_says_the_place_comes_next():
    state = fresh()
    flesh = ["F-arm-1", "F-arm-2", "F-head-1", "P-tail-1"]
    _steal_among_empty_creatures(
        state, "F-core-1", flesh, ["B-arm-1", "B-arm-2", "B-arm-3", "M-arm-1"]
    )
    assert _labels(state)["steal:M-arm-1"] == "Steal Monster arm: choose where"


def test_the_place_for_a_stolen_part_is_named():
    state = fresh()
    flesh = ["F-arm-1", "F-arm-2", "F-head-1", "P-tail-1"]
    _steal_among_empty_creatures(
        state, "F-core-1", flesh, ["B-arm-1", "B-arm-2", "B-arm-3", "M-arm-1"]
    )
    state, _ = play(state, "steal:M-arm-1")
    assert _labels(state)["at:3:E"].startswith("Attach to creature 4 (")
    assert _labels(state)["at:3:E"].endswith("), right")


def test_the_part_being_stolen_is_shown_to_the_thief_until_they_step_back():
    state = fresh()
    flesh = ["F-arm-1", "F-arm-2", "F-head-1", "P-tail-1"]
    _steal_among_empty_creatures(
        state, "F-core-1", flesh, ["B-arm-1", "B-arm-2", "B-arm-3", "M-arm-1"]
    )
    state, _ = play(state, "steal:M-arm-1")
    assert ENGINE.view(state, "Ada").choosing.id == "M-arm-1"
    state, _ = play(state, "back")
    assert ENGINE.view(state, "Ada").choosing is None


def test_clumsy_flips_a_part_stolen_in_two_steps_too():
    state = fresh()
    unstable_flesh = ["F-arm-1", "F-arm-2", "M-head-1", "P-tail-1"]  # on a Beast Core
    _steal_among_empty_creatures(
        state, "B-core-1", unstable_flesh, ["B-arm-1", "B-arm-2", "B-arm-3", "M-arm-1"]
    )
    state, events = play(state, "steal:M-arm-1", "at:3:E")
    assert state.sides[0].creatures[3].parts == {"E": "M-arm-1"}
    assert "M-arm-1" in state.flipped
    assert any(e.text.startswith("Clumsy") for e in events)


def test_a_maim_choice_names_the_part_and_where_it_is_removed_from():
    state = fresh()
    creature(state, 0, "B-core-1", ["B-arm-1", "B-arm-2", "F-head-1", "P-tail-1"])
    creature(state, 1, "M-core-1", ["M-arm-1", "P-head-1"])
    run_from(state, "mark")
    assert (
        _labels(state, "Brook")["rm:0:W"]
        == "Remove Monster arm from creature 1 (Monster Core), left"
    )


def test_a_fertilize_choice_names_the_part_to_put_on_top():
    state = fresh()
    creature(state, 0, "P-core-1", ["P-arm-1", "P-arm-2", "F-head-1", "B-tail-1"])
    pile_top(state, ["M-leg-1", "B-wing-1"])
    run_from(state, "mark")
    assert _labels(state)["top:M-leg-1"] == "Put Monster leg on top"


def test_a_binding_choice_says_the_part_goes_face_down():
    state = fresh()
    creature(state, 0, "M-core-1", ["M-arm-1", "M-arm-2", "F-head-1", "B-tail-1"])
    set_cemetery(state, [["B-wing-1"]])
    pile_top(state, ["F-leg-1"])
    run_from(state, "mark")
    assert _labels(state)["bind:B-wing-1"] == "Stack Flesh leg face down on Beast wing"


def test_an_insane_choice_says_the_part_goes_face_up():
    state = fresh()
    creature(state, 0, "F-core-1", ["M-arm-1", "M-arm-2", "F-head-1", "B-tail-1"])
    set_cemetery(state, [["B-wing-1"]])
    pile_top(state, ["B-leg-2"])
    run_from(state, "mark")
    assert _labels(state)["bind:B-wing-1"] == "Stack Beast leg face up on Beast wing"


def test_a_binding_choice_onto_a_stack_too_long_to_word_on_a_button_names_its_place():
    """A button holds 80 characters: a stack whose words do not fit is named by its place in
    the Cemetery, as the board numbers it (never cut mid-word)."""
    state = fresh()
    creature(state, 0, "F-core-1", ["M-arm-1", "M-arm-2", "F-head-1", "B-tail-1"])
    set_cemetery(state, [["P-leg-1", "P-leg-2", "P-leg-3", "P-head-1"]])
    pile_top(state, ["B-leg-2"])
    run_from(state, "mark")
    assert _labels(state)["bind:P-leg-1"] == "Stack Beast leg face up on Cemetery stack 1"
