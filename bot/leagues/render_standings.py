"""The league standings as a picture, in the boards' style (the kit's Roboto, paper and ink):
a title and one row per player (place, name, points, games, rating). The same content is
:func:`bot.leagues.texts.standings_text`, the picture's alt text for screen readers."""

from __future__ import annotations

from collections.abc import Sequence

from bot.leagues.standings import Standing, points_text
from rendering.kit import INK, MUTED, PAPER, ellipsize, font, min_text, new_canvas, to_png

WIDTH = 1000
ROW = 40
TOP = 96
#: stripes between rows, a shade darker than the paper
STRIPE = tuple(max(0, c - 14) for c in PAPER)
#: (heading, left edge) of each column
COLUMNS = (("#", 28), ("Player", 96), ("Points", 620), ("Games", 740), ("Rating", 860))


def standings_png(title: str, rows: Sequence[Standing]) -> bytes:
    size = max(24, min_text(WIDTH))
    height = TOP + ROW * max(1, len(rows)) + 24
    image, draw = new_canvas(WIDTH, height)
    draw.text((28, 20), ellipsize(title, font(34, True), WIDTH - 56), font=font(34, True), fill=INK)
    for heading, x in COLUMNS:
        draw.text((x, TOP - 34), heading, font=font(size, True), fill=MUTED)
    if not rows:
        draw.text((96, TOP + 6), "No players.", font=font(size), fill=MUTED)
    for i, s in enumerate(rows):
        y = TOP + i * ROW
        if i % 2 == 0:
            draw.rectangle((16, y, WIDTH - 16, y + ROW - 1), fill=STRIPE)
        ink = MUTED if s.dropped else INK
        name = s.name + (" (left)" if s.dropped else "")
        cells = (
            str(s.rank),
            ellipsize(name, font(size), 500),
            points_text(s.points),
            str(s.played),
            "—" if s.rating is None else f"{s.rating:.1f}",
        )
        for (_, x), text in zip(COLUMNS, cells, strict=True):
            draw.text((x, y + 7), text, font=font(size, bold=x == COLUMNS[1][1]), fill=ink)
    return to_png(image)
