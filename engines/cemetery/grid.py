"""Where a Part may go on a creature: its kind's positions, empty, with something to stitch through.

Edges (N, W, E, S) stitch straight to the Core; a corner needs a Part on a neighbouring edge.
"""

from __future__ import annotations

from functools import cache

from engines.cemetery.data import CARDS, POSITION_ORDER, POSITIONS
from engines.cemetery.state import Creature


def fits(card_id: str, pos: str) -> bool:
    """The Part's kind is the position's kind (a head goes where a head goes)."""
    return CARDS[card_id].kind == POSITIONS[pos].kind


@cache
def fitting(card_id: str) -> tuple[str, ...]:
    """The positions of the Part's kind, in grid order (worked out once per card)."""
    return tuple(pos for pos in POSITION_ORDER if fits(card_id, pos))


def can_stitch_through(creature: Creature, pos: str, *, ignoring: str | None = None) -> bool:
    neighbours = POSITIONS[pos].neighbours
    if not neighbours:
        return True
    return any(n in creature.parts and n != ignoring for n in neighbours)


def open_positions(creature: Creature, card_id: str) -> list[str]:
    """Empty positions of this creature the Part is allowed to occupy, in grid order."""
    return [
        pos
        for pos in fitting(card_id)
        if pos not in creature.parts and can_stitch_through(creature, pos)
    ]


def placements(creatures: list[Creature], card_id: str) -> list[tuple[int, str]]:
    """Every (creature index, position) the Part may be stitched to."""
    return [(i, pos) for i, c in enumerate(creatures) for pos in open_positions(c, card_id)]
