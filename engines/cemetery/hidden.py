"""What a player cannot know, re-dealt for a searching bot (``determinize``).

Hidden from ``player``: the rival's hand, the order of both piles, every face-down card they
did not peek at (Fertilize lays cards nobody has seen; Binding shows its card to the binder
only), the card the rival is placing from their hand or binding, and the dice. Whether a hidden
card is a Core or a Part is public (it came from the Core or the Part pile, or went where only
Parts go), so each re-deal keeps a card's category.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engines.cemetery.data import CARDS
from engines.cemetery.state import CemeteryState
from engines.core import attr_setter, fresh_rng, item_setter, redeal

#: where a hidden card sits: how to put a card there, and the card there now
Place = tuple[Callable[[str], None], str]


def _hidden_places(state: CemeteryState, player: str) -> list[Place]:
    places: list[Place] = []

    def in_list(cards: list[str]) -> None:
        for i, card in enumerate(cards):
            places.append((item_setter(cards, i), card))

    for p in state.sides:
        if p.name != player:
            in_list(p.hand)
    in_list(state.core_pile)
    in_list(state.part_pile)
    stacks = [p.pet for p in state.sides] + state.cemetery
    for stack in stacks:
        for slot in stack:
            if not slot.face_up and player not in slot.seen_by:
                places.append((attr_setter(slot, "card"), slot.card))
    pend = state.pending
    if (
        pend is not None
        and pend.player != player
        and pend.card is not None
        and pend.kind == "bind"
        and not pend.react
    ):
        places.append((attr_setter(pend, "card"), pend.card))
    return places


def _placing_from_hand(state: CemeteryState, player: str) -> int | None:
    """Where in the rival's hand the card they are placing sits (it stays in the hand until
    placed): after the re-deal, the choice is whatever card that place then holds."""
    pend = state.pending
    if pend is None or pend.player == player or pend.source != "hand" or pend.card is None:
        return None
    return next(p.hand for p in state.sides if p.name == pend.player).index(pend.card)


def determinize(state: CemeteryState, player: str, rng: random.Random) -> CemeteryState:
    """``state`` (a copy the caller owns) with every card ``player`` cannot see re-dealt among
    the places of its category, and fresh dice."""
    places = _hidden_places(state, player)
    placing = _placing_from_hand(state, player)
    for category in ("core", "part"):
        mine = [(put, card) for put, card in places if CARDS[card].category == category]
        for (put, _), card in zip(mine, redeal([c for _, c in mine], rng), strict=True):
            put(card)
    if placing is not None and state.pending is not None:
        rival = next(p for p in state.sides if p.name == state.pending.player)
        state.pending.card = rival.hand[placing]
    state.rng = fresh_rng(rng)
    return state
