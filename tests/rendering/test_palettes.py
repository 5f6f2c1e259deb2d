"""Boards are written as 8-bit PNGs in their game's palette, its named colours exact; a process
that may not build a palette (the bot's own, while its render workers start) writes RGB."""

from __future__ import annotations

import io

from PIL import Image

import rendering
from engines.run_animals.engine import ENGINE
from rendering import palettes
from rendering.run_animals import FOREST


def board(view) -> Image.Image:
    return Image.open(io.BytesIO(rendering.render_board("run_animals", view)))


def test_a_board_is_an_8_bit_png_with_its_named_colours_exact():
    image = board(ENGINE.view(ENGINE.setup(["Ada", "Bo"], seed=1), None))
    assert image.mode == "P"
    assert FOREST in {colour for _, colour in image.convert("RGB").getcolors(1 << 16)}


def test_without_leave_to_build_a_palette_the_board_is_written_in_rgb(monkeypatch):
    monkeypatch.setattr(palettes, "_palettes", {})
    palettes.build_on_demand(False)
    try:
        image = board(ENGINE.view(ENGINE.setup(["Ada", "Bo"], seed=1), None))
    finally:
        palettes.build_on_demand(True)
    assert image.mode == "RGB" and palettes._palettes == {}
