"""Boards are written as 8-bit PNGs in their game's palette, its named colours exact."""

from __future__ import annotations

import io

from PIL import Image

import rendering
from engines.run_animals.engine import ENGINE
from engines.run_animals.render import FOREST


def board(view) -> Image.Image:
    return Image.open(io.BytesIO(rendering.render_board("run_animals", view)))


def test_a_board_is_an_8_bit_png_with_its_named_colours_exact():
    image = board(ENGINE.view(ENGINE.setup(["Ada", "Bo"], seed=1), None))
    assert image.mode == "P"
    colours = image.convert("RGB").getcolors(1 << 16) or []
    assert FOREST in {colour for _, colour in colours}
