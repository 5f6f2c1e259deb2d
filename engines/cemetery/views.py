"""What one player (or a spectator) may see. Hidden cards appear as backs without an id, so a
renderer or a message built from a view cannot leak them."""

from __future__ import annotations

from pydantic import BaseModel

from engines.cemetery.common import name_of
from engines.cemetery.data import CARDS, POSITION_ORDER, TYPE_ORDER
from engines.cemetery.flow import awaited
from engines.cemetery.stability import creature_statuses, is_active, type_counts
from engines.cemetery.state import PHASE_TITLES, CemeteryState, Slot
from engines.last_turn import LastTurn


class CardView(BaseModel):
    id: str | None = None
    name: str = "face-down Part"
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
    phase_title: str
    picks_left: int
    waiting_for: list[str]
    prompt: str
    core_pile: int
    part_pile: int
    cemetery: list[StackView]
    supply_revenge: int
    supply_science: int
    final_round: bool
    finished: bool
    #: how the game ended, in words, once it has
    outcome: str | None = None
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
    if state.over:
        return f"The game is over. {outcome(state)}."
    p = state.pending
    me = state.me.name
    if p is not None:
        return {
            "stitch_place": f"{me}: choose where to stitch the Part",
            "steal_part": f"{me}: Steal — choose a Part from the Cemetery",
            "steal_place": f"{me}: Steal — choose where to attach it",
            "maim": f"{p.player}: Maim — remove one of your Parts",
            "mindless": f"{p.player}: Mindless — remove one of your Parts",
            "fert_order": f"{me}: Fertilize — choose the top Part of your Pet Cemetery",
            "bind": f"{me}: Binding — choose a Cemetery stack",
            "exp_dest": f"{me}: Experiment — choose where the Part goes",
        }[p.kind]
    if state.phase == "draft":
        return f"{me}: Draft ({state.picks_left} pick{'s' if state.picks_left != 1 else ''} left)"
    return f"{me}: {PHASE_TITLES[state.phase]}"


def outcome(state: CemeteryState) -> str | None:
    if not state.over:
        return None
    a, b = state.sides
    if state.conceded is not None:
        other = b.name if state.conceded == a.name else a.name
        return f"{other} wins: {state.conceded} conceded"
    if a.total == b.total:
        return f"Draw: {a.total} tokens each"
    best, low = (a, b) if a.total > b.total else (b, a)
    return f"{best.name} wins, {best.total} tokens to {low.total}"


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
        last_turn=None
        if state.last_turn is None
        else LastTurn(
            player=state.last_turn.player,
            line=state.last_turn.line,
            marks=list(state.last_turn.marks),
        ),
    )
