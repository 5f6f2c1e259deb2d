"""What one player (or a spectator) may see. Hidden cards appear as backs without an id, so a
renderer or a message built from a view cannot leak them."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ValidatorFunctionWrapHandler, WrapValidator

from engines.cemetery.common import name_of, note_words
from engines.cemetery.data import CARDS, POSITION_ORDER, TYPE_ORDER
from engines.cemetery.flow import awaited
from engines.cemetery.stability import creature_statuses, is_active, type_counts
from engines.cemetery.state import PHASE_TITLES, CemeteryState, Slot
from engines.last_turn import LastTurn
from i18n.say import Say, say, say_n


def _kept(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    return value if isinstance(value, Say) else handler(value)


#: words a front end shows: a ``say`` is kept as it is (validated as a ``str`` it would keep
#: only its English), any other value is checked as a string
Words = Annotated[str, WrapValidator(_kept)]


class CardView(BaseModel):
    id: str | None = None
    name: Words = say("face-down Part")
    category: str = "part"
    types: list[str] = []
    kind: str | None = None
    dual: bool = False
    flipped: bool = False
    face_up: bool = True
    hidden: bool = False


class CellView(BaseModel):
    pos: str
    card: CardView
    mark: str | None = None


class CreatureView(BaseModel):
    index: int
    core: CardView
    core_type: str
    cells: list[CellView]
    parts: int
    active: bool
    #: type -> "stable" / "unstable" / None, as Behaviors would see it now (marks included)
    statuses: dict[str, str | None]
    #: type -> pairs counted for Behaviors now (marks included)
    pairs: dict[str, int]


class PlayerView(BaseModel):
    name: str
    seat: int
    first: bool
    creatures: list[CreatureView]
    hand_count: int
    hand: list[CardView] | None = None
    pet: list[CardView]
    revenge: int
    revenge_spent: int
    science: int
    science_spent: int
    total: int


class StackView(BaseModel):
    cards: list[CardView]


class CemeteryView(BaseModel):
    viewer: str | None
    players: list[PlayerView]
    current: str
    turn: int
    phase: str
    phase_title: Words
    picks_left: int
    waiting_for: list[str]
    prompt: Words
    core_pile: int
    part_pile: int
    cemetery: list[StackView]
    supply_revenge: int
    supply_science: int
    final_round: bool
    finished: bool
    #: how the game ended, in words, once it has
    outcome: Words | None = None
    #: the card the viewer is placing, stealing or binding right now (their own choice only)
    choosing: CardView | None = None
    #: what the last finished turn changed (public ids in ``marks``, see ``state.TurnNote``)
    last_turn: LastTurn | None = None


def card_view(state: CemeteryState, card_id: str, *, face_up: bool = True) -> CardView:
    card = CARDS[card_id]
    flipped = card_id in state.flipped
    return CardView(
        id=card_id,
        name=name_of(state, card_id),
        category=card.category,
        types=[] if flipped else list(card.types),
        kind=card.kind,
        dual=card.is_dual and not flipped,
        flipped=flipped,
        face_up=face_up,
    )


def slot_view(state: CemeteryState, slot: Slot, viewer: str | None) -> CardView:
    """A face-down card shows only to a player who peeked at it; owning the stack is not enough."""
    if slot.face_up:
        return card_view(state, slot.card)
    if viewer is not None and viewer in slot.seen_by:
        return card_view(state, slot.card, face_up=False)
    return CardView(face_up=False, hidden=True, kind=None)


def prompt(state: CemeteryState) -> str:
    """What the game waits for: "Ada: Stitch" ("{player}: {task}", the task alone in the
    ``task`` value, which the board's strip shows under the player's turn)."""
    if state.over:
        return say("The game is over. {outcome}.", outcome=outcome(state) or "")
    p = state.pending
    me = state.me.name
    if p is not None:
        who = p.player if p.kind in ("maim", "mindless") else me
        task = {
            "stitch_place": say("choose where to stitch the Part"),
            "steal_part": say("Steal — choose a Part from the Cemetery"),
            "steal_place": say("Steal — choose where to attach it"),
            "maim": say("Maim — remove one of your Parts"),
            "mindless": say("Mindless — remove one of your Parts"),
            "fert_order": say("Fertilize — choose the top Part of your Pet Cemetery"),
            "bind": say("Binding — choose a Cemetery stack"),
            "exp_dest": say("Experiment — choose where the Part goes"),
        }[p.kind]
        return say("{player}: {task}", player=who, task=task)
    if state.phase == "draft":
        n = state.picks_left
        task = say_n("Draft ({n} pick left)", "Draft ({n} picks left)", n)
        return say("{player}: {task}", player=me, task=task)
    return say("{player}: {task}", player=me, task=PHASE_TITLES[state.phase])


def outcome(state: CemeteryState) -> str | None:
    if not state.over:
        return None
    a, b = state.sides
    if state.conceded is not None:
        other = b.name if state.conceded == a.name else a.name
        return say("{winner} wins: {player} conceded", winner=other, player=state.conceded)
    if a.total == b.total:
        return say("Draw: {n} tokens each", n=a.total)
    best, low = (a, b) if a.total > b.total else (b, a)
    return say(
        "{winner} wins, {best} tokens to {low}", winner=best.name, best=best.total, low=low.total
    )


def view(state: CemeteryState, viewer: str | None) -> CemeteryView:
    players = []
    for seat, p in enumerate(state.sides):
        creatures = []
        for i, c in enumerate(p.creatures):
            counts = type_counts(c, state.flipped, marks=True)
            cells = [
                CellView(pos=pos, card=card_view(state, c.parts[pos]), mark=c.marks.get(pos))
                for pos in POSITION_ORDER
                if pos in c.parts
            ]
            creatures.append(
                CreatureView(
                    index=i,
                    core=card_view(state, c.core),
                    core_type=CARDS[c.core].types[0],
                    cells=cells,
                    parts=len(c.parts),
                    active=is_active(c),
                    statuses=creature_statuses(c, state.flipped, marks=True),
                    pairs={t: counts[t] // 2 for t in TYPE_ORDER},
                )
            )
        own = viewer == p.name
        players.append(
            PlayerView(
                name=p.name,
                seat=seat,
                first=seat == state.first,
                creatures=creatures,
                hand_count=len(p.hand),
                hand=[card_view(state, c) for c in p.hand] if own else None,
                pet=[slot_view(state, s, viewer) for s in p.pet],
                revenge=p.revenge,
                revenge_spent=p.revenge_spent,
                science=p.science,
                science_spent=p.science_spent,
                total=p.total,
            )
        )
    choosing = None
    pend = state.pending
    if pend is not None and pend.card is not None and viewer == pend.player:
        choosing = card_view(state, pend.card)
    elif pend is not None and pend.kind == "bind" and pend.react:
        assert pend.card is not None  # a binding names the Part it lays
        choosing = card_view(state, pend.card)  # Insane: face up
    return CemeteryView(
        viewer=viewer,
        players=players,
        current=state.me.name,
        turn=state.turn,
        phase=state.phase,
        phase_title=PHASE_TITLES[state.phase],
        picks_left=state.picks_left,
        waiting_for=awaited(state),
        prompt=prompt(state),
        core_pile=len(state.core_pile),
        part_pile=len(state.part_pile),
        cemetery=[
            StackView(cards=[slot_view(state, s, viewer) for s in st]) for st in state.cemetery
        ],
        supply_revenge=state.supply_revenge,
        supply_science=state.supply_science,
        final_round=state.final_round,
        finished=state.over,
        outcome=outcome(state),
        choosing=choosing,
        # built without validation, which would keep only the English of its words
        last_turn=None
        if state.last_turn is None
        else LastTurn.model_construct(
            player=state.last_turn.player,
            line=note_words(state.last_turn),
            marks=list(state.last_turn.marks),
        ),
    )
