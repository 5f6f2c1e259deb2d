"""The board and hand images: valid PNGs, readable sizes, and pixels where they should be."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import rendering
from engines.run_animals import render as art
from engines.run_animals.engine import ENGINE
from tests.run_animals.helpers import PLAYERS, game


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def _played(n: int, steps: int, seed: int = 3):
    state = ENGINE.setup(PLAYERS[:n], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if ENGINE.result(state) is not None:
            break
        p = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, p, ENGINE.suggest(state, p, rng))
    return state


def _tile_origin(number: int) -> tuple[int, int]:
    row, col = divmod(number - 1, 4)
    return art.MAP_X + col * (art.TILE + art.GAP), art.MAP_Y + row * (art.TILE + art.GAP)


@pytest.mark.parametrize("n,steps", [(2, 0), (3, 80), (4, 400)])
def test_board_is_a_png_about_1000_px_wide_and_small(n, steps):
    data = rendering.render_board("run_animals", ENGINE.view(_played(n, steps), None))
    image = _png(data)
    assert image.width == 1000
    assert 600 <= image.height <= 1000
    assert len(data) < 300_000


def test_board_paints_forest_and_cleared_tiles_in_their_colours():
    state = game("cat", "bear")  # two players: tile 1 is Cleared, tile 6 Forest
    image = _png(art.render_board(ENGINE.view(state, None)))
    x, y = _tile_origin(1)
    assert image.getpixel((x + art.TILE - 10, y + art.TILE - 10)) == art.CLEARED
    x, y = _tile_origin(16 - 6)
    assert image.getpixel((x + art.TILE - 10, y + art.TILE - 10)) == art.FOREST


def test_board_draws_cubes_in_slot_order_and_cement_in_grey():
    state = game("cat", "bear")
    state.tiles[12].slots = ["C", "N"]  # tile 13, Cleared: water slot cemented, nest cube
    image = _png(art.render_board(ENGINE.view(state, None)))
    x, y = _tile_origin(13)
    assert image.getpixel((x + 8 + 14, y + 36 + 5)) == art.CEMENT_FILL
    assert image.getpixel((x + 8 + 34 + 14, y + 36 + 14)) == art.CUBE["N"]


def test_board_shows_each_species_on_a_tile_as_a_coloured_disc():
    state = game("cat", "bear", tile=7)
    image = _png(art.render_board(ENGINE.view(state, None)))
    x, y = _tile_origin(7)
    assert image.getpixel((x + 26, y + 90 + 10)) == art.SPECIES_COLOUR["cat"]
    assert image.getpixel((x + 96, y + 90 + 10)) == art.SPECIES_COLOUR["bear"]


def test_board_is_the_same_for_every_viewer():
    state = _played(3, 60)
    images = {art.render_board(ENGINE.view(state, v)) for v in [None, *state.players]}
    assert len(images) == 1


def test_hand_image_shows_the_viewers_cards():
    state = game("cat", "bear")
    image = _png(art.render_hand(ENGINE.view(state, "Ada")))
    assert image.width > 500
    assert image.height >= art.CARD_H + 56


def test_hand_image_for_a_spectator_shows_no_cards():
    state = game("cat", "bear")
    spectator = _png(art.render_hand(ENGINE.view(state, None)))
    player = _png(art.render_hand(ENGINE.view(state, "Ada")))
    assert spectator.height < player.height or spectator.tobytes() != player.tobytes()
