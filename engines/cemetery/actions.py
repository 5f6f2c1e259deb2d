"""The player-driven phases: Draft, Stitch, Mark and Experiment — their choices and effects.

Each ``*_options`` lists what the player may do now (empty means the phase has nothing legal
left); each ``do_*`` carries out an already-validated action id.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache, partial

from engines.cemetery.common import (
    creature_label,
    name_of,
    note,
    place_label,
    say,
    stack_index,
    stack_words,
    to_cemetery,
    unique_labels,
)
from engines.cemetery.data import CARDS, POSITION_ORDER, card_name
from engines.cemetery.grid import can_stitch_through, fits, fitting, placements
from engines.cemetery.state import CemeteryState, Creature, Pending, Slot
from engines.core import MAX_ACTION_LABEL, Action, ActionRole, Event, Handler

NORMAL, MAIN = ActionRole.NORMAL, ActionRole.MAIN
#: the id of the move that ends a phase (offered by the engine with ``flow.end_phase``)
DONE = "done"


@cache
def back(do: Handler) -> Action:
    """The Back of a two-step choice, carrying the handler of the choice it goes back in."""
    return Action(id="back", label="Back: choose something else", role=NORMAL, kind="Back", do=do)


#: the most Stitch or Steal choices offered with Part and position combined (a chat shows 25
#: as buttons, more as select menus of 25); past it, the Part is picked first
COMBINED_LIMIT = 50


# -- Draft ------------------------------------------------------------------------------------
def can_draft(state: CemeteryState) -> bool:
    """Whether :func:`draft_options` offers anything (without wording every choice)."""
    return bool(
        state.core_pile
        or state.part_pile
        or any(len(st) <= state.picks_left for st in state.cemetery)
    )


def draft_options(state: CemeteryState) -> list[Action]:
    out = []
    if state.core_pile:
        out.append(
            Action(
                id="core",
                label="Draw the top Core from the pile",
                role=MAIN,
                do=do_draft,
                kind="Draw",
            )
        )
    if state.part_pile:  # the main action when there is no Core to draw
        role = NORMAL if state.core_pile else MAIN
        out.append(
            Action(
                id="part",
                label="Draw the top Part from the pile",
                role=role,
                do=do_draft,
                kind="Draw",
            )
        )
    takeable = [(i, st) for i, st in enumerate(state.cemetery) if len(st) <= state.picks_left]
    # the stacks' labels depend on one another: all are worded together, when one is first read
    worded: dict[int, str] = {}

    def label(i: int) -> str:
        if not worded:
            worded.update(_stack_labels(state, takeable))
        return worded[i]

    for i, st in takeable:
        out.append(
            Action(
                id=f"cem:{st[0].card}",
                label=partial(label, i),
                role=NORMAL,
                do=do_draft,
                kind="Take",
            )
        )
    return out


def _stack_labels(state: CemeteryState, takeable: list[tuple[int, list[Slot]]]) -> dict[int, str]:
    """The Draft labels of the Cemetery stacks that can be taken, by their place."""
    me = state.me.name
    plain = {
        i: f"{_take_verb(st)} {_stack_seen_by(state, st, me)} from the Cemetery"
        for i, st in takeable
    }
    # every stack is its own choice: stacks that read alike (even once cut to a button's length)
    # are told apart by their place in the Cemetery, counted as the board draws them
    looks = Counter(label[:MAX_ACTION_LABEL] for label in plain.values())
    out = {}
    for i, st in takeable:
        label = plain[i]
        if looks[label[:MAX_ACTION_LABEL]] > 1:
            label = f"{_take_verb(st)} Cemetery stack {i + 1}: {_stack_seen_by(state, st, me)}"
        if len(label) > MAX_ACTION_LABEL:  # never cut: the place (as the board numbers it) stays
            place = f"{_take_verb(st)} Cemetery stack {i + 1}"
            bound = _bound(state, st, me)
            peeked = sum(1 for s in st if not s.face_up and me in s.seen_by)
            label = next(
                words
                for words in (
                    f"{place}{bound}: {stack_words(state, st)}",
                    f"{place}{bound}",  # what the player bound matters more than the words
                    f"{place} ({len(st)} cards, you bound {peeked})"
                    if peeked
                    else f"{place} ({len(st)} cards)",
                )
                if len(words) <= MAX_ACTION_LABEL
            )
        out[i] = label
    return out


def _take_verb(stack: list[Slot]) -> str:
    return "Take" if len(stack) == 1 else "Take whole"


def _stack_seen_by(state: CemeteryState, stack: list[Slot], player: str) -> str:
    """A stack as ``player`` knows it: the public words, plus what they peeked at when binding
    (action labels are shown to the acting player only)."""
    return stack_words(state, stack) + _bound(state, stack, player)


def _bound(state: CemeteryState, stack: list[Slot], player: str) -> str:
    """ ", you bound <names>" for the face-down cards of ``stack`` that ``player`` peeked at."""
    known = [name_of(state, s.card) for s in stack if not s.face_up and player in s.seen_by]
    return f", you bound {', '.join(known)}" if known else ""


def do_draft(state: CemeteryState, player: str, action_id: str, events: list[Event]) -> None:
    me = state.me
    if action_id in ("core", "part"):
        pile = state.core_pile if action_id == "core" else state.part_pile
        card = pile.pop()
        me.hand.append(card)
        state.picks_left -= 1
        kind = "Core" if action_id == "core" else "Part"
        note(state, "drew")
        say(
            events,
            f"{me.name} draws a {kind} from the pile.",
            fold=f"{me.name} draws {{n}} {kind}s from the pile.",
        )
        say(events, f"You draw {card_name(card)}.", private_to=me.name)
        return
    base = action_id.split(":", 1)[1]
    stack = state.cemetery.pop(stack_index(state, base))
    state.picks_left -= len(stack)
    words = stack_words(state, stack)
    me.hand.extend(s.card for s in stack)
    note(state, "took", len(stack))
    say(events, f"{me.name} takes {words} from the Cemetery.")
    hidden = [name_of(state, s.card) for s in stack if not s.face_up]
    if hidden:
        say(events, f"Face down in it: {', '.join(hidden)}.", private_to=me.name)


# -- Stitch -----------------------------------------------------------------------------------
def pet_top(state: CemeteryState) -> Slot | None:
    pet = state.me.pet
    return pet[-1] if pet else None


def reveal_pet_top(state: CemeteryState, owner: int, events: list[Event]) -> None:
    """A face-down Part is revealed when it reaches the top of its Pet Cemetery."""
    pet = state.sides[owner].pet
    if pet and not pet[-1].face_up:
        pet[-1].face_up = True
        pet[-1].seen_by = []
        who = state.sides[owner].name
        say(events, f"{who}'s Pet Cemetery reveals {name_of(state, pet[-1].card)} on top.")


def stitch_options(state: CemeteryState) -> list[Action]:
    """Stitch's choices. Labels name the cards: they are offered to the acting player only
    (the engine declares ``public_action_labels = False``); ids name hand cards by their place
    in the hand, so no id ever carries a hidden card.

    A Part is offered together with its position ("Stitch Flesh arm (hand) to creature 1 (Flesh
    Core), left"): one click, and nothing to take back. When that list would grow past
    ``COMBINED_LIMIT`` (many creatures), the Part is picked first and its position second, with
    a Back to change one's mind."""
    pending = state.pending
    me = state.me
    creatures = me.creatures
    # labels are worded when read (a lambda's defaults hold this choice's own values)
    if pending is not None and pending.kind == "stitch_place":
        card = pending.card
        assert card is not None
        return [
            Action(
                id=f"at:{i}:{pos}",
                label=lambda i=i, pos=pos, card=card: (
                    f"Stitch {name_of(state, card)} to {place_label(creatures, i, pos)}"
                ),
                role=NORMAL,
                do=do_stitch,
                kind="Stitch",
            )
            for i, pos in placements(creatures, card)
        ] + [back(do_stitch)]
    cores = [
        Action(
            id=f"core:{n}",
            label=f"Start creature {len(me.creatures) + 1} with a {card_name(card)}",
            role=NORMAL,
            do=do_stitch,
            kind="Start",
            names_hand=True,  # a Core from the hand
        )
        for n, card in enumerate(me.hand, 1)
        if CARDS[card].category == "core"
    ]
    sources = stitchable(state)
    # two Parts that read alike (two Flesh arms in hand) going to the same place are one choice:
    # the label is the name, the source and the place, so those tell them apart unworded
    combined = []
    seen: set[tuple[str, str, int, str]] = set()
    for key, card, src, places in sources:
        name = name_of(state, card)
        for i, pos in places:
            if (name, src, i, pos) in seen:
                continue
            seen.add((name, src, i, pos))
            combined.append(
                Action(
                    id=f"st:{key}:{i}:{pos}",
                    label=lambda name=name, src=src, i=i, pos=pos: (
                        f"Stitch {name} ({src}) to {place_label(creatures, i, pos)}"
                    ),
                    role=NORMAL,
                    do=do_stitch,
                    kind="Stitch",
                    names_hand=src == "hand",
                )
            )
    if len(cores) + len(combined) + 1 <= COMBINED_LIMIT:
        return unique_labels(cores) + combined
    picks = [
        Action(
            id="pet" if key == "p" else f"hand:{key[1:]}",
            label=f"Stitch {name_of(state, card)} ({src}): choose where",
            role=NORMAL,
            do=do_stitch,
            kind="Stitch",
            names_hand=src == "hand",
        )
        for key, card, src, _ in sources
    ]
    return unique_labels(cores + picks)


def can_stitch(state: CemeteryState) -> bool:
    """Whether :func:`stitch_options` offers anything (without wording every choice)."""
    return any(CARDS[card].category == "core" for card in state.me.hand) or bool(stitchable(state))


def stitchable(state: CemeteryState) -> list[tuple[str, str, str, list[tuple[int, str]]]]:
    """The Parts that can be stitched now, as (id key, card, source words, places): hand Parts
    by their place in the hand ("h2"), then the face-up top of the Pet Cemetery ("p")."""
    me = state.me
    cards = [(f"h{n}", card, "hand") for n, card in enumerate(me.hand, 1)]
    top = pet_top(state)
    if top is not None and top.face_up:
        cards.append(("p", top.card, "pet"))
    out = []
    for key, card, src in cards:
        if CARDS[card].category == "part":
            places = placements(me.creatures, card)
            if places:
                out.append((key, card, src, places))
    return out


def do_stitch(state: CemeteryState, player: str, action_id: str, events: list[Event]) -> None:
    me = state.me
    if action_id.startswith("core:"):
        card = me.hand.pop(int(action_id.split(":", 1)[1]) - 1)
        me.creatures.append(Creature(core=card))
        n = len(me.creatures)
        note(state, "started", 1, f"card:{card}")
        say(events, f"{me.name} starts creature {n} with a {card_name(card)}.")
        return
    if action_id.startswith("st:"):
        _, key, idx, pos = action_id.split(":")
        source = "pet" if key == "p" else "hand"
        card = me.pet[-1].card if key == "p" else me.hand[int(key[1:]) - 1]
        _stitch(state, card, source, int(idx), pos, events)
        return
    if action_id.startswith("hand:"):
        card = me.hand[int(action_id.split(":", 1)[1]) - 1]
        state.pending = Pending(kind="stitch_place", player=me.name, card=card, source="hand")
        return
    if action_id == "pet":
        top = me.pet[-1]  # offered only while the Pet Cemetery has a top card
        state.pending = Pending(kind="stitch_place", player=me.name, card=top.card, source="pet")
        return
    if action_id == "back":
        state.pending = None
        return
    _, idx, pos = action_id.split(":")
    pending = state.pending
    assert pending is not None and pending.card is not None and pending.source is not None
    state.pending = None
    _stitch(state, pending.card, pending.source, int(idx), pos, events)


def _stitch(
    state: CemeteryState, card: str, source: str, idx: int, pos: str, events: list[Event]
) -> None:
    me = state.me
    if source == "pet":
        me.pet.pop()
        reveal_pet_top(state, state.current, events)
    else:
        me.hand.remove(card)
    me.creatures[idx].parts[pos] = card
    note(state, "stitched", 1, f"card:{card}")
    where = place_label(me.creatures, idx, pos)
    src = " from the Pet Cemetery" if source == "pet" else ""
    say(
        events,
        f"{me.name} stitches {name_of(state, card)}{src} to {where}.",
        fold=f"{me.name} stitches {{n}} Parts to {creature_label(me.creatures[idx], idx)}.",
    )


def end_stitch(state: CemeteryState, events: list[Event]) -> None:
    """Unplayed Parts go to the Cemetery face up, unplayed Cores to the bottom of the Core pile,
    and what is left of the Pet Cemetery is lost (to the Cemetery, face up)."""
    me = state.me
    parts = [c for c in me.hand if CARDS[c].category == "part"]
    cores = [c for c in me.hand if CARDS[c].category == "core"]
    for card in parts:
        to_cemetery(state, card)
    for card in cores:
        state.core_pile.insert(0, card)
    me.hand = []
    lost = [s.card for s in me.pet]
    for card in reversed(lost):
        to_cemetery(state, card)
    me.pet = []
    note(state, "", 0, *(f"card:{c}" for c in parts + lost))
    bits = []
    if parts:
        bits.append(f"{', '.join(name_of(state, c) for c in parts)} to the Cemetery")
    if cores:
        bits.append(f"{len(cores)} Core(s) to the bottom of the Core pile")
    if lost:
        bits.append(f"Pet Cemetery lost: {', '.join(name_of(state, c) for c in lost)}")
    if bits:
        say(events, f"{me.name} ends Stitch: " + "; ".join(bits) + ".")


# -- Mark -------------------------------------------------------------------------------------
def _markable(state: CemeteryState) -> Iterator[tuple[int, str, str]]:
    """The current player's dual Parts that can be marked, as (creature, position, card)."""
    for i, creature in enumerate(state.me.creatures):
        for pos in POSITION_ORDER:
            card = creature.parts.get(pos)
            if card is None or pos in creature.marks or card in state.flipped:
                continue
            if CARDS[card].is_dual:
                yield i, pos, card


def can_mark(state: CemeteryState) -> bool:
    """Whether :func:`mark_options` offers anything (without wording every choice)."""
    return state.me.revenge > 0 and next(_markable(state), None) is not None


def mark_options(state: CemeteryState) -> list[Action]:
    me = state.me
    if me.revenge <= 0:
        return []
    out = []
    for i, pos, card in _markable(state):
        a, b = CARDS[card].types
        for key, words in ((a, a.title()), (b, b.title()), ("both", "both types")):
            out.append(
                Action(
                    id=f"mark:{i}:{pos}:{key}",
                    label=lambda card=card, words=words, i=i, pos=pos: (
                        f"Mark {name_of(state, card)} as {words} "
                        f"({place_label(me.creatures, i, pos)})"[:80]
                    ),
                    role=NORMAL,
                    do=do_mark,
                    kind="Mark",
                )
            )
    return out


def do_mark(state: CemeteryState, player: str, action_id: str, events: list[Event]) -> None:
    me = state.me
    _, idx, pos, key = action_id.split(":")
    creature = me.creatures[int(idx)]
    creature.marks[pos] = key
    me.revenge -= 1
    me.revenge_spent += 1
    note(state, "marked", 1, f"card:{creature.parts[pos]}", f"tokens:{me.name}")
    words = "both types" if key == "both" else key.title()
    card = creature.parts[pos]
    where = place_label(me.creatures, int(idx), pos)
    say(
        events,
        f"{me.name} spends a Revenge token to mark {name_of(state, card)} as {words} ({where}).",
    )


# -- Experiment -------------------------------------------------------------------------------
def destinations(creatures: list[Creature], idx: int, pos: str) -> list[tuple[int, str, bool]]:
    """Where the Part at (idx, pos) may go: (creature, position, is_swap)."""
    return list(_destinations(creatures, idx, pos))


def _destinations(creatures: list[Creature], idx: int, pos: str) -> Iterator[tuple[int, str, bool]]:
    card = creatures[idx].parts[pos]
    places = fitting(card)
    for j, other in enumerate(creatures):
        for q in places:
            if (j, q) == (idx, pos):
                continue
            if q in other.parts:
                if fits(other.parts[q], pos):
                    yield j, q, True
            elif can_stitch_through(other, q, ignoring=pos if j == idx else None):
                yield j, q, False


def _movable(creatures: list[Creature], idx: int, pos: str) -> bool:
    """Whether the Part at (idx, pos) has somewhere to go (the first place found will do)."""
    return next(_destinations(creatures, idx, pos), None) is not None


def experiment_options(state: CemeteryState) -> list[Action]:
    me = state.me
    pending = state.pending
    if pending is not None and pending.kind == "exp_dest":
        # the Part to move: set with the choice
        assert pending.creature is not None and pending.pos is not None
        out = [
            Action(
                id=f"to:{j}:{q}",
                label=partial(_destination_label, state, j, q, swap),
                role=NORMAL,
                do=do_experiment,
                kind="Swap" if swap else "Move",
            )
            for j, q, swap in destinations(me.creatures, pending.creature, pending.pos)
        ]
        return out + [back(do_experiment)]
    if me.science <= 0:
        return []
    return [
        Action(
            id=f"exp:{i}:{pos}",
            label=lambda card=card, i=i, pos=pos: (
                f"Rearrange {name_of(state, card)} ({place_label(me.creatures, i, pos)})"[:80]
            ),
            role=NORMAL,
            do=do_experiment,
            kind="Rearrange",
        )
        for i, pos, card in _rearrangeable(me.creatures)
    ]


def _rearrangeable(creatures: list[Creature]) -> Iterator[tuple[int, str, str]]:
    """The Parts that have somewhere to go, as (creature, position, card)."""
    for i, creature in enumerate(creatures):
        for pos in POSITION_ORDER:
            if pos in creature.parts and _movable(creatures, i, pos):
                yield i, pos, creature.parts[pos]


def can_experiment(state: CemeteryState) -> bool:
    """Whether :func:`experiment_options` offers anything (without wording every choice)."""
    me = state.me
    return me.science > 0 and next(_rearrangeable(me.creatures), None) is not None


def _destination_label(state: CemeteryState, j: int, q: str, swap: bool) -> str:
    """An Experiment destination in words: a move to an empty place, or a swap."""
    creatures = state.me.creatures
    where = place_label(creatures, j, q)
    if swap:
        return f"Swap with {name_of(state, creatures[j].parts[q])} on {where}"[:80]
    return f"Move to {where}"[:80]


def do_experiment(state: CemeteryState, player: str, action_id: str, events: list[Event]) -> None:
    me = state.me
    if action_id == "back":
        state.pending = None
        return
    kind, j, q = action_id.split(":")
    if kind == "exp":
        state.pending = Pending(kind="exp_dest", player=me.name, creature=int(j), pos=q)
        return
    pending = state.pending
    assert pending is not None and pending.creature is not None and pending.pos is not None
    src = me.creatures[pending.creature]
    dst = me.creatures[int(j)]
    card = src.parts.pop(pending.pos)
    there = dst.parts.get(q)
    if there is not None:
        src.parts[pending.pos] = there
    dst.parts[q] = card
    me.science -= 1
    me.science_spent += 1
    state.pending = None
    note(state, "moved", 1, f"card:{card}", f"tokens:{me.name}")
    frm = place_label(me.creatures, pending.creature, pending.pos)
    to = place_label(me.creatures, int(j), q)
    if there is None:
        text = (
            f"{me.name} spends a Science token to move {name_of(state, card)} from {frm} to {to}."
        )
    else:
        text = (
            f"{me.name} spends a Science token to swap {name_of(state, card)} ({frm}) "
            f"with {name_of(state, there)} ({to})."
        )
    say(events, text)
