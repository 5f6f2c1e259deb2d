"""The board and hand images: decodable PNGs, sized for Discord, drawn from views only."""

from __future__ import annotations

import io
import random

from PIL import Image

import rendering
from engines.cemetery import render as art
from engines.cemetery.engine import ENGINE
from tests.cemetery.helpers import PLAYERS, creature, fresh, run_from, take


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _midgame(seed=4, steps=150):
    state = ENGINE.setup(PLAYERS, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if ENGINE.result(state):
            break
        p = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, p, ENGINE.suggest(state, p, rng))
    return state


def test_the_board_is_a_png_about_twice_discords_preview_width_and_small():
    data = rendering.render_board("cemetery", ENGINE.view(_midgame(), None))
    image = _png(data)
    assert image.width == art.WIDTH
    assert len(data) < 300_000


def test_creature_cells_are_drawn_in_their_type_colour():
    state = fresh()
    creature(state, 0, "F-core-1", ["B-arm-1"])
    image = _png(art.render_board(ENGINE.view(state, None))).convert("RGB")
    gx = art.MARGIN + (art.SLOT_W - art.GRID) // 2
    gy = art._header_height() + 44 + 24
    w_cell = (gx + 40, gy + art.CELL + 6)  # the W cell's top-right area, clear of text
    assert image.getpixel(w_cell) == art.TYPE_COLOURS["beast"]


def test_the_public_board_does_not_depend_on_the_hand():
    a, b = fresh(), fresh()
    a.sides[0].hand = [take(a, "M-core-1"), take(a, "F-arm-1")]
    b.sides[0].hand = [take(b, "P-core-1"), take(b, "B-arm-1")]
    b.core_pile, b.part_pile = list(a.core_pile), list(a.part_pile)
    assert art.render_board(ENGINE.view(a, None)) == art.render_board(ENGINE.view(b, None))


def test_the_hand_image_shows_the_viewers_cards_and_spectators_get_a_note():
    state = fresh()
    state.sides[0].hand = [take(state, "M-core-1"), take(state, "F-arm-1")]
    mine = _png(rendering.render_hand("cemetery", ENGINE.view(state, "Ada")))
    spectator = _png(rendering.render_hand("cemetery", ENGINE.view(state, None)))
    assert mine.width > 500 and spectator.height >= 100


def test_a_finished_game_renders():
    state = _midgame(seed=2, steps=5000)
    assert state.over
    _png(art.render_board(ENGINE.view(state, "Brook")))


def test_the_board_names_each_creature_as_the_moves_name_it():
    """Issue #29: "positions are named as the board labels them"."""
    state = fresh()
    creature(state, 0, "M-core-1", [])
    state.sides[0].hand = [take(state, "F-arm-1")]
    run_from(state, "stitch")
    [made] = ENGINE.view(state, None).players[0].creatures
    title = art.creature_title(made, art.font(15, True), art.GRID - 40)
    stitches = [a.label for a in ENGINE.legal_actions(state, "Ada") if a.id.startswith("st:")]
    assert title.startswith("creature 1") and all(" creature 1 " in s for s in stitches)
