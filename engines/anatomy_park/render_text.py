"""Fast text for the Anatomy Park images: glyph masks are rendered once and then pasted.

FreeType rendering costs most of a board's drawing time, and the same tile names recur on
every render, so each (text, size, weight) is rasterised once and cached as a mask.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.family import phone_min_text
from rendering.kit import INK, Ink, font, wrap

#: (x0, y0, x1, y1)
Box = tuple[int, int, int, int]

#: the smallest text on the 1000 px wide images: 9 px once a phone shows them 400 px wide
SMALLEST = phone_min_text(1000)


@lru_cache(maxsize=4096)
def mask(text: str, size: int, bold: bool) -> Image.Image:
    f = font(size, bold)
    left, top, right, bottom = f.getbbox(text)
    im = Image.new("L", (max(1, int(right)), max(1, int(bottom))), 0)
    ImageDraw.Draw(im).text((0, 0), text, font=f, fill=255)
    return im


@lru_cache(maxsize=4096)
def width(text: str, size: int, bold: bool = False) -> int:
    return int(font(size, bold).getbbox(text)[2])


@lru_cache(maxsize=512)
def ascent_offset(size: int, bold: bool) -> int:
    """Top of capital letters below the drawing origin, to centre text on its caps."""
    return int(font(size, bold).getbbox("H")[1])


def stamp(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    *,
    bold: bool = False,
    fill: Ink = INK,
) -> None:
    if not text:
        return
    image.paste(fill, (int(xy[0]), int(xy[1])), mask(text, size, bold))


@lru_cache(maxsize=2048)
def layout(
    text: str, box_w: int, box_h: int, size: int, bold: bool, max_lines: int
) -> tuple[int, tuple[str, ...], int]:
    """(size, lines, line height) at the largest size (not above ``size``) whose wrapped lines
    fit the box uncut; at :data:`SMALLEST` the lines that fit are kept and the last one is cut
    with an ellipsis."""
    size = max(size, SMALLEST)
    while True:
        f = font(size, bold)
        line_h = int(size * 1.14)
        lines = wrap(text, f, box_w, max_lines)
        cut = any(ln.endswith("…") for ln in lines)
        if line_h * len(lines) <= box_h and not cut:
            return size, tuple(lines), line_h
        if size <= SMALLEST:
            room = max(1, min(max_lines, box_h // line_h))
            return size, tuple(wrap(text, f, box_w, room)), line_h
        size -= 1
