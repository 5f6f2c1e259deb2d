"""One look for every game's images, drawn for a phone first.

Discord shows an image about 400 px wide on a phone before anyone taps it, so every text is
sized from the image's own width: no text smaller than :data:`PHONE_MIN_TEXT` px once the
image is scaled to :data:`PHONE_WIDTH` (:func:`phone_min_text`). The four games share the
pieces drawn here, so a player who knows one board can read the others:

- :func:`header`: a band with the game's title and a light motif of its theme;
- :func:`turn_strip`: who plays (the ▶ turn marker) and who the game waits for, which can be
  someone else (an auction, an answer);
- :func:`player_panel`: one row per player: turn marker, token, name, one public detail line and
  the big score;
- :func:`mark_changed` and :func:`last_turn_line`: the last-move style (a double outline with a
  star badge, never colour alone), on what the last turn changed and above its words;
- :func:`standings`: the end picture's ranked rows, each with its own breakdown and the winner
  named.

Sizes come from the image the ``draw`` draws on, so a caller never picks a font size here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from i18n.speaking import listed, shown, tr
from i18n.speaking import ordinal as ordinal_words
from rendering.kit import INK, MUTED, contrast_ink, ellipsize, font, text_size, wrap

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]

#: the width a phone shows an image at before it is tapped
PHONE_WIDTH = 400
#: the smallest text a phone reader can read, at that width
PHONE_MIN_TEXT = 9
#: the last-move colour: always drawn with the star badge and the ink outline (its second cue)
LAST = (255, 190, 0)
#: the band behind a player the game waits for
ACTING_BAND = (255, 238, 190)
#: the band behind the winner in the standings
WINNER_BAND = (255, 224, 140)
STRIP = (255, 248, 228)
OUT = (150, 150, 156)


def phone_min_text(width: int) -> int:
    """The smallest font size (px) on an image ``width`` px wide: 9 px once scaled to 400."""
    return -(-width * PHONE_MIN_TEXT // PHONE_WIDTH)


@dataclass(frozen=True)
class Sizes:
    """The family's font sizes for one image width, all at least :func:`phone_min_text`."""

    text: int
    name: int
    big: int
    title: int


def sizes(width: int) -> Sizes:
    t = phone_min_text(width)
    return Sizes(text=t, name=round(t * 1.15), big=round(t * 1.45), title=round(t * 1.6))


def _sizes(draw: ImageDraw.ImageDraw) -> Sizes:
    return sizes(draw.im.size[0])


@dataclass(frozen=True)
class Theme:
    """A game's header: its title, colours and the motif drawn lightly behind it."""

    title: str
    band: RGB
    ink: RGB
    accent: RGB
    #: "portal", "organs", "paws" or "graves"
    art: str


@dataclass(frozen=True)
class Seat:
    """One player as the family draws them. ``turn``: it is their turn (the ▶ marker);
    ``acting``: the game waits for them now (a band and a ring); ``out``: bankrupt or gone."""

    name: str
    colour: RGB
    letter: str
    score: str = ""
    detail: str = ""
    turn: bool = False
    acting: bool = False
    out: bool = False


@dataclass(frozen=True)
class Standing:
    """One row of the final standings: place (1 = first; ties share a place), the player, the
    total and their own breakdown in a few words."""

    place: int
    seat: Seat
    total: str
    breakdown: str
    winner: bool = False


def seat_letters(names: Sequence[str]) -> list[str]:
    """A short, unique mark per seat for tokens: the initial, two letters where initials
    clash, the seat number where even those do."""
    initials = [(n.strip()[:1] or "?").upper() for n in names]
    out = []
    for k, name in enumerate(names):
        if initials.count(initials[k]) == 1:
            out.append(initials[k])
            continue
        two = name.strip()[:2].title() or "?"
        twos = [n.strip()[:2].title() for n in names]
        out.append(two if twos.count(two) == 1 else str(k + 1))
    return out


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` of the way to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


# -- header ----------------------------------------------------------------------------------


def header_height(width: int) -> int:
    return round(sizes(width).title * 2.0)


def header(draw: ImageDraw.ImageDraw, width: int, theme: Theme, right: str = "") -> int:
    """The band at the top: the theme's motif, the title at the left, ``right`` (a short
    public fact: round, deck) at the right. Returns its height."""
    right = shown(right)
    s = sizes(width)
    height = header_height(width)
    draw.rectangle((0, 0, width, height), fill=theme.band)
    pad = s.text
    title_font = font(s.title, bold=True)
    right_font = font(s.text, bold=True)
    right_w = text_size(right, right_font)[0] if right else 0
    title = ellipsize(theme.title, title_font, width - 3 * pad - right_w)
    # the motif fills the room between the title and the right-hand words
    art_left = pad * 2 + text_size(title, title_font)[0]
    art_right = width - pad * 2 - right_w
    if art_right - art_left > height:
        _ART[theme.art](draw, (art_left, 0, art_right, height), mix(theme.band, theme.accent, 0.35))
    draw.text((pad, height // 2), title, font=title_font, fill=theme.ink, anchor="lm")
    if right:
        draw.text((width - pad, height // 2), right, font=right_font, fill=theme.ink, anchor="rm")
    return height


def _portal(draw: ImageDraw.ImageDraw, box: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = box
    h = y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    for k in range(min(5, int((x1 - x0) / h * 1.1))):
        rx, ry = h * (0.25 + 0.22 * k), h * min(0.46, 0.14 + 0.08 * k)
        draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), outline=ink, width=max(2, h // 14))


def _organs(draw: ImageDraw.ImageDraw, box: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = box
    h = y1 - y0
    for k, (fx, fy, fr) in enumerate(((0.25, 0.5, 0.3), (0.5, 0.38, 0.24), (0.75, 0.55, 0.26))):
        cx, cy, r = x0 + (x1 - x0) * fx, y0 + h * fy, h * fr
        if k == 1:  # a heart: two lobes and a point
            draw.ellipse((cx - r, cy - r / 2, cx, cy + r / 2), fill=ink)
            draw.ellipse((cx, cy - r / 2, cx + r, cy + r / 2), fill=ink)
            draw.polygon([(cx - r, cy), (cx + r, cy), (cx, cy + r * 1.3)], fill=ink)
        else:  # a cell with its nucleus
            draw.ellipse((cx - r * 1.4, cy - r, cx + r * 1.4, cy + r), outline=ink, width=3)
            draw.ellipse((cx - r / 3, cy - r / 3, cx + r / 3, cy + r / 3), fill=ink)


def _paws(draw: ImageDraw.ImageDraw, box: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = box
    h = y1 - y0
    r = h * 0.16
    for k in range(min(6, int((x1 - x0) / (h * 0.9)))):
        cx = x1 - h * 0.45 - k * h * 0.9
        cy = y0 + h * (0.38 if k % 2 else 0.62)
        draw.ellipse((cx - r, cy - r * 0.8, cx + r, cy + r * 0.8), fill=ink)
        for dx, dy in ((-1.1, -1.2), (-0.4, -1.7), (0.4, -1.7), (1.1, -1.2)):
            tx, ty = cx + dx * r * 0.9, cy + dy * r * 0.8
            draw.ellipse((tx - r * 0.35, ty - r * 0.35, tx + r * 0.35, ty + r * 0.35), fill=ink)


def _graves(draw: ImageDraw.ImageDraw, box: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = box
    h = y1 - y0
    for k, scale in enumerate((0.62, 0.78, 0.55)[: max(1, int((x1 - x0) / (h * 1.1)))]):
        w = h * 0.5 * scale / 0.62
        gx = x1 - h * (0.5 + 1.1 * k)
        top = y1 - h * scale * 1.2
        draw.rounded_rectangle(
            (gx - w / 2, top, gx + w / 2, y1 - 1),
            radius=int(w / 2),
            fill=ink,
            corners=(True, True, False, False),
        )
    draw.line((max(x0, x1 - h * 3.6), y1 - 2, x1, y1 - 2), fill=ink, width=3)


_ART = {"portal": _portal, "organs": _organs, "paws": _paws, "graves": _graves}


# -- who plays -------------------------------------------------------------------------------


def turn_strip_height(width: int) -> int:
    s = sizes(width)
    return round(s.big * 1.35 + s.text * 1.3 + s.text * 0.8)


def _marker(draw: ImageDraw.ImageDraw, x: float, cy: float, size: float, fill: RGB) -> None:
    """The turn marker: a right-pointing triangle (a shape, so it does not rely on colour)."""
    draw.polygon([(x, cy - size / 2), (x + size * 0.85, cy), (x, cy + size / 2)], fill=fill)


def turn_words(seats: Sequence[Seat]) -> str:
    """ "Ada's turn", or "Ada's turn · waiting for Bruno" when the game waits for someone else."""
    turn = next((s for s in seats if s.turn), None)
    acting = [s.name for s in seats if s.acting]
    waiting = listed(acting)
    if turn is None:
        return tr("Waiting for {names}", names=waiting) if acting else ""
    if not acting or acting == [turn.name]:
        return tr("{name}'s turn", name=turn.name)
    return tr("{name}'s turn · waiting for {names}", name=turn.name, names=waiting)


def turn_strip(draw: ImageDraw.ImageDraw, box: Box, seats: Sequence[Seat], phase: str = "") -> None:
    """The strip under the header: the ▶ marker, the tokens of those the game waits for, who
    plays in big letters and the phase in a second line."""
    s = _sizes(draw)
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=STRIP)
    draw.line((x0, y1 - 1, x1, y1 - 1), fill=MUTED, width=2)
    pad = s.text * 0.6
    line1 = y0 + pad + s.big * 0.6
    _marker(draw, x0 + pad, line1, s.big * 0.9, INK)
    x = x0 + pad + s.big
    r = round(s.big * 0.62)
    for seat in [t for t in seats if t.acting] or [t for t in seats if t.turn]:
        token(draw, (x + r, line1), r, seat.colour, seat.letter, ring=True)
        x += 2 * r + s.text * 0.4
    big = font(s.big, bold=True)
    words = turn_words(seats)
    if text_size(words, big)[0] > x1 - x - pad:
        # too long for the big line on a narrow strip: who the game waits for stays big, whose
        # turn it is goes to the second line with the phase
        words, phase = _split_turn_words(seats, phase)
    draw.text((x, line1), ellipsize(words, big, int(x1 - x - pad)), font=big, fill=INK, anchor="lm")
    phase = shown(phase)
    if phase:
        small = font(s.text)
        draw.text(
            (x0 + pad, line1 + s.big * 0.7),
            ellipsize(phase, small, int(x1 - x0 - 2 * pad)),
            font=small,
            fill=INK,
        )


def _split_turn_words(seats: Sequence[Seat], phase: str) -> tuple[str, str]:
    """(the big line, the second line) when :func:`turn_words` is too long for one."""
    turn = next((t for t in seats if t.turn), None)
    acting = [t.name for t in seats if t.acting]
    if turn is None or not acting or acting == [turn.name]:
        return turn_words(seats), phase
    mine = tr("{name}'s turn", name=turn.name)
    second = tr("{turn} · {phase}", turn=mine, phase=shown(phase)) if phase else mine
    return tr("Waiting for {names}", names=listed(acting)), second


def token_radius(width: int) -> int:
    """The least radius of a :func:`token` whose letter keeps the phone's text size."""
    return math.ceil(phone_min_text(width) / 0.95) + 1


def token(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    radius: float,
    colour: RGB,
    letter: str,
    *,
    ring: bool = False,
) -> None:
    """A player's token: a disc of their colour with their letter (the second cue), ringed in
    ink when the game waits for them."""
    cx, cy = centre
    if ring:
        o = radius + max(3, radius * 0.22)
        draw.ellipse((cx - o, cy - o, cx + o, cy + o), outline=INK, width=max(2, int(radius / 6)))
    draw.ellipse(
        (cx - radius, cy - radius, cx + radius, cy + radius),
        fill=colour,
        outline=INK,
        width=max(1, int(radius / 8)),
    )
    size = max(phone_min_text(draw.im.size[0]), int(radius * (1.2 if len(letter) == 1 else 0.95)))
    draw.text((cx, cy), letter, font=font(size, bold=True), fill=contrast_ink(colour), anchor="mm")


def panel_row_height(width: int) -> int:
    s = sizes(width)
    return round(s.name * 1.3 + s.text * 1.25 + s.text * 0.6)


def player_panel(draw: ImageDraw.ImageDraw, box: Box, seats: Sequence[Seat]) -> None:
    """One row per seat, :func:`panel_row_height` high each, from the top of ``box``."""
    s = _sizes(draw)
    x0, y0, x1, _ = box
    row = panel_row_height(draw.im.size[0])
    name_font, detail_font, score_font = font(s.name, bold=True), font(s.text), font(s.big, True)
    r = max(token_radius(draw.im.size[0]), round(s.name * 0.75))
    for k, seat in enumerate(seats):
        top = y0 + k * row
        if seat.acting:
            draw.rectangle((x0, top, x1, top + row - 3), fill=ACTING_BAND)
        mid = top + row / 2
        if seat.turn:
            _marker(draw, x0 + 3, mid, s.text, INK)
        tx = x0 + s.text + 4 + r
        token(draw, (tx, mid), r, OUT if seat.out else seat.colour, seat.letter, ring=seat.acting)
        left = tx + r + s.text * 0.6
        score_w = text_size(seat.score, score_font)[0] if seat.score else 0
        room = int(x1 - left - score_w - s.text)
        ink = MUTED if seat.out else INK
        name_y = top + s.text * 0.3
        draw.text((left, name_y), ellipsize(seat.name, name_font, room), font=name_font, fill=ink)
        if seat.detail:
            draw.text(
                (left, name_y + s.name * 1.3),
                ellipsize(seat.detail, detail_font, int(x1 - left - s.text * 0.5)),
                font=detail_font,
                fill=MUTED,
            )
        if seat.score:
            sx = x1 - s.text * 0.5
            draw.text((sx, name_y), seat.score, font=score_font, fill=ink, anchor="ra")
            if seat.out:
                sy = name_y + s.big * 0.6
                draw.line((sx - score_w, sy, sx, sy), fill=INK, width=3)


# -- the last turn ---------------------------------------------------------------------------


def star(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float) -> None:
    """The last-move badge: a five-pointed star in :data:`LAST` with an ink edge."""
    cx, cy = centre
    points = []
    for k in range(10):
        rr = radius if k % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + k * math.pi / 5
        points.append((cx + rr * math.cos(angle), cy - rr * math.sin(angle)))
    draw.polygon(points, fill=LAST, outline=INK)


def mark_changed(draw: ImageDraw.ImageDraw, box: Box, *, badge: bool = True) -> None:
    """Highlight something the last turn changed: an ink outline, a :data:`LAST` outline inside
    it and (``badge``) a star on the top-right corner."""
    x0, y0, x1, y1 = box
    unit = max(2, round(phone_min_text(draw.im.size[0]) / 6))
    draw.rectangle((x0, y0, x1, y1), outline=INK, width=unit)
    draw.rectangle((x0 + unit, y0 + unit, x1 - unit, y1 - unit), outline=LAST, width=unit * 2)
    if badge:
        star(draw, (x1 - unit, y0 + unit), unit * 4.5)


def last_turn_height(width: int, lines: int = 1) -> int:
    s = sizes(width)
    return round(s.text * 1.3 * lines + s.text * 0.8)


def last_turn_line(draw: ImageDraw.ImageDraw, box: Box, text: str) -> None:
    """The last turn in words under a "LAST TURN" badge with the star; as many lines as the box
    holds."""
    s = _sizes(draw)
    x0, y0, x1, y1 = box
    pad = s.text * 0.4
    label_font, words_font = font(s.text, bold=True), font(s.text)
    label = tr("LAST TURN")
    text = shown(text)
    lw = text_size(label, label_font)[0]
    line_h = s.text * 1.3
    badge_h = line_h
    star(draw, (x0 + s.text * 0.6, y0 + pad + badge_h / 2), s.text * 0.6)
    bx = x0 + s.text * 1.4
    draw.rounded_rectangle(
        (bx, y0 + pad, bx + lw + 2 * pad, y0 + pad + badge_h), radius=int(pad), fill=LAST
    )
    draw.text((bx + pad, y0 + pad + badge_h / 2), label, font=label_font, fill=INK, anchor="lm")
    left = bx + lw + 3 * pad
    room = max(1, int((y1 - y0 - pad) // line_h))
    y = y0 + pad + badge_h / 2
    for line in wrap(text, words_font, int(x1 - left - pad), max_lines=room):
        draw.text((left, y), line, font=words_font, fill=INK, anchor="lm")
        y += line_h


# -- the end ---------------------------------------------------------------------------------


def ordinal(n: int) -> str:
    """A place ("1st"), in the language being drawn in."""
    return ordinal_words(n)


def standings_height(width: int, n: int, breakdown_lines: int = 2) -> int:
    s = sizes(width)
    return round(s.big * 1.8 + n * _standing_row(s, breakdown_lines))


def _standing_row(s: Sizes, breakdown_lines: int) -> float:
    return s.name * 1.35 + s.text * 1.25 * breakdown_lines + s.text * 0.5


def standings(
    draw: ImageDraw.ImageDraw,
    box: Box,
    rows: Sequence[Standing],
    title: str | None = None,
    breakdown_lines: int = 2,
) -> None:
    """The end picture's ranking: place, token, name, total and each player's own breakdown;
    the winner's row banded, starred and called the winner."""
    s = _sizes(draw)
    x0, y0, x1, _ = box
    pad = s.text * 0.6
    heading = tr("Final standings") if title is None else shown(title)
    draw.text((x0 + pad, y0 + pad), heading, font=font(s.big, bold=True), fill=INK)
    y = y0 + s.big * 1.8
    row_h = _standing_row(s, breakdown_lines)
    place_font, name_font = font(s.big, bold=True), font(s.name, bold=True)
    small, total_font = font(s.text), font(s.big, bold=True)
    place_w = text_size(ordinal(10), place_font)[0]
    r = max(token_radius(draw.im.size[0]), round(s.name * 0.7))
    for row in rows:
        if row.winner:
            draw.rectangle((x0, y, x1, y + row_h - 4), fill=WINNER_BAND)
        draw.text((x0 + pad, y + pad * 0.5), ordinal(row.place), font=place_font, fill=INK)
        tx = x0 + pad * 2 + place_w + r
        token(draw, (tx, y + pad * 0.5 + s.big * 0.55), r, row.seat.colour, row.seat.letter)
        left = tx + r + pad
        total = shown(row.total)
        total_w = text_size(total, total_font)[0]
        name = tr("{name}  · winner", name=row.seat.name) if row.winner else row.seat.name
        room = int(x1 - left - total_w - 2 * pad)
        draw.text((left, y + pad * 0.5), ellipsize(name, name_font, room), font=name_font, fill=INK)
        if row.winner:  # a badge on the token: it takes no room from the name
            star(draw, (tx + r * 0.8, y + pad * 0.5 + s.big * 0.55 - r * 0.8), s.text * 0.6)
        draw.text((x1 - pad, y + pad * 0.5), total, font=total_font, fill=INK, anchor="ra")
        by = y + pad * 0.5 + s.name * 1.35
        for line in wrap(
            shown(row.breakdown), small, int(x1 - left - pad), max_lines=breakdown_lines
        ):
            draw.text((left, by), line, font=small, fill=INK)
            by += s.text * 1.25
        y += row_h
