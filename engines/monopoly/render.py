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

from engines.monopoly.views import MonopolyView, PlayerView, SpaceView
from rendering.kit import (
    INK,
    MUTED,
    PAPER,
    RGB,
    WHITE,
    Draw,
    Ink,
    contrast_ink,
    draw_text_centered,
    font,
    new_canvas,
    player_colour,
    to_png,
)
from rendering.kit import text_size as _kit_text_size
from engines.monopoly.render_figures import draw_token
from rendering.palettes import board_palette

CORNER = 156
CELL = 98
SIZE = 2 * CORNER + 9 * CELL  # 1194
BAR = 26
BAND = 26
#: the smallest text: 1/60 of the board's width, so it reads at Discord's 550 px preview
TEXT = 20
#: depth of the strip just inside the board where a space's tokens stand
TAB = 76
#: how far a line may be condensed sideways (rather than shrunk) to fit its space
SQUEEZE = 0.74
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


# -- measuring text (cached: the same words come back on every render) ---------------------
@lru_cache(maxsize=16384)
def text_size(text: str, f: Font) -> tuple[int, int]:
    return _kit_text_size(text, f)


@lru_cache(maxsize=16384)
def _width(word: str, f: Font) -> float:
    return f.getlength(word)


def ellipsize(text: str, f: Font, max_width: int) -> str:
    if _width(text, f) <= max_width:
        return text
    while text and _width(text + "\u2026", f) > max_width:
        text = text[:-1]
    return text + "\u2026"


def _hyphenate(word: str, f: Font, max_width: float) -> list[str]:
    """A word too long for any line, cut into pieces that each fit (all but the last with a
    hyphen)."""
    pieces = []
    while _width(word, f) > max_width and len(word) > 6:
        k = len(word) - 3
        while k > 3 and _width(word[:k] + "-", f) > max_width:
            k -= 1
        pieces.append(word[:k] + "-")
        word = word[k:]
    return [*pieces, word]


def squeezed_wrap(text: str, f: Font, max_width: int) -> list[str]:
    """Word wrap for a space's printed text: a line may run up to ``1 / SQUEEZE`` of the width
    (it is then drawn condensed, never in a smaller size) and a longer word is hyphenated."""
    budget = max_width / SQUEEZE
    words = [piece for word in text.split() for piece in _hyphenate(word, f, budget)]
    lines: list[str] = []
    for word in words:
        if lines and not lines[-1].endswith("-") and _width(f"{lines[-1]} {word}", f) <= budget:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


@lru_cache(maxsize=2048)
def _condensed(text: str, f: Font, width: int) -> Image.Image:
    """``text`` as a mask drawn at its full size and condensed sideways to ``width``."""
    _l, _t, right, bottom = f.getbbox(text)
    mask = Image.new("L", (max(1, int(right) + 1), max(1, int(bottom) + 1)), 0)
    ImageDraw.Draw(mask).text((0, 0), text, font=f, fill=255)
    return mask.resize((width, mask.height), Image.Resampling.LANCZOS)


def draw_fitted(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    f: Font,
    fill: Ink,
    max_width: float,
    *,
    centre: bool = False,
) -> None:
    """Draw ``text`` at ``xy``; if it is wider than ``max_width`` it is condensed sideways to
    fit (the letters keep their height, so the size stays legible). ``centre``: ``xy`` is the
    middle of the top edge."""
    x, y = xy
    w = _width(text, f)
    if w <= max_width:
        draw.text((x - w / 2 if centre else x, y), text, font=f, fill=fill)
        return
    mask = _condensed(text, f, int(max_width))
    image.paste(fill, (int(x - max_width / 2 if centre else x), int(y)), mask)


def wrap(text: str, f: Font, max_width: int, max_lines: int = 3) -> list[str]:
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
    depth = TAB
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
    label = owner if _width(owner, f) <= (width - 4) / SQUEEZE else ellipsize(owner, f, width - 4)
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
            r, spots = _grid_spots(len(ps), box)
        else:
            r, spots = _side_spots(i, len(ps))
        for p, (cx, cy) in zip(ps, spots, strict=False):
            draw_token(draw, cx, cy, r, colours[p.name], p.figure, p.name[:1].upper())
    if jailed:
        jy0 = SIZE - CORNER + 34
        r, spots = _grid_spots(len(jailed), (50, jy0, CORNER - 6, jy0 + 56))
        for p, (cx, cy) in zip(jailed, spots, strict=False):
            draw_token(draw, cx, cy, r, colours[p.name], p.figure, p.name[:1].upper())


#: token radii from the largest down; a space uses the largest that fits everyone on it
TOKEN_RADII = (28, 22, 17, 14)


def _fits(r: int, length: int) -> int:
    """How many tokens of radius ``r`` fit side by side along ``length`` pixels."""
    return max(1, (length + 2) // (2 * r + 2))


def _grid_spots(n: int, box: Box) -> tuple[int, list[tuple[int, int]]]:
    """Token centres in rows inside ``box`` (the corner squares)."""
    x0, y0, x1, y1 = box
    r = next(
        (
            r
            for r in TOKEN_RADII
            if 2 * r <= min(x1 - x0, y1 - y0) and _fits(r, x1 - x0) * _fits(r, y1 - y0) >= n
        ),
        TOKEN_RADII[-1],
    )
    per_row = _fits(r, x1 - x0)
    return r, [
        (x0 + r + (k % per_row) * (2 * r + 2), y0 + r + (k // per_row) * (2 * r + 2))
        for k in range(n)
    ]


def _clear_of_corners(cx: float, cy: float, side: str, r: int) -> bool:
    """Whether a token at (cx, cy) on ``side`` stays on its own side of the diagonal through
    each inner corner of the board, so it never touches, or seems to stand by, the first space
    of the neighbouring side."""
    lo, hi = CORNER, SIZE - CORNER
    if side in ("bottom", "top"):
        own = hi - cy if side == "bottom" else cy - lo
        across = (hi - cx, cx - lo)
    else:
        own = cx - lo if side == "left" else hi - cx
        across = (hi - cy, cy - lo)
    return all(a - own >= 1.42 * r + 2 or a >= TAB + r + 2 for a in across)


@lru_cache(maxsize=512)
def _side_spots(i: int, n: int) -> tuple[int, list[tuple[int, int]]]:
    """Centres for ``n`` tokens on side space ``i``: in the strip just inside the board next to
    the space, the row against the space first and the middle of the space first, the largest
    size that fits everyone, clear of the corners' diagonals."""
    x0, y0, x1, y1 = token_anchor(i)
    side = cell_rect(i)[4]
    along_x = side in ("bottom", "top")
    length, depth = (x1 - x0, y1 - y0) if along_x else (y1 - y0, x1 - x0)
    middle = length / 2
    # the largest size at which everyone stands apart; failing that (four or more on a space
    # beside a corner), the smallest size with the tokens overlapping like a fanned stack
    tries = [(r, 2 * r + 2) for r in TOKEN_RADII] + [(TOKEN_RADII[-1], TOKEN_RADII[-1] + 2)]
    for r, apart in tries:
        spots: list[tuple[int, int]] = []
        for row in range((depth - 2 * r) // apart + 1):
            inward = r + row * apart  # from the space's edge of the strip
            offsets: list[int] = list(range(r, length - r + 1, 2))
            if apart > r + 2:  # apart: the middle of the space first; packed: from one end
                offsets = sorted(offsets, key=lambda t: abs(t - middle))
            for t in offsets:
                if along_x:
                    cx = x0 + t
                    cy = y1 - inward if side == "bottom" else y0 + inward
                else:
                    cy = y0 + t
                    cx = x1 - inward if side == "right" else x0 + inward
                if not _clear_of_corners(cx, cy, side, r):
                    continue
                if all((cx - a) ** 2 + (cy - b) ** 2 >= apart**2 for a, b in spots):
                    spots.append((cx, cy))
                if len(spots) == n:
                    return r, spots
    return _grid_spots(n, token_anchor(i))  # more tokens than ever share a space in play


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
