"""The five card actions: what each one may do right now, and doing it.

Every option is an ``(id, label, effect, role, kind)`` tuple, made into a legal action that
carries its effect (:func:`choice`), so ``legal_actions`` and ``apply`` share one source of
truth. Acquire and Steal only take cubes the player's goal still needs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from engines.core import Action, ActionRole, Event, Label
from engines.run_animals.board import cubes_on, neighbours, take_cube
from engines.run_animals.data import COLOURS, ActionSpec, Colour, GameData
from engines.run_animals.state import RAState
from engines.run_animals.words import COLOUR_WORDS, SPECIES_SHORT, direction_word
from i18n.say import Say, say, say_n

Effect = Callable[[RAState], list[Event]]
#: (id, label or the words that make it when read, effect, role, kind): the role and the menu
#: kind are declared with each option, where it is made
Option = tuple[str, Label, Effect, ActionRole, str]
NORMAL, DESTRUCTIVE = ActionRole.NORMAL, ActionRole.DESTRUCTIVE

# the menus the moves group under (a front end short of buttons shows these headings)
# Translators: a menu of moves: take a cube from the animal's tile
KIND_ACQUIRE = say("Acquire")
# Translators: a menu of moves: move the animal to a tile
KIND_MOVE = say("Move")
# Translators: a menu of moves: expel the other animals
KIND_EXPEL = say("Expel")
# Translators: a menu of moves: steal a cube from the supply
KIND_STEAL = say("Steal")
# Translators: a menu of moves: take a card back, or take a goal
KIND_TAKE = say("Take")


def choice(option: Option) -> Action:
    """The legal action of ``option``, carrying its effect as its handler, so the engine runs
    what ``legal_actions`` offered without listing the options again."""
    return Action(
        id=option[0], label=option[1], role=option[3], kind=option[4], do=partial(_run, option[2])
    )


def _run(effect: Effect, state: RAState, player: str, action_id: str, events: list[Event]) -> None:
    """An option's effect as a move's handler: what it says happened goes to ``events``."""
    events += effect(state)


def still_needed(state: RAState, data: GameData, player: str) -> dict[str, int]:
    """How many cubes of each colour ``player``'s ongoing goal still lacks."""
    seat = state.seats[player]
    if seat.goal is None:
        return dict.fromkeys(COLOURS, 0)
    need = data.goals[seat.goal].need
    return {c: need[c] - seat.goal_cubes[c] for c in COLOURS}


def species_short(state: RAState, data: GameData, player: str) -> Say:
    """The kind of animal ``player`` plays ("Black Bear"), worded for each reader."""
    return SPECIES_SHORT[data.species[state.seats[player].species].code]


def options_for(state: RAState, data: GameData, player: str, spec: ActionSpec) -> list[Option]:
    return {
        "acquire": _acquire,
        "move": _move,
        "expel": _expel,
        "steal": _steal,
        "warm_up": _warm_up,
    }[spec.kind](state, data, player, spec)


def _meeple_tile(state: RAState) -> int:
    """The tile of the animal the card acts with: chosen before any of its actions is offered."""
    tile = state.playing.meeple_tile
    assert tile is not None, "an animal's action is offered once the animal is chosen"
    return tile


def _acquire(state: RAState, data: GameData, player: str, spec: ActionSpec) -> list[Option]:
    tile_no = _meeple_tile(state)
    on_tile = cubes_on(state.tiles[tile_no - 1])
    needed = still_needed(state, data, player)
    out: list[Option] = []
    for colour in spec.colours:
        if on_tile[colour] > 0 and needed[colour] > 0:

            def effect(s: RAState, colour: Colour = colour) -> list[Event]:
                take_cube(s.tiles[tile_no - 1], colour)
                s.mark(f"acq:{tile_no}:{colour}")
                s.seats[player].goal_cubes[colour] += 1
                return [
                    Event(
                        text=say(
                            "{player} acquires a {colour} cube on tile {tile}.",
                            player=player,
                            colour=COLOUR_WORDS[colour],
                            tile=str(tile_no),
                        )
                    )
                ]

            label = partial(_acquire_label, colour, tile_no)
            out.append((f"acq:{colour}", label, effect, NORMAL, KIND_ACQUIRE))
    return out


def _move(state: RAState, data: GameData, player: str, spec: ActionSpec) -> list[Option]:
    here = _meeple_tile(state)
    out: list[Option] = []
    for there, direction in neighbours(here):

        def effect(s: RAState, there: int = there) -> list[Event]:
            s.meeples[s.meeples_of(player, here)[0]].tile = there
            s.playing.meeple_tile = there
            s.mark(f"move:{here}:{there}")
            who = species_short(s, data, player)
            # Translators: {who} is a kind of animal ("Black Bear"); "Ada's Black Bear moves ..."
            text = say(
                "{player}'s {who} moves from tile {here} to tile {there}.",
                player=player,
                who=who,
                here=str(here),
                there=str(there),
            )
            return [Event(text=text)]

        label = partial(_move_label, there, direction)
        out.append((f"move:{there}", label, effect, NORMAL, KIND_MOVE))
    return out


def expel_targets(state: RAState, player: str, tile: int) -> list[int]:
    """Every animal on ``tile`` but the chosen one of ``player``'s, in seat order."""
    keep = state.meeples_of(player, tile)[0]
    order = {p: i for i, p in enumerate(state.players)}
    here = [i for i, m in enumerate(state.meeples) if m.tile == tile and i != keep]
    return sorted(here, key=lambda i: (order[state.meeples[i].owner], i))


def _expel(state: RAState, data: GameData, player: str, spec: ActionSpec) -> list[Option]:
    tile = _meeple_tile(state)
    targets = expel_targets(state, player, tile)
    if not targets:
        return []

    def effect(s: RAState) -> list[Event]:
        s.playing.expel_queue = expel_targets(s, player, tile)
        s.playing.expel_from = tile
        s.phase = "expel"
        s.mark(f"expel:{tile}")
        n = len(s.playing.expel_queue)
        text = say_n(
            "{player} expels {n} animal from tile {tile}.",
            "{player} expels {n} animals from tile {tile}.",
            n,
            player=player,
            tile=str(tile),
        )
        return [Event(text=text)]

    label = partial(_expel_label, len(targets), tile)
    return [("expel", label, effect, NORMAL, KIND_EXPEL)]


def _steal(state: RAState, data: GameData, player: str, spec: ActionSpec) -> list[Option]:
    needed = still_needed(state, data, player)
    out: list[Option] = []
    for colour in COLOURS:
        if needed[colour] > 0 and state.supply[colour] > 0:

            def effect(s: RAState, colour: Colour = colour) -> list[Event]:
                s.supply[colour] -= 1
                s.seats[player].goal_cubes[colour] += 1
                s.playing.stolen = True
                s.mark(f"steal:{colour}")
                text = say(
                    "{player} steals a {colour} cube from the supply; "
                    "the Steal card leaves the game.",
                    player=player,
                    colour=COLOUR_WORDS[colour],
                )
                return [Event(text=text)]

            label = partial(_steal_label, colour)
            out.append((f"steal:{colour}", label, effect, NORMAL, KIND_STEAL))
    return out


def _warm_up(state: RAState, data: GameData, player: str, spec: ActionSpec) -> list[Option]:
    out: list[Option] = []
    for card_id in dict.fromkeys(state.seats[player].discard):
        card = data.cards[card_id]
        if card.is_warm_up:
            continue

        def effect(s: RAState, card_id: str = card_id, name: Say = card.name) -> list[Event]:
            s.seats[player].discard.remove(card_id)
            s.seats[player].hand.append(card_id)
            s.mark(f"warm:{card_id}")
            text = say(
                "{player} warms up: '{card}' goes back from the discard pile to the hand.",
                player=player,
                card=name,
            )
            return [Event(text=text)]

        label = partial(_take_back_label, data, card_id)
        out.append((f"warm:{card_id}", label, effect, NORMAL, KIND_TAKE))
    return out


def _take_back_label(data: GameData, card_id: str) -> Say:
    return say("Take back '{card}'", card=data.cards[card_id].name)


# the labels, worded when read (a search lists every move at every step and reads only ids)
def _acquire_label(colour: str, tile: int) -> Say:
    return say("Acquire {colour} from tile {tile}", colour=COLOUR_WORDS[colour], tile=str(tile))


def _move_label(tile: int, direction: str) -> Say:
    return say(
        "Move to tile {tile} ({direction})", tile=str(tile), direction=direction_word(direction)
    )


def _expel_label(n: int, tile: int) -> Say:
    return say_n(
        "Expel the {n} other animal from tile {tile}",
        "Expel the {n} other animals from tile {tile}",
        n,
        tile=str(tile),
    )


def _steal_label(colour: str) -> Say:
    return say("Steal a {colour} cube (card leaves the game)", colour=COLOUR_WORDS[colour])
