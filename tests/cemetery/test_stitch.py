"""Stitch: Cores start creatures; Parts only where their kind fits with something to stitch through."""

from __future__ import annotations

from engines.cemetery.data import card_name
from engines.cemetery.engine import ENGINE
from engines.cemetery.state import Slot
from tests.cemetery.helpers import creature, fresh, ids, play, run_from, take


def _hand(state, cards):
    state.sides[0].hand = [take(state, c) for c in cards]


def test_a_core_starts_a_new_creature_at_the_right_end():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    _hand(state, ["B-core-1", "F-arm-1"])
    run_from(state, "stitch")
    state, _ = play(state, "core:1")
    assert [c.core for c in state.sides[0].creatures] == ["F-core-1", "B-core-1"]


def test_a_part_cannot_be_stitched_without_a_creature():
    state = fresh()
    _hand(state, ["F-arm-1", "B-leg-1"])
    run_from(state, "stitch")
    # nothing to stitch: the phase is skipped and the Parts go to the Cemetery
    assert state.phase != "stitch"
    assert ["F-arm-1"] in [[s.card for s in st] for st in state.cemetery]


def test_a_part_goes_only_where_its_kind_fits():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    _hand(state, ["F-arm-1"])
    run_from(state, "stitch")
    assert sorted(ids(state)) == ["done", "st:h1:0:E", "st:h1:0:W"]


def test_a_corner_needs_a_part_on_a_neighbouring_edge_to_stitch_through():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    _hand(state, ["F-leg-1", "F-arm-1"])
    run_from(state, "stitch")
    assert not any(a.startswith("st:h1:") for a in ids(state))  # the leg: nothing to go through
    state, _ = play(state, "st:h2:0:W")
    assert state.sides[0].hand == ["F-leg-1"]
    assert [a for a in ids(state) if a.startswith("st:")] == ["st:h1:0:SW"]


def test_stitch_labels_name_the_card_its_source_and_the_place():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    _hand(state, ["M-core-1", "F-arm-1"])
    state.sides[0].pet = [Slot(card=take(state, "B-head-1"))]
    run_from(state, "stitch")
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "Ada")}
    assert labels["core:1"] == "Start creature 2 with a Monster Core"
    assert labels["st:h2:0:W"] == "Stitch Flesh arm (hand) to creature 1 (Flesh Core), left"
    assert labels["st:p:0:N"] == "Stitch Beast head (pet) to creature 1 (Flesh Core), top"


def test_stitch_ids_name_hand_cards_only_by_their_place_in_the_hand():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    _hand(state, ["M-core-1", "F-arm-1"])
    run_from(state, "stitch")
    assert all("-" not in a and a.isascii() and len(a) <= 64 for a in ids(state))


def test_stitching_a_part_is_one_choice_of_card_and_place_with_nothing_to_take_back():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    _hand(state, ["F-arm-1", "B-head-1"])
    run_from(state, "stitch")
    state, events = play(state, "st:h1:0:E")
    assert state.pending is None and state.phase == "stitch"
    assert state.sides[0].creatures[0].parts == {"E": "F-arm-1"}
    assert any("Ada stitches Flesh arm to creature 1 (Flesh Core), right" in e.text for e in events)
    # the other Part is still free to go anywhere it fits, or not at all
    assert sorted(ids(state)) == ["done", "st:h1:0:N"]


def test_identical_parts_in_hand_are_offered_once_per_place():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    _hand(state, ["F-arm-1", "F-arm-2"])
    run_from(state, "stitch")
    assert sorted(ids(state)) == ["done", "st:h1:0:E", "st:h1:0:W"]


def _many_creatures(state, n):
    for core in list(state.core_pile)[:n]:
        creature(state, 0, core, [])


def _stitch_with_too_many_places(state):
    _many_creatures(state, 9)
    _hand(state, ["F-arm-1", "B-arm-1", "P-arm-1"])  # 3 Parts x 18 arm places: too many at once
    run_from(state, "stitch")


def test_with_too_many_places_the_part_is_picked_first_then_its_place():
    state = fresh()
    _stitch_with_too_many_places(state)
    assert ids(state) == ["hand:1", "hand:2", "hand:3", "done"]
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "Ada")}
    assert labels["hand:2"] == "Stitch Beast arm (hand): choose where"
    state, _ = play(state, "hand:3")
    assert len(ids(state)) == 18 + 1 and ids(state)[-1] == "back"
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "Ada")}
    core = card_name(state.sides[0].creatures[4].core)
    assert labels["at:4:W"] == f"Stitch Plant arm to creature 5 ({core}), left"
    state, _ = play(state, "at:4:W")
    assert state.sides[0].creatures[4].parts == {"W": "P-arm-1"}
    assert state.sides[0].hand == ["F-arm-1", "B-arm-1"]


def test_with_too_many_places_the_pet_cemetery_s_top_is_picked_first_then_its_place():
    state = fresh()
    _many_creatures(state, 9)
    _hand(state, ["F-arm-1", "B-arm-1"])
    below = take(state, "B-head-1")
    state.sides[0].pet = [Slot(card=below, face_up=False), Slot(card=take(state, "P-arm-1"))]
    run_from(state, "stitch")
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "Ada")}
    assert list(labels) == ["hand:1", "hand:2", "pet", "done"]
    assert labels["pet"] == "Stitch Plant arm (pet): choose where"
    state, _ = play(state, "pet")
    assert len(ids(state)) == 18 + 1 and ids(state)[-1] == "back"
    state, events = play(state, "at:4:W")
    me = state.sides[0]
    assert me.creatures[4].parts == {"W": "P-arm-1"} and me.hand == ["F-arm-1", "B-arm-1"]
    assert me.pet == [Slot(card=below, face_up=True)]
    assert [e.text for e in events] == [
        "Ada's Pet Cemetery reveals Beast head on top.",
        "Ada stitches Plant arm from the Pet Cemetery to creature 5 (Beast Core), left.",
    ]
    assert state.pending is None and state.phase == "stitch" and ids(state)[0] == "st:h1:0:W"


def _stitch_with_choices(state, n_cores):
    """8 creatures, 3 arms in hand (48 arm places) and ``n_cores`` Cores in hand."""
    _many_creatures(state, 8)
    cores = list(state.core_pile)[:n_cores]
    _hand(state, ["F-arm-1", "B-arm-1", "P-arm-1", *cores])
    run_from(state, "stitch")


def test_up_to_fifty_choices_with_end_stitch_a_part_comes_with_its_place():
    state = fresh()
    _stitch_with_choices(state, 1)  # 1 Core + 48 places + End Stitch = 50
    offered = ids(state)
    assert len(offered) == 50 and offered[0] == "core:4" and offered[1] == "st:h1:0:W"


def test_past_fifty_choices_with_end_stitch_the_part_is_picked_first():
    state = fresh()
    _stitch_with_choices(state, 2)  # 2 Cores + 48 places + End Stitch = 51
    assert ids(state) == ["core:4", "core:5", "hand:1", "hand:2", "hand:3", "done"]


def test_back_after_picking_a_part_to_stitch_changes_nothing():
    state = fresh()
    _stitch_with_too_many_places(state)
    state, events = play(state, "hand:2", "back")
    assert state.pending is None and events == []
    assert state.sides[0].hand == ["F-arm-1", "B-arm-1", "P-arm-1"]
    assert ids(state) == ["hand:1", "hand:2", "hand:3", "done"]


def test_the_longest_stitch_label_fits_a_button_whole():
    state = fresh()
    cores = [c for c in state.core_pile if c != "M-core-3"]
    for core in cores:
        creature(state, 0, core, [])
    creature(state, 0, "M-core-3", [], E="M-arm-1", N="M-head-1")  # creature 12
    _hand(state, ["PM-leg"])
    state.sides[0].pet = [Slot(card=take(state, "FM-wing"))]
    run_from(state, "stitch")
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "Ada")}
    assert labels["st:h1:11:SE"] == (
        "Stitch Plant/Monster leg (hand) to creature 12 (Monster Core), bottom-right"
    )
    assert (
        labels["st:p:11:NE"]
        == "Stitch Flesh/Monster wing (pet) to creature 12 (Monster Core), top-right"
    )
    assert all(len(label) <= 80 for label in labels.values())


def test_only_the_top_of_the_pet_cemetery_can_be_stitched():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    state.sides[0].pet = [Slot(card=take(state, "B-arm-1")), Slot(card=take(state, "B-head-1"))]
    run_from(state, "stitch")
    assert ids(state) == ["st:p:0:N", "done"]
    state, _ = play(state, "st:p:0:N")
    assert state.sides[0].creatures[0].parts == {"N": "B-head-1"}
    assert state.sides[0].pet[-1].card == "B-arm-1"


def test_a_face_down_part_is_only_revealed_when_it_reaches_the_top_of_the_pet_cemetery():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    state.sides[0].pet = [
        Slot(card=take(state, "B-arm-1"), face_up=False),
        Slot(card=take(state, "B-head-1"), face_up=False),
    ]
    events = run_from(state, "stitch")
    assert state.sides[0].pet[-1].face_up and not state.sides[0].pet[0].face_up
    assert any("reveals Beast head" in e.text and e.private_to is None for e in events)
    below = ENGINE.view(state, "Ada").players[0].pet[0]  # still under the top: unseen by its owner
    assert below.hidden and below.id is None
    assert not any("Beast arm" in e.text for e in events)
    state, events = play(state, "st:p:0:N")
    assert state.sides[0].pet[0].face_up
    assert any("reveals Beast arm" in e.text for e in events)


def test_end_of_stitch_returns_parts_to_the_cemetery_cores_to_the_pile_and_loses_the_pet():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    _hand(state, ["M-core-1", "F-arm-1"])
    state.sides[0].pet = [Slot(card=take(state, "B-head-1"))]
    run_from(state, "stitch")
    state, _ = play(state, "done")
    me = state.sides[0]
    assert me.hand == [] and me.pet == []
    assert state.core_pile[0] == "M-core-1"
    cem = [st[0].card for st in state.cemetery]
    assert "F-arm-1" in cem and "B-head-1" in cem


def test_a_stitch_from_the_hand_names_the_hand_and_one_from_the_pet_cemetery_does_not():
    """Issue #29: the panel shows the hand picture beside moves that name hand cards."""
    state = fresh()
    creature(state, 0, "F-core-1", [])
    _hand(state, ["M-core-1", "F-arm-1"])
    state.sides[0].pet = [Slot(card=take(state, "B-head-1"))]
    run_from(state, "stitch")
    naming = {a.id: a.names_hand for a in ENGINE.legal_actions(state, "Ada")}
    assert (naming["core:1"], naming["st:h2:0:W"], naming["st:p:0:N"]) == (True, True, False)
