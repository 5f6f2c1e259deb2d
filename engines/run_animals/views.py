"""What a player or a spectator may see. Hands are private; everything else is public."""

from __future__ import annotations

from pydantic import BaseModel

from engines.last_turn import LastTurn
from engines.run_animals.board import productive, slot_colours
from engines.run_animals.data import COLOUR_NAMES, GameData, load
from engines.run_animals.graveyard import penalty_of
from engines.run_animals.scoring import goal_points, result, score
from engines.run_animals.state import CEMENT, EMPTY, FRONT, GRAVE, RAState, TurnRecord


class SlotView(BaseModel):
    colour: str  # F, N, W: the slot's printed colour
    content: str  # "cube", "empty" or "cement"


class AnimalsView(BaseModel):
    player: str
    species: str
    count: int


class TileView(BaseModel):
    number: int
    side: str
    slots: list[SlotView]
    animals: list[AnimalsView]
    productive: bool


class GoalView(BaseModel):
    id: int
    food: int
    nest: int
    water: int
    points: int


class CardView(BaseModel):
    id: str
    name: str
    join: str
    actions: list[str]


class PlayerView(BaseModel):
    name: str
    seat: int
    species: str
    species_name: str
    species_short: str
    goal: GoalView | None
    goal_cubes: dict[str, int]
    goal_points: int
    completed: int
    penalty: int
    score: int
    on_map: int
    in_front: int
    in_grave: int
    hand_count: int
    discard: list[CardView]
    eliminated: bool


class GraveSlotView(BaseModel):
    slot: int
    penalty: int
    owner: str | None
    species: str | None
    in_play: bool  # slots beyond the end slot for this player count are never reached
    ends_game: bool


class RollView(BaseModel):
    face: int
    effect: str
    tile: int
    text: str


class PendingView(BaseModel):
    card: CardView
    meeple_tile: int | None
    step: int
    expel_left: int


class RAView(BaseModel):
    viewer: str | None
    players: list[PlayerView]
    tiles: list[TileView]
    graveyard: list[GraveSlotView]
    face_up: list[GoalView]
    goal_deck: int
    supply: dict[str, int]
    cement: int
    boxed: list[CardView]
    round: int
    starting_player: str
    current: str | None
    phase: str
    pending: PendingView | None
    roller: str | None
    last_roll: list[RollView]
    my_hand: list[CardView] | None
    over: bool
    end_reason: str
    winners: list[str]
    last_turn: LastTurn | None = None


def card_view(data: GameData, card_id: str) -> CardView:
    card = data.cards[card_id]
    return CardView(
        id=card.id, name=card.name, join=card.join, actions=[a.text() for a in card.actions]
    )


def goal_view(data: GameData, goal_id: int) -> GoalView:
    g = data.goals[goal_id]
    return GoalView(id=g.id, food=g.food, nest=g.nest, water=g.water, points=g.points)


def view(state: RAState, viewer: str | None) -> RAView:
    data = load(state.edition)
    players = []
    for i, p in enumerate(state.players):
        seat = state.seats[p]
        sp = data.species[seat.species]
        mine = [m for m in state.meeples if m.owner == p]
        players.append(
            PlayerView(
                name=p,
                seat=i,
                species=sp.code,
                species_name=sp.name,
                species_short=sp.short,
                goal=goal_view(data, seat.goal) if seat.goal is not None else None,
                goal_cubes=dict(seat.goal_cubes),
                goal_points=goal_points(state, data, p),
                completed=len(seat.completed),
                penalty=penalty_of(state, data, p),
                score=score(state, data, p),
                on_map=sum(m.tile > 0 for m in mine),
                in_front=sum(m.tile == FRONT for m in mine),
                in_grave=sum(m.tile == GRAVE for m in mine),
                hand_count=len(seat.hand),
                discard=[card_view(data, c) for c in seat.discard],
                eliminated=seat.eliminated,
            )
        )
    tiles = []
    for tile in state.tiles:
        colours = slot_colours(data, tile)
        slots = [
            SlotView(
                colour=c,
                content="cement" if s == CEMENT else "empty" if s == EMPTY else "cube",
            )
            for c, s in zip(colours, tile.slots, strict=True)
        ]
        animals = []
        for p in state.players:
            n = sum(1 for m in state.meeples if m.owner == p and m.tile == tile.number)
            if n:
                animals.append(AnimalsView(player=p, species=state.seats[p].species, count=n))
        tiles.append(
            TileView(
                number=tile.number,
                side=tile.side,
                slots=slots,
                animals=animals,
                productive=productive(tile),
            )
        )
    end = data.graveyard_end_slot(len(state.players))
    graveyard = [
        GraveSlotView(
            slot=i + 1,
            penalty=pen,
            owner=owner,
            species=state.seats[owner].species if owner else None,
            in_play=i + 1 <= end,
            ends_game=i + 1 == end,
        )
        for i, (pen, owner) in enumerate(
            zip(data.components.graveyard.penalties, state.graveyard, strict=True)
        )
    ]
    pending = None
    if state.pending is not None:
        pending = PendingView(
            card=card_view(data, state.pending.card),
            meeple_tile=state.pending.meeple_tile,
            step=state.pending.step,
            expel_left=len(state.pending.expel_queue),
        )
    over = state.over
    res = result(state, data)
    return RAView(
        viewer=viewer,
        players=players,
        tiles=tiles,
        graveyard=graveyard,
        face_up=[goal_view(data, g) for g in state.face_up],
        goal_deck=len(state.goal_deck),
        supply=dict(state.supply),
        cement=state.cement,
        boxed=[card_view(data, c) for c in state.boxed],
        round=state.round,
        starting_player=state.players[state.start],
        current=None if over else state.current,
        phase=state.phase,
        pending=pending,
        roller=state.roller,
        last_roll=[RollView(**r.model_dump()) for r in state.last_roll],
        my_hand=(
            [card_view(data, c) for c in state.seats[viewer].hand]
            if viewer in state.seats
            else None
        ),
        over=over,
        end_reason=state.end_reason,
        winners=res.winners if res else [],
        last_turn=last_turn(state, data, state.last_turn),
    )


def last_turn(state: RAState, data: GameData, record: TurnRecord | None) -> LastTurn | None:
    """The last finished turn in words and marks: ``tile:N`` for a tile it changed (a move's
    both ends, a tile a cube was taken from, an animal placed, expelled to or lost),
    ``roll:N`` for a tile the roll after it hit, ``grave:S`` for a graveyard slot filled,
    ``player:NAME`` for a player whose goal cubes or score changed, ``goals`` when a face-up
    goal was taken."""
    if record is None:
        return None
    p = record.player
    words: list[str] = []
    marks: list[str] = []
    rolled: list[str] = []
    sent: list[str] = []
    card = ""

    def tile(n: str) -> None:
        if f"tile:{n}" not in marks:
            marks.append(f"tile:{n}")

    for token in record.marks.split():
        kind, _, rest = token.partition(":")
        args = rest.split(":")
        if kind == "place":
            tile(args[0])
            short = data.species[state.seats[p].species].short
            words.append(f"placed a {short} on tile {args[0]}")
        elif kind == "card":
            card = data.cards[args[0]].name
        elif kind == "move":
            tile(args[0])
            tile(args[1])
            words.append(f"moved {args[0]} to {args[1]}")
        elif kind == "acq":
            tile(args[0])
            marks.append(f"player:{p}")
            words.append(f"took {COLOUR_NAMES[args[1]]} on {args[0]}")
        elif kind == "steal":
            marks.append(f"player:{p}")
            words.append(f"stole {COLOUR_NAMES[args[0]]}")
        elif kind == "expel":
            tile(args[0])
            words.append(f"expelled from {args[0]}")
        elif kind == "sent":
            tile(args[0])
            sent.append(args[0])
        elif kind == "warm":
            words.append(f"took back {data.cards[args[0]].name}")
        elif kind == "goal":
            marks.append(f"player:{p}")
            words.append(f"completed a goal (+{data.goals[int(args[0])].points})")
        elif kind == "new":
            marks.append("goals")
            words.append("took a new goal")
        elif kind == "grave":
            tile(args[0])
            marks += [f"grave:{args[1]}", f"player:{p}"]
            pen = data.components.graveyard.penalties[int(args[1]) - 1]
            words.append(f"lost an animal on {args[0]} (−{pen})")
        elif kind == "recycle":
            words.append(f"recycled {args[0]} card{'s' * (args[0] != '1')}")
        elif kind == "roll":
            marks.append(f"roll:{args[0]}")
            rolled.append(args[0])
    if sent:
        words = [
            w + f" to {', '.join(dict.fromkeys(sent))}" if w.startswith("expelled") else w
            for w in words
        ]
    line = f"{p} played {card}" if card else p
    if words:
        line += (": " if card else " ") + ", ".join(words)
    elif card:
        line += " (no effect)"
    if rolled and state.roller:
        tiles = list(dict.fromkeys(rolled))
        line += f" · {state.roller} rolled tile{'s' * (len(tiles) > 1)} {', '.join(tiles)}"
    return LastTurn(player=p, line=line, marks=list(dict.fromkeys(marks)))
