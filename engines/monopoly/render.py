"""Monopoly: Rick and Morty board and hand images, drawn for a phone first.

The board is square (``render_layout.WIDTH`` px) with the family header across the top and the
real board's ring below it: GO at the bottom right, play running clockwise, each space with its
group colour bar (and the group's letter) on the inner edge, its printed name (Tabletop's
abbreviation where the full name does not fit at the phone's text size) and price, the owner's
band on the outer edge (their colour and their letter), green flublet stilts or a red gublet
crate on the colour bar, a grey hatch and the word "mortgaged" on a mortgaged deed. Tokens
(figure and letter) stand just inside the ring by their space. The centre holds the family turn
strip (whose turn, and who the game waits for), the player panel (cash big, net worth and
jail in the detail line), the last turn in words under its spaces' marks, what the game waits
for and the latest whole log entries. The final board keeps the ring as the game left it (owners,
buildings, mortgages; no tokens) and ranks the players in its centre: each player's breakdown
(two lines each, one at six players, in the fullest wording that fits), the winner named, the
end reason and the last turn where room is left.
Every text is at least ``TEXT`` px: 9 px once the image is shown 400 px wide.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from babel.numbers import format_decimal
from PIL import Image, ImageDraw

from engines.monopoly.render_figures import FIGURE_COLOURS, draw_token
from engines.monopoly.render_fit import draw_fitted, squeezed_wrap, width_of, wrap
from engines.monopoly.render_layout import (
    BAR,
    CENTRE,
    INNER,
    SIZE,
    TEXT,
    WIDTH,
    band_rect,
    bar_rect,
    cell_rect,
    grid_spots,
    jail_boxes,
    side_spots,
    token_anchor,
)
from engines.monopoly.views import MonopolyView, PlayerView, SpaceView
from engines.monopoly.words import ordinal
from i18n.languages import number_locale
from i18n.speaking import current, shown, tr, trn
from rendering import family
from rendering.family import Seat, Standing, Theme
from rendering.kit import (
    INK,
    MUTED,
    PAPER,
    RGB,
    WHITE,
    Draw,
    contrast_ink,
    ellipsize,
    font,
    new_canvas,
    player_colour,
    text_size,
    to_png,
)
from rendering.kit import wrap as kit_wrap
from rendering.palettes import board_palette
from rendering.vision import RuleColour

BOARD_BG = (205, 230, 208)
CELL_BG = (250, 248, 240)
LINE = (40, 40, 48)
STILT = (30, 150, 60)
BOX = (200, 30, 40)
HATCH = (204, 204, 210)
MORTGAGE_BG = (226, 226, 230)
MORTGAGE_INK = (95, 95, 100)
SCHWIFTY = (200, 80, 20)
CABLE = (40, 110, 190)
GO_RED = (200, 30, 40)
JAIL_BLUE = (30, 60, 160)
JAIL_CELL = (255, 200, 120)

#: the figures' colours, named here so the board's palette keeps them exact
FIGURES = FIGURE_COLOURS
THEME = Theme(
    title="Monopoly: Rick and Morty",
    band=(26, 110, 60),
    ink=WHITE,
    accent=(150, 240, 110),
    art="portal",
)
S = family.sizes(WIDTH)

GROUP_COLOURS = {
    "brown": (140, 82, 52),
    "light-blue": (160, 216, 245),
    "pink": (214, 60, 150),
    "orange": (246, 146, 30),
    "red": (230, 32, 40),
    "yellow": (250, 230, 20),
    "green": (28, 160, 80),
    "dark-blue": (10, 90, 180),
}
#: the letter each colour group's bar carries, so a group never rests on its colour alone
GROUP_LETTERS = {
    "brown": "B",
    "light-blue": "L",
    "pink": "P",
    "orange": "O",
    "red": "R",
    "yellow": "Y",
    "green": "G",
    "dark-blue": "D",
}

#: every colour on the board that carries a rule, with the second cue drawn with it
RULE_COLOURS: dict[str, list[RuleColour]] = {
    "colour groups": [
        RuleColour(f"{group} group", rgb, f"letter {GROUP_LETTERS[group]} on the bar")
        for group, rgb in GROUP_COLOURS.items()
    ],
    "owner bands": [
        RuleColour(
            f"owned by seat {k + 1}", player_colour(k), f"owner's seat letter (seat {k + 1})"
        )
        for k in range(6)
    ],
    "buildings": [
        RuleColour("flublet stilt", STILT, "small squares, one per stilt"),
        RuleColour("gublet box", BOX, "one wide crate crossed in white"),
    ],
    "deeds": [
        RuleColour("deed in play", CELL_BG, "price printed"),
        RuleColour("mortgaged deed", MORTGAGE_BG, "diagonal hatch and the word mortgaged"),
    ],
    "decks": [
        RuleColour("Time to Schwifty! space", SCHWIFTY, "name Schwifty!"),
        RuleColour("Interdimensional Cable TV space", CABLE, "name Cable TV"),
    ],
    "last move beside a space": [
        RuleColour("changed by the last turn", family.LAST, "ink double outline and star badge"),
        RuleColour("the board inside the ring", BOARD_BG, ""),
    ],
    "last move on a corner": [
        RuleColour("changed by the last turn", family.LAST, "ink double outline and star badge"),
        RuleColour("a corner space", CELL_BG, ""),
    ],
}

#: (x0, y0, x1, y1)
Box = tuple[int, int, int, int]
#: a line of a space's printed text: (text, bold, colour)
Line = tuple[str, bool, RGB]


# -- drawing helpers ----------------------------------------------------------------------
def _hatch(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    for k in range(-h, w, 12):
        draw.line(
            [(x0 + max(k, 0), y0 + max(-k, 0)), (x0 + min(k + h, w), y0 + min(w - k, h))],
            fill=HATCH,
            width=2,
        )


def _text_block(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, lines: list[Line]) -> None:
    """Centre the lines (text, bold, colour) vertically in ``box``, each wrapped whole at the
    phone's text size; a line too wide is condensed sideways, never drawn smaller."""
    x0, y0, x1, y1 = box
    width = x1 - x0
    rendered = []
    for text, bold, colour in lines:
        f = font(TEXT, bold)
        for ln in squeezed_wrap(text, f, width):
            rendered.append((ln, f, colour))
    total = len(rendered) * TEXT
    y = y0 + (y1 - y0 - total) // 2 - 3
    for ln, f, colour in rendered:
        draw_fitted(image, draw, ((x0 + x1) / 2, y), ln, f, colour, width, centre=True)
        y += TEXT


def name_lines(name: str, width: int) -> list[str]:
    """A space's printed name as the board wraps it in a text box ``width`` wide."""
    return squeezed_wrap(name, font(TEXT, True), width)


def _letter(draw: ImageDraw.ImageDraw, box: Box, letter: str, fill: RGB) -> None:
    x0, y0, x1, y1 = box
    draw.text(((x0 + x1) / 2, (y0 + y1) / 2), letter, font=font(TEXT, True), fill=fill, anchor="mm")


# -- spaces -------------------------------------------------------------------------------
def layout(i: int, kind: str) -> tuple[Box | None, Box | None, Box]:
    """(colour bar, owner band, text box) of a side space: the bar on the inner edge (locations
    only), the band on the outer edge (properties), the text between them."""
    x0, y0, x1, y1, side = cell_rect(i)
    content = [x0 + 2, y0 + 2, x1 - 2, y1 - 2]
    bar = band = None
    if kind == "location":
        bar = bar_rect(x0, y0, x1, y1, side)
    if kind in ("location", "transport", "utility"):
        band = band_rect(x0, y0, x1, y1, side)
    for edge in (bar, band):
        if edge is None:
            continue
        if side in ("bottom", "top"):
            if edge[1] == y0:
                content[1] = edge[3] + 1
            else:
                content[3] = edge[1] - 1
        elif edge[0] == x0:
            content[0] = edge[2] + 2
        else:
            content[2] = edge[0] - 2
    return bar, band, (content[0], content[1], content[2], content[3])


@dataclass(frozen=True)
class _Printed:
    """What the board prints on a space (the part of a ``SpaceView`` that never changes)."""

    index: int
    short: str
    kind: str
    group: str | None
    price: int | None


def number(n: int) -> str:
    """A number as the picture's reader writes it (1,500; 1.500)."""
    return format_decimal(n, locale=number_locale(current()))


def _printed_lines(sp: _Printed, taxes: dict[int, int]) -> list[Line]:
    if sp.kind == "card":
        return [(sp.short, True, INK)]
    if sp.kind == "tax":
        return [
            (sp.short, True, INK),
            (tr("pay {amount}", amount=taxes.get(sp.index, 0)), False, INK),
        ]
    lines: list[Line] = [(sp.short, True, INK)]
    if sp.price:
        lines.append((f"{sp.price}", False, INK))
    return lines


def _draw_printed_space(
    image: Image.Image, draw: ImageDraw.ImageDraw, sp: _Printed, taxes: dict[int, int]
) -> None:
    """What is printed on the board itself: frame, colour bar and its letter, name, price."""
    x0, y0, x1, y1, side = cell_rect(sp.index)
    draw.rectangle([x0, y0, x1, y1], fill=CELL_BG, outline=LINE, width=2)
    if side == "corner":
        _draw_corner(image, draw, sp.index, (x0, y0, x1, y1))
        return
    bar, _band, box = layout(sp.index, sp.kind)
    if bar:
        colour = GROUP_COLOURS.get(sp.group or "", MUTED)
        draw.rectangle(bar, fill=colour, outline=LINE, width=2)
        _letter(
            draw,
            _bar_letter_box(bar, side),
            GROUP_LETTERS.get(sp.group or "", "?"),
            contrast_ink(colour),
        )
    if sp.kind == "card":
        mark = SCHWIFTY if "Schwifty" in sp.short else CABLE
        bx0, by0, bx1, by1 = box
        draw.text(((bx0 + bx1) / 2, by0 + 2), "?", font=font(S.title, True), fill=mark, anchor="ma")
        box = (bx0, by0 + S.title, bx1, by1)
    _text_block(image, draw, box, _printed_lines(sp, taxes))


def _bar_letter_box(bar: Box, side: str) -> Box:
    """Where the group letter sits on a colour bar: its first end, leaving the rest to the
    buildings."""
    x0, y0, x1, y1 = bar
    if side in ("bottom", "top"):
        return x0, y0, x0 + BAR, y1
    return x0, y0, x1, y0 + BAR


def _draw_corner(image: Image.Image, draw: ImageDraw.ImageDraw, i: int, box: Box) -> None:
    x0, y0, x1, y1 = box
    bold = font(TEXT, True)
    if i == 0:
        draw.text((x0 + 8, y0 + 4), "GO", font=font(S.title, True), fill=GO_RED)
        draw.text((x1 - 8, y0 + 12), "+200", font=bold, fill=INK, anchor="ra")
        # the direction of play: leftwards along the bottom row
        ay = y0 + S.title + 14
        draw.rectangle([x0 + 30, ay - 3, x1 - 10, ay + 3], fill=GO_RED)
        draw.polygon([(x0 + 10, ay), (x0 + 32, ay - 10), (x0 + 32, ay + 10)], fill=GO_RED)
    elif i == 10:
        # the jail cell sits in the corner's inner (top-right) part; visitors pass below it
        cell = (x0 + 40, y0 + 3, x1 - 3, y0 + 66)
        draw.rectangle(cell, fill=JAIL_CELL, outline=LINE, width=2)
        draw_fitted(
            image, draw, ((cell[0] + cell[2]) / 2, y0 + 5), "JAIL", bold, INK, 80, centre=True
        )
        for k in range(4):
            bx = cell[0] + 14 + k * 20
            draw.line([(bx, y0 + 30), (bx, cell[3] - 2)], fill=LINE, width=3)
    elif i == 20:
        draw.text(((x0 + x1) / 2, y0 + 8), "FREE", font=bold, fill=INK, anchor="ma")
        draw.text(((x0 + x1) / 2, y0 + 8 + TEXT), "PARKING", font=bold, fill=INK, anchor="ma")
    else:
        draw.text(((x0 + x1) / 2, y0 + 8), "GO TO", font=bold, fill=JAIL_BLUE, anchor="ma")
        draw.text(((x0 + x1) / 2, y0 + 8 + TEXT), "JAIL", font=bold, fill=JAIL_BLUE, anchor="ma")


@lru_cache(maxsize=8)
def _printed_board(
    spaces_key: tuple[tuple[int, str, str, str | None, int | None], ...],
    taxes_key: tuple[tuple[int, int], ...],
    right: str,
    locale: str,
) -> Image.Image:
    """Everything that does not change during play: the header, the ring, the centre's paper
    (drawn once per language: ``locale`` is the one being drawn in)."""
    image, draw = new_canvas(WIDTH, SIZE, BOARD_BG)
    family.header(draw, WIDTH, THEME, right)
    taxes = dict(taxes_key)
    for index, short, kind, group, price in spaces_key:
        _draw_printed_space(image, draw, _Printed(index, short, kind, group, price), taxes)
    return image


# -- what changes during play ---------------------------------------------------------------
def draw_stilts(draw: ImageDraw.ImageDraw, area: Box, n: int, horizontal: bool) -> None:
    """``n`` flublet stilts: small green squares in a row, one per stilt."""
    size, gap = 12, 3
    x0, y0, x1, y1 = area
    total = n * size + (n - 1) * gap
    for k in range(n):
        if horizontal:
            sx, sy = (x0 + x1 - total) // 2 + k * (size + gap), (y0 + y1 - size) // 2
        else:
            sx, sy = (x0 + x1 - size) // 2, (y0 + y1 - total) // 2 + k * (size + gap)
        draw.rectangle([sx, sy, sx + size, sy + size], fill=STILT, outline=WHITE, width=1)


def draw_box(draw: ImageDraw.ImageDraw, area: Box) -> None:
    """A gublet box: one wide red crate, crossed in white."""
    x0, y0, x1, y1 = area
    draw.rectangle([x0, y0, x1, y1], fill=BOX, outline=WHITE, width=2)
    draw.line([(x0 + 3, y0 + 3), (x1 - 3, y1 - 3)], fill=WHITE, width=2)
    draw.line([(x0 + 3, y1 - 3), (x1 - 3, y0 + 3)], fill=WHITE, width=2)


def _buildings(draw: ImageDraw.ImageDraw, bar: Box, side: str, stilts: int, box: bool) -> None:
    x0, y0, x1, y1 = bar
    horizontal = side in ("bottom", "top")
    area = (x0 + BAR, y0 + 3, x1 - 4, y1 - 3) if horizontal else (x0 + 3, y0 + BAR, x1 - 3, y1 - 4)
    if box:
        draw_box(draw, area)
    else:
        draw_stilts(draw, area, stilts, horizontal)


def draw_mortgaged(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, name: str) -> None:
    """A mortgaged deed lies face down: greyed and hatched, its name still readable, the word
    "mortgaged" where its price was."""
    x0, y0, x1, y1 = box
    image.paste(mortgaged_tile(name, x1 - x0 + 1, y1 - y0 + 1, current()), (x0, y0))


@lru_cache(maxsize=64)
def mortgaged_tile(name: str, width: int, height: int, locale: str) -> Image.Image:
    """A mortgaged deed's face, drawn once per name, size and language (a late game has a
    dozen)."""
    tile, draw = new_canvas(width, height, MORTGAGE_BG)
    box = (0, 0, width - 1, height - 1)
    _hatch(draw, box)
    names = name_lines(name, width - 1)
    y = (height - 1 - (len(names) + 1) * TEXT) // 2 - 3
    middle = (width - 1) / 2
    for ln in names:
        draw_fitted(
            tile, draw, (middle, y), ln, font(TEXT, True), MORTGAGE_INK, width - 1, centre=True
        )
        y += TEXT
    draw_fitted(tile, draw, (middle, y), tr("mortgaged"), font(TEXT), INK, width - 1, centre=True)
    return tile


@lru_cache(maxsize=256)
def owner_tag(letter: str, colour: RGB, width: int, height: int) -> Image.Image:
    """The owner's band: their colour with their letter (drawn once per owner and size)."""
    tag, draw = new_canvas(width, height, colour)
    draw.rectangle([0, 0, width - 1, height - 1], outline=LINE, width=1)
    _letter(draw, (0, 0, width, height), letter, contrast_ink(colour))
    return tag


def _draw_ownership(
    image: Image.Image, draw: ImageDraw.ImageDraw, sp: SpaceView, seats: dict[str, Seat]
) -> None:
    bar, band, box = layout(sp.index, sp.kind)
    side = cell_rect(sp.index)[4]
    if bar and (sp.stilts or sp.box):
        _buildings(draw, bar, side, sp.stilts, sp.box)
    if band and sp.owner:
        seat = seats.get(sp.owner)
        colour, letter = (seat.colour, seat.letter) if seat else (MUTED, "?")
        image.paste(owner_tag(letter, colour, band[2] - band[0], band[3] - band[1]), band[:2])
    if sp.mortgaged:
        draw_mortgaged(image, draw, box, sp.short or sp.name)


def _draw_tokens(draw: ImageDraw.ImageDraw, view: MonopolyView, seats: dict[str, Seat]) -> None:
    by_space: dict[int, list[PlayerView]] = {}
    jailed = []
    for p in view.players:
        if p.bankrupt:
            continue
        if p.position == 10 and p.in_jail:
            jailed.append(p)
        else:
            by_space.setdefault(p.position, []).append(p)
    placed: list[tuple[PlayerView, tuple[int, int], int]] = []
    for i, ps in by_space.items():
        if i % 10 == 0:
            box = token_anchor(i)
            if i == 10:  # visitors: along the bottom of the corner, below the jail cell
                box = jail_boxes()[1]
            r, spots = grid_spots(len(ps), box)
        else:
            r, spots = side_spots(i, len(ps))
        placed.extend((p, spot, r) for p, spot in zip(ps, spots, strict=False))
    if jailed:
        r, spots = grid_spots(len(jailed), jail_boxes()[0])
        placed.extend((p, spot, r) for p, spot in zip(jailed, spots, strict=False))
    for p, (cx, cy), r in placed:
        seat = seats[p.name]
        draw_token(draw, cx, cy, r, seat.colour, p.figure, seat.letter)


def mark_box(i: int) -> Box:
    """Where the last-move mark of space ``i`` is drawn: the apron just inside the ring beside
    a side space (where its tokens stand, so the printed words stay clear), or a corner
    itself."""
    x0, y0, x1, y1, side = cell_rect(i)
    if side == "corner":
        return x0 + 1, y0 + 1, x1 - 1, y1 - 1
    return token_anchor(i)


def _marks(view: MonopolyView) -> list[int]:
    if view.last_turn is None:
        return []
    return [int(m.partition(":")[2]) for m in view.last_turn.marks if m.startswith("space:")]


# -- centre -------------------------------------------------------------------------------
def _die(draw: ImageDraw.ImageDraw, x: float, y: float, value: int, size: int) -> None:
    draw.rounded_rectangle([x, y, x + size, y + size], radius=8, fill=WHITE, outline=INK, width=3)
    pips = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }[value]
    step = size / 4
    for px, py in pips:
        cx, cy = x + step * (px + 1), y + step * (py + 1)
        draw.ellipse([cx - 4, cy - 4, cx + 4, cy + 4], fill=INK)


def seats_of(view: MonopolyView) -> list[Seat]:
    """The family's seats: cash as the big figure, net worth (and jail, get-out cards) under
    the name; the turn marker on whose turn it is, the "to act" band on whom the game waits
    for (an auction or a trade's answer can wait for others)."""
    letters = family.seat_letters([p.name for p in view.players])
    seats = []
    for p, letter in zip(view.players, letters, strict=True):
        if p.bankrupt:
            detail = tr("bankrupt")
        else:
            extras = [tr("worth {amount}", amount=p.worth)]
            if p.in_jail:
                extras.append(tr("in jail"))
            if p.jail_cards:
                extras.append(trn("{n} out-card", "{n} out-cards", p.jail_cards))
            if p.properties:
                extras.append(trn("{n} deed", "{n} deeds", p.properties))
            detail = " \u00b7 ".join(extras)
        seats.append(
            Seat(
                name=p.name,
                colour=player_colour(p.seat),
                letter=letter,
                score=tr("out") if p.bankrupt else number(p.cash),
                detail=detail,
                turn=view.winners is None and p.name == view.current,
                acting=view.winners is None and p.name in view.awaiting,
                out=p.bankrupt,
            )
        )
    return seats


def _panel(draw: ImageDraw.ImageDraw, box: Box, seats: list[Seat]) -> int:
    """The player panel: one column up to three players, two columns beyond. Returns its
    height."""
    x0, y0, x1, _ = box
    row = family.panel_row_height(WIDTH)
    if len(seats) <= 3:
        family.player_panel(draw, (x0, y0, x1, y0 + row * len(seats)), seats)
        return row * len(seats)
    half = (len(seats) + 1) // 2
    mid = (x0 + x1) // 2
    family.player_panel(draw, (x0, y0, mid - 4, y0 + row * half), seats[:half])
    family.player_panel(draw, (mid + 4, y0, x1, y0 + row * half), seats[half:])
    return row * half


def log_lines(entries: list[str], width: int, room: int) -> list[str]:
    """The newest whole log entries that fit in ``room`` lines, oldest first: an entry is shown
    whole or not at all, so the log never opens mid-sentence."""
    f = font(TEXT)
    out: list[str] = []
    for entry in reversed(entries):
        lines = wrap(entry, f, width, max_lines=99)
        if len(out) + len(lines) > room:
            break
        out = lines + out
    return out


def _draw_centre(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: MonopolyView, seats: list[Seat]
) -> None:
    x0, y0, x1, y1 = CENTRE
    draw.rectangle(CENTRE, fill=PAPER)
    strip_h = family.turn_strip_height(WIDTH)
    dice_w = 2 * 44 + 8 if view.dice else 0
    # the strip may move "X's turn" down beside the phase when others must act (family)
    pending = shown(view.pending)
    acting = any(s.acting and not s.turn for s in seats)
    prefix = tr("{player}'s turn", player=view.current or "") + " \u00b7 " if acting else ""
    phase_fits = width_of(prefix + pending, font(TEXT)) <= x1 - x0 - dice_w - TEXT
    draw.rectangle((x0, y0, x1, y0 + strip_h), fill=family.STRIP)
    family.turn_strip(
        draw, (x0, y0, x1 - dice_w, y0 + strip_h), seats, pending if phase_fits else ""
    )
    draw.line((x0, y0 + strip_h - 1, x1, y0 + strip_h - 1), fill=MUTED, width=2)
    if view.dice:
        dx = x1 - dice_w
        _die(draw, dx, y0 + 8, view.dice[0], 42)
        _die(draw, dx + 48, y0 + 8, view.dice[1], 42)
        rolled = tr("{player} rolled", player=view.roller) if view.roller else tr("last roll")
        who = ellipsize(rolled, font(TEXT), 200)
        draw.text((x1 - 4, y0 + 56), who, font=font(TEXT), fill=MUTED, anchor="ra")
    y = y0 + strip_h + 4
    y += _panel(draw, (x0, y, x1, y1), seats) + 2
    line_h = round(TEXT * 1.25)
    if not phase_fits:
        for ln in wrap(pending, font(TEXT, True), x1 - x0 - 12, max_lines=3):
            draw.text((x0 + 8, y), ln, font=font(TEXT, True), fill=INK)
            y += line_h
        y += 4
    last_h = family.last_turn_height(WIDTH, 2)
    if view.last_turn:
        words = shown(view.last_turn.line)
    else:
        words = tr("none yet: the game has just begun")
    family.last_turn_line(draw, (x0, y, x1, y + last_h), words)
    y += last_h + 4
    room = (y1 - 4 - y) // line_h
    if room > 0:
        draw.line((x0 + 8, y - 2, x1 - 8, y - 2), fill=MUTED, width=1)
        for ln in log_lines([shown(entry) for entry in view.log], x1 - x0 - 16, room):
            draw.text((x0 + 8, y), ln, font=font(TEXT), fill=(70, 70, 80))
            y += line_h


def survivor_breakdowns(p: PlayerView) -> list[str]:
    """How a survivor's net worth adds up, from the fullest wording to the shortest (the
    mortgages are also on the board, hatched)."""
    deeds = trn("{n} deed {value}", "{n} deeds {value}", p.properties, value=p.estate)
    cash = tr("cash {amount}", amount=p.cash)
    built = tr("buildings {amount}", amount=p.buildings)
    if not p.mortgaged:
        return [f"{cash} + {deeds} + {built}"]
    return [
        f"{cash} + {deeds} "
        + trn("({n} mortgaged, at half)", "({n} mortgaged, at half)", p.mortgaged)
        + f" + {built}",
        f"{cash} + {deeds} "
        + trn("({n} mortgaged)", "({n} mortgaged)", p.mortgaged)
        + f" + {built}",
        f"{cash} + {deeds} + {built}",
    ]


def bankrupt_breakdowns(nth: str, fate: str, owing: str = "", short: str = "") -> list[str]:
    """How a bankrupt player went out (``fate``: "turn N, owing X to Y (why); where their
    assets went"; ``owing``: its part before the semicolon; ``short``: that without why),
    from the fullest wording to the shortest: when and to whom stay in all."""
    if not fate:
        return [tr("bankrupt, {nth} out", nth=nth)]
    owing = owing or fate.split("; ")[0]
    short = short or re.sub(r" [(][^)]*[)]", "", owing)
    return [
        tr("bankrupt, {nth} out: {fate}", nth=nth, fate=fate),
        tr("{nth} out: {fate}", nth=nth, fate=fate),
        tr("{nth} out: {fate}", nth=nth, fate=owing),
        tr("{nth} out: {fate}", nth=nth, fate=short),
    ]


def fitting(wordings: list[str], room: int | None, lines: int) -> str:
    """The first (fullest) wording that ``lines`` lines ``room`` px wide hold whole, or the
    shortest; ``room`` None: the fullest."""
    if room is None:
        return wordings[0]
    for text in wordings:
        if " ".join(kit_wrap(text, font(TEXT), room, lines)) == " ".join(text.split()):
            return text
    return wordings[-1]


def _standings(
    view: MonopolyView, seats: list[Seat], room: int | None = None, lines: int = 2
) -> list[Standing]:
    """The end's ranking: the players still standing by net worth (the winners first), then
    the bankrupt, the last out first, each with how they went out; each breakdown in the
    fullest wording that ``lines`` lines ``room`` px wide hold."""
    by_name = {s.name: s for s in seats}
    players = {p.name: p for p in view.players}
    winners = view.winners or []
    alive = [p for p in view.players if not p.bankrupt]
    alive.sort(key=lambda p: (p.name not in winners, -p.worth))
    rows: list[Standing] = []
    place = 0
    for k, p in enumerate(alive):
        if (
            k == 0
            or (p.name in winners) != (alive[k - 1].name in winners)
            or p.worth != alive[k - 1].worth
        ):
            place = k + 1
        seat = by_name[p.name]
        rows.append(
            Standing(
                place=place,
                seat=Seat(seat.name, seat.colour, seat.letter),
                total=number(p.worth),
                breakdown=fitting(survivor_breakdowns(p), room, lines),
                winner=p.name in winners,
            )
        )
    out = [n for n in view.out_order if n in players]
    out += [p.name for p in view.players if p.bankrupt and p.name not in out]
    for k, name in enumerate(reversed(out)):
        nth = shown(ordinal(len(out) - k))
        seat = by_name[name]
        gone = players[name]
        wordings = bankrupt_breakdowns(
            nth, shown(gone.fate), shown(gone.fate_owing), shown(gone.fate_short)
        )
        rows.append(
            Standing(
                place=len(alive) + k + 1,
                seat=Seat(seat.name, seat.colour, seat.letter),
                total=tr("out"),
                breakdown=fitting(wordings, room, lines),
            )
        )
    return rows


#: the paper in the ring's centre on the end board, a little inside the ring
END_PANEL: Box = (INNER[0] + 4, INNER[1] + 4, INNER[2] - 4, INNER[3] - 4)


def breakdown_room(box: Box) -> int:
    """How wide a breakdown line is in ``family.standings`` drawn in ``box`` (its place column,
    token and paddings taken off)."""
    pad = S.text * 0.6
    place_w = text_size("10th", font(S.big, bold=True))[0]
    r = max(family.token_radius(WIDTH), round(S.name * 0.7))
    return int(box[2] - box[0] - pad * 4 - place_w - 2 * r)


def end_layout(view: MonopolyView) -> tuple[list[str], int]:
    """(the end reason's lines, how many lines each breakdown gets: two where the centre holds
    them, else one)."""
    x0, y0, x1, y1 = END_PANEL
    reason = kit_wrap(shown(view.end_reason or ""), font(TEXT), x1 - x0 - 2 * TEXT, max_lines=3)
    room = y1 - y0 - len(reason) * round(TEXT * 1.3) - TEXT // 2
    n = len(view.players)
    return reason, 2 if family.standings_height(WIDTH, n, 2) <= room else 1


def draw_end(view: MonopolyView) -> Image.Image:
    """The final board: the ring as the game left it (owners' bands, buildings, mortgages; no
    tokens), and in its centre the ranked standings with each player's breakdown (the winner
    named in them), the end reason and, where room is left, the last turn."""
    seats = seats_of(view)
    image = _ring(view, tr("Game over"), seats)
    draw = Draw(image)
    x0, y0, x1, y1 = END_PANEL
    draw.rectangle(END_PANEL, fill=PAPER, outline=LINE, width=2)
    reason, lines = end_layout(view)
    rows = _standings(view, seats, breakdown_room(END_PANEL), lines)
    table = family.standings_height(WIDTH, len(rows), lines)
    family.standings(
        draw, (x0, y0, x1, y0 + table), rows, title=tr("Final standings"), breakdown_lines=lines
    )
    y = y0 + table
    line_h = round(TEXT * 1.3)
    for ln in reason:
        draw.text((x0 + TEXT, y), ln, font=font(TEXT), fill=INK)
        y += line_h
    # the last turn in as many lines (up to four) as the room left holds
    fit = [k for k in (4, 3, 2, 1) if y + 4 + family.last_turn_height(WIDTH, k) <= y1]
    if view.last_turn and fit:
        last_h = family.last_turn_height(WIDTH, fit[0])
        family.last_turn_line(draw, (x0, y + 4, x1, y + 4 + last_h), shown(view.last_turn.line))
    return image


def _header_right(view: MonopolyView) -> str:
    mode = tr("Quick game") if view.mode == "quick" else tr("Classic")
    rent = tr("owner asks rent") if view.rent_mode == "ask" else tr("auto rent")
    return f"{mode} \u00b7 {rent}"


def _ring(view: MonopolyView, right: str, seats: list[Seat]) -> Image.Image:
    """The header (``right`` at its right) and the ring of spaces with their owners' bands,
    buildings and mortgages: what the play board and the final board share."""
    spaces_key = tuple(
        (sp.index, sp.short or sp.name, sp.kind, sp.group, sp.price) for sp in view.spaces
    )
    image = _printed_board(spaces_key, tuple(sorted(view.taxes.items())), right, current()).copy()
    draw = Draw(image)
    by_name = {s.name: s for s in seats}
    for sp in view.spaces:
        if sp.owner or sp.mortgaged:
            _draw_ownership(image, draw, sp, by_name)
    return image


def draw_board(view: MonopolyView) -> Image.Image:
    if view.winners is not None:
        return draw_end(view)
    seats = seats_of(view)
    image = _ring(view, _header_right(view), seats)
    draw = Draw(image)
    by_name = {s.name: s for s in seats}
    for i in _marks(view):
        family.mark_changed(draw, mark_box(i))
    _draw_centre(image, draw, view, seats)
    _draw_tokens(draw, view, by_name)
    return image


def render_board(view: MonopolyView) -> bytes:
    """The public board as an 8-bit PNG in the game's palette."""
    return to_png(draw_board(view), palette=board_palette("monopoly"))


# -- hand ---------------------------------------------------------------------------------
HAND_WIDTH = 800
HAND_MAX = HAND_WIDTH * 5 // 4
H = family.sizes(HAND_WIDTH)


HAND_ROW = round(H.text * 1.4)


def hand_capacity() -> int:
    """How many rows the hand holds below its header within its greatest height."""
    return (HAND_MAX - family.header_height(HAND_WIDTH) - 24) // HAND_ROW


def hand_rows(view: MonopolyView) -> list[tuple[str, str, RGB | None]]:
    """The hand below its header, as (kind, text, swatch) rows: "head" a section title,
    "deed" a property, "item" a line, "more" how many a list leaves out. A list of moves is
    cut to what fits in the hand's height; its "more" line says how many more the menu has."""
    me = view.me
    assert me is not None
    rows: list[tuple[str, str, RGB | None]] = [
        ("head", tr("Property \u00b7 buildings \u00b7 rent now"), None)
    ]
    if not me.properties:
        rows.append(("item", tr("No title deeds yet."), None))
    for prop in me.properties:
        if prop.box:
            built = tr("box")
        elif prop.stilts:
            built = trn("{n} stilt", "{n} stilts", prop.stilts)
        else:
            built = ""
        if prop.mortgaged:
            now = tr("mortgaged")
        elif prop.group == "utility":
            now = tr("rent {amount}x dice", amount=prop.rent)
        else:
            now = tr("rent {amount}", amount=prop.rent)
        words = " \u00b7 ".join(x for x in (prop.name, built, now) if x)
        rows.append(("deed", words, GROUP_COLOURS.get(prop.group or "", (150, 150, 150))))
    rows.append(("head", tr("Get Out of Jail Free"), None))
    rows.extend(("item", shown(c), None) for c in me.jail_cards or [tr("none")])
    lists = [
        (verb, labels)
        for verb, labels in (
            ("build", me.can_build),
            ("sell", me.can_sell),
            ("mortgage", me.can_mortgage),
            ("lift", me.can_lift),
        )
        if labels
    ]
    left = hand_capacity() - len(rows)
    for k, (verb, labels) in enumerate(lists):
        budget = left // (len(lists) - k)  # this list's share of the lines left, title included
        listed = labels if budget >= len(labels) + 1 else labels[: max(0, budget - 2)]
        if budget < 2:
            rows.append(("head", _could_in_menu(verb, len(labels)), None))
        else:
            rows.append(("head", _could(verb), None))
            rows.extend(("item", shown(lab), None) for lab in listed)
            if len(listed) < len(labels):
                more = len(labels) - len(listed)
                rows.append(
                    (
                        "more",
                        trn(
                            "\u2026 and {n} more in the menu",
                            "\u2026 and {n} more in the menu",
                            more,
                        ),
                        None,
                    )
                )
        left = hand_capacity() - len(rows)
    return rows


def _could(verb: str) -> str:
    """The heading over a list of the hand's moves of one kind."""
    if verb == "build":
        return tr("You could build:")
    if verb == "sell":
        return tr("You could sell:")
    if verb == "mortgage":
        return tr("You could mortgage:")
    return tr("You could lift a mortgage:")


def _could_in_menu(verb: str, n: int) -> str:
    """The heading alone, when the hand has no room for the list: how many are in the menu."""
    if verb == "build":
        return trn(
            "You could build: {n} move in the menu", "You could build: {n} moves in the menu", n
        )
    if verb == "sell":
        return trn(
            "You could sell: {n} move in the menu", "You could sell: {n} moves in the menu", n
        )
    if verb == "mortgage":
        return trn(
            "You could mortgage: {n} move in the menu",
            "You could mortgage: {n} moves in the menu",
            n,
        )
    return trn(
        "You could lift a mortgage: {n} move in the menu",
        "You could lift a mortgage: {n} moves in the menu",
        n,
    )


def render_hand(view: MonopolyView) -> bytes:
    me = view.me
    width = HAND_WIDTH
    if me is None:
        image, draw = new_canvas(width, 120)
        draw.text(
            (width / 2, 60),
            tr("Spectators have no hand."),
            font=font(H.name),
            fill=INK,
            anchor="mm",
        )
        return to_png(image)
    rows = hand_rows(view)
    row_h = HAND_ROW
    head_h = family.header_height(width)
    height = min(HAND_MAX, head_h + 16 + len(rows) * row_h + 12)
    image, draw = new_canvas(width, height)
    seat = next((p.seat for p in view.players if p.name == me.player), 0)
    colour = player_colour(seat)
    draw.rectangle([0, 0, width, head_h], fill=colour)
    ink = contrast_ink(colour)
    money = trn("{n} shmeckle", "{n} shmeckles", me.cash)
    fm = font(H.big, True)
    money_w = text_size(money, fm)[0]
    head = ellipsize(
        tr("{player}'s hand", player=me.player), font(H.title, True), width - money_w - 3 * H.text
    )
    draw.text((H.text, head_h / 2), head, font=font(H.title, True), fill=ink, anchor="lm")
    draw.text((width - H.text, head_h / 2), money, font=fm, fill=ink, anchor="rm")
    y = head_h + 12
    for kind, text, swatch in rows:
        if kind == "head":
            draw.text((H.text, y), text, font=font(H.text, True), fill=MUTED)
        elif kind == "deed":
            draw.rectangle(
                [H.text, y + 3, H.text + H.text, y + H.text + 3], fill=swatch, outline=INK
            )
            f = font(H.text, True)
            draw.text((3 * H.text, y), ellipsize(text, f, width - 4 * H.text), font=f, fill=INK)
        else:
            f = font(H.text)
            fill = MUTED if kind == "more" else INK
            draw.text((2 * H.text, y), ellipsize(text, f, width - 3 * H.text), font=f, fill=fill)
        y += row_h
    return to_png(image)
