"""Production & Development: the dice rolled at the start of every round after the first.

The d20 names the tile (17-20 is rolled again); the d6 says what happens there. The two
"Production + Reroll" results roll both dice again and carry on.
"""

from __future__ import annotations

from engines.core import Event
from engines.run_animals.board import describe_cubes, fill, productive, return_cubes
from engines.run_animals.data import D6Face, GameData
from engines.run_animals.state import CEMENT, EMPTY, RAState, RollRecord
from engines.run_animals.words import COLOUR_WORDS
from i18n.say import Say, say


def roll_d20(state: RAState, data: GameData) -> int:
    """A tile number: results above the map's 16 tiles are rolled again."""
    while True:
        value = state.rng.randint(1, data.dice.d20.sides)
        if value <= data.dice.d20.reroll_above:
            return value


def roll_d6(state: RAState, data: GameData) -> D6Face:
    return data.dice.d6[state.rng.randint(0, len(data.dice.d6) - 1)]


def _barren(number: int) -> Say:
    return say("tile {tile} is all cement and produces nothing", tile=str(number))


def apply_result(state: RAState, data: GameData, face: D6Face, number: int) -> Say:
    """Carry out one die result on tile ``number``; return what happened, in words."""
    tile = state.tiles[number - 1]
    if face.effect == "produce":
        if not productive(tile):
            return _barren(number)
        placed = fill(state, data, tile, face.cubes)
        if not placed:
            return say("tile {tile} produces nothing", tile=str(number))
        return say("tile {tile} produces {cubes}", tile=str(number), cubes=describe_cubes(placed))
    if face.effect == "full":
        if not productive(tile):
            return _barren(number)
        placed = fill(state, data, tile)
        return say(
            "tile {tile} is fully produced ({cubes})",
            tile=str(number),
            cubes=describe_cubes(placed),
        )
    return develop(state, data, number)


def develop(state: RAState, data: GameData, number: int) -> Say:
    """Development + Full Production: clear a Forest tile, or pour cement on a Cleared one."""
    tile = state.tiles[number - 1]
    if tile.side == "forest":
        return_cubes(state, tile)
        tile.side = "cleared"
        tile.slots = [EMPTY] * len(data.tile(number).cleared)
        placed = fill(state, data, tile)
        return say(
            "tile {tile} is cleared and refilled ({cubes})",
            tile=str(number),
            cubes=describe_cubes(placed),
        )
    if not productive(tile):
        return _barren(number)
    what = say("tile {tile} is refilled (no cement left)", tile=str(number))
    if state.cement > 0:
        slot = next(i for i, s in enumerate(tile.slots) if s != CEMENT)
        lost = tile.slots[slot]
        if lost in state.supply:
            state.supply[lost] += 1
        tile.slots[slot] = CEMENT
        state.cement -= 1
        if lost in state.supply:
            what = say(
                "cement is poured on tile {tile} (slot {slot}, a {colour} cube goes back)",
                tile=str(number),
                slot=str(slot + 1),
                colour=COLOUR_WORDS[lost],
            )
        else:
            what = say(
                "cement is poured on tile {tile} (slot {slot})",
                tile=str(number),
                slot=str(slot + 1),
            )
        if not productive(tile):
            return say("{what}; it will never produce again", what=what)
    placed = fill(state, data, tile)
    if not placed:
        return say("{what}; it produces nothing", what=what)
    return say("{what}; it produces {cubes}", what=what, cubes=describe_cubes(placed))


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
            RollRecord(
                face=face.face, effect=face_label(face), tile=number, text=text, said=text.data()
            )
        )
        if face.reroll:
            # Translators: {symbol} is an emoji (a die) that starts the line; {face} is the
            # d6's result ("2 Production + Reroll"), {what} what it did ("tile 3 produces 2 food")
            line = say(
                "{symbol} {player} rolls {face} on tile {tile}: {what} — roll again.",
                symbol="🎲",
                player=roller,
                face=face_label(face),
                tile=str(number),
                what=text,
            )
        else:
            line = say(
                "{symbol} {player} rolls {face} on tile {tile}: {what}.",
                symbol="🎲",
                player=roller,
                face=face_label(face),
                tile=str(number),
                what=text,
            )
        events.append(Event(text=line, kind="roll"))
        if not face.reroll:
            return events


def face_label(face: D6Face) -> Say:
    """A d6 face as the rulebook names it."""
    if face.effect == "produce":
        # Translators: a face of the d6: {n} cubes produced, then both dice rolled again
        return say("{n} Production + Reroll", n=face.cubes)
    if face.effect == "full":
        # Translators: a face of the d6: the tile is filled
        return say("Full Production")
    # Translators: a face of the d6: the tile is cleared (forest) or cemented (cleared)
    return say("Development + Full Production")
