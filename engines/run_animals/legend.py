"""The legend of the Run Animals, Run! board for ``/game rules``: a real position, explained.

Three players, seed 1, 99 moves of the engine's own stand-in: the last turn moved an animal and
took a cube, the roll that followed hit three tiles, an animal is in the graveyard and a card is
being played. The board is drawn by the game's own ``draw_board``; the callouts point at the
renderer's own coordinates and the key's symbols are drawn by the renderer's own functions.
"""

from __future__ import annotations

import random

from engines.run_animals import render as ra
from engines.run_animals.engine import ENGINE
from engines.run_animals.views import RAView
from engines.run_animals.words import SPECIES_INITIALS, SPECIES_SHORT
from i18n.speaking import tr
from rendering import family
from rendering.kit import Draw
from rendering.legend import Callout, Legend, Symbol

PLAYERS = ["Ada", "Bruno", "Chidi"]
SEED = 1
MOVES = 99

Box = tuple[int, int, int, int]


def sample_view() -> RAView:
    """The legend's position: a game the engine plays against itself from a fixed seed."""
    state = ENGINE.self_play(ENGINE.setup(PLAYERS, seed=SEED), random.Random(SEED), MOVES)
    return ENGINE.view(state, None)


def _tile_box(number: int) -> Box:
    row, col = divmod(number - 1, 4)
    x, y = ra.MAP_X + col * (ra.TILE + ra.GAP), ra.MAP_Y + row * (ra.TILE + ra.GAP)
    return (x, y, x + ra.TILE, y + ra.TILE)


def _cube_words(kind: str, content: str) -> str:
    """A cube's or an empty slot's words in the key, in the language being drawn in."""
    if content == "empty":
        return {
            "F": tr("Empty food slot (an outline)"),
            "N": tr("Empty nest slot (an outline)"),
            "W": tr("Empty water slot (an outline)"),
        }[kind]
    return {
        "F": tr("Food cube (round)"),
        "N": tr("Nest cube (triangle)"),
        "W": tr("Water cube (diamond)"),
    }[kind]


def _symbol_cube(kind: str, content: str = "cube") -> Symbol:
    words = _cube_words(kind, content)

    def draw(d: Draw, box: Box) -> None:
        ra.cube(d, _inset(box), kind, content)

    return Symbol(draw, words)


def _inset(box: Box, k: int = 6) -> Box:
    return (box[0] + k, box[1] + k, box[2] - k, box[3] - k)


def _tile_swatch(colour: tuple[int, int, int], words: str) -> Symbol:
    def draw(d: Draw, box: Box) -> None:
        d.rounded_rectangle(box, radius=8, fill=colour)

    return Symbol(draw, words)


def legend() -> Legend:
    view = sample_view()
    assert view.last_turn is not None, "the sample position is chosen after turns were played"
    marked = sorted(int(m.split(":")[1]) for m in view.last_turn.marks if m.startswith("roll:"))
    moved = [int(m.split(":")[1]) for m in view.last_turn.marks if m.startswith("tile:")]
    rolled = _tile_box(marked[0])
    changed = _tile_box(moved[-1])
    active = view.pending.meeple_tile if view.pending and view.pending.meeple_tile else 1
    acting = _tile_box(active)
    first = _tile_box(1)
    header = family.header_height(ra.WIDTH)
    strip = family.turn_strip_height(ra.WIDTH)
    band = ra.MAP_Y + ra.SIDE + 10
    callouts = [
        Callout((ra.WIDTH * 0.45, header * 0.5), tr("The game, the round")),
        Callout(
            (ra.WIDTH * 0.5, header + strip * 0.35),
            tr(
                "Whose turn it is (the black triangle and the ringed token) and what they are doing"
            ),
        ),
        Callout(
            (first[0] + ra.TILE // 2, first[3] - 26),
            tr("Tile number (rolled on the d20) and side: forest, cleared or cement"),
        ),
        Callout(
            (changed[0] + ra.TILE // 2 + 16, changed[3] - 24),
            tr(
                "Star and double outline: a tile the last turn changed (here an animal moved "
                "in and took a cube)"
            ),
        ),
        Callout(
            (rolled[2] - 58, rolled[3] - 22),
            tr("Die: a tile the roll at the start of the round hit"),
        ),
        Callout(
            (acting[2] - 30, acting[3] - 26),
            tr("Dashed outline: the animal the card being played acts with"),
        ),
        Callout(
            (ra.PANEL_X + ra.PANEL_W - 26, ra.MAP_Y + ra.PLAYER_H - 24),
            tr(
                "A player: score (goal points − graveyard), goal cubes (full = taken), goals "
                "done, hand, discard pile and animals on the map"
            ),
        ),
        Callout(
            (ra.MAP_X + 150, band + 12),
            # Translators: {end} is the word on the slot that ends the game ("END")
            tr(
                "Graveyard: an animal lost scores the slot's penalty; filling {end} ends the game",
                end=tr("END"),
            ),
        ),
        Callout(
            (ra.WIDTH - 30, band + ra.GOAL_H + 30),
            tr("Goals to take when yours is done, and the supply of cubes and cement"),
        ),
        Callout((ra.WIDTH - 26, band + ra.BAND_H + ra.LAST_H - 14), tr("The last turn in words")),
    ]
    symbols = [
        _symbol_cube("F"),
        _symbol_cube("N"),
        _symbol_cube("W"),
        _symbol_cube("W", "empty"),
        Symbol(lambda d, box: ra.cube(d, _inset(box), "F", "cement"), tr("Cement: never produces")),
        _tile_swatch(ra.FOREST, tr("Forest tile (its side is written on it)")),
        _tile_swatch(ra.CLEARED, tr("Cleared tile (its side is written on it)")),
        Symbol(
            lambda d, box: ra.disc(d, ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2), 22, "cat"),
            # Translators: {letters} are the initials on the token of {species}
            tr(
                "A species and its initials ({letters}: {species})",
                letters=SPECIES_INITIALS["cat"],
                species=SPECIES_SHORT["cat"],
            ),
        ),
        Symbol(lambda d, box: ra.mark(d, _inset(box, 4)), tr("Changed by the last turn")),
        Symbol(lambda d, box: ra.die(d, _inset(box, 10)), tr("Hit by the last roll")),
        Symbol(lambda d, box: ra.dashed_outline(d, _inset(box, 4)), tr("The animal acting now")),
        Symbol(
            lambda d, box: ra.grave_slot(d, box, 5, None, True, True),
            tr("The graveyard slot that ends the game"),
        ),
    ]
    # Translators: the title of the picture that explains the board ({game} is its title)
    title = tr("{game} — how to read the board", game=ENGINE.title)
    return Legend(title, ra.draw_board(view), callouts, symbols)
