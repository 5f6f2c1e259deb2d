"""A table as a picture, in the boards' style (the kit's paper, ink, Roboto and player
colours), with an optional small line under it: leaderboards and a player's ratings.

It draws plain strings and numbers handed to it, never a game's view: what it shows is what
the caller also writes as text (the message and the alt text), row for row.
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.kit import (
    INK,
    MUTED,
    PAPER,
    Draw,
    ellipsize,
    font,
    new_canvas,
    player_colour,
    to_png,
)

WIDTH = 1000
PAD = 32
TITLE = 30
TEXT = 24  # above the phone rule at this width (min_text(1000) = 23: 9 px at 400 wide)
ROW = 44
LINE_HEIGHT = 220
#: a pale band behind the highlighted row (the asker's)
HIGHLIGHT = (255, 236, 179)
STRIPE = (238, 234, 224)


def drawable(text: str) -> str:
    """``text`` without what the bundled font cannot draw (emoji and other astral
    characters): the text version keeps them."""
    return "".join(ch for ch in text if ord(ch) <= 0xFFFF).strip() or "?"


def table_png(
    title: str,
    columns: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    widths: Sequence[float],
    highlight: int | None = None,
    line: Sequence[float] = (),
    line_title: str = "",
) -> bytes:
    """``rows`` under ``columns`` (each column's share of the width in ``widths``), the row
    at ``highlight`` marked, and ``line`` (values oldest first) drawn as a small chart."""
    chart = LINE_HEIGHT + ROW if len(line) >= 2 else 0
    height = PAD + TITLE + 24 + ROW * (len(rows) + 1) + chart + PAD
    image, draw = new_canvas(WIDTH, height, PAPER)
    inner = WIDTH - 2 * PAD
    bold, plain = font(TEXT, bold=True), font(TEXT)
    heading = font(TITLE, bold=True)
    draw.text((PAD, PAD), ellipsize(drawable(title), heading, inner), font=heading, fill=INK)
    lefts, x = [], float(PAD)
    total = sum(widths)
    for share in widths:
        lefts.append(int(x))
        x += inner * share / total
    cell = [int(inner * share / total) - 12 for share in widths]
    y = PAD + TITLE + 24
    for i, name in enumerate(columns):
        draw.text((lefts[i], y + 10), ellipsize(name, bold, cell[i]), font=bold, fill=MUTED)
    y += ROW
    draw.line((PAD, y - 4, WIDTH - PAD, y - 4), fill=MUTED, width=2)
    for r, row in enumerate(rows):
        band = HIGHLIGHT if r == highlight else STRIPE if r % 2 else None
        if band is not None:
            draw.rectangle((PAD, y, WIDTH - PAD, y + ROW - 4), fill=band)
        face = bold if r == highlight else plain
        for i, value in enumerate(row):
            text = ellipsize(drawable(value), face, cell[i])
            draw.text((lefts[i] + 4, y + 8), text, font=face, fill=INK)
        y += ROW
    if chart:
        _line(draw, line, line_title, top=y + 12)
    return to_png(image)


def _line(draw: Draw, values: Sequence[float], title: str, *, top: int) -> None:
    """A small rating-over-time line: its lowest and highest values written at its side."""
    plain = font(TEXT)
    draw.text((PAD, top), title, font=font(TEXT, bold=True), fill=INK)
    top += ROW
    left, right = PAD + 90, WIDTH - PAD
    bottom = top + LINE_HEIGHT - 20
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    draw.text((PAD, top - 12), f"{high:.1f}", font=plain, fill=MUTED)
    draw.text((PAD, bottom - 12), f"{low:.1f}", font=plain, fill=MUTED)
    draw.line((left, top, left, bottom), fill=MUTED, width=2)
    draw.line((left, bottom, right, bottom), fill=MUTED, width=2)
    step = (right - left - 10) / (len(values) - 1)
    points = [
        (left + 5 + i * step, bottom - 5 - (v - low) / span * (bottom - top - 10))
        for i, v in enumerate(values)
    ]
    draw.line(points, fill=player_colour(1), width=4)
    end = points[-1]
    draw.ellipse((end[0] - 7, end[1] - 7, end[0] + 7, end[1] + 7), fill=player_colour(0))
