"""A searching bot's samples of what it cannot see (``determinize``) in Cemetery's own
situations: a rival's hidden Cores move only among Core places, the card a rival is stitching
from their hand stays one of their hand cards, and a card bound face down moves for the player
who did not peek while Insane's face-up binding stays put."""

from __future__ import annotations

import random
from collections import Counter

from engines.cemetery.data import CARDS
from engines.cemetery.engine import ENGINE
from tests.cemetery.helpers import (
    all_cards,
    creature,
    fresh,
    pile_top,
    play,
    run_from,
    set_cemetery,
    take,
)
from tests.cemetery.test_stitch import _stitch_with_too_many_places


def _samples(state, player, n=20):
    return [
        ENGINE.determinize(ENGINE.copy_state(state), player, random.Random(k)) for k in range(n)
    ]


def test_a_rival_s_hidden_cores_are_redealt_among_the_core_places_only():
    state = fresh()
    state.sides[1].hand = [take(state, "B-core-1"), take(state, "F-arm-1")]
    seen = set()
    for sample in _samples(state, "Ada"):
        core, part = sample.sides[1].hand
        assert CARDS[core].category == "core" and CARDS[part].category == "part"
        assert all(CARDS[c].category == "core" for c in sample.core_pile)
        assert all(CARDS[c].category == "part" for c in sample.part_pile)
        seen.add(core)
    assert len(seen) > 1  # the Core in Brook's hand is not given away


def test_the_part_a_rival_is_stitching_from_their_hand_stays_one_of_their_hand_cards():
    state = fresh()
    _stitch_with_too_many_places(state)
    state, _ = play(state, "hand:3")  # Ada picks her third hand card; its place comes next
    assert state.pending.source == "hand"
    picked = set()
    for sample in _samples(state, "Brook"):
        assert sample.pending.card == sample.sides[0].hand[2]
        assert Counter(all_cards(sample)) == Counter(all_cards(state))
        picked.add(sample.pending.card)
    assert len(picked) > 1  # which card Ada picked is hers to know
    for sample in _samples(state, "Ada", 3):
        assert sample.pending.card == "P-arm-1" and sample.sides[0].hand == state.sides[0].hand


def _binding(state):
    creature(state, 0, "M-core-1", ["M-arm-1", "M-arm-2", "F-head-1", "B-tail-1"])
    set_cemetery(state, [["B-wing-1"]])
    pile_top(state, ["F-leg-1"])
    run_from(state, "mark")
    assert state.pending.kind == "bind" and state.pending.card == "F-leg-1"


def test_the_part_being_bound_face_down_is_redealt_for_the_player_who_did_not_peek():
    state = fresh()
    _binding(state)
    assert len({s.pending.card for s in _samples(state, "Brook")}) > 1
    assert {s.pending.card for s in _samples(state, "Ada", 3)} == {"F-leg-1"}


def test_the_part_insane_binds_face_up_is_not_redealt():
    state = fresh()
    creature(state, 0, "F-core-1", ["M-arm-1", "M-arm-2", "F-head-1", "B-tail-1"])
    set_cemetery(state, [["P-leg-1"], ["B-wing-1"], ["FB-arm"]])
    pile_top(state, ["B-leg-2"])
    run_from(state, "mark")
    assert state.pending.kind == "bind" and state.pending.react
    assert {s.pending.card for s in _samples(state, "Brook")} == {"B-leg-2"}
