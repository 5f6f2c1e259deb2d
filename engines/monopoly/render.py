"""Monopoly: Rick and Morty board and hand images.

The board reads like the real one: GO at the bottom right, play running clockwise, each space with
its group colour bar on the inner edge, its name and price, a band naming its owner in the
owner's colour, green flublet stilts and red gublet boxes on the colour bar, a grey hatch over a
mortgaged deed. Tokens stand just inside the board next to their space. The centre says whose
turn it is, every player's cash, the last dice and what the game is waiting for. Text stays
upright everywhere so it reads at a glance in Discord's small preview.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from engines.monopoly.render_figures import draw_token
from engines.monopoly.render_fit import (
    SQUEEZE,
    draw_fitted,
    ellipsize,
    squeezed_wrap,
    text_size,
    width_of,
    wrap,
)
from engines.monopoly.render_layout import (
    BAND,
    CORNER,
    SIZE,
    TAB,
    TEXT,
    bar_rect,
    cell_rect,
    grid_spots,
    side_spots,
    token_anchor,
)
from engines.monopoly.views import MonopolyView, PlayerView, SpaceView
from rendering.kit import (
    INK,
    MUTED,
    PAPER,
    RGB,
    WHITE,
    Draw,
    contrast_ink,
    draw_text_centered,
    font,
    new_canvas,
    player_colour,
    to_png,
)
from rendering.palettes import board_palette

BOARD_BG = (205, 230, 208)
CELL_BG = (250, 248, 240)
LINE = (40, 40, 48)
STILT = (30, 150, 60)
BOX = (200, 30, 40)
MORTGAGE = (160, 160, 160)
HATCH = (214, 214, 214)
MORTGAGE_BG = (228, 228, 228)

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
#: a note under the name where the name alone does not say how the space works (every
#: transport is named as a ship or a train)
KIND_TAG = {"utility": "4x/10x dice"}

Font = ImageFont.FreeTypeFont
#: (x0, y0, x1, y1)
Box = tuple[int, int, int, int]
#: a line of a space's printed text: (text, size, bold, colour)
Line = tuple[str, int, bool, RGB]


# -- drawing helpers ----------------------------------------------------------------------
def _hatch(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, x1, y1 = box
    for k in range(-(y1 - y0), x1 - x0, 12):
        draw.line(
            [
                (x0 + max(k, 0), y0 + max(-k, 0)),
                (x0 + min(k + (y1 - y0), x1 - x0), y0 + min(x1 - x0 - k, y1 - y0)),
            ],
            fill=HATCH,
            width=2,
        )


def _buildings(draw: ImageDraw.ImageDraw, bar: Box, side: str, stilts: int, box: bool) -> None:
    x0, y0, x1, y1 = bar
    if box:
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        if side in ("bottom", "top"):
            draw.rectangle([cx - 28, cy - 12, cx + 28, cy + 12], fill=BOX, outline=WHITE, width=2)
            draw.text((cx, cy), "BOX", font=font(TEXT, True), fill=WHITE, anchor="mm")
        else:
            draw.rectangle([cx - 12, cy - 33, cx + 12, cy + 33], fill=BOX, outline=WHITE, width=2)
            for k, ch in enumerate("BOX"):
                draw.text(
                    (cx, cy - 20 + 20 * k), ch, font=font(TEXT, True), fill=WHITE, anchor="mm"
                )
        return
    size, gap = 16, 4
    horizontal = side in ("bottom", "top")
    total = stilts * size + (stilts - 1) * gap
    for k in range(stilts):
        if horizontal:
            sx = (x0 + x1 - total) // 2 + k * (size + gap)
            sy = (y0 + y1 - size) // 2
        else:
            sx = (x0 + x1 - size) // 2
            sy = (y0 + y1 - total) // 2 + k * (size + gap)
        draw.rectangle([sx, sy, sx + size, sy + size], fill=STILT, outline=WHITE, width=2)


def _text_block(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, lines: list[Line]) -> None:
    """Centre several lines (text, size, bold, colour) vertically in ``box``, each wrapped
    whole; a line too wide is condensed sideways, never drawn smaller."""
    x0, y0, x1, y1 = box
    width = x1 - x0
    rendered = []
    for text, size, bold, colour in lines:
        f = font(size, bold)
        for ln in squeezed_wrap(text, f, width):
            rendered.append((ln, f, colour, size + 1))
    total = sum(h for *_, h in rendered)
    y = y0 + (y1 - y0 - total) // 2 - 2
    for ln, f, colour, h in rendered:
        draw_fitted(image, draw, ((x0 + x1) / 2, y), ln, f, colour, width, centre=True)
        y += h


def _seat_colours(view: MonopolyView) -> dict[str, RGB]:
    return {p.name: player_colour(p.seat) for p in view.players}


# -- spaces -------------------------------------------------------------------------------
def _layout(i: int, kind: str) -> tuple[Box | None, Box | None, Box]:
    """(colour bar, owner band, text box) of a side space; the band is reserved even while the
    property is unowned so the printed text never moves (and can be drawn once, cached)."""
    x0, y0, x1, y1, side = cell_rect(i)
    content = [x0 + 3, y0 + 3, x1 - 3, y1 - 3]
    bar = None
    if kind == "location":
        bar = bar_rect(x0, y0, x1, y1, side)
        if side == "bottom":
            content[1] = bar[3] + 2
        elif side == "top":
            content[3] = bar[1] - 2
        elif side == "left":
            content[2] = bar[0] - 2
        else:
            content[0] = bar[2] + 2
    band = None
    if kind in ("location", "transport", "utility"):
        if side == "top":
            band = (content[0], content[1], content[2], content[1] + BAND)
            content[1] = band[3] + 1
        else:
            band = (content[0], content[3] - BAND, content[2], content[3])
            content[3] = band[1] - 1
    return bar, band, (content[0], content[1], content[2], content[3])


def _card_label(name: str) -> str:
    return "Interdimen- sional Cable TV" if "Cable" in name else name


def _draw_printed_space(
    image: Image.Image, draw: ImageDraw.ImageDraw, sp: _Printed, taxes: dict[int, int]
) -> None:
    """What is printed on the board itself: frame, colour bar, name, price."""
    x0, y0, x1, y1, side = cell_rect(sp.index)
    draw.rectangle([x0, y0, x1, y1], fill=CELL_BG, outline=LINE, width=2)
    if side == "corner":
        _draw_corner(image, draw, sp, (x0, y0, x1, y1))
        return
    bar, _band, box = _layout(sp.index, sp.kind)
    if bar:
        draw.rectangle(bar, fill=GROUP_COLOURS.get(sp.group or "", MUTED), outline=LINE, width=2)
    _text_block(image, draw, box, _printed_lines(sp, taxes))


def _printed_lines(sp: _Printed, taxes: dict[int, int], ink: RGB = INK) -> list[Line]:
    if sp.kind == "card":
        mark = (200, 80, 20) if "Schwifty" in sp.name else (40, 110, 190)
        return [("?", 36, True, mark), (_card_label(sp.name), TEXT, True, ink)]
    if sp.kind == "tax":
        return [(sp.name, TEXT, True, ink), (f"Pay {taxes.get(sp.index, 0)}", TEXT, False, ink)]
    lines = [(sp.name, TEXT, True, ink)]
    if sp.kind in KIND_TAG:
        lines.append((KIND_TAG[sp.kind], TEXT, False, MUTED))
    if sp.price:
        lines.append((f"{sp.price}", TEXT, False, ink))
    return lines


def _draw_ownership(
    image: Image.Image, draw: ImageDraw.ImageDraw, sp: SpaceView, colours: dict[str, RGB]
) -> None:
    """What changes during play: the owner's band, buildings, the mortgaged look."""
    bar, band, box = _layout(sp.index, sp.kind)
    side = cell_rect(sp.index)[4]
    if bar and (sp.stilts or sp.box):
        _buildings(draw, bar, side, sp.stilts, sp.box)
    if band and sp.owner:
        colour = colours.get(sp.owner, MUTED)
        tag = _owner_tag(sp.owner, colour, band[2] - band[0], band[3] - band[1])
        image.paste(tag, (band[0], band[1]))
    if sp.mortgaged:
        # the deed lies face down: greyed, hatched, the name still readable, a MORTGAGED tag
        draw.rectangle(box, fill=MORTGAGE_BG)
        _hatch(draw, box)
        tag_h = 23
        x0, y0, x1, y1 = box
        draw.rectangle([x0, y0, x1, y0 + tag_h], fill=(90, 90, 96))
        f = font(TEXT, True)
        draw_fitted(image, draw, ((x0 + x1) / 2, y0), "MORTGAGED", f, WHITE, x1 - x0, centre=True)
        name = [(_card_label(sp.name), TEXT, True, (95, 95, 100))]
        _text_block(image, draw, (x0, y0 + tag_h, x1, y1), name)


@lru_cache(maxsize=256)
def _owner_tag(owner: str, colour: RGB, width: int, height: int) -> Image.Image:
    """The owner's band: their name on their colour (drawn once per owner, colour and size)."""
    tag, draw = new_canvas(width, height, colour)
    f = font(TEXT, True)
    label = owner if width_of(owner, f) <= (width - 4) / SQUEEZE else ellipsize(owner, f, width - 4)
    draw_fitted(tag, draw, (width / 2, 0), label, f, contrast_ink(colour), width - 4, centre=True)
    return tag


@lru_cache(maxsize=8)
def _printed_board(
    spaces_key: tuple[tuple[int, str, str, str | None, int | None], ...],
    taxes_key: tuple[tuple[int, int], ...],
) -> Image.Image:
    image, draw = new_canvas(SIZE, SIZE, BOARD_BG)
    taxes = dict(taxes_key)
    for index, name, kind, group, price in spaces_key:
        sp = _Printed(index=index, name=name, kind=kind, group=group, price=price)
        _draw_printed_space(image, draw, sp, taxes)
    return image


@dataclass(frozen=True)
class _Printed:
    """What the board prints on a space (the part of a ``SpaceView`` that never changes)."""

    index: int
    name: str
    kind: str
    group: str | None
    price: int | None


def _draw_corner(image: Image.Image, draw: ImageDraw.ImageDraw, sp: _Printed, box: Box) -> None:
    x0, y0, x1, y1 = box
    top = (x0 + 6, y0 + 6, x1 - 6, y0 + 80)
    if sp.index == 0:
        draw_text_centered(
            draw, (x0 + 6, y0 + 4, x1 - 6, y0 + 50), "GO", 44, fill=(200, 30, 40), bold=True
        )
        draw_text_centered(draw, (x0 + 6, y0 + 50, x1 - 6, y0 + 76), "COLLECT 200", TEXT, bold=True)
        # the direction of play: leftwards along the bottom row
        ay = y1 - 26
        draw.rectangle([x0 + 48, ay - 6, x1 - 20, ay + 6], fill=(200, 30, 40))
        draw.polygon([(x0 + 20, ay), (x0 + 52, ay - 18), (x0 + 52, ay + 18)], fill=(200, 30, 40))
    elif sp.index == 10:
        # the jail cell sits in the corner's inner (top-right) part; visitors pass along the edge
        draw.rectangle(
            [x0 + 46, y0 + 4, x1 - 4, y0 + 94], fill=(255, 200, 120), outline=LINE, width=2
        )
        draw_text_centered(draw, (x0 + 48, y0 + 6, x1 - 6, y0 + 30), "IN JAIL", TEXT, bold=True)
        for k in range(5):
            bx = x0 + 56 + k * 22
            draw.line([(bx, y0 + 34), (bx, y0 + 92)], fill=LINE, width=3)
        f = font(TEXT, True)
        draw_fitted(
            image, draw, ((x0 + x1) / 2, y0 + 95), "JUST VISITING", f, INK, 144, centre=True
        )
    elif sp.index == 20:
        draw_text_centered(draw, top, "FREE PARKING", 22, bold=True)
    else:
        draw_text_centered(draw, top, "GO TO JAIL", 24, fill=(30, 60, 160), bold=True)


def _draw_tokens(draw: ImageDraw.ImageDraw, view: MonopolyView, colours: dict[str, RGB]) -> None:
    by_space: dict[int, list[PlayerView]] = {}
    jailed = []
    for p in view.players:
        if p.bankrupt:
            continue
        if p.position == 10 and p.in_jail:
            jailed.append(p)
        else:
            by_space.setdefault(p.position, []).append(p)
    for i, ps in by_space.items():
        if i % 10 == 0:
            box = token_anchor(i)
            if i == 10:  # visitors: along the bottom of the corner, below the jail cell
                box = (6, SIZE - 40, CORNER - 4, SIZE - 2)
            r, spots = grid_spots(len(ps), box)
        else:
            r, spots = side_spots(i, len(ps))
        for p, (cx, cy) in zip(ps, spots, strict=False):
            draw_token(draw, cx, cy, r, colours[p.name], p.figure, p.name[:1].upper())
    if jailed:
        jy0 = SIZE - CORNER + 34
        r, spots = grid_spots(len(jailed), (50, jy0, CORNER - 6, jy0 + 56))
        for p, (cx, cy) in zip(jailed, spots, strict=False):
            draw_token(draw, cx, cy, r, colours[p.name], p.figure, p.name[:1].upper())


# -- centre -------------------------------------------------------------------------------
def _die(draw: ImageDraw.ImageDraw, x: int, y: int, value: int, size: int = 56) -> None:
    draw.rounded_rectangle([x, y, x + size, y + size], radius=10, fill=WHITE, outline=INK, width=3)
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
        draw.ellipse([cx - 6, cy - 6, cx + 6, cy + 6], fill=INK)


def _draw_centre(draw: ImageDraw.ImageDraw, view: MonopolyView, colours: dict[str, RGB]) -> None:
    x0 = CORNER + TAB + 16
    x1 = SIZE - CORNER - TAB - 16
    y = CORNER + TAB + 14
    draw.rounded_rectangle(
        [x0 - 10, y - 10, x1 + 10, SIZE - CORNER - TAB - 6],
        radius=18,
        fill=PAPER,
        outline=LINE,
        width=2,
    )
    title = font(40, True)
    draw.text((x0 + 6, y), "MONOPOLY", font=title, fill=(200, 30, 40))
    tx = x0 + 6 + text_size("MONOPOLY", title)[0] + 16
    draw.text((tx, y + 4), "Rick and Morty", font=font(34, True), fill=(40, 140, 60))
    mode = "Quick game" if view.mode == "quick" else "Classic rules"
    rent = "owner asks for rent" if view.rent_mode == "ask" else "rent collected automatically"
    draw.text((x0 + 8, y + 50), f"{mode} \u00b7 {rent}", font=font(TEXT), fill=MUTED)
    y += 86
    # whose turn, and the dice
    if view.winners is not None:
        head = f"{' and '.join(view.winners) or 'Nobody'} wins!"
        colour = colours.get(view.winners[0], INK) if view.winners else INK
    else:
        head = f"{view.current}'s turn"
        colour = colours.get(view.current or "", INK)
    draw.rounded_rectangle([x0, y, x0 + 36, y + 36], radius=8, fill=colour, outline=INK, width=2)
    f = font(34, True)
    draw.text((x0 + 48, y - 2), ellipsize(head, f, x1 - x0 - 200), font=f, fill=INK)
    if view.dice:
        _die(draw, x1 - 118, y - 14, view.dice[0], 52)
        _die(draw, x1 - 56, y - 14, view.dice[1], 52)
        who = f"{view.roller} rolled" if view.roller else "last roll"
        fr = font(TEXT)
        who = ellipsize(who, fr, 190)
        draw.text((x1 - text_size(who, fr)[0], y + 42), who, font=fr, fill=MUTED)
    y += 66
    # players
    row_h = 42 if len(view.players) <= 4 else 36
    names = {sp.index: sp.name for sp in view.spaces}
    for p in view.players:
        c = colours[p.name]
        ink = MUTED if p.bankrupt else INK
        if p.name == view.current and view.winners is None:
            draw.rounded_rectangle(
                [x0 - 4, y - 2, x1 + 4, y + row_h - 6], radius=8, fill=(255, 236, 170)
            )
        draw_token(draw, x0 + 16, y + 17, 16, c, p.figure, p.name[:1].upper())
        fb = font(26, True)
        draw.text((x0 + 40, y + 2), ellipsize(p.name, fb, 200), font=fb, fill=ink)
        if p.bankrupt:
            draw.text((x0 + 250, y + 2), "bankrupt", font=font(26), fill=MUTED)
        else:
            draw.text((x0 + 250, y + 2), f"{p.cash:,}", font=fb, fill=INK)
            where = "in jail" if p.in_jail else f"on {names.get(p.position, '?')}"
            extras = [where, f"{p.properties} deed" + ("" if p.properties == 1 else "s")]
            if p.jail_cards:
                extras.append(f"{p.jail_cards} jail card" + ("s" if p.jail_cards > 1 else ""))
            fe = font(TEXT)
            line = ellipsize(" \u00b7 ".join(extras), fe, x1 - x0 - 340)
            draw.text((x0 + 340, y + 7), line, font=fe, fill=MUTED)
        y += row_h
    y += 8
    draw.line([(x0, y), (x1, y)], fill=MUTED, width=1)
    y += 12
    # what the game waits for
    fp = font(24, True)
    for ln in wrap(view.pending, fp, x1 - x0, max_lines=2):
        draw.text((x0, y), ln, font=fp, fill=INK)
        y += 30
    y += 8
    fl = font(21)
    bottom = SIZE - CORNER - 150
    lines: list[str] = []
    for entry in reversed(view.log):
        lines = wrap(entry, fl, x1 - x0, max_lines=2) + lines
    for ln in lines[-max(0, (bottom - y) // 27) :] if bottom > y else []:
        draw.text((x0, y), ln, font=fl, fill=(70, 70, 80))
        y += 27
    fs = font(TEXT)
    decks = " \u00b7 ".join(f"{k.rstrip('!')} {v}" for k, v in view.deck_counts.items())
    draw.text(
        (x0, SIZE - CORNER - 150),
        f"Bank: {view.bank_stilts} flublet stilts, {view.bank_boxes} gublet boxes",
        font=fs,
        fill=MUTED,
    )
    draw.text((x0, SIZE - CORNER - 124), f"Cards in decks: {decks}", font=fs, fill=MUTED)


def draw_board(view: MonopolyView) -> Image.Image:
    spaces_key = tuple((sp.index, sp.name, sp.kind, sp.group, sp.price) for sp in view.spaces)
    image = _printed_board(spaces_key, tuple(sorted(view.taxes.items()))).copy()
    draw = Draw(image)
    colours = _seat_colours(view)
    for sp in view.spaces:
        _draw_ownership(image, draw, sp, colours)
    _draw_centre(draw, view, colours)
    _draw_tokens(draw, view, colours)
    return image


def render_board(view: MonopolyView) -> bytes:
    """The public board as an 8-bit PNG in the game's palette."""
    return to_png(draw_board(view), palette=board_palette("monopoly"))


# -- hand ---------------------------------------------------------------------------------
def render_hand(view: MonopolyView) -> bytes:
    me = view.me
    width = 900
    if me is None:
        image, draw = new_canvas(width, 120)
        draw_text_centered(draw, (0, 0, width, 120), "Spectators have no hand.", 28)
        return to_png(image)
    rows = max(1, len(me.properties))
    actions = [
        ("Build", me.can_build),
        ("Sell", me.can_sell),
        ("Mortgage", me.can_mortgage),
        ("Lift", me.can_lift),
    ]
    extra = sum(min(len(v), 6) + 1 for _, v in actions if v)
    height = 150 + rows * 44 + 40 + (len(me.jail_cards) + 1) * 30 + extra * 28 + 40
    image, draw = new_canvas(width, height)
    seat = next((p.seat for p in view.players if p.name == me.player), 0)
    colour = player_colour(seat)
    draw.rectangle([0, 0, width, 70], fill=colour)
    money = f"{me.cash:,} shmeckles"
    fm = font(30, True)
    money_w = text_size(money, fm)[0]
    head = ellipsize(f"{me.player}'s hand", font(38, True), width - money_w - 70)
    draw.text((24, 12), head, font=font(38, True), fill=contrast_ink(colour))
    draw.text((width - money_w - 28, 18), money, font=fm, fill=contrast_ink(colour))
    y = 86
    draw.text((24, y), "Property", font=font(22, True), fill=MUTED)
    draw.text((470, y), "Buildings", font=font(22, True), fill=MUTED)
    draw.text((700, y), "Rent now", font=font(22, True), fill=MUTED)
    y += 36
    if not me.properties:
        draw.text((24, y + 6), "No title deeds yet.", font=font(24), fill=MUTED)
    for prop in me.properties:
        gc = GROUP_COLOURS.get(prop.group or "", (90, 90, 90))
        draw.rectangle([24, y + 6, 48, y + 34], fill=gc, outline=INK)
        ink = MUTED if prop.mortgaged else INK
        draw.text(
            (60, y + 4), ellipsize(prop.name, font(26, True), 390), font=font(26, True), fill=ink
        )
        if prop.box:
            built = "gublet box"
        elif prop.stilts:
            built = f"{prop.stilts} stilt" + ("s" if prop.stilts > 1 else "")
        else:
            built = "\u2014"
        draw.text((470, y + 6), built, font=font(24), fill=ink)
        if prop.mortgaged:
            now = "mortgaged"
        elif prop.group == "utility":
            now = f"{prop.rent}x dice"
        else:
            now = str(prop.rent)
        draw.text((700, y + 6), now, font=font(24, not prop.mortgaged), fill=ink)
        y += 44
    y += 14
    draw.text((24, y), "Get Out of Jail Free", font=font(22, True), fill=MUTED)
    y += 30
    for c in me.jail_cards or ["none"]:
        draw.text((40, y), c, font=font(22), fill=INK)
        y += 30
    for title, labels in actions:
        if not labels:
            continue
        y += 8
        draw.text((24, y), f"You could {title.lower()}:", font=font(22, True), fill=MUTED)
        y += 28
        for lab in labels[:6]:
            draw.text((40, y), ellipsize(lab, font(21), width - 60), font=font(21), fill=INK)
            y += 28
        if len(labels) > 6:
            draw.text((40, y - 2), f"\u2026 and {len(labels) - 6} more", font=font(19), fill=MUTED)
    return to_png(image.crop((0, 0, width, min(height, y + 30))))
