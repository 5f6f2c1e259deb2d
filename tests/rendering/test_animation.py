"""A whole game as one animated image, one frame per turn, within the upload limit."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering.animation import animate


def png(colour, size=(1000, 700)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


def test_one_frame_per_board_in_order():
    frames = [png((i * 50, 0, 0)) for i in range(4)]
    image = Image.open(io.BytesIO(animate(frames)))
    assert image.format == "WEBP" and image.n_frames == 4
    image.seek(3)
    assert image.convert("RGB").getpixel((10, 10))[0] > 120


def test_boards_of_different_heights_share_one_canvas():
    image = Image.open(
        io.BytesIO(animate([png((0, 0, 0), (800, 400)), png((0, 0, 0), (800, 900))]))
    )
    assert image.size[1] / image.size[0] == pytest.approx(900 / 800, rel=0.02)


def test_an_animation_too_big_is_scaled_and_thinned_until_it_fits():
    noisy = []
    for i in range(8):
        im = Image.effect_noise((500, 500), 80 + i).convert("RGB")
        out = io.BytesIO()
        im.save(out, format="PNG")
        noisy.append(out.getvalue())
    data = animate(noisy, max_bytes=100_000)
    assert len(data) <= 100_000
    assert Image.open(io.BytesIO(data)).n_frames >= 2
