"""Hidden information stays hidden: hands, face-down Pet Cemetery Parts, peeked Binding Parts."""

from __future__ import annotations

import random

import pytest

from engines.cemetery.data import CARDS
from engines.cemetery.engine import ENGINE
from tests.cemetery.helpers import (
    PLAYERS,
    creature,
    fresh,
    pile_top,
    play,
    run_from,
    set_cemetery,
    take,
)


def test_the_hand_is_only_in_its_owners_view():
    state = fresh()
    state, _ = play(state, "core", "part", "part")
    hand = state.sides[0].hand
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
    assert all("F-leg" not in a.id for a in ENGINE.legal_actions(state, "Ada"))
    state, _ = play(state, "bind:B-wing-1")
    assert "F-leg-1" not in ENGINE.view(state, None).model_dump_json()
    assert "F-leg-1" not in ENGINE.view(state, "Brook").model_dump_json()
    ada = ENGINE.view(state, "Ada").cemetery[0].cards
    assert ada[1].id == "F-leg-1" and not ada[1].face_up


def test_the_public_summary_names_no_hidden_card():
    state = fresh()
    state, _ = play(state, "core", "part")
    text = ENGINE.summary(state)
    assert all(c not in text for c in state.sides[0].hand)


def test_the_binder_s_private_labels_name_the_part_they_peeked_at():
    state = fresh()
    creature(state, 0, "M-core-1", ["M-arm-1", "M-arm-2", "F-head-1", "B-tail-1"])
    set_cemetery(state, [["B-wing-1"]])
    pile_top(state, ["F-leg-1"])
    run_from(state, "mark")
    labels = [a.label for a in ENGINE.legal_actions(state, "Ada")]
    assert labels == ["Stack Flesh leg face down on Beast wing"]


def test_the_engine_offers_its_moves_privately():
    assert ENGINE.public_action_labels is False


def _stitch_state(brook_hand: list[str]):
    state = fresh()
    creature(state, 0, "F-core-1", ["F-head-1"])
    state.sides[0].hand = [take(state, "B-arm-1"), take(state, "P-core-1")]
    state.sides[1].hand = [take(state, c) for c in brook_hand]
    run_from(state, "stitch")
    return state


def test_the_acting_player_s_moves_do_not_depend_on_the_rival_s_hand():
    a = _stitch_state(["M-core-1", "F-arm-1"])
    b = _stitch_state(["B-core-2", "M-wing-1"])
    assert ENGINE.legal_actions(a, "Ada") == ENGINE.legal_actions(b, "Ada")
    labels = " ".join(x.label for x in ENGINE.legal_actions(a, "Ada"))
    assert "Monster" not in labels and "Flesh arm" not in labels


def _swap_unknown(state, viewer: str):
    """The same game as ``viewer`` sees it, with every card they cannot know exchanged for a
    pile card of the same category (also unknown to them)."""
    state = state.model_copy(deep=True)
    piles = {"core": state.core_pile, "part": state.part_pile}
    slots = [
        (seat.hand, i) for seat in state.sides if seat.name != viewer for i in range(len(seat.hand))
    ]
    for stack in [*state.cemetery, *(p.pet for p in state.sides)]:  # own pet too
        for slot in stack:
            if not slot.face_up and viewer not in slot.seen_by:
                slot.card = _exchange(slot.card, piles, state.flipped)
    for where, i in slots:
        where[i] = _exchange(where[i], piles, state.flipped)
    return state


def _exchange(card: str, piles: dict, flipped: list[str]) -> str:
    pile = piles[CARDS[card].category]
    if card in flipped or not pile:
        return card
    other = pile[0]
    pile[0] = card
    return other


@pytest.mark.parametrize("seed", [3, 7, 11])
def test_no_move_label_depends_on_a_card_its_player_cannot_know(seed):
    state = ENGINE.setup(PLAYERS, seed=seed)
    rng = random.Random(seed)
    while ENGINE.result(state) is None:
        player = ENGINE.to_act(state)[0]
        mine = ENGINE.legal_actions(state, player)
        assert ENGINE.legal_actions(_swap_unknown(state, player), player) == mine
        state, _ = ENGINE.apply(state, player, ENGINE.suggest(state, player, rng))
