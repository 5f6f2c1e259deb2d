"""Production & Development: the dice rolled at the start of every round after the first.

The d20 names the tile (17-20 is rolled again); the d6 says what happens there. The two
"Production + Reroll" results roll both dice again and carry on.
"""

from __future__ import annotations

from engines.core import Event
from engines.run_animals.board import describe_cubes, fill, productive, return_cubes
from engines.run_animals.data import COLOUR_NAMES, D6Face, GameData
from engines.run_animals.state import CEMENT, EMPTY, RAState, RollRecord


def roll_d20(state: RAState, data: GameData) -> int:
    """A tile number: results above the map's 16 tiles are rolled again."""
    while True:
        value = state.rng.randint(1, data.dice.d20.sides)
        if value <= data.dice.d20.reroll_above:
            return value


def roll_d6(state: RAState, data: GameData) -> D6Face:
    return data.dice.d6[state.rng.randint(0, len(data.dice.d6) - 1)]


def apply_result(state: RAState, data: GameData, face: D6Face, number: int) -> str:
    """Carry out one die result on tile ``number``; return what happened, in words."""
    tile = state.tiles[number - 1]
    if face.effect == "produce":
        if not productive(tile):
            return f"tile {number} is all cement and produces nothing"
        placed = fill(state, data, tile, face.cubes)
        return f"tile {number} produces {describe_cubes(placed)}"
    if face.effect == "full":
        if not productive(tile):
            return f"tile {number} is all cement and produces nothing"
        placed = fill(state, data, tile)
        return f"tile {number} is fully produced ({describe_cubes(placed)})"
    return develop(state, data, number)


def develop(state: RAState, data: GameData, number: int) -> str:
    """Development + Full Production: clear a Forest tile, or pour cement on a Cleared one."""
    tile = state.tiles[number - 1]
    if tile.side == "forest":
        return_cubes(state, tile)
        tile.side = "cleared"
        tile.slots = [EMPTY] * len(data.tile(number).cleared)
        placed = fill(state, data, tile)
        return f"tile {number} is cleared and refilled ({describe_cubes(placed)})"
    if not productive(tile):
        return f"tile {number} is all cement and produces nothing"
    what = f"tile {number} is refilled (no cement left)"
    if state.cement > 0:
        slot = next(i for i, s in enumerate(tile.slots) if s != CEMENT)
        lost = tile.slots[slot]
        if lost in state.supply:
            state.supply[lost] += 1
        tile.slots[slot] = CEMENT
        state.cement -= 1
        lost_text = f", a {COLOUR_NAMES[lost]} cube goes back" if lost in state.supply else ""
        what = f"cement is poured on tile {number} (slot {slot + 1}{lost_text})"
        if not productive(tile):
            return what + "; it will never produce again"
    placed = fill(state, data, tile)
    return f"{what}; it produces {describe_cubes(placed)}"


def production_round(state: RAState, data: GameData, roller: str) -> list[Event]:
    """The starting player's roll at the start of a round, with every reroll it brings."""
    state.last_roll = []
    state.roller = roller
    events = []
    while True:
        number = roll_d20(state, data)
        face = roll_d6(state, data)
        text = apply_result(state, data, face, number)
        state.last_roll.append(
            RollRecord(face=face.face, effect=face_label(face), tile=number, text=text)
        )
        again = " — roll again" if face.reroll else ""
        events.append(
            Event(
                text=f"🎲 {roller} rolls {face_label(face)} on tile {number}: {text}{again}.",
                kind="roll",
            )
        )
        if not face.reroll:
            return events


def face_label(face: D6Face) -> str:
    if face.effect == "produce":
        return f"{face.cubes} Production + Reroll"
    if face.effect == "full":
        return "Full Production"
    return "Development + Full Production"
