"""Monopoly: Rick and Morty board and hand images.

The board reads like the real one: GO at the bottom right, play running clockwise, each space with
its group colour bar on the inner edge, its name and price, a band naming its owner in the
owner's colour, green flublet stilts and red gublet boxes on the colour bar, a grey hatch over a
mortgaged deed. Tokens stand just inside the board next to their space. The centre says whose
turn it is, every player's cash, the last dice and what the game is waiting for. Text stays
upright everywhere so it reads at a glance in Discord's small preview.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.kit import (
    INK,
    MUTED,
    PAPER,
    WHITE,
    contrast_ink,
    draw_text_centered,
    font,
    new_canvas,
    player_colour,
    to_png,
)
from rendering.kit import text_size as _kit_text_size
from rendering.monopoly_figures import draw_token

CORNER = 156
CELL = 98
SIZE = 2 * CORNER + 9 * CELL  # 1194
BAR = 26
BAND = 22
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
KIND_TAG = {
    "transport": "TRANSPORT",
    "utility": "4x / 10x DICE",
    "card": "DRAW A CARD",
}


# -- measuring text (cached: the same words come back on every render) ---------------------
@lru_cache(maxsize=16384)
def text_size(text: str, f) -> tuple[int, int]:
    return _kit_text_size(text, f)


@lru_cache(maxsize=16384)
def _width(word: str, f) -> float:
    return f.getlength(word)


def ellipsize(text: str, f, max_width: int) -> str:
    if _width(text, f) <= max_width:
        return text
    while text and _width(text + "\u2026", f) > max_width:
        text = text[:-1]
    return text + "\u2026"


def wrap(text: str, f, max_width: int, max_lines: int = 3) -> list[str]:
    """Greedy word wrap measured word by word (cached); the last line is ellipsized when the
    text does not fit in ``max_lines``."""
    space = _width(" ", f)
    lines: list[str] = []
    line: list[str] = []
    used = 0.0
    for word in text.split():
        w = _width(word, f)
        if line and used + space + w > max_width:
            lines.append(" ".join(line))
            line, used = [word], w
        else:
            used = used + space + w if line else w
            line.append(word)
    if line:
        lines.append(" ".join(line))
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1] + " \u2026"
    return [ellipsize(ln, f, max_width) for ln in lines]


# -- geometry -----------------------------------------------------------------------------
def cell_rect(i: int) -> tuple[int, int, int, int, str]:
    """(x0, y0, x1, y1, side) of space ``i``; side is the board edge it sits on."""
    s, c, w = SIZE, CORNER, CELL
    if i == 0:
        return s - c, s - c, s, s, "corner"
    if i < 10:
        x1 = s - c - (i - 1) * w
        return x1 - w, s - c, x1, s, "bottom"
    if i == 10:
        return 0, s - c, c, s, "corner"
    if i < 20:
        y1 = s - c - (i - 11) * w
        return 0, y1 - w, c, y1, "left"
    if i == 20:
        return 0, 0, c, c, "corner"
    if i < 30:
        x0 = c + (i - 21) * w
        return x0, 0, x0 + w, c, "top"
    if i == 30:
        return s - c, 0, s, c, "corner"
    y0 = c + (i - 31) * w
    return s - c, y0, s, y0 + w, "right"


def bar_rect(x0: int, y0: int, x1: int, y1: int, side: str) -> tuple[int, int, int, int]:
    """The colour bar sits on the edge facing the centre, as on the printed board."""
    if side == "bottom":
        return x0, y0, x1, y0 + BAR
    if side == "top":
        return x0, y1 - BAR, x1, y1
    if side == "left":
        return x1 - BAR, y0, x1, y1
    return x0, y0, x0 + BAR, y1


def token_anchor(i: int) -> tuple[int, int, int, int]:
    """A box just inside the board next to space ``i`` where its tokens stand."""
    x0, y0, x1, y1, side = cell_rect(i)
    depth = 64
    if side == "bottom":
        return x0 + 4, y0 - depth, x1 - 4, y0 - 4
    if side == "top":
        return x0 + 4, y1 + 4, x1 - 4, y1 + depth
    if side == "left":
        return x1 + 4, y0 + 4, x1 + depth, y1 - 4
    if side == "right":
        return x0 - depth, y0 + 4, x0 - 4, y1 - 4
    # corners: the lower part of the corner square itself
    return x0 + 10, y0 + 84, x1 - 10, y1 - 8


# -- drawing helpers ----------------------------------------------------------------------
def _hatch(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
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


def _buildings(draw, bar, side: str, stilts: int, box: bool) -> None:
    x0, y0, x1, y1 = bar
    if box:
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        if side in ("bottom", "top"):
            draw.rectangle([cx - 22, cy - 10, cx + 22, cy + 10], fill=BOX, outline=WHITE, width=2)
            draw_text_centered(
                draw, (cx - 20, cy - 9, cx + 20, cy + 9), "BOX", 14, fill=WHITE, bold=True
            )
        else:
            draw.rectangle([cx - 10, cy - 26, cx + 10, cy + 26], fill=BOX, outline=WHITE, width=2)
            for k, ch in enumerate("BOX"):
                draw_text_centered(
                    draw,
                    (cx - 9, cy - 24 + k * 16, cx + 9, cy - 8 + k * 16),
                    ch,
                    14,
                    fill=WHITE,
                    bold=True,
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


def _text_block(draw, box, lines: list[tuple[str, int, bool, tuple]], gap: int = 2) -> None:
    """Centre several lines (text, size, bold, colour) vertically in ``box``, each wrapped;
    every size shrinks together until the whole block fits without cutting a word."""
    x0, y0, x1, y1 = box
    width = x1 - x0
    for shrink in range(0, 7):
        rendered = []
        cut = False
        for text, size, bold, colour in lines:
            size = max(10, size - shrink)
            longest = max(text.split(), key=len) if text.split() else text
            while size > 10 and text_size(longest, font(size, bold))[0] > width:
                size -= 1
            f = font(size, bold)
            wrapped = wrap(text, f, width, max_lines=4)
            cut = cut or any(ln.endswith("\u2026") for ln in wrapped)
            for ln in wrapped:
                rendered.append((ln, f, colour, int(size * 1.12)))
        total = sum(h for *_, h in rendered) + gap * (len(rendered) - 1)
        if total <= y1 - y0 and not cut:
            break
    y = y0 + (y1 - y0 - total) // 2
    for ln, f, colour, h in rendered:
        w = text_size(ln, f)[0]
        draw.text((x0 + (width - w) // 2, y), ln, font=f, fill=colour)
        y += h + gap


def _seat_colours(view) -> dict[str, tuple[int, int, int]]:
    return {p.name: player_colour(p.seat) for p in view.players}


# -- spaces -------------------------------------------------------------------------------
def _layout(i: int, kind: str) -> tuple[tuple | None, tuple | None, tuple]:
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
    return bar, band, tuple(content)


def _card_label(name: str) -> str:
    return "Interdimen- sional Cable TV" if "Cable" in name else name


def _draw_printed_space(draw, sp, taxes: dict[int, int]) -> None:
    """What is printed on the board itself: frame, colour bar, name, price."""
    x0, y0, x1, y1, side = cell_rect(sp.index)
    draw.rectangle([x0, y0, x1, y1], fill=CELL_BG, outline=LINE, width=2)
    if side == "corner":
        _draw_corner(draw, sp, (x0, y0, x1, y1))
        return
    bar, _band, box = _layout(sp.index, sp.kind)
    if bar:
        draw.rectangle(bar, fill=GROUP_COLOURS.get(sp.group or "", MUTED), outline=LINE, width=2)
    _text_block(draw, box, _printed_lines(sp, taxes))


def _printed_lines(sp, taxes: dict[int, int], ink=INK) -> list[tuple[str, int, bool, tuple]]:
    if sp.kind == "card":
        mark = (200, 80, 20) if "Schwifty" in sp.name else (40, 110, 190)
        return [("?", 36, True, mark), (_card_label(sp.name), 15, True, ink)]
    if sp.kind == "tax":
        return [(sp.name, 17, True, ink), (f"Pay {taxes.get(sp.index, 0)}", 17, False, ink)]
    lines = [(sp.name, 17, True, ink)]
    if sp.kind in KIND_TAG:
        lines.append((KIND_TAG[sp.kind], 11, False, MUTED))
    if sp.price:
        lines.append((f"{sp.price}", 18, False, ink))
    return lines


def _draw_ownership(image, draw, sp, colours) -> None:
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
        tag_h = 18
        x0, y0, x1, y1 = box
        draw.rectangle([x0, y0, x1, y0 + tag_h], fill=(90, 90, 96))
        draw_text_centered(draw, (x0, y0, x1, y0 + tag_h), "MORTGAGED", 13, fill=WHITE, bold=True)
        _text_block(draw, (x0, y0 + tag_h, x1, y1), _printed_lines(sp, {}, ink=(95, 95, 100)))


@lru_cache(maxsize=256)
def _owner_tag(owner: str, colour: tuple, width: int, height: int) -> Image.Image:
    """The owner's band: their name on their colour (drawn once per owner, colour and size)."""
    tag, draw = new_canvas(width, height, colour)
    f = font(16, True)
    label = ellipsize(owner, f, width - 6)
    w = text_size(label, f)[0]
    draw.text(((width - w) // 2, 1), label, font=f, fill=contrast_ink(colour))
    return tag


@lru_cache(maxsize=8)
def _printed_board(spaces_key: tuple, taxes_key: tuple) -> Image.Image:
    image, draw = new_canvas(SIZE, SIZE, BOARD_BG)
    taxes = dict(taxes_key)
    for index, name, kind, group, price in spaces_key:
        sp = _Printed(index=index, name=name, kind=kind, group=group, price=price)
        _draw_printed_space(draw, sp, taxes)
    return image


class _Printed:
    def __init__(self, **kw):
        self.__dict__.update(kw)


def _draw_corner(draw, sp, box) -> None:
    x0, y0, x1, y1 = box
    top = (x0 + 6, y0 + 6, x1 - 6, y0 + 80)
    if sp.index == 0:
        draw_text_centered(
            draw, (x0 + 6, y0 + 4, x1 - 6, y0 + 50), "GO", 44, fill=(200, 30, 40), bold=True
        )
        draw_text_centered(draw, (x0 + 6, y0 + 50, x1 - 6, y0 + 76), "COLLECT 200", 18, bold=True)
        # the direction of play: leftwards along the bottom row
        ay = y1 - 26
        draw.rectangle([x0 + 48, ay - 6, x1 - 20, ay + 6], fill=(200, 30, 40))
        draw.polygon([(x0 + 20, ay), (x0 + 52, ay - 18), (x0 + 52, ay + 18)], fill=(200, 30, 40))
    elif sp.index == 10:
        # the jail cell sits in the corner's inner (top-right) part; visitors pass along the edge
        draw.rectangle(
            [x0 + 46, y0 + 4, x1 - 4, y0 + 104], fill=(255, 200, 120), outline=LINE, width=2
        )
        draw_text_centered(draw, (x0 + 48, y0 + 6, x1 - 6, y0 + 30), "IN JAIL", 18, bold=True)
        for k in range(5):
            bx = x0 + 56 + k * 22
            draw.line([(bx, y0 + 34), (bx, y0 + 102)], fill=LINE, width=3)
        draw.text((x0 + 8, y0 + 108), "JUST VISITING", font=font(15, True), fill=INK)
    elif sp.index == 20:
        draw_text_centered(draw, top, "FREE PARKING", 22, bold=True)
    else:
        draw_text_centered(draw, top, "GO TO JAIL", 24, fill=(30, 60, 160), bold=True)


def _draw_tokens(draw, view, colours) -> None:
    by_space: dict[int, list] = {}
    jailed = []
    for p in view.players:
        if p.bankrupt:
            continue
        if p.position == 10 and p.in_jail:
            jailed.append(p)
        else:
            by_space.setdefault(p.position, []).append(p)
    for i, ps in by_space.items():
        x0, y0, x1, y1 = token_anchor(i)
        if i == 10:  # visitors: along the bottom of the corner, below the jail cell
            x0, y0, x1, y1 = 6, SIZE - 48, CORNER - 4, SIZE - 2
        _token_row(draw, ps, (x0, y0, x1, y1), colours)
    if jailed:
        jy0 = SIZE - CORNER + 36
        _token_row(draw, jailed, (50, jy0, CORNER - 6, jy0 + 66), colours)


#: token radii from the largest down; a space uses the largest that fits everyone on it
TOKEN_RADII = (28, 22, 18, 14)


def _fits(r: int, length: int) -> int:
    """How many tokens of radius ``r`` fit side by side along ``length`` pixels."""
    return max(1, (length + 2) // (2 * r + 2))


def _token_radius(n: int, w: int, h: int) -> int:
    for r in TOKEN_RADII:
        if _fits(r, w) * _fits(r, h) >= n:
            return r
    return TOKEN_RADII[-1]


def _token_row(draw, ps, box, colours) -> None:
    x0, y0, x1, y1 = box
    r = _token_radius(len(ps), x1 - x0, y1 - y0)
    per_row = _fits(r, x1 - x0)
    per_col = _fits(r, y1 - y0)
    vertical = (y1 - y0) > (x1 - x0)
    for k, p in enumerate(ps):
        if vertical:
            col, row = divmod(k, per_col)
        else:
            row, col = divmod(k, per_row)
        cx = x0 + r + col * (2 * r + 2)
        cy = y0 + r + row * (2 * r + 2)
        draw_token(draw, cx, cy, r, colours[p.name], p.figure, p.name[:1].upper())


# -- centre -------------------------------------------------------------------------------
def _die(draw, x: int, y: int, value: int, size: int = 56) -> None:
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


def _draw_centre(draw, view, colours) -> None:
    x0 = CORNER + 78
    x1 = SIZE - CORNER - 78
    y = CORNER + 78
    draw.rounded_rectangle(
        [x0 - 10, y - 10, x1 + 10, SIZE - CORNER - 68], radius=18, fill=PAPER, outline=LINE, width=2
    )
    draw.text((x0 + 6, y), "MONOPOLY", font=font(40, True), fill=(200, 30, 40))
    draw.text((x0 + 230, y + 4), "Rick and Morty", font=font(34, True), fill=(40, 140, 60))
    mode = "Quick game" if view.mode == "quick" else "Classic rules"
    rent = "owner asks for rent" if view.rent_mode == "ask" else "rent collected automatically"
    draw.text((x0 + 8, y + 50), f"{mode} \u00b7 {rent}", font=font(19), fill=MUTED)
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
        _die(draw, x1 - 128, y - 10, view.dice[0])
        _die(draw, x1 - 62, y - 10, view.dice[1])
    y += 62
    # players
    row_h = 46 if len(view.players) <= 4 else 40
    for p in view.players:
        c = colours[p.name]
        ink = MUTED if p.bankrupt else INK
        if p.name == view.current and view.winners is None:
            draw.rounded_rectangle(
                [x0 - 4, y - 2, x1 + 4, y + row_h - 6], radius=8, fill=(255, 236, 170)
            )
        draw_token(draw, x0 + 18, y + 19, 17, c, p.figure, p.name[:1].upper())
        fb = font(28, True)
        draw.text((x0 + 42, y + 2), ellipsize(p.name, fb, 250), font=fb, fill=ink)
        if p.bankrupt:
            draw.text((x0 + 300, y + 2), "bankrupt", font=font(28), fill=MUTED)
        else:
            draw.text((x0 + 300, y + 2), f"{p.cash:,}", font=fb, fill=INK)
            extras = [p.figure_name] if p.figure_name else []
            extras.append(f"{p.properties} deeds")
            if p.in_jail:
                extras.append("in jail")
            if p.jail_cards:
                extras.append(f"{p.jail_cards} jail card" + ("s" if p.jail_cards > 1 else ""))
            draw.text((x0 + 420, y + 9), " \u00b7 ".join(extras), font=font(20), fill=MUTED)
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
    bottom = SIZE - CORNER - 126
    lines: list[str] = []
    for entry in reversed(view.log):
        lines = wrap(entry, fl, x1 - x0, max_lines=2) + lines
    for ln in lines[-max(0, (bottom - y) // 27) :] if bottom > y else []:
        draw.text((x0, y), ln, font=fl, fill=(70, 70, 80))
        y += 27
    fs = font(19)
    decks = " \u00b7 ".join(f"{k.rstrip('!')} {v}" for k, v in view.deck_counts.items())
    draw.text(
        (x0, SIZE - CORNER - 128),
        f"Bank: {view.bank_stilts} flublet stilts, {view.bank_boxes} gublet boxes",
        font=fs,
        fill=MUTED,
    )
    draw.text((x0, SIZE - CORNER - 104), f"Cards in decks: {decks}", font=fs, fill=MUTED)


def render_board(view) -> bytes:
    spaces_key = tuple((sp.index, sp.name, sp.kind, sp.group, sp.price) for sp in view.spaces)
    image = _printed_board(spaces_key, tuple(sorted(view.taxes.items()))).copy()
    draw = ImageDraw.Draw(image)
    colours = _seat_colours(view)
    for sp in view.spaces:
        _draw_ownership(image, draw, sp, colours)
    _draw_centre(draw, view, colours)
    _draw_tokens(draw, view, colours)
    return to_png(image)


# -- hand ---------------------------------------------------------------------------------
def render_hand(view) -> bytes:
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
