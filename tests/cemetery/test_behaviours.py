"""Behaviors: each type's Action (stable pairs) and Action + Reaction (unstable pairs)."""

from __future__ import annotations

from engines.cemetery.engine import ENGINE
from engines.cemetery.state import Slot
from tests.cemetery.helpers import creature, fresh, ids, pile_top, play, run_from, set_cemetery


def _behave(state):
    """Mark has nothing to do (no Revenge), so Behaviors starts at once."""
    return run_from(state, "mark")


# -- Flesh: Steal / Clumsy ------------------------------------------------------------------------
def test_steal_attaches_an_unstacked_cemetery_part_to_one_of_your_creatures():
    state = fresh()
    creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "F-head-1", "P-tail-1"])
    set_cemetery(state, [["B-wing-1"], ["P-leg-1", "M-leg-1"]])
    _behave(state)
    assert state.pending.kind == "steal_part"
    # the stacked leg cannot be stolen; the wing and its place are one choice
    assert ids(state) == ["steal:B-wing-1:0:NW", "steal:B-wing-1:0:NE"]
    state, _ = play(state, "steal:B-wing-1:0:NE")
    assert state.sides[0].creatures[0].parts["NE"] == "B-wing-1"
    assert "B-wing-1" not in state.flipped


def _steal_with_too_many_places(state):
    """A Flesh pair that steals, eight empty creatures beside it and four arms in the Cemetery:
    4 arms x 16 arm places is too long a list for one choice."""
    creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "F-head-1", "P-tail-1"])
    for core in [c for c in state.core_pile if c != "F-core-1"][:8]:
        creature(state, 0, core, [])
    set_cemetery(state, [["B-arm-1"], ["B-arm-2"], ["B-arm-3"], ["M-arm-1"]])
    _behave(state)


def test_steal_with_too_many_places_picks_the_part_first():
    state = fresh()
    _steal_with_too_many_places(state)
    assert ids(state) == ["steal:B-arm-1", "steal:B-arm-2", "steal:B-arm-3", "steal:M-arm-1"]
    state, _ = play(state, "steal:M-arm-1")
    assert len(ids(state)) == 16 + 1 and ids(state)[-1] == "back"
    state, _ = play(state, "at:3:E")
    assert state.sides[0].creatures[3].parts == {"E": "M-arm-1"}


def test_back_after_picking_a_part_to_steal_offers_every_part_again():
    state = fresh()
    _steal_with_too_many_places(state)
    state, events = play(state, "steal:M-arm-1", "back")
    assert state.pending.kind == "steal_part" and events == []
    assert ids(state) == ["steal:B-arm-1", "steal:B-arm-2", "steal:B-arm-3", "steal:M-arm-1"]


def test_steal_with_nothing_stealable_does_nothing():
    state = fresh()
    creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "F-head-1", "P-tail-1"])
    set_cemetery(state, [["P-leg-1", "M-leg-1"]])
    events = _behave(state)
    assert any("nothing in the Cemetery can be stolen" in e.text for e in events)
    assert state.phase == "experiment" or state.turn == 2


def test_clumsy_flips_the_stolen_part_for_the_rest_of_the_game():
    state = fresh()
    creature(state, 0, "B-core-1", ["F-arm-1", "F-arm-2", "M-head-1", "P-tail-1"])
    set_cemetery(state, [["B-wing-1"]])
    _behave(state)
    state, events = play(state, "steal:B-wing-1:0:NW")
    assert "B-wing-1" in state.flipped
    assert any("Clumsy" in e.text for e in events)


# -- Beast: Maim / Mindless -----------------------------------------------------------------------
def test_maim_makes_the_opponent_remove_a_part_of_their_choosing():
    state = fresh()
    creature(state, 0, "B-core-1", ["B-arm-1", "B-arm-2", "F-head-1", "P-tail-1"])
    creature(state, 1, "M-core-1", ["M-arm-1", "P-head-1"])
    _behave(state)
    assert state.pending.kind == "maim"
    assert ENGINE.to_act(state) == ["Brook"]
    assert ENGINE.legal_actions(state, "Ada") == []
    assert ids(state, "Brook") == ["rm:0:N", "rm:0:W"]
    state, _ = ENGINE.apply(state, "Brook", "rm:0:N")
    assert state.sides[1].creatures[0].parts == {"W": "M-arm-1"}
    assert ["P-head-1"] in [[s.card for s in st] for st in state.cemetery]
    assert state.pending is None  # stable: no Mindless


def test_mindless_makes_the_player_remove_a_part_as_well():
    state = fresh()
    creature(state, 0, "F-core-1", ["B-arm-1", "B-arm-2", "M-head-1", "P-tail-1"])
    creature(state, 1, "M-core-1", ["M-arm-1"])
    _behave(state)
    state, _ = ENGINE.apply(state, "Brook", "rm:0:W")
    assert state.pending.kind == "mindless" and ENGINE.to_act(state) == ["Ada"]
    state, _ = play(state, "rm:0:N")
    assert "N" not in state.sides[0].creatures[0].parts


def test_maim_against_an_opponent_without_parts_still_fires_mindless():
    state = fresh()
    creature(state, 0, "F-core-1", ["B-arm-1", "B-arm-2", "M-head-1", "P-tail-1"])
    events = _behave(state)
    assert any("has no Part to remove" in e.text for e in events)
    assert state.pending.kind == "mindless"


# -- Plant: Fertilize / Organic -------------------------------------------------------------------
def test_fertilize_stacks_two_blind_drafted_parts_face_up_in_the_chosen_order():
    state = fresh()
    creature(state, 0, "P-core-1", ["P-arm-1", "P-arm-2", "F-head-1", "B-tail-1"])
    pile_top(state, ["M-leg-1", "B-wing-1"])
    _behave(state)
    assert state.pending.kind == "fert_order"
    assert sorted(ids(state)) == ["top:B-wing-1", "top:M-leg-1"]
    state, _ = play(state, "top:M-leg-1")
    pet = state.sides[0].pet
    assert [s.card for s in pet] == ["B-wing-1", "M-leg-1"] and all(s.face_up for s in pet)


def test_organic_the_parts_are_added_face_down_and_nobody_sees_them_not_even_the_owner():
    state = fresh()
    creature(state, 0, "F-core-1", ["P-arm-1", "P-arm-2", "F-head-1", "B-tail-1"])
    pile_top(state, ["M-leg-1", "B-wing-1"])
    events = _behave(state)
    pet = state.sides[0].pet
    assert [s.face_up for s in pet] == [False, False]
    said = " ".join(e.text for e in events)  # public and private alike
    assert "Monster leg" not in said and "Beast wing" not in said
    for viewer in ("Brook", "Ada", None):
        seen = ENGINE.view(state, viewer).players[0].pet
        assert all(c.hidden and c.id is None for c in seen)


def test_fertilized_parts_can_be_stitched_next_turn_and_are_lost_after_it():
    state = fresh()
    creature(state, 0, "P-core-1", ["P-arm-1", "P-arm-2", "F-head-1", "B-tail-1"])
    pile_top(state, ["M-leg-1", "B-wing-1"])
    _behave(state)
    state, _ = play(state, "top:B-wing-1")
    assert len(state.sides[0].pet) == 2
    # Brook's turn passes; the Pet Cemetery waits for Ada's next Stitch
    for _ in range(100):
        if state.turn == 3 and state.phase == "stitch":
            break
        p = ENGINE.to_act(state)[0]
        acts = ids(state, p)
        state, _ = ENGINE.apply(state, p, "done" if "done" in acts else acts[0])
    assert state.current == 0 and state.phase == "stitch"
    assert any(a.startswith("st:p:") for a in ids(state))
    state, _ = play(state, "done")
    assert state.sides[0].pet == []


# -- Monster: Binding / Insane --------------------------------------------------------------------
def test_binding_stacks_a_peeked_part_face_down_on_a_cemetery_part():
    state = fresh()
    creature(state, 0, "M-core-1", ["M-arm-1", "M-arm-2", "F-head-1", "B-tail-1"])
    set_cemetery(state, [["B-wing-1"], ["P-leg-1"]])
    pile_top(state, ["F-leg-1"])
    events = _behave(state)
    assert any(e.private_to == "Ada" and "Flesh leg" in e.text for e in events)
    assert not any(e.private_to is None and "Flesh leg" in e.text for e in events)
    assert ids(state) == ["bind:B-wing-1", "bind:P-leg-1"]
    state, _ = play(state, "bind:P-leg-1")
    stack = state.cemetery[1]
    assert [s.card for s in stack] == ["P-leg-1", "F-leg-1"] and not stack[1].face_up


def test_a_bound_stack_must_be_drafted_whole_and_cannot_be_stolen():
    state = fresh()
    creature(state, 0, "M-core-1", ["M-arm-1", "M-arm-2", "F-head-1", "B-tail-1"])
    set_cemetery(state, [["B-wing-1"]])
    pile_top(state, ["F-leg-1"])
    _behave(state)
    state, _ = play(state, "bind:B-wing-1")
    creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "F-head-2", "P-tail-1"])
    run_from(state, "mark")
    assert state.pending is None or state.pending.kind != "steal_part"


def test_insane_binds_face_up_on_a_part_sharing_a_type_if_possible():
    state = fresh()
    creature(state, 0, "F-core-1", ["M-arm-1", "M-arm-2", "F-head-1", "B-tail-1"])
    set_cemetery(state, [["P-leg-1"], ["B-wing-1"], ["FB-arm"]])
    pile_top(state, ["B-leg-2"])
    events = _behave(state)
    assert any("Beast leg" in e.text and e.private_to is None for e in events)
    assert ids(state) == ["bind:B-wing-1", "bind:FB-arm"]
    state, _ = play(state, "bind:FB-arm")
    assert state.cemetery[2][1].card == "B-leg-2" and state.cemetery[2][1].face_up


def test_insane_without_a_sharing_part_may_use_any_cemetery_part():
    state = fresh()
    creature(state, 0, "F-core-1", ["M-arm-1", "M-arm-2", "F-head-1", "B-tail-1"])
    set_cemetery(state, [["P-leg-1"], ["M-wing-1"]])
    pile_top(state, ["B-leg-2"])
    _behave(state)
    assert ids(state) == ["bind:P-leg-1", "bind:M-wing-1"]


def test_at_most_five_parts_stack_together_counting_the_cemetery_part():
    state = fresh()
    creature(state, 0, "M-core-1", ["M-arm-1", "M-arm-2", "F-head-1", "B-tail-1"])
    set_cemetery(state, [["P-leg-1", "P-leg-2", "P-leg-3", "P-head-1", "P-head-2"], ["B-wing-1"]])
    pile_top(state, ["F-leg-1"])
    _behave(state)
    assert ids(state) == ["bind:B-wing-1"]


def test_binding_with_every_stack_full_puts_the_part_in_the_cemetery_face_up():
    state = fresh()
    creature(state, 0, "M-core-1", ["M-arm-1", "M-arm-2", "F-head-1", "B-tail-1"])
    set_cemetery(state, [["P-leg-1", "P-leg-2", "P-leg-3", "P-head-1", "P-head-2"]])
    pile_top(state, ["F-leg-1"])
    _behave(state)
    assert state.cemetery[-1] == [Slot(card="F-leg-1")]


# -- order and activity ---------------------------------------------------------------------------
def test_creatures_behave_left_to_right_and_activity_is_checked_when_their_turn_comes():
    state = fresh()
    creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "B-head-1", "P-tail-1"])
    creature(state, 0, "M-core-1", ["M-arm-1", "M-arm-2", "P-head-1"])  # 3 Parts: inactive
    set_cemetery(state, [["B-tail-1"], ["P-leg-1", "M-leg-1"]])
    pile_top(state, ["F-leg-1"])
    _behave(state)
    assert state.pending.kind == "steal_part"
    state, _ = play(state, "steal:B-tail-1:1:S")
    # the stolen tail made creature 2 active in time for its own turn: its Monster pair binds
    assert state.pending.kind == "bind"


def test_marks_are_removed_after_behaviors():
    state = fresh()
    creature(state, 0, "F-core-1", ["F-arm-1", "FB-arm", "B-head-1", "P-tail-1"])
    state.sides[0].revenge = 1
    state.supply_revenge -= 1
    set_cemetery(state, [])
    run_from(state, "mark")
    state, _ = play(state, "mark:0:E:flesh")
    assert state.sides[0].creatures[0].marks == {}
    assert state.sides[0].revenge_spent == 1
