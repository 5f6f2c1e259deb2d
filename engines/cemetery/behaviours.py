"""The four types' Actions and Reactions, resolved one pair at a time during Behaviors.

Flesh: Steal / Clumsy. Beast: Maim / Mindless. Plant: Fertilize / Organic.
Monster: Binding / Insane. A stable pair fires its Action; an unstable pair fires the Action and
then its Reaction. Where a behaviour needs a choice, it sets ``state.pending``.
"""

from __future__ import annotations

from engines.cemetery.actions import COMBINED_LIMIT, back
from engines.cemetery.common import (
    card_types,
    creature_label,
    name_of,
    note,
    place_label,
    remove_part,
    say,
    stack_index,
    stack_words,
    to_cemetery,
)
from engines.cemetery.data import CARDS, CONSTANTS, POSITION_ORDER
from engines.cemetery.grid import placements
from engines.cemetery.state import CemeteryState, Pending, Slot, Trigger
from engines.core import Action, ActionRole, Event

NORMAL = ActionRole.NORMAL

ACTION_NAMES = {"flesh": "Steal", "beast": "Maim", "plant": "Fertilize", "monster": "Binding"}
REACTION_NAMES = {"flesh": "Clumsy", "beast": "Mindless", "plant": "Organic", "monster": "Insane"}


def start(state: CemeteryState, trig: Trigger, events: list[Event]) -> None:
    """Begin one pair's behaviour; it either resolves at once or leaves a pending choice."""
    me = state.me
    who = f"{me.name}'s {creature_label(me.creatures[trig.creature], trig.creature)}"
    name = ACTION_NAMES[trig.type]
    if trig.unstable:
        name += f" + {REACTION_NAMES[trig.type]}"
    tag = f"{who} — {trig.type.title()} pair ({'unstable' if trig.unstable else 'stable'}): {name}"
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


def _steal(state: CemeteryState, trig: Trigger, tag: str, events: list[Event]) -> None:
    if not stealable(state):
        say(events, f"{tag}: nothing in the Cemetery can be stolen.")
        return
    say(events, f"{tag}.")
    state.pending = Pending(kind="steal_part", player=state.me.name, react=trig.unstable)


def _attach_stolen(
    state: CemeteryState, card: str, idx: int, pos: str, clumsy: bool, events: list[Event]
) -> None:
    me = state.me
    state.cemetery.pop(stack_index(state, card))
    me.creatures[idx].parts[pos] = card
    note(state, "stole", 1, f"card:{card}")
    where = place_label(me.creatures, idx, pos)
    say(events, f"{me.name} steals {name_of(state, card)} from the Cemetery onto {where}.")
    state.pending = None
    if clumsy:
        state.flipped.append(card)
        say(
            events,
            f"Clumsy: the stolen {CARDS[card].kind} is flipped over; it has no type for the rest of the game.",
        )


# -- Beast: Maim / Mindless -------------------------------------------------------------------
def _has_parts(state: CemeteryState, seat: int) -> bool:
    return any(c.parts for c in state.sides[seat].creatures)


def _maim(state: CemeteryState, trig: Trigger, tag: str, events: list[Event]) -> None:
    rival = state.rival
    if _has_parts(state, 1 - state.current):
        say(events, f"{tag}: {rival.name} must remove a Part.")
        state.pending = Pending(kind="maim", player=rival.name, react=trig.unstable)
        return
    say(events, f"{tag}: {rival.name} has no Part to remove.")
    if trig.unstable:
        _mindless(state, events)


def _mindless(state: CemeteryState, events: list[Event]) -> None:
    me = state.me
    if _has_parts(state, state.current):
        say(events, f"Mindless: {me.name} must remove a Part as well.")
        state.pending = Pending(kind="mindless", player=me.name)
    else:
        say(events, f"Mindless: {me.name} has no Part to remove.")


# -- Plant: Fertilize / Organic ---------------------------------------------------------------
def _fertilize(state: CemeteryState, trig: Trigger, tag: str, events: list[Event]) -> None:
    me = state.me
    drawn = [
        state.part_pile.pop() for _ in range(min(CONSTANTS.fertilize_draw, len(state.part_pile)))
    ]
    if not drawn:
        say(events, f"{tag}: the Part pile is empty.")
        return
    if trig.unstable:
        # unseen by anyone, the owner included, until each reaches the top (Binding alone peeks)
        for card in drawn:
            me.pet.append(Slot(card=card, face_up=False))
        note(state, "pet", len(drawn), f"pet:{me.name}")
        say(events, f"{tag}: {len(drawn)} Part(s) go face down onto {me.name}'s Pet Cemetery.")
        return
    words = " and ".join(name_of(state, c) for c in drawn)
    if len(drawn) == 1:
        me.pet.append(Slot(card=drawn[0]))
        note(state, "pet", 1, f"card:{drawn[0]}", f"pet:{me.name}")
        say(events, f"{tag}: {words} goes face up onto {me.name}'s Pet Cemetery.")
        return
    say(events, f"{tag}: {me.name} draws {words} for the Pet Cemetery.")
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


def _binding(state: CemeteryState, trig: Trigger, tag: str, events: list[Event]) -> None:
    me = state.me
    if not state.part_pile:
        say(events, f"{tag}: the Part pile is empty.")
        return
    card = state.part_pile.pop()
    if not bind_targets(state, card, trig.unstable):
        to_cemetery(state, card)
        note(state, "bound", 1, f"card:{card}")
        say(
            events,
            f"{tag}: no Cemetery stack can take it, so {name_of(state, card)} joins the Cemetery face up.",
        )
        return
    if trig.unstable:
        say(events, f"{tag}: {me.name} draws {name_of(state, card)} and must stack it face up.")
    else:
        say(events, f"{tag}: {me.name} draws a Part and peeks at it.")
        say(events, f"You peek: {name_of(state, card)}.", private_to=me.name)
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
                label=lambda c=c, i=i, pos=pos: (
                    f"Steal {name_of(state, c)} to {place_label(me.creatures, i, pos)}"
                ),
                role=NORMAL,
                do=choose,
                kind="Steal",
            )
            for c in stealable(state)
            for i, pos in placements(me.creatures, c)
        ]
        if len(combined) <= COMBINED_LIMIT:
            return combined
        return [
            Action(
                id=f"steal:{c}",
                label=f"Steal {name_of(state, c)}: choose where",
                role=NORMAL,
                do=choose,
                kind="Steal",
            )
            for c in stealable(state)
        ]
    if p.kind == "steal_place":
        assert p.card is not None  # the stolen Part, chosen in steal_part
        return [
            Action(
                id=f"at:{i}:{pos}",
                label=lambda i=i, pos=pos: f"Attach to {place_label(me.creatures, i, pos)}"[:80],
                role=NORMAL,
                do=choose,
                kind="Attach",
            )
            for i, pos in placements(me.creatures, p.card)
        ] + [back(choose)]
    if p.kind in ("maim", "mindless"):
        owner = state.player(p.player)
        return [
            Action(
                id=f"rm:{i}:{pos}",
                label=lambda card=c.parts[pos], i=i, pos=pos: (
                    f"Remove {name_of(state, card)} from {place_label(owner.creatures, i, pos)}"[
                        :80
                    ]
                ),
                role=NORMAL,
                do=choose,  # a Part the rules make its owner remove: every choice is one
                kind="Remove",
            )
            for i, c in enumerate(owner.creatures)
            for pos in POSITION_ORDER
            if pos in c.parts
        ]
    if p.kind == "fert_order":
        return [
            Action(
                id=f"top:{c}",
                label=f"Put {name_of(state, c)} on top",
                role=NORMAL,
                do=choose,
                kind="Put",
            )
            for c in dict.fromkeys(p.cards)
        ]
    if p.kind == "bind":
        assert p.card is not None  # a binding names the Part it lays
        out = []
        for base in bind_targets(state, p.card, p.react):
            stack = state.cemetery[stack_index(state, base)]
            # the binder peeked at the Part (Insane shows it to all): naming it is safe here
            face = "face up" if p.react else "face down"
            label = f"Stack {name_of(state, p.card)} {face} on {stack_words(state, stack)}"
            out.append(
                Action(id=f"bind:{base}", label=label[:80], role=NORMAL, do=choose, kind="Stack")
            )
        return out
    raise AssertionError(p.kind)


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
        say(
            events,
            f"{p.player} removes {name_of(state, card)} from {spot}; it goes to the Cemetery.",
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
        say(events, f"{me.name} stacks the Pet Cemetery with {name_of(state, top)} on top.")
        state.pending = None
        return
    if p.kind == "bind":
        base = action_id.split(":", 1)[1]
        stack = state.cemetery[stack_index(state, base)]
        assert p.card is not None  # a binding names the Part it lays
        note(state, "bound", 1, f"card:{p.card}" if p.react else f"stack:{base}")
        if p.react:
            stack.append(Slot(card=p.card))
            say(
                events,
                f"Insane: {name_of(state, p.card)} goes face up onto the {name_of(state, base)} in the Cemetery.",
            )
        else:
            stack.append(Slot(card=p.card, face_up=False, seen_by=[me.name]))
            say(
                events,
                f"{me.name} binds a face-down Part onto the {name_of(state, base)} in the Cemetery.",
            )
        state.pending = None
        return
    raise AssertionError(p.kind)
