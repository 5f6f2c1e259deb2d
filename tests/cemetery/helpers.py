"""Builders for Cemetery Creatures test states: real cards moved out of the piles, so every card
stays in exactly one place even in hand-made positions."""

from __future__ import annotations

from engines.cemetery.engine import ENGINE
from engines.cemetery.flow import advance, enter
from engines.cemetery.grid import open_positions
from engines.cemetery.state import CemeteryState, Creature, Slot

PLAYERS = ["Ada", "Brook"]
EDGE_FIRST = ["N", "W", "E", "S", "NW", "NE", "SW", "SE"]


def fresh(seed: int = 1) -> CemeteryState:
    """A new game with Ada to play, everything still in the piles and the Cemetery."""
    state = ENGINE.setup(PLAYERS, seed=seed)
    state.first = 0
    state.current = 0
    state.phase = "draft"
    state.picks_left = 5
    return state


def take(state: CemeteryState, card: str) -> str:
    """Remove ``card`` from wherever it lies (piles, Cemetery, hands, creatures)."""
    for pile in (state.core_pile, state.part_pile):
        if card in pile:
            pile.remove(card)
            return card
    for stack in list(state.cemetery):
        for slot in list(stack):
            if slot.card == card:
                stack.remove(slot)
                if not stack:
                    state.cemetery.remove(stack)
                return card
    for p in state.sides:
        if card in p.hand:
            p.hand.remove(card)
            return card
        for c in p.creatures:
            for pos, cid in list(c.parts.items()):
                if cid == card:
                    del c.parts[pos]
                    return card
    raise AssertionError(f"{card} not found")


def creature(state: CemeteryState, seat: int, core: str, parts: list[str], **placed) -> Creature:
    """Give ``seat`` a creature: the Core and Parts in free positions of their kinds (edges first),
    or where ``placed`` says (pos=card)."""
    c = Creature(core=take(state, core))
    for pos, card in placed.items():
        c.parts[pos] = take(state, card)
    for card in parts:
        spots = [p for p in EDGE_FIRST if p in open_positions(c, card)]
        assert spots, f"no room for {card}"
        c.parts[spots[0]] = take(state, card)
    state.sides[seat].creatures.append(c)
    return c


def set_cemetery(state: CemeteryState, stacks: list[list[str]]) -> None:
    """Make the Cemetery exactly these stacks (face up), returning its old cards to the Part pile."""
    old = [s.card for st in state.cemetery for s in st]
    state.cemetery = []
    state.part_pile[:0] = old
    for stack in stacks:
        state.cemetery.append([Slot(card=take(state, c)) for c in stack])


def pile_top(state: CemeteryState, cards: list[str]) -> None:
    """Put these Parts on top of the Part pile, the first drawn first."""
    for card in cards:
        take(state, card)
    state.part_pile.extend(reversed(cards))


def run_from(state: CemeteryState, phase: str) -> list:
    """Open ``phase`` for the current player and let the game run to its next decision."""
    events: list = []
    if phase == "stitch":  # opened the way the game opens it: from a finished Draft
        enter(state, "draft")
        state.picks_left = 0
    else:
        enter(state, phase)
    advance(state, events, acted=False)
    return events


def all_cards(state: CemeteryState) -> list[str]:
    cards = list(state.core_pile) + list(state.part_pile)
    cards += [s.card for st in state.cemetery for s in st]
    for p in state.sides:
        cards += p.hand + [s.card for s in p.pet]
        for c in p.creatures:
            cards += [c.core] + list(c.parts.values())
    if state.pending is not None:
        if state.pending.kind in ("bind",):
            cards.append(state.pending.card)
        if state.pending.kind == "fert_order":
            cards += state.pending.cards
    return cards


def ids(state: CemeteryState, player: str | None = None) -> list[str]:
    who = player or ENGINE.to_act(state)[0]
    return [a.id for a in ENGINE.legal_actions(state, who)]


def play(state: CemeteryState, *action_ids: str):
    events = []
    for a in action_ids:
        state, ev = ENGINE.apply(state, ENGINE.to_act(state)[0], a)
        events += ev
    return state, events
