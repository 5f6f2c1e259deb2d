"""A whole game as one animated GIF (which Discord's phone apps play inline), one captioned
frame per turn, padded in the board's paper colour, within the upload limit."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering.animation import animate, caption_size, paper_of
from rendering.kit import PAPER, min_text, recording_text

HEADER = (40, 70, 50)


def png(colour, size=(1000, 700), header: tuple[int, int, int] | None = None) -> bytes:
    """A flat board; with ``header``, a band of that colour across its top."""
    im = Image.new("RGB", size, colour)
    if header is not None:
        im.paste(header, (0, 0, size[0], size[1] // 8))
    out = io.BytesIO()
    im.save(out, format="PNG")
    return out.getvalue()


def frames_of(data: bytes) -> list[Image.Image]:
    image = Image.open(io.BytesIO(data))
    out = []
    for k in range(image.n_frames):
        image.seek(k)
        out.append(image.convert("RGB"))
    return out


def test_the_animation_is_a_gif():
    assert Image.open(io.BytesIO(animate([png(PAPER), png((0, 0, 0))]))).format == "GIF"


def test_one_frame_per_board_in_order():
    frames = frames_of(animate([png((i * 50, 0, 0)) for i in range(4)]))
    assert len(frames) == 4
    assert [f.getpixel((10, 300))[0] for f in frames] == pytest.approx([0, 50, 100, 150], abs=2)


def test_boards_of_different_heights_share_one_canvas():
    image = Image.open(
        io.BytesIO(animate([png((0, 0, 0), (800, 400)), png((0, 0, 0), (800, 900))]))
    )
    assert image.size[1] / image.size[0] == pytest.approx(900 / 800, rel=0.02)


def test_a_lower_board_is_padded_in_its_paper_colour_not_white():
    low, tall = png(PAPER, (800, 400), header=HEADER), png(PAPER, (800, 900), header=HEADER)
    first = frames_of(animate([low, tall]))[0]
    pad = first.getpixel((first.width // 2, first.height - 2))
    board = first.getpixel((first.width // 2, first.height // 4))  # the low board's paper
    assert pad == board  # one colour: no band under the board
    assert pad == pytest.approx(PAPER, abs=6) and pad != (255, 255, 255)


def test_the_paper_is_the_boards_edge_colour_not_its_header_band():
    board = Image.open(io.BytesIO(png(PAPER, header=HEADER)))
    assert paper_of(board) == PAPER


def test_each_frame_is_captioned_under_its_board():
    plain = frames_of(animate([png(PAPER), png(PAPER)]))
    captioned = frames_of(animate([png(PAPER), png(PAPER)], ["Start · Ada's turn", "Move 1"]))
    assert captioned[0].height > plain[0].height
    strip = captioned[0].crop((0, plain[0].height, captioned[0].width, captioned[0].height))
    assert len(strip.getcolors(maxcolors=4096) or []) > 2  # words, not an empty band


def test_the_captions_are_drawn_as_given():
    with recording_text() as drawn:
        animate([png(PAPER), png(PAPER)], ["Start · Ada's turn", "Move 1 of 1 · game over"])
    assert [text for _, text in drawn] == ["Start · Ada's turn", "Move 1 of 1 · game over"]


@pytest.mark.parametrize("width", [400, 500, 720, 1000])
def test_a_caption_is_at_least_9_px_on_a_phone(width):
    assert caption_size(width) >= min_text(width)


def test_the_caption_obeys_the_phone_rule_at_the_output_width():
    with recording_text() as drawn:
        data = animate([png(PAPER, (1200, 800))], ["Move 7 of 9 · Bruno's turn"])
    width = Image.open(io.BytesIO(data)).width
    assert [size for size, _ in drawn] and min(size for size, _ in drawn) >= min_text(width)


def test_one_caption_per_frame_or_none():
    with pytest.raises(ValueError):
        animate([png(PAPER), png(PAPER)], ["only one"])


def test_an_animation_too_big_is_scaled_and_thinned_until_it_fits():
    noisy = []
    for i in range(8):
        im = Image.effect_noise((500, 500), 80 + i).convert("RGB")
        out = io.BytesIO()
        im.save(out, format="PNG")
        noisy.append(out.getvalue())
    data = animate(noisy, max_bytes=400_000)
    assert len(data) <= 400_000
    assert Image.open(io.BytesIO(data)).width < 500
    assert 2 <= Image.open(io.BytesIO(data)).n_frames < 8
