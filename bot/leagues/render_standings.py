"""The league standings as a picture, in the boards' style (the kit's Roboto, paper and ink):
a title and one row per player (place, name, points, games, rating). The same content is
:func:`bot.leagues.texts.standings_text`, the picture's alt text for screen readers. Its words
are in the language its caller speaks (``with speaking(locale):`` around the call)."""

from __future__ import annotations

from collections.abc import Sequence

from babel.numbers import format_decimal

from bot.leagues.standings import Standing
from bot.leagues.texts import one_decimal
from i18n.languages import number_locale
from i18n.speaking import current, tr
from rendering.kit import INK, MUTED, PAPER, ellipsize, font, min_text, new_canvas, to_png

WIDTH = 1000
ROW = 40
TOP = 96
#: stripes between rows, a shade darker than the paper
STRIPE = tuple(max(0, c - 14) for c in PAPER)
#: each column's left edge: place, player, points, games, rating
LEFTS = (28, 96, 620, 740, 860)


def headings() -> tuple[str, ...]:
    return ("#", tr("Player"), tr("Points"), tr("Games"), tr("Rating"))


def standings_png(title: str, rows: Sequence[Standing]) -> bytes:
    locale = current()
    size = max(24, min_text(WIDTH))
    height = TOP + ROW * max(1, len(rows)) + 24
    image, draw = new_canvas(WIDTH, height)
    draw.text((28, 20), ellipsize(title, font(34, True), WIDTH - 56), font=font(34, True), fill=INK)
    for heading, x in zip(headings(), LEFTS, strict=True):
        draw.text((x, TOP - 34), heading, font=font(size, True), fill=MUTED)
    if not rows:
        draw.text((96, TOP + 6), tr("No players."), font=font(size), fill=MUTED)
    for i, s in enumerate(rows):
        y = TOP + i * ROW
        if i % 2 == 0:
            draw.rectangle((16, y, WIDTH - 16, y + ROW - 1), fill=STRIPE)
        ink = MUTED if s.dropped else INK
        # Translators: a player who left the league, in the standings picture
        name = tr("{name} (left)", name=s.name) if s.dropped else s.name
        cells = (
            str(s.rank),
            ellipsize(name, font(size), 500),
            format_decimal(s.points, locale=number_locale(locale)),
            format_decimal(s.played, locale=number_locale(locale)),
            "—" if s.rating is None else one_decimal(s.rating, locale),
        )
        for x, text in zip(LEFTS, cells, strict=True):
            draw.text((x, y + 7), text, font=font(size, bold=x == LEFTS[1]), fill=ink)
    return to_png(image)
