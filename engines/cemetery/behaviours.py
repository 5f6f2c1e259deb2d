"""The four types' Actions and Reactions, resolved one pair at a time during Behaviors.

Flesh: Steal / Clumsy. Beast: Maim / Mindless. Plant: Fertilize / Organic.
Monster: Binding / Insane. A stable pair fires its Action; an unstable pair fires the Action and
then its Reaction. Where a behaviour needs a choice, it sets ``state.pending``.
"""

from __future__ import annotations

from functools import partial

from engines.cemetery import kinds
from engines.cemetery.actions import COMBINED_LIMIT, back, fitted
from engines.cemetery.common import (
    both,
    card_types,
    creature_label,
    name_of,
    note,
    place_label,
    remove_part,
    short_place,
    stack_index,
    stack_words,
    tell,
    to_cemetery,
)
from engines.cemetery.data import CARDS, CONSTANTS, KIND_WORDS, POSITION_ORDER, TYPE_NAMES
from engines.cemetery.grid import placements
from engines.cemetery.state import CemeteryState, Pending, Slot, Trigger
from engines.core import Action, ActionRole, Event
from i18n.say import Say, say

NORMAL = ActionRole.NORMAL

ACTION_NAMES = {
    "flesh": say("Steal"),
    "beast": say("Maim"),
    "plant": say("Fertilize"),
    "monster": say("Binding"),
}
REACTION_NAMES = {
    "flesh": say("Clumsy"),
    "beast": say("Mindless"),
    "plant": say("Organic"),
    "monster": say("Insane"),
}


def start(state: CemeteryState, trig: Trigger, events: list[Event]) -> None:
    """Begin one pair's behaviour; it either resolves at once or leaves a pending choice."""
    me = state.me
    values = {
        "player": me.name,
        "creature": creature_label(me.creatures[trig.creature], trig.creature),
        "type": TYPE_NAMES[trig.type],
        "action": ACTION_NAMES[trig.type],
    }
    if trig.unstable:
        tag = say(
            "{player}'s {creature} — {type} pair (unstable): {action} + {reaction}",
            reaction=REACTION_NAMES[trig.type],
            **values,
        )
    else:
        tag = say("{player}'s {creature} — {type} pair (stable): {action}", **values)
    {"flesh": _steal, "beast": _maim, "plant": _fertilize, "monster": _binding}[trig.type](
        state, trig, tag, events
    )


# -- Flesh: Steal / Clumsy --------------------------------------------------------------------
def stealable(state: CemeteryState) -> list[str]:
    """Unstacked Cemetery Parts with somewhere to go on the player's creatures."""
    creatures = state.me.creatures
    return [
        stack[0].card
        for stack in state.cemetery
        if len(stack) == 1 and placements(creatures, stack[0].card)
    ]


def _steal(state: CemeteryState, trig: Trigger, tag: Say, events: list[Event]) -> None:
    if not stealable(state):
        tell(events, say("{tag}: nothing in the Cemetery can be stolen.", tag=tag))
        return
    tell(events, say("{tag}.", tag=tag))
    state.pending = Pending(kind="steal_part", player=state.me.name, react=trig.unstable)


def _attach_stolen(
    state: CemeteryState, card: str, idx: int, pos: str, clumsy: bool, events: list[Event]
) -> None:
    me = state.me
    state.cemetery.pop(stack_index(state, card))
    me.creatures[idx].parts[pos] = card
    note(state, "stole", 1, f"card:{card}")
    where = place_label(me.creatures, idx, pos)
    tell(
        events,
        say(
            "{player} steals {card} from the Cemetery onto {place}.",
            player=me.name,
            card=name_of(state, card),
            place=where,
        ),
    )
    state.pending = None
    if clumsy:
        state.flipped.append(card)
        tell(
            events,
            say(
                "Clumsy: the stolen {kind} is flipped over; it has no type for the rest of the game.",
                kind=KIND_WORDS[CARDS[card].kind or ""],
            ),
        )


# -- Beast: Maim / Mindless -------------------------------------------------------------------
def _has_parts(state: CemeteryState, seat: int) -> bool:
    return any(c.parts for c in state.sides[seat].creatures)


def _maim(state: CemeteryState, trig: Trigger, tag: Say, events: list[Event]) -> None:
    rival = state.rival
    if _has_parts(state, 1 - state.current):
        tell(events, say("{tag}: {player} must remove a Part.", tag=tag, player=rival.name))
        state.pending = Pending(kind="maim", player=rival.name, react=trig.unstable)
        return
    tell(events, say("{tag}: {player} has no Part to remove.", tag=tag, player=rival.name))
    if trig.unstable:
        _mindless(state, events)


def _mindless(state: CemeteryState, events: list[Event]) -> None:
    me = state.me
    if _has_parts(state, state.current):
        tell(events, say("Mindless: {player} must remove a Part as well.", player=me.name))
        state.pending = Pending(kind="mindless", player=me.name)
    else:
        tell(events, say("Mindless: {player} has no Part to remove.", player=me.name))


# -- Plant: Fertilize / Organic ---------------------------------------------------------------
def _fertilize(state: CemeteryState, trig: Trigger, tag: Say, events: list[Event]) -> None:
    me = state.me
    drawn = [
        state.part_pile.pop() for _ in range(min(CONSTANTS.fertilize_draw, len(state.part_pile)))
    ]
    if not drawn:
        tell(events, say("{tag}: the Part pile is empty.", tag=tag))
        return
    if trig.unstable:
        # unseen by anyone, the owner included, until each reaches the top (Binding alone peeks)
        for card in drawn:
            me.pet.append(Slot(card=card, face_up=False))
        note(state, "pet", len(drawn), f"pet:{me.name}")
        tell(
            events,
            say(
                "{tag}: {n} Part(s) go face down onto {player}'s Pet Cemetery.",
                tag=tag,
                n=len(drawn),
                player=me.name,
            ),
        )
        return
    if len(drawn) == 1:
        me.pet.append(Slot(card=drawn[0]))
        note(state, "pet", 1, f"card:{drawn[0]}", f"pet:{me.name}")
        tell(
            events,
            say(
                "{tag}: {card} goes face up onto {player}'s Pet Cemetery.",
                tag=tag,
                card=name_of(state, drawn[0]),
                player=me.name,
            ),
        )
        return
    words = name_of(state, drawn[0])
    for c in drawn[1:]:
        words = both(words, name_of(state, c))
    tell(
        events,
        say(
            "{tag}: {player} draws {cards} for the Pet Cemetery.",
            tag=tag,
            player=me.name,
            cards=words,
        ),
    )
    state.pending = Pending(kind="fert_order", player=me.name, cards=drawn)


# -- Monster: Binding / Insane ----------------------------------------------------------------
def bind_targets(state: CemeteryState, card: str, insane: bool) -> list[str]:
    """Cemetery stacks the bound Part may go on (their Cemetery Part's id). Insane must pick a
    stack whose Cemetery Part shares a type with it, if any such stack has room."""
    room = [s for s in state.cemetery if len(s) < CONSTANTS.max_stack]
    if insane:
        mine = set(card_types(state, card))
        sharing = [s for s in room if mine & set(card_types(state, s[0].card))]
        if sharing:
            room = sharing
    return [s[0].card for s in room]


def _binding(state: CemeteryState, trig: Trigger, tag: Say, events: list[Event]) -> None:
    me = state.me
    if not state.part_pile:
        tell(events, say("{tag}: the Part pile is empty.", tag=tag))
        return
    card = state.part_pile.pop()
    if not bind_targets(state, card, trig.unstable):
        to_cemetery(state, card)
        note(state, "bound", 1, f"card:{card}")
        tell(
            events,
            say(
                "{tag}: no Cemetery stack can take it, so {card} joins the Cemetery face up.",
                tag=tag,
                card=name_of(state, card),
            ),
        )
        return
    if trig.unstable:
        tell(
            events,
            say(
                "{tag}: {player} draws {card} and must stack it face up.",
                tag=tag,
                player=me.name,
                card=name_of(state, card),
            ),
        )
    else:
        tell(events, say("{tag}: {player} draws a Part and peeks at it.", tag=tag, player=me.name))
        tell(events, say("You peek: {card}.", card=name_of(state, card)), private_to=me.name)
    state.pending = Pending(kind="bind", player=me.name, card=card, react=trig.unstable)


# -- choices ----------------------------------------------------------------------------------
def options(state: CemeteryState) -> list[Action]:
    p = state.pending
    assert p is not None
    me = state.me
    if p.kind == "steal_part":
        # the Part and where it goes in one choice, unless that makes too long a list
        # labels are worded when read (a lambda's defaults hold this choice's own values)
        combined = [
            Action(
                id=f"steal:{c}:{i}:{pos}",
                label=lambda c=c, i=i, pos=pos: say(
                    "Steal {card} to {place}",
                    card=name_of(state, c),
                    place=place_label(me.creatures, i, pos),
                ),
                role=NORMAL,
                do=choose,
                kind=kinds.STEAL,
            )
            for c in stealable(state)
            for i, pos in placements(me.creatures, c)
        ]
        if len(combined) <= COMBINED_LIMIT:
            return combined
        return [
            Action(
                id=f"steal:{c}",
                label=partial(_steal_where, name_of(state, c)),
                role=NORMAL,
                do=choose,
                kind=kinds.STEAL,
            )
            for c in stealable(state)
        ]
    if p.kind == "steal_place":
        assert p.card is not None  # the stolen Part, chosen in steal_part
        return [
            Action(
                id=f"at:{i}:{pos}",
                label=lambda i=i, pos=pos: fitted(
                    say("Attach to {place}", place=place_label(me.creatures, i, pos)),
                    say("Attach to {place}", place=short_place(i, pos)),
                ),
                role=NORMAL,
                do=choose,
                kind=kinds.ATTACH,
            )
            for i, pos in placements(me.creatures, p.card)
        ] + [back(choose)]
    if p.kind in ("maim", "mindless"):
        owner = state.player(p.player)
        return [
            Action(
                id=f"rm:{i}:{pos}",
                label=lambda card=c.parts[pos], i=i, pos=pos: fitted(
                    *(
                        say("Remove {card} from {place}", card=name_of(state, card), place=place)
                        for place in (place_label(owner.creatures, i, pos), short_place(i, pos))
                    )
                ),
                role=NORMAL,
                do=choose,  # a Part the rules make its owner remove: every choice is one
                kind=kinds.REMOVE,
            )
            for i, c in enumerate(owner.creatures)
            for pos in POSITION_ORDER
            if pos in c.parts
        ]
    if p.kind == "fert_order":
        return [
            Action(
                id=f"top:{c}",
                label=partial(_put_on_top, name_of(state, c)),
                role=NORMAL,
                do=choose,
                kind=kinds.PUT,
            )
            for c in dict.fromkeys(p.cards)
        ]
    if p.kind == "bind":
        assert p.card is not None  # a binding names the Part it lays
        out = []
        for base in bind_targets(state, p.card, p.react):
            place = stack_index(state, base)
            stack = state.cemetery[place]
            # the binder peeked at the Part (Insane shows it to all): naming it is safe here
            card = name_of(state, p.card)
            # the stack in words, or by its place as the board numbers it when that is too long
            if p.react:
                label = fitted(
                    say(
                        "Stack {card} face up on {stack}",
                        card=card,
                        stack=stack_words(state, stack),
                    ),
                    say(
                        "Stack {card} face up on Cemetery stack {place}",
                        card=card,
                        place=str(place + 1),
                    ),
                )
            else:
                label = fitted(
                    say(
                        "Stack {card} face down on {stack}",
                        card=card,
                        stack=stack_words(state, stack),
                    ),
                    say(
                        "Stack {card} face down on Cemetery stack {place}",
                        card=card,
                        place=str(place + 1),
                    ),
                )
            out.append(
                Action(id=f"bind:{base}", label=label, role=NORMAL, do=choose, kind=kinds.STACK)
            )
        return out
    raise AssertionError(p.kind)


def _steal_where(card: str) -> Say:
    return say("Steal {card}: choose where", card=card)


def _put_on_top(card: str) -> Say:
    return say("Put {card} on top", card=card)


def choose(state: CemeteryState, player: str, action_id: str, events: list[Event]) -> None:
    p = state.pending
    assert p is not None
    me = state.me
    if p.kind == "steal_part":
        _, card, *where = action_id.split(":")
        if where:
            _attach_stolen(state, card, int(where[0]), where[1], p.react, events)
        else:
            state.pending = p.model_copy(update={"kind": "steal_place", "card": card})
        return
    if p.kind == "steal_place":
        if action_id == "back":
            state.pending = p.model_copy(update={"kind": "steal_part", "card": None})
            return
        _, idx, pos = action_id.split(":")
        assert p.card is not None  # the stolen Part, chosen in steal_part
        _attach_stolen(state, p.card, int(idx), pos, p.react, events)
        return
    if p.kind in ("maim", "mindless"):
        owner = state.sides.index(state.player(p.player))
        _, idx, pos = action_id.split(":")
        spot = place_label(state.sides[owner].creatures, int(idx), pos)
        card = remove_part(state, owner, int(idx), pos)
        note(state, p.kind, 1, f"card:{card}")
        tell(
            events,
            say(
                "{player} removes {card} from {place}; it goes to the Cemetery.",
                player=p.player,
                card=name_of(state, card),
                place=spot,
            ),
        )
        state.pending = None
        if p.kind == "maim" and p.react:
            _mindless(state, events)
        return
    if p.kind == "fert_order":
        top = action_id.split(":", 1)[1]
        rest = [c for c in p.cards if c != top]
        for card in rest + [top]:
            me.pet.append(Slot(card=card))
        note(state, "pet", len(p.cards), *(f"card:{c}" for c in p.cards), f"pet:{me.name}")
        tell(
            events,
            say(
                "{player} stacks the Pet Cemetery with {card} on top.",
                player=me.name,
                card=name_of(state, top),
            ),
        )
        state.pending = None
        return
    if p.kind == "bind":
        base = action_id.split(":", 1)[1]
        stack = state.cemetery[stack_index(state, base)]
        assert p.card is not None  # a binding names the Part it lays
        note(state, "bound", 1, f"card:{p.card}" if p.react else f"stack:{base}")
        if p.react:
            stack.append(Slot(card=p.card))
            tell(
                events,
                say(
                    "Insane: {card} goes face up onto the {base} in the Cemetery.",
                    card=name_of(state, p.card),
                    base=name_of(state, base),
                ),
            )
        else:
            stack.append(Slot(card=p.card, face_up=False, seen_by=[me.name]))
            tell(
                events,
                say(
                    "{player} binds a face-down Part onto the {base} in the Cemetery.",
                    player=me.name,
                    base=name_of(state, base),
                ),
            )
        state.pending = None
        return
    raise AssertionError(p.kind)
