"""Stitch: Cores start creatures; Parts only where their kind fits with something to stitch through."""

from __future__ import annotations

from engines.cemetery.state import Slot
from tests.cemetery.helpers import creature, fresh, ids, play, run_from, take


def _hand(state, cards):
    state.players[0].hand = [take(state, c) for c in cards]


def test_a_core_starts_a_new_creature_at_the_right_end():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    _hand(state, ["B-core-1", "F-arm-1"])
    run_from(state, "stitch")
    state, _ = play(state, "core:1")
    assert [c.core for c in state.players[0].creatures] == ["F-core-1", "B-core-1"]


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
    state, _ = play(state, "hand:1")
    assert sorted(ids(state)) == ["at:0:E", "at:0:W"]


def test_a_corner_needs_a_part_on_a_neighbouring_edge_to_stitch_through():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    _hand(state, ["F-leg-1", "F-arm-1"])
    run_from(state, "stitch")
    assert "hand:1" not in ids(state)  # the leg has nothing to stitch through yet
    state, _ = play(state, "hand:2", "at:0:W")
    state, _ = play(state, "hand:1")
    assert ids(state) == ["at:0:SW"]


def test_stitch_labels_never_name_the_hand_cards():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    _hand(state, ["M-core-1", "F-arm-1"])
    run_from(state, "stitch")
    from engines.cemetery.engine import ENGINE

    labels = " ".join(a.label + a.id for a in ENGINE.legal_actions(state, "Ada"))
    assert "Monster" not in labels and "Flesh arm" not in labels and "F-arm" not in labels


def test_only_the_top_of_the_pet_cemetery_can_be_stitched():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    state.players[0].pet = [Slot(card=take(state, "B-arm-1")), Slot(card=take(state, "B-head-1"))]
    run_from(state, "stitch")
    assert ids(state) == ["pet", "done"]
    state, _ = play(state, "pet")
    assert ids(state) == ["at:0:N"]
    state, _ = play(state, "at:0:N")
    assert state.players[0].creatures[0].parts == {"N": "B-head-1"}
    assert state.players[0].pet[-1].card == "B-arm-1"


def test_a_face_down_pet_part_is_revealed_when_it_reaches_the_top():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    state.players[0].pet = [
        Slot(card=take(state, "B-arm-1"), face_up=False, seen_by=["Ada"]),
        Slot(card=take(state, "B-head-1"), face_up=False, seen_by=["Ada"]),
    ]
    events = run_from(state, "stitch")
    assert state.players[0].pet[-1].face_up and not state.players[0].pet[0].face_up
    assert any("reveals Beast head" in e.text for e in events)
    state, events = play(state, "pet", "at:0:N")
    assert state.players[0].pet[0].face_up
    assert any("reveals Beast arm" in e.text for e in events)


def test_end_of_stitch_returns_parts_to_the_cemetery_cores_to_the_pile_and_loses_the_pet():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    _hand(state, ["M-core-1", "F-arm-1"])
    state.players[0].pet = [Slot(card=take(state, "B-head-1"))]
    run_from(state, "stitch")
    state, _ = play(state, "done")
    me = state.players[0]
    assert me.hand == [] and me.pet == []
    assert state.core_pile[0] == "M-core-1"
    cem = [st[0].card for st in state.cemetery]
    assert "F-arm-1" in cem and "B-head-1" in cem
