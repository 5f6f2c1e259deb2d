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
from engines.run_animals.data import COLOUR_NAMES, COLOURS, ActionSpec, Colour, GameData
from engines.run_animals.state import RAState

Effect = Callable[[RAState], list[Event]]
#: (id, label or the words that make it when read, effect, role, kind): the role and the menu
#: kind are declared with each option, where it is made
Option = tuple[str, Label, Effect, ActionRole, str]
NORMAL, DESTRUCTIVE = ActionRole.NORMAL, ActionRole.DESTRUCTIVE


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


def species_short(state: RAState, data: GameData, player: str) -> str:
    return data.species[state.seats[player].species].short


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
                        text=f"{player} acquires a {COLOUR_NAMES[colour]} cube on tile {tile_no}."
                    )
                ]

            name = COLOUR_NAMES[colour]
            out.append(
                (f"acq:{colour}", f"Acquire {name} from tile {tile_no}", effect, NORMAL, "Acquire")
            )
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
            return [Event(text=f"{player}'s {who} moves from tile {here} to tile {there}.")]

        out.append((f"move:{there}", f"Move to tile {there} ({direction})", effect, NORMAL, "Move"))
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
        return [Event(text=f"{player} expels {n} animal{'s' * (n != 1)} from tile {tile}.")]

    n = len(targets)
    label = f"Expel the {n} other animal{'s' * (n != 1)} from tile {tile}"
    return [("expel", label, effect, NORMAL, "Expel")]


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
                return [
                    Event(
                        text=f"{player} steals a {COLOUR_NAMES[colour]} cube from the supply; "
                        "the Steal card leaves the game."
                    )
                ]

            name = COLOUR_NAMES[colour]
            label = f"Steal a {name} cube (card leaves the game)"
            out.append((f"steal:{colour}", label, effect, NORMAL, "Steal"))
    return out


def _warm_up(state: RAState, data: GameData, player: str, spec: ActionSpec) -> list[Option]:
    out: list[Option] = []
    for card_id in dict.fromkeys(state.seats[player].discard):
        card = data.cards[card_id]
        if card.is_warm_up:
            continue

        def effect(s: RAState, card_id: str = card_id, name: str = card.name) -> list[Event]:
            s.seats[player].discard.remove(card_id)
            s.seats[player].hand.append(card_id)
            s.mark(f"warm:{card_id}")
            return [
                Event(
                    text=f"{player} warms up: '{name}' goes back from the discard pile to the hand."
                )
            ]

        out.append((f"warm:{card_id}", f"Take back '{card.name}'"[:80], effect, NORMAL, "Take"))
    return out
