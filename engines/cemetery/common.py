"""Small helpers the phase and behaviour modules share: wording, stacks, moving cards."""

from __future__ import annotations

from engines.cemetery.data import CARDS, POS_WORDS, card_name, creature_name
from engines.cemetery.state import CemeteryState, Creature, Slot
from engines.core import Action, Event


def name_of(state: CemeteryState, card_id: str) -> str:
    return card_name(card_id, flipped=card_id in state.flipped)


def creature_label(creature: Creature, index: int) -> str:
    return f"{creature_name(index)} ({card_name(creature.core)})"


def place_label(creatures: list[Creature], index: int, pos: str) -> str:
    return f"{creature_label(creatures[index], index)}, {POS_WORDS[pos]}"


def card_types(state: CemeteryState, card_id: str) -> list[str]:
    """A card's types; a flipped Part has none."""
    return [] if card_id in state.flipped else list(CARDS[card_id].types)


def stack_index(state: CemeteryState, base: str) -> int:
    """Where the Cemetery stack of Cemetery Part ``base`` is (a legal action names only stacks
    that are there)."""
    for i, stack in enumerate(state.cemetery):
        if stack[0].card == base:
            return i
    raise LookupError(f"no Cemetery stack of {base}")


def stack_words(state: CemeteryState, stack: list[Slot]) -> str:
    """A Cemetery stack as everyone may read it (face-down cards stay unnamed)."""
    base = name_of(state, stack[0].card)
    if len(stack) == 1:
        return base
    hidden = sum(1 for s in stack if not s.face_up)
    shown = [name_of(state, s.card) for s in stack[1:] if s.face_up]
    extra = ", ".join(shown + ([f"{hidden} face-down"] if hidden else []))
    return f"{base} stack ({len(stack)} cards: +{extra})"


def to_cemetery(state: CemeteryState, card_id: str) -> None:
    """A Part goes to the Cemetery face up, as a Cemetery Part of its own."""
    state.cemetery.append([Slot(card=card_id)])


def remove_part(state: CemeteryState, owner: int, index: int, pos: str) -> str:
    creature = state.sides[owner].creatures[index]
    card_id = creature.parts.pop(pos)
    creature.marks.pop(pos, None)
    to_cemetery(state, card_id)
    return card_id


def note(state: CemeteryState, what: str, n: int = 1, *marks: str) -> None:
    """Count ``n`` of ``what`` in the turn in progress and note the public ids it changed (for
    the board's last-turn line and highlight)."""
    if n:
        state.tally[what] = state.tally.get(what, 0) + n
    state.changed.extend(marks)


def _parts(n: int) -> str:
    return f"{n} Part{'s' if n != 1 else ''}"


def turn_words(state: CemeteryState) -> str:
    """The turn in progress in a few public words: "Ada drafted 5 (2 from the Cemetery),
    stitched 3 Parts, scored 2 Revenge"."""
    t = state.tally
    me = state.me.name
    rival = state.rival.name
    bits = []
    drafted = t.get("drew", 0) + t.get("took", 0)
    if drafted:
        taken = t.get("took", 0)
        bits.append(f"drafted {drafted}" + (f" ({taken} from the Cemetery)" if taken else ""))
    if t.get("started"):
        n = t["started"]
        bits.append("started a creature" if n == 1 else f"started {n} creatures")
    if t.get("stitched"):
        bits.append(f"stitched {t['stitched']}")
    if t.get("marked"):
        bits.append(f"marked {t['marked']}")
    if t.get("stole"):
        bits.append(f"stole {_parts(t['stole'])}")
    if t.get("maim"):
        bits.append(f"{rival} lost {t['maim']} to Maim")
    if t.get("mindless"):
        bits.append(f"lost {t['mindless']} to Mindless")
    if t.get("pet"):
        bits.append(f"{t['pet']} to the Pet Cemetery")
    if t.get("bound"):
        bits.append(f"bound {t['bound']}")
    scored = [f"{t[k]} {k.title()}" for k in ("revenge", "science") if t.get(k)]
    if scored:
        bits.append("scored " + " + ".join(scored))
    if t.get("moved"):
        bits.append(f"moved {t['moved']}")
    return f"{me} " + (", ".join(bits) if bits else "did nothing")


def unique_labels(actions: list[Action]) -> list[Action]:
    """Drop actions that read exactly like an earlier one (two identical Flesh arms in hand)."""
    seen: set[str] = set()
    out = []
    for a in actions:
        if a.label in seen:
            continue
        seen.add(a.label)
        out.append(a)
    return out


def say(
    events: list[Event],
    text: str,
    *,
    private_to: str | None = None,
    kind: str = "info",
    fold: str | None = None,
) -> None:
    """Tell what happened; ``fold`` is how a run of such events reads as one recap line."""
    events.append(Event(text=text[:1900], private_to=private_to, kind=kind, fold=fold))
