"""A small drawing kit every game renderer shares: fonts, colours, wrapped text, PNG bytes.

The font is Roboto from the ``font-roboto`` package on PyPI, never a system font, so an image
looks the same on every machine. Images are sized for a phone first: Discord's apps show an image
about 400 px wide before it is tapped, so text is never smaller than :func:`min_text` of the
image's width (9 px once scaled to 400 px wide).
"""

from __future__ import annotations

import io
import struct
import sys
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, AnyStr

import font_roboto
from PIL import Image, ImageDraw, ImageFont

if TYPE_CHECKING:  # for annotations only: a stub-only class, and a module new in Pillow 12
    from PIL import ImageText
    from PIL._imaging import ImagingCore

FONT_DIR = Path(font_roboto.font_directory)

# Player colours, distinct for colour-blind readers where possible (Okabe-Ito based).
PLAYER_COLOURS: list[tuple[int, int, int]] = [
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (240, 228, 66),  # yellow
    (213, 94, 0),  # vermilion
]
#: a colour as Pillow takes it: an RGB(A) tuple, a grey level or a name
Ink = tuple[int, ...] | float | str
RGB = tuple[int, int, int]

INK = (30, 30, 36)
PAPER = (246, 243, 235)
MUTED = (120, 120, 130)
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)


def player_colour(seat: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Roboto with Pillow's basic layout: our boards hold no complex scripts, and basic layout
    draws text about twice as fast as raqm."""
    name = "Roboto-Bold.ttf" if bold else "Roboto-Regular.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=16384)
def text_size(text: str, f: ImageFont.FreeTypeFont) -> tuple[int, int]:
    left, top, right, bottom = f.getbbox(text)
    return int(right - left), int(bottom - top)


@lru_cache(maxsize=4096)
def ellipsize(text: str, f: ImageFont.FreeTypeFont, max_width: int) -> str:
    if text_size(text, f)[0] <= max_width:
        return text
    while text and text_size(text + "…", f)[0] > max_width:
        text = text[:-1]
    return text + "…"


def wrap(text: str, f: ImageFont.FreeTypeFont, max_width: int, max_lines: int = 3) -> list[str]:
    """Greedy word wrap; the last line is ellipsized if the text does not fit."""
    return list(_wrap(text, f, max_width, max_lines))


@lru_cache(maxsize=16384)
def advance(text: str, f: ImageFont.FreeTypeFont) -> float:
    """How far ``text`` moves the pen: additive over words and spaces, unlike a bounding box."""
    return float(f.getlength(text))


@lru_cache(maxsize=4096)
def _wrap(text: str, f: ImageFont.FreeTypeFont, max_width: int, max_lines: int) -> tuple[str, ...]:
    # each word is measured once (the same words come back on every board) and a line's width
    # is the sum of its words and spaces: measuring every trial line again cost milliseconds on
    # a long new line
    space = advance(" ", f)
    lines: list[str] = []
    line: list[str] = []
    width = 0.0
    for word in text.split():
        w = advance(word, f)
        trial = width + space + w if line else w
        if trial <= max_width or not line:
            line.append(word)
            width = trial
        else:
            lines.append(" ".join(line))
            line, width = [word], w
    if line:
        lines.append(" ".join(line))
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + " …", f, max_width)
    return tuple(ellipsize(ln, f, max_width) for ln in lines)


def draw_text_centered(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    text: str,
    size: int,
    *,
    fill: Ink = INK,
    bold: bool = False,
    max_lines: int = 3,
    smallest: int = 8,
) -> None:
    """Draw ``text`` wrapped and centred in ``box`` (x0, y0, x1, y1), shrinking to fit, never
    below ``smallest`` (the last line is cut with an ellipsis instead)."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    while True:
        f = font(size, bold)
        lines = wrap(text, f, width, max_lines)
        line_h = int(size * 1.15)
        if line_h * len(lines) <= height or size <= smallest:
            break
        size -= 1
    total = line_h * len(lines)
    y = y0 + (height - total) // 2
    for ln in lines:
        w = text_size(ln, f)[0]
        draw.text((x0 + (width - w) // 2, y), ln, font=f, fill=fill)
        y += line_h


class Draw(ImageDraw.ImageDraw):
    """``ImageDraw`` whose one-line text comes from a cache of rendered glyph masks.

    The same words come back on every board (names, labels, numbers), and rasterising them
    with FreeType was most of a board's drawing time; a mask is made once per text, font and
    anchor in a process and then only blended in.
    """

    def text(
        self,
        xy: tuple[float, float],
        text: AnyStr | ImageText.Text[AnyStr],
        fill: Ink | None = None,
        font: ImageFont.BaseImageFont | None = None,
        anchor: str | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> None:
        if (
            not isinstance(text, str)
            or "\n" in text
            or args
            or kwargs
            or not isinstance(font, ImageFont.FreeTypeFont)
            or self.fontmode != "L"
        ):
            return super().text(xy, text, fill, font, anchor, *args, **kwargs)
        if _recording is not None and text.strip():
            _recording.append((int(font.size), text))
        mask, (dx, dy) = _glyphs(text, font, anchor)
        ink = self._getink(fill)[0]
        self.draw.draw_bitmap((int(xy[0]) + dx, int(xy[1]) + dy), mask, ink)


@lru_cache(maxsize=8192)
def _glyphs(
    text: str, f: ImageFont.FreeTypeFont, anchor: str | None
) -> tuple[ImagingCore, tuple[int, int]]:
    return f.getmask2(text, "L", anchor=anchor)


def new_canvas(width: int, height: int, colour: Ink = PAPER) -> tuple[Image.Image, Draw]:
    image = Image.new("RGB", (width, height), colour)
    return image, Draw(image)


def to_png(image: Image.Image, *, palette: Image.Image | None = None, level: int = 1) -> bytes:
    """PNG bytes for Discord.

    With ``palette`` (a game's board palette, see ``rendering.palettes``) the image is mapped
    to those 256 colours without dithering and written as an 8-bit PNG. Otherwise it is written
    here rather than by Pillow's encoder: Pillow tries five row filters on every row of an RGB
    image, which costs more than drawing the board, while our flat-colour images compress well
    unfiltered; rows are stored with filter "none" and deflated at ``level`` 1, a third of
    Pillow's time for a file of about the same size. Boards stay far inside Discord's limit.
    """
    if palette is not None:
        buf = io.BytesIO()
        mapped = image.quantize(palette=palette, dither=Image.Dither.NONE)
        mapped.save(buf, format="PNG", optimize=False, compress_level=level)
        return buf.getvalue()
    if image.mode != "RGB":
        image = image.convert("RGB")
    width, height = image.size
    raw = image.tobytes()
    stride = width * 3
    rows = b"".join(b"\x00" + raw[k : k + stride] for k in range(0, stride * height, stride))
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
            _chunk(b"IDAT", zlib.compress(rows, level)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def contrast_ink(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else WHITE


#: the notes' least font size; on a wider board they grow to stay legible on a phone
BANNER_TEXT = 22


def banner_text(width: int) -> int:
    """The notes' font size under a board ``width`` px wide: never below the phone rule."""
    return max(BANNER_TEXT, min_text(width))


#: a code point no font has: how a glyph the font lacks draws
_NOWHERE = "\U0010fffd"


@lru_cache(maxsize=4096)
def _has_glyph(char: str, bold: bool) -> bool:
    f = font(24, bold)
    mask, _ = f.getmask2(char, "L")
    blank, _ = f.getmask2(_NOWHERE, "L")
    return char.isspace() or (mask.size, bytes(mask)) != (blank.size, bytes(blank))


def drawable(text: str, *, bold: bool = False) -> str:
    """``text`` without the characters the bundled font cannot draw (emoji), every language's
    letters kept."""
    return "".join(c for c in text if _has_glyph(c, bold))


def with_banner(png: bytes, lines: list[str]) -> bytes:
    """``png`` with a strip of notes below it (e.g. "a stand-in plays for Ada").

    The platform adds such public notes to any game's board without the game's renderer knowing;
    characters the bundled font cannot draw (emoji) are dropped. The text is sized from the
    board's width (:func:`banner_text`), so it reads at a phone's 400 px as the board does.
    """
    lines = [drawable(ln, bold=True).strip() for ln in lines]
    lines = [ln for ln in lines if ln]
    if not lines:
        return png
    board = Image.open(io.BytesIO(png)).convert("RGB")
    size = banner_text(board.width)
    line_h = int(size * 1.4)
    pad = size * 8 // BANNER_TEXT
    strip = 2 * pad + line_h * len(lines)
    image, draw = new_canvas(board.width, board.height + strip, (255, 243, 205))
    image.paste(board, (0, 0))
    f = font(size, bold=True)
    y = board.height + pad
    for ln in lines:
        draw.text((2 * pad, y), ellipsize(ln, f, board.width - 4 * pad), font=f, fill=INK)
        y += line_h
    return to_png(image)


_recording: list[tuple[int, str]] | None = None


def min_text(width: int) -> int:
    """The smallest font size (px) allowed on an image ``width`` px wide: the phone rule, 9 px
    once the image is scaled to the 400 px a phone shows before it is tapped (ceil(width *
    9 / 400): 18 px at 800 wide, 23 at 1000, 27 at 1200): the family's
    :func:`rendering.family.phone_min_text`, its one definition."""
    from rendering.family import phone_min_text  # the family draws with this kit

    return phone_min_text(width)


def _drawing_module(name: str) -> bool:
    """Whether module ``name`` draws: the kit, or a game's renderer or legend."""
    if name == "rendering" or name.startswith("rendering."):
        return True
    package, _, tail = name.rpartition(".")
    return bool(package) and (tail.startswith("render") or tail == "legend")


@contextmanager
def recording_text() -> Iterator[list[tuple[int, str]]]:
    """Every text drawn while inside, as (font size, text), in order (for the legibility
    tests).

    All text reaches the image through :class:`Draw` or ``ImageDraw.text`` (directly, or into a
    cached glyph mask or layer), so both are watched; the renderers' caches (every
    ``lru_cache`` in ``rendering.*`` and in the games' ``render*`` and ``legend`` modules) are
    emptied first so that cached layers are drawn again
    and counted.
    """
    for name, module in list(sys.modules.items()):
        if _drawing_module(name):
            for obj in vars(module).values():
                if callable(getattr(obj, "cache_clear", None)):
                    obj.cache_clear()
    global _recording
    drawn: list[tuple[int, str]] = []
    _recording = drawn
    original = ImageDraw.ImageDraw.text

    def text(
        self: ImageDraw.ImageDraw,
        xy: tuple[float, float],
        text: AnyStr | ImageText.Text[AnyStr],
        fill: Ink | None = None,
        font: ImageFont.BaseImageFont | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> None:
        if str(text).strip():
            assert isinstance(font, ImageFont.FreeTypeFont), "every text is drawn in Roboto"
            drawn.append((int(font.size), str(text)))
        return original(self, xy, text, fill, font, *args, **kwargs)

    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]  # watched while recording
    try:
        yield drawn
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]  # restored
        _recording = None
