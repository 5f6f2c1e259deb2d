"""The 4x4 map: which tiles touch, and the cubes in a tile's slots.

Tiles are numbered row by row (1-4 top row ... 13-16 bottom row); animals move only up, down,
left or right.
"""

from __future__ import annotations

from engines.run_animals.data import GameData
from engines.run_animals.state import CEMENT, EMPTY, RAState, TileState
from engines.run_animals.words import cubes_of, listed
from i18n.say import Say, say

SIZE = 4
DIRECTIONS = (("up", -1, 0), ("down", 1, 0), ("left", 0, -1), ("right", 0, 1))


def neighbours(tile: int) -> list[tuple[int, str]]:
    """The orthogonally adjacent tiles of ``tile`` with the direction's name."""
    row, col = divmod(tile - 1, SIZE)
    out = []
    for name, dr, dc in DIRECTIONS:
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            out.append((r * SIZE + c + 1, name))
    return out


def slot_colours(data: GameData, tile: TileState) -> list[str]:
    spec = data.tile(tile.number)
    return list(spec.forest if tile.side == "forest" else spec.cleared)


def cubes_on(tile: TileState) -> dict[str, int]:
    counts = {"F": 0, "N": 0, "W": 0}
    for s in tile.slots:
        if s in counts:
            counts[s] += 1
    return counts


def take_cube(tile: TileState, colour: str) -> None:
    """Remove the left-most cube of ``colour`` (cubes of a colour are interchangeable)."""
    tile.slots[tile.slots.index(colour)] = EMPTY


def fill(state: RAState, data: GameData, tile: TileState, limit: int | None = None) -> list[str]:
    """Put supply cubes on the left-most empty slots (all of them if ``limit`` is None).

    A slot whose colour has run out in the supply is passed over. Returns the colours placed.
    """
    placed: list[str] = []
    for i, colour in enumerate(slot_colours(data, tile)):
        if limit is not None and len(placed) >= limit:
            break
        if tile.slots[i] == EMPTY and state.supply[colour] > 0:
            state.supply[colour] -= 1
            tile.slots[i] = colour
            placed.append(colour)
    return placed


def return_cubes(state: RAState, tile: TileState) -> None:
    """The tile's cubes go back to the supply (the caller lays the tile's new slots)."""
    for s in tile.slots:
        if s in state.supply:
            state.supply[s] += 1


def productive(tile: TileState) -> bool:
    """A tile whose every slot holds cement never produces again."""
    return any(s != CEMENT for s in tile.slots)


def describe_cubes(colours: list[str]) -> Say:
    """Cubes by kind, in words: "2 food, 1 water" (or "nothing")."""
    if not colours:
        # Translators: the cubes a tile produced: none
        return say("nothing")
    counts = {c: colours.count(c) for c in dict.fromkeys(colours)}
    return listed([cubes_of(n, c) for c, n in counts.items()])
