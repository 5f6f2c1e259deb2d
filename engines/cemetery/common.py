"""Small helpers the phase and behaviour modules share: wording, stacks, moving cards."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engines.cemetery.data import CARDS, card_name, place_words, short_place_words
from engines.cemetery.state import CemeteryState, Creature, Slot, TurnNote
from engines.core import Action, Event
from i18n.say import Say, say, say_n


def name_of(state: CemeteryState, card_id: str) -> Say:
    return card_name(card_id, flipped=card_id in state.flipped)


# a creature's number is an identifier, passed as words (never grouped like a count); the
# labels are the same words for the same creature and place, so each is made once
def creature_label(creature: Creature, index: int) -> Say:
    return _creature_label(index, creature.core)


@cache
def _creature_label(index: int, core: str) -> Say:
    return say("creature {n} ({core})", n=str(index + 1), core=card_name(core))


def place_label(creatures: list[Creature], index: int, pos: str) -> Say:
    return _place_label(index, creatures[index].core, pos)


@cache
def _place_label(index: int, core: str, pos: str) -> Say:
    return place_words(_creature_label(index, core), pos)


def short_place(index: int, pos: str) -> Say:
    """A place on a creature without its Core: "creature 1, left" (a label that would be too
    long for a button otherwise)."""
    return short_place_words(str(index + 1), pos)


def listed(items: Sequence[str]) -> str:
    """Items in a list, "a, b, c", each worded for the reader (a list of one is the item; the
    list nests as a balanced tree, so wording it stays quick however long it is)."""
    if len(items) <= 1:
        return items[0] if items else ""
    half = len(items) // 2
    return say("{a}, {b}", a=listed(items[:half]), b=listed(items[half:]))


def both(a: str, b: str) -> Say:
    """Two items: "a and b"."""
    return say("{a} and {b}", a=a, b=b)


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
    shown = listed([name_of(state, s.card) for s in stack[1:] if s.face_up])
    count = len(stack)
    if not hidden:
        return say("{base} stack ({count} cards: +{shown})", base=base, count=count, shown=shown)
    if not shown:
        return say_n(
            "{base} stack ({count} cards: +{n} face-down)",
            "{base} stack ({count} cards: +{n} face-down)",
            hidden,
            base=base,
            count=count,
        )
    return say_n(
        "{base} stack ({count} cards: +{shown}, {n} face-down)",
        "{base} stack ({count} cards: +{shown}, {n} face-down)",
        hidden,
        base=base,
        count=count,
        shown=shown,
    )


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


def note_words(note: TurnNote) -> str:
    """A finished turn's note in words for the reader: from what it counted, or the English it
    was saved with (a note saved before notes kept their tally)."""
    if note.tally is None:
        return note.line
    return turn_words(note.player, note.rival or "", note.tally)


def turn_words(me: str, rival: str, t: dict[str, int]) -> Say:
    """A turn in a few public words, from what it counted (``CemeteryState.tally``): "Ada
    drafted 5 (2 from the Cemetery), stitched 3, scored 2 Revenge"."""
    bits: list[str] = []
    drafted = t.get("drew", 0) + t.get("took", 0)
    if drafted:
        taken = t.get("took", 0)
        if taken:
            bits.append(say("drafted {n} ({taken} from the Cemetery)", n=drafted, taken=taken))
        else:
            bits.append(say("drafted {n}", n=drafted))
    if t.get("started"):
        n = t["started"]
        bits.append(say_n("started a creature", "started {n} creatures", n))
    if t.get("stitched"):
        bits.append(say("stitched {n}", n=t["stitched"]))
    if t.get("marked"):
        bits.append(say("marked {n}", n=t["marked"]))
    if t.get("stole"):
        bits.append(say_n("stole {n} Part", "stole {n} Parts", t["stole"]))
    if t.get("maim"):
        bits.append(say("{rival} lost {n} to Maim", rival=rival, n=t["maim"]))
    if t.get("mindless"):
        bits.append(say("lost {n} to Mindless", n=t["mindless"]))
    if t.get("pet"):
        bits.append(say("{n} to the Pet Cemetery", n=t["pet"]))
    if t.get("bound"):
        bits.append(say("bound {n}", n=t["bound"]))
    revenge, science = t.get("revenge", 0), t.get("science", 0)
    if revenge and science:
        bits.append(
            say("scored {revenge} Revenge + {science} Science", revenge=revenge, science=science)
        )
    elif revenge:
        bits.append(say("scored {n} Revenge", n=revenge))
    elif science:
        bits.append(say("scored {n} Science", n=science))
    if t.get("moved"):
        bits.append(say("moved {n}", n=t["moved"]))
    if not bits:
        return say("{player} did nothing", player=me)
    return say("{player} {did}", player=me, did=listed(bits))


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


def tell(
    events: list[Event],
    text: str,
    *,
    private_to: str | None = None,
    kind: str = "info",
    fold: Say | None = None,
) -> None:
    """Tell what happened (``text`` a ``say``); ``fold`` (a ``say_n``) is how a run of such
    events reads as one recap line. The event keeps the fold as data for the reader's language,
    and as its English with ``{n}`` standing for how many (as recaps read it)."""
    if len(text) > 1900:  # a message's length in English; never reached by a real game
        text = text[:1900]
    if fold is None:
        events.append(Event(text=text, private_to=private_to, kind=kind))
        return
    english = str(Say(fold.plural or fold.msgid, {**fold.values, "n": "{n}"}))
    events.append(
        Event(text=text, private_to=private_to, kind=kind, fold=english, fold_said=fold.data())
    )
