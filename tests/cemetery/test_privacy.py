"""Hidden information stays hidden: hands, face-down Pet Cemetery Parts, peeked Binding Parts."""

from __future__ import annotations

from engines.cemetery.engine import ENGINE
from tests.cemetery.helpers import creature, fresh, pile_top, play, run_from, set_cemetery


def test_the_hand_is_only_in_its_owners_view():
    state = fresh()
    state, _ = play(state, "core", "part", "part")
    hand = state.players[0].hand
    for viewer in (None, "Brook"):
        text = ENGINE.view(state, viewer).model_dump_json()
        assert ENGINE.view(state, viewer).players[0].hand is None
        assert all(card not in text for card in hand)
    mine = ENGINE.view(state, "Ada").players[0]
    assert [c.id for c in mine.hand] == hand and mine.hand_count == 3


def test_blind_draws_are_named_only_in_a_private_event():
    state = fresh()
    top = state.part_pile[-1]
    state, events = play(state, "part")
    named = [e for e in events if top in e.text or "You draw" in e.text]
    assert named and all(e.private_to == "Ada" for e in named)


def test_a_peeked_binding_part_is_seen_only_by_the_binder():
    state = fresh()
    creature(state, 0, "M-core-1", ["M-arm-1", "M-arm-2", "F-head-1", "B-tail-1"])
    set_cemetery(state, [["B-wing-1"]])
    pile_top(state, ["F-leg-1"])
    run_from(state, "mark")
    assert ENGINE.view(state, "Ada").choosing.id == "F-leg-1"
    assert ENGINE.view(state, "Brook").choosing is None
    assert all(
        "F-leg" not in a.id and "Flesh leg" not in a.label
        for a in ENGINE.legal_actions(state, "Ada")
    )
    state, _ = play(state, "bind:B-wing-1")
    assert "F-leg-1" not in ENGINE.view(state, None).model_dump_json()
    assert "F-leg-1" not in ENGINE.view(state, "Brook").model_dump_json()
    ada = ENGINE.view(state, "Ada").cemetery[0].cards
    assert ada[1].id == "F-leg-1" and not ada[1].face_up


def test_the_public_summary_names_no_hidden_card():
    state = fresh()
    state, _ = play(state, "core", "part")
    text = ENGINE.summary(state)
    assert all(c not in text for c in state.players[0].hand)
