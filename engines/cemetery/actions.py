"""The player-driven phases: Draft, Stitch, Mark and Experiment — their choices and effects.

Each ``*_options`` lists what the player may do now (empty means the phase has nothing legal
left); each ``do_*`` carries out an already-validated action id.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache, partial

from engines.cemetery import kinds
from engines.cemetery.common import (
    creature_label,
    listed,
    name_of,
    note,
    place_label,
    short_place,
    stack_index,
    stack_words,
    tell,
    to_cemetery,
    unique_labels,
)
from engines.cemetery.data import CARDS, POSITION_ORDER, TYPE_NAMES, card_name
from engines.cemetery.grid import can_stitch_through, fits, fitting, placements
from engines.cemetery.state import CemeteryState, Creature, Pending, Slot
from engines.core import MAX_ACTION_LABEL, Action, ActionRole, Event, Handler
from i18n.say import Say, say, say_n

NORMAL, MAIN = ActionRole.NORMAL, ActionRole.MAIN
#: the id of the move that ends a phase (offered by the engine with ``flow.end_phase``)
DONE = "done"


DRAW_CORE = say("Draw the top Core from the pile")
DRAW_PART = say("Draw the top Part from the pile")
#: a dual Part marked as both its types
BOTH_TYPES = say("both types")


def fitted(*labels: Say) -> str:
    """The first of ``labels`` (the fullest words first) that fits a button's 80 characters;
    the last cut short if none does (no real game's)."""
    for label in labels:
        if len(label) <= MAX_ACTION_LABEL:
            return label
    return labels[-1][:MAX_ACTION_LABEL]


@cache
def back(do: Handler) -> Action:
    """The Back of a two-step choice, carrying the handler of the choice it goes back in."""
    return Action(
        id="back", label=say("Back: choose something else"), role=NORMAL, kind=kinds.BACK, do=do
    )


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
                label=DRAW_CORE,
                role=MAIN,
                do=do_draft,
                kind=kinds.DRAW,
            )
        )
    if state.part_pile:  # the main action when there is no Core to draw
        role = NORMAL if state.core_pile else MAIN
        out.append(
            Action(
                id="part",
                label=DRAW_PART,
                role=role,
                do=do_draft,
                kind=kinds.DRAW,
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
                kind=kinds.TAKE,
            )
        )
    return out


def _stack_labels(state: CemeteryState, takeable: list[tuple[int, list[Slot]]]) -> dict[int, Say]:
    """The Draft labels of the Cemetery stacks that can be taken, by their place."""
    me = state.me.name
    plain = {i: _take_from_cemetery(st, _stack_seen_by(state, st, me)) for i, st in takeable}
    # every stack is its own choice: stacks that read alike (even once cut to a button's length)
    # are told apart by their place in the Cemetery, counted as the board draws them
    looks = Counter(label[:MAX_ACTION_LABEL] for label in plain.values())
    out = {}
    for i, st in takeable:
        label = plain[i]
        if looks[label[:MAX_ACTION_LABEL]] > 1:
            label = _take_stack(st, i + 1, _stack_seen_by(state, st, me))
        if len(label) > MAX_ACTION_LABEL:  # never cut: the place (as the board numbers it) stays
            bound = _bound(state, st, me)
            peeked = sum(1 for s in st if not s.face_up and me in s.seen_by)
            choices = [
                _take_stack(st, i + 1, stack_words(state, st), bound),
                # what the player bound matters more than the words
                _take_stack_bound(st, i + 1, bound),
                _take_stack_counted(i + 1, len(st), peeked),
            ]
            label = next(w for w in choices if len(w) <= MAX_ACTION_LABEL)
        out[i] = label
    return out


def _take_from_cemetery(stack: list[Slot], words: str) -> Say:
    if len(stack) == 1:
        return say("Take {stack} from the Cemetery", stack=words)
    return say("Take whole {stack} from the Cemetery", stack=words)


def _take_stack(stack: list[Slot], place: int, words: str, bound: str | None = None) -> Say:
    """ "Take whole Cemetery stack 3: ...", with what the player bound there before the words
    when given."""
    where = str(place)
    if bound is not None:
        if len(stack) == 1:
            return say(
                "Take Cemetery stack {place}, you bound {cards}: {stack}",
                place=where,
                cards=bound,
                stack=words,
            )
        return say(
            "Take whole Cemetery stack {place}, you bound {cards}: {stack}",
            place=where,
            cards=bound,
            stack=words,
        )
    if len(stack) == 1:
        return say("Take Cemetery stack {place}: {stack}", place=where, stack=words)
    return say("Take whole Cemetery stack {place}: {stack}", place=where, stack=words)


def _take_stack_bound(stack: list[Slot], place: int, bound: str | None) -> Say:
    where = str(place)
    if bound is None:
        if len(stack) == 1:
            return say("Take Cemetery stack {place}", place=where)
        return say("Take whole Cemetery stack {place}", place=where)
    if len(stack) == 1:
        return say("Take Cemetery stack {place}, you bound {cards}", place=where, cards=bound)
    return say("Take whole Cemetery stack {place}, you bound {cards}", place=where, cards=bound)


def _take_stack_counted(place: int, count: int, peeked: int) -> Say:
    """The shortest words for a stack the player bound cards onto (always a whole stack)."""
    if peeked:
        return say(
            "Take whole Cemetery stack {place} ({count} cards, you bound {n})",
            place=str(place),
            count=count,
            n=peeked,
        )
    return say("Take whole Cemetery stack {place} ({count} cards)", place=str(place), count=count)


def _stack_seen_by(state: CemeteryState, stack: list[Slot], player: str) -> str:
    """A stack as ``player`` knows it: the public words, plus what they peeked at when binding
    (action labels are shown to the acting player only)."""
    return _with_bound(stack_words(state, stack), _bound(state, stack, player))


def _with_bound(words: str, bound: str | None) -> str:
    return words if bound is None else say("{stack}, you bound {cards}", stack=words, cards=bound)


def _bound(state: CemeteryState, stack: list[Slot], player: str) -> str | None:
    """The face-down cards of ``stack`` that ``player`` peeked at, in a list (None: none)."""
    known = [name_of(state, s.card) for s in stack if not s.face_up and player in s.seen_by]
    return listed(known) if known else None


def do_draft(state: CemeteryState, player: str, action_id: str, events: list[Event]) -> None:
    me = state.me
    if action_id in ("core", "part"):
        pile = state.core_pile if action_id == "core" else state.part_pile
        card = pile.pop()
        me.hand.append(card)
        state.picks_left -= 1
        note(state, "drew")
        # the event is its own fold's first line: a run of draws from one pile is one line
        if action_id == "core":
            drew = say_n(
                "{player} draws a Core from the pile.",
                "{player} draws {n} Cores from the pile.",
                1,
                player=me.name,
            )
        else:
            drew = say_n(
                "{player} draws a Part from the pile.",
                "{player} draws {n} Parts from the pile.",
                1,
                player=me.name,
            )
        tell(events, drew, fold=drew)
        tell(events, say("You draw {card}.", card=card_name(card)), private_to=me.name)
        return
    base = action_id.split(":", 1)[1]
    stack = state.cemetery.pop(stack_index(state, base))
    state.picks_left -= len(stack)
    words = stack_words(state, stack)
    me.hand.extend(s.card for s in stack)
    note(state, "took", len(stack))
    tell(events, say("{player} takes {stack} from the Cemetery.", player=me.name, stack=words))
    hidden = [name_of(state, s.card) for s in stack if not s.face_up]
    if hidden:
        tell(events, say("Face down in it: {cards}.", cards=listed(hidden)), private_to=me.name)


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
        tell(
            events,
            say(
                "{player}'s Pet Cemetery reveals {card} on top.",
                player=who,
                card=name_of(state, pet[-1].card),
            ),
        )


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
                label=lambda i=i, pos=pos, card=card: say(
                    "Stitch {card} to {place}",
                    card=name_of(state, card),
                    place=place_label(creatures, i, pos),
                ),
                role=NORMAL,
                do=do_stitch,
                kind=kinds.STITCH,
            )
            for i, pos in placements(creatures, card)
        ] + [back(do_stitch)]
    # two Cores of one type read alike: one choice (the first in the hand), told apart unworded
    first_of_type: dict[str, int] = {}
    for n, card in enumerate(me.hand, 1):
        if CARDS[card].category == "core":
            first_of_type.setdefault(CARDS[card].types[0], n)
    cores = [
        Action(
            id=f"core:{n}",
            label=partial(_start_label, len(me.creatures) + 1, me.hand[n - 1]),
            role=NORMAL,
            do=do_stitch,
            kind=kinds.START,
            names_hand=True,  # a Core from the hand
        )
        for n in first_of_type.values()
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
                    label=lambda name=name, src=src, i=i, pos=pos: _stitch_label(
                        name, src, place_label(creatures, i, pos)
                    ),
                    role=NORMAL,
                    do=do_stitch,
                    kind=kinds.STITCH,
                    names_hand=src == "hand",
                )
            )
    if len(cores) + len(combined) + 1 <= COMBINED_LIMIT:
        return cores + combined
    picks = [
        Action(
            id="pet" if key == "p" else f"hand:{key[1:]}",
            label=partial(_choose_where, name_of(state, card), src),
            role=NORMAL,
            do=do_stitch,
            kind=kinds.STITCH,
            names_hand=src == "hand",
        )
        for key, card, src, _ in sources
    ]
    return unique_labels(cores + picks)


def _start_label(n: int, core: str) -> Say:
    return say("Start creature {n} with a {core}", n=str(n), core=card_name(core))


def _stitch_label(card: str, src: str, place: str) -> Say:
    """ "Stitch Flesh arm (hand) to creature 1 (Flesh Core), left": the source in words."""
    if src == "pet":
        return say("Stitch {card} (pet) to {place}", card=card, place=place)
    return say("Stitch {card} (hand) to {place}", card=card, place=place)


def _choose_where(card: str, src: str) -> Say:
    if src == "pet":
        return say("Stitch {card} (pet): choose where", card=card)
    return say("Stitch {card} (hand): choose where", card=card)


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
        tell(
            events,
            say(
                "{player} starts creature {n} with a {core}.",
                player=me.name,
                n=str(n),
                core=card_name(card),
            ),
        )
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
    values = {"player": me.name, "card": name_of(state, card), "place": where}
    if source == "pet":
        text = say("{player} stitches {card} from the Pet Cemetery to {place}.", **values)
    else:
        text = say("{player} stitches {card} to {place}.", **values)
    fold = say_n(
        "{player} stitches a Part to {creature}.",
        "{player} stitches {n} Parts to {creature}.",
        1,
        player=me.name,
        creature=creature_label(me.creatures[idx], idx),
    )
    tell(events, text, fold=fold)


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
    bits: list[str] = []
    if parts:
        bits.append(
            say("{cards} to the Cemetery", cards=listed([name_of(state, c) for c in parts]))
        )
    if cores:
        bits.append(say("{n} Core(s) to the bottom of the Core pile", n=len(cores)))
    if lost:
        bits.append(
            say("Pet Cemetery lost: {cards}", cards=listed([name_of(state, c) for c in lost]))
        )
    if bits:
        what = bits[0]
        for bit in bits[1:]:
            what = say("{a}; {b}", a=what, b=bit)
        tell(events, say("{player} ends Stitch: {what}.", player=me.name, what=what))


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
        for key, words in ((a, TYPE_NAMES[a]), (b, TYPE_NAMES[b]), ("both", BOTH_TYPES)):
            out.append(
                Action(
                    id=f"mark:{i}:{pos}:{key}",
                    label=lambda card=card, words=words, i=i, pos=pos: fitted(
                        *(
                            say(
                                "Mark {card} as {type} ({place})",
                                card=name_of(state, card),
                                type=words,
                                place=place,
                            )
                            for place in (place_label(me.creatures, i, pos), short_place(i, pos))
                        )
                    ),
                    role=NORMAL,
                    do=do_mark,
                    kind=kinds.MARK,
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
    words = BOTH_TYPES if key == "both" else TYPE_NAMES[key]
    card = creature.parts[pos]
    where = place_label(me.creatures, int(idx), pos)
    tell(
        events,
        say(
            "{player} spends a Revenge token to mark {card} as {type} ({place}).",
            player=me.name,
            card=name_of(state, card),
            type=words,
            place=where,
        ),
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
                kind=kinds.SWAP if swap else "Move",
            )
            for j, q, swap in destinations(me.creatures, pending.creature, pending.pos)
        ]
        return out + [back(do_experiment)]
    if me.science <= 0:
        return []
    return [
        Action(
            id=f"exp:{i}:{pos}",
            label=lambda card=card, i=i, pos=pos: fitted(
                *(
                    say("Rearrange {card} ({place})", card=name_of(state, card), place=place)
                    for place in (place_label(me.creatures, i, pos), short_place(i, pos))
                )
            ),
            role=NORMAL,
            do=do_experiment,
            kind=kinds.REARRANGE,
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
    places = (place_label(creatures, j, q), short_place(j, q))
    if swap:
        card = name_of(state, creatures[j].parts[q])
        return fitted(*(say("Swap with {card} on {place}", card=card, place=p) for p in places))
    return fitted(*(say("Move to {place}", place=p) for p in places))


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
        text = say(
            "{player} spends a Science token to move {card} from {start} to {end}.",
            player=me.name,
            card=name_of(state, card),
            start=frm,
            end=to,
        )
    else:
        text = say(
            "{player} spends a Science token to swap {card} ({start}) with {other} ({end}).",
            player=me.name,
            card=name_of(state, card),
            start=frm,
            other=name_of(state, there),
            end=to,
        )
    tell(events, text)
