"""What a player or a spectator may see. Hands are private; everything else is public."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field, ValidatorFunctionWrapHandler, WrapValidator

from engines.last_turn import LastTurn
from engines.run_animals.board import productive, slot_colours
from engines.run_animals.data import GameData, load
from engines.run_animals.graveyard import end_words, penalty_of
from engines.run_animals.production import face_label
from engines.run_animals.scoring import goal_points, result, score
from engines.run_animals.state import CEMENT, EMPTY, FRONT, GRAVE, RAState, RollRecord, TurnRecord
from engines.run_animals.words import COLOUR_WORDS, SPECIES_NAME, SPECIES_SHORT, listed
from i18n.say import Say, say, say_n


def _keep_words(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    """A :class:`Say` as it is (validated as a ``str``, it would keep only its English)."""
    return value if isinstance(value, Say) else handler(value)


#: words a front end shows: a :class:`Say` kept for the reader's language, or plain text
Words = Annotated[str, WrapValidator(_keep_words)]


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
    name: Words
    join: str
    actions: list[Words]
    #: each action's kind ("acquire", "move", ...) and, for an Acquire, the colours it takes:
    #: what the hand draws, in every language (``actions`` are the words; left out of the
    #: JSON, which says it all already)
    kinds: list[str] = Field(default=[], exclude=True)
    colours: list[list[str]] = Field(default=[], exclude=True)


class PlayerView(BaseModel):
    name: str
    seat: int
    species: str
    species_name: Words
    species_short: Words
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
    effect: Words
    tile: int
    text: Words


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
    end_reason: Words
    winners: list[str]
    last_turn: LastTurn | None = None


def card_view(data: GameData, card_id: str) -> CardView:
    card = data.cards[card_id]
    return CardView(
        id=card.id,
        name=card.name,
        join=card.join,
        actions=[a.text() for a in card.actions],
        kinds=[a.kind for a in card.actions],
        colours=[list(a.colours) for a in card.actions],
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
                species_name=SPECIES_NAME.get(sp.code, sp.name),
                species_short=SPECIES_SHORT.get(sp.code, sp.short),
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
        last_roll=[
            RollView(face=r.face, effect=_face_words(data, r), tile=r.tile, text=roll_words(r))
            for r in state.last_roll
        ],
        my_hand=(
            [card_view(data, c) for c in state.seats[viewer].hand]
            if viewer in state.seats
            else None
        ),
        over=over,
        end_reason=end_words(state),
        winners=res.winners if res else [],
        last_turn=last_turn(state, data, state.last_turn),
    )


def roll_words(roll: RollRecord) -> str:
    """What a die of the last roll did, for each reader (a roll saved before its words were
    kept as data: its English)."""
    if roll.said is not None:
        try:
            return Say.from_data(roll.said)
        except ValueError:
            pass
    return roll.text


def _face_words(data: GameData, roll: RollRecord) -> str:
    """The d6 face rolled, as the rulebook names it."""
    face = next((f for f in data.dice.d6 if f.face == roll.face), None)
    return face_label(face) if face is not None else roll.effect


def last_turn(state: RAState, data: GameData, record: TurnRecord | None) -> LastTurn | None:
    """The last finished turn in words and marks: ``tile:N`` for a tile it changed (a move's
    both ends, a tile a cube was taken from, an animal placed, expelled to or lost),
    ``roll:N`` for a tile the roll after it hit, ``grave:S`` for a graveyard slot filled,
    ``player:NAME`` for a player whose goal cubes or score changed, ``goals`` when a face-up
    goal was taken. Its line is a :class:`Say`, worded for each reader."""
    if record is None:
        return None
    p = record.player
    words: list[Say] = []
    marks: list[str] = []
    rolled: list[str] = []
    sent: list[str] = []
    card: Say | None = None
    expelled: str | None = None
    at = -1

    def tile(n: str) -> None:
        if f"tile:{n}" not in marks:
            marks.append(f"tile:{n}")

    for token in record.marks.split():
        kind, _, rest = token.partition(":")
        args = rest.split(":")
        if kind == "place":
            tile(args[0])
            short = SPECIES_SHORT[state.seats[p].species]
            # Translators: part of the last turn's line: "Ada placed a Black Bear on tile 3"
            words.append(say("placed a {who} on tile {tile}", who=short, tile=args[0]))
        elif kind == "card":
            card = data.cards[args[0]].name
        elif kind == "move":
            tile(args[0])
            tile(args[1])
            # Translators: part of the last turn's line: an animal moved from tile 3 to tile 4
            words.append(say("moved {here} to {there}", here=args[0], there=args[1]))
        elif kind == "acq":
            tile(args[0])
            marks.append(f"player:{p}")
            # Translators: part of the last turn's line: took a food cube on tile 4
            words.append(say("took {colour} on {tile}", colour=COLOUR_WORDS[args[1]], tile=args[0]))
        elif kind == "steal":
            marks.append(f"player:{p}")
            # Translators: part of the last turn's line: stole a cube from the supply
            words.append(say("stole {colour}", colour=COLOUR_WORDS[args[0]]))
        elif kind == "expel":
            tile(args[0])
            expelled, at = args[0], len(words)
            words.append(say("expelled from {tile}", tile=args[0]))
        elif kind == "sent":
            tile(args[0])
            sent.append(args[0])
        elif kind == "warm":
            words.append(say("took back {card}", card=data.cards[args[0]].name))
        elif kind == "goal":
            marks.append(f"player:{p}")
            points = data.goals[int(args[0])].points
            words.append(say("completed a goal (+{points})", points=points))
        elif kind == "new":
            marks.append("goals")
            words.append(say("took a new goal"))
        elif kind == "grave":
            tile(args[0])
            marks += [f"grave:{args[1]}", f"player:{p}"]
            pen = data.components.graveyard.penalties[int(args[1]) - 1]
            words.append(say("lost an animal on {tile} (−{penalty})", tile=args[0], penalty=pen))
        elif kind == "recycle":
            n = int(args[0])
            words.append(say_n("recycled {n} card", "recycled {n} cards", n))
        elif kind == "roll":
            marks.append(f"roll:{args[0]}")
            rolled.append(args[0])
    if sent and expelled is not None:
        # Translators: part of the last turn's line: animals expelled from tile 3 to tiles 2, 7
        words[at] = say(
            "expelled from {tile} to {tiles}",
            tile=expelled,
            tiles=", ".join(dict.fromkeys(sent)),
        )
    line: str
    if card is not None and words:
        # Translators: the last turn's line: "Ada played Move then Acquire food: moved 3 to 4, ..."
        line = say("{player} played {card}: {actions}", player=p, card=card, actions=listed(words))
    elif card is not None:
        line = say("{player} played {card} (no effect)", player=p, card=card)
    elif words:
        # Translators: the last turn's line without a card: "Ada placed a Black Bear on tile 3"
        line = say("{player} {actions}", player=p, actions=listed(words))
    else:
        line = p
    if rolled and state.roller:
        tiles = list(dict.fromkeys(rolled))
        # Translators: the last turn's line, then the tiles the next roll hit
        line = say_n(
            "{line} · {player} rolled tile {tiles}",
            "{line} · {player} rolled tiles {tiles}",
            len(tiles),
            line=line,
            player=state.roller,
            tiles=", ".join(tiles),
        )
    # built around validation, which would keep only the English of the line
    return LastTurn.model_construct(player=p, line=line, marks=list(dict.fromkeys(marks)))
