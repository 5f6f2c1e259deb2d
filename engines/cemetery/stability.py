"""Activity, stability and scoring of one creature: the arithmetic the rulebook's worked creatures pin.

- Active: 4 or more Parts (duals and flipped Parts count). Inactive creatures do nothing.
- A pair is two Parts of a type; n Parts make n // 2 pairs. The Core is never a Part.
- A type is stable if it is the Core's type (for every pair of it at once), or if the creature
  has a pair of it and a pair of its affinity partner. A type with a pair that is not stable is
  unstable.
- Duals contribute nothing unless marked, and marks only count during Behaviors. At Scoring
  only single-type, face-up Parts count.
"""

from __future__ import annotations

from engines.cemetery.data import CARDS, CONSTANTS, TYPE_ORDER, TYPES
from engines.cemetery.state import Creature, Trigger

STABLE = "stable"
UNSTABLE = "unstable"


def is_active(creature: Creature) -> bool:
    return len(creature.parts) >= CONSTANTS.min_active_parts


def core_type(creature: Creature) -> str:
    return CARDS[creature.core].types[0]


def type_counts(
    creature: Creature, flipped: set[str] | list[str], *, marks: bool
) -> dict[str, int]:
    """Parts per type. Flipped Parts have no type; duals count only through their marks, and
    only when ``marks`` is set (the Behaviors phase)."""
    counts = dict.fromkeys(TYPE_ORDER, 0)
    for pos, card_id in creature.parts.items():
        if card_id in flipped:
            continue
        card = CARDS[card_id]
        if not card.is_dual:
            counts[card.types[0]] += 1
        elif marks and pos in creature.marks:
            mark = creature.marks[pos]
            for t in card.types if mark == "both" else [mark]:
                counts[t] += 1
    return counts


def statuses(counts: dict[str, int], core: str) -> dict[str, str | None]:
    """Each type's standing on a creature: stable, unstable, or None (no pair, not the Core's)."""
    pairs = {t: n // 2 for t, n in counts.items()}
    out: dict[str, str | None] = {}
    for t in TYPE_ORDER:
        if t == core or (pairs[t] >= 1 and pairs[TYPES[t].affinity] >= 1):
            out[t] = STABLE
        elif pairs[t] >= 1:
            out[t] = UNSTABLE
        else:
            out[t] = None
    return out


def creature_statuses(
    creature: Creature, flipped: set[str] | list[str], *, marks: bool
) -> dict[str, str | None]:
    if not is_active(creature):
        return dict.fromkeys(TYPE_ORDER)
    return statuses(type_counts(creature, flipped, marks=marks), core_type(creature))


def score(creature: Creature, flipped: set[str] | list[str]) -> dict[str, int]:
    """Tokens an active creature earns at Scoring: 1 of the Core's leaning, plus 1 of each stable
    type's leaning per pair of single-type Parts of that type."""
    earned = {"revenge": 0, "science": 0}
    if not is_active(creature):
        return earned
    counts = type_counts(creature, flipped, marks=False)
    core = core_type(creature)
    earned[TYPES[core].leaning] += 1
    for t, status in statuses(counts, core).items():
        if status == STABLE:
            earned[TYPES[t].leaning] += counts[t] // 2
    return earned


def triggers(creature: Creature, index: int, flipped: set[str] | list[str]) -> list[Trigger]:
    """The behaviours an active creature fires, one per pair, types in the fixed order."""
    if not is_active(creature):
        return []
    counts = type_counts(creature, flipped, marks=True)
    out: list[Trigger] = []
    for t, status in statuses(counts, core_type(creature)).items():
        if status is None:
            continue
        for _ in range(counts[t] // 2):
            out.append(Trigger(type=t, unstable=status == UNSTABLE, creature=index))
    return out
