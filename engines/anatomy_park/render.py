"""Anatomy Park images: the park as it grows (public) and a player's hand and plan (private).

The park may grow in any direction, so the grid is fitted to its bounding box and scaled to a
fixed width. Fonts are large relative to the image so it stays readable at Discord's ~550 px
preview; text is pasted from cached glyph masks (see ``render_text``) to stay fast.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.anatomy_park.render_text import SMALLEST, Box, centred, fitted, stamp, width
from engines.anatomy_park.views import APView, CellView, DiseaseView, PlayerView, TileView
from rendering.kit import (
    INK,
    MUTED,
    PAPER,
    WHITE,
    Draw,
    Ink,
    contrast_ink,
    font,
    player_colour,
    to_png,
    wrap,
)
from rendering.palettes import board_palette

WIDTH = 1000
MAX_CELL = 160
MAX_PARK_H = 1100
MARGIN = 14
AXIS = 28

TILE_FILL = {
    "red": (196, 52, 60),
    "blue": (62, 112, 196),
    "brown": (128, 86, 52),
    "green": (104, 170, 56),
    "yellow": (236, 190, 64),
    "white": (236, 232, 220),
    "none": (232, 150, 170),
}
CLOSED_FILL = (198, 160, 60)
CLOSED_LINE = (170, 132, 46)
GUT = (240, 218, 218)
GUT_LINE = (226, 196, 198)
DISEASE_FILL = (110, 30, 130)
HEART = (190, 30, 40)
TYPE_MARK = {
    "attraction": "ATTR",
    "cafe": "CAFE",
    "slide": "SLIDE",
    "exit": "EXIT",
    "transport": "RIDE",
    "entrance": "START",
    "focus": "FOCUS",
}
DISEASE_SHORT = {
    "hep_c": "HepC",
    "gonorrhea": "Gono",
    "e_coli": "Ecoli",
    "tuberculosis": "TB",
    "hep_a": "HepA",
    "plague": "Plague",
}


def marks(view: APView) -> dict[str, str]:
    """The letter that stands for each player on the park (their characters and their control
    markers): their initial, or their seat number where two players share an initial."""
    initials = [p.name[:1].upper() for p in view.players]
    return {
        p.name: ini if initials.count(ini) == 1 else str(p.seat + 1)
        for p, ini in zip(view.players, initials, strict=True)
    }


def _bounds(view: APView) -> tuple[int, int, int, int]:
    xs = [c.x for c in view.cells] + [p.x for p in view.players if p.x is not None]
    ys = [c.y for c in view.cells] + [p.y for p in view.players if p.y is not None]
    xs += [d.x for d in view.diseases]
    ys += [d.y for d in view.diseases]
    return min(xs), min(ys), max(xs), max(ys)


def _badge(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    kind: str,
    ink: Ink,
    size: int,
    *,
    short: bool = False,
) -> tuple[int, int]:
    """The type as a word (a letter on small tiles) in a white badge, never colour alone."""
    text = TYPE_MARK.get(kind, kind[:4].upper())
    if short:
        text = {"exit": "X", "entrance": "E"}.get(kind, text[:1])
    w = width(text, size, True)
    x0, y0 = xy
    draw.rounded_rectangle((x0, y0, x0 + w + 8, y0 + size + 6), radius=4, fill=WHITE)
    stamp(image, (x0 + 4, y0 + 2), text, size, bold=True, fill=ink)
    return w + 8, size + 6


def _closed(image: Image.Image, draw: ImageDraw.ImageDraw, inner: Box, cs: int) -> None:
    draw.rounded_rectangle(inner, radius=cs // 10, fill=CLOSED_FILL, outline=INK, width=2)
    x0, y0, x1, y1 = inner
    gap = max(10, cs // 5)
    for k in range(y0 + gap, y1 - 4, gap):
        draw.line((x0 + 6, k, x1 - 6, k), fill=CLOSED_LINE, width=3)
    if cs >= 60:
        centred(image, (x0 + 4, y0, x1 - 4, y1), "closed ride", max(SMALLEST, cs // 6), bold=True)


def _control(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    letter: str,
    seat: int,
    m: int,
) -> None:
    """A control marker: a square in the player's colour carrying their letter (a character is
    a disc, so the two never look alike)."""
    x, y = xy
    colour = player_colour(seat)
    draw.rectangle((x - 2, y - 2, x + m + 2, y + m + 2), fill=INK)
    draw.rectangle((x, y, x + m, y + m), fill=colour)
    draw.text(
        (x + m / 2 + 1, y + m / 2 + 1),
        letter,
        font=font(max(SMALLEST, m - 6), True),
        fill=contrast_ink(colour),
        anchor="mm",
    )


def _tile(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    cell: CellView,
    cs: int,
    letters: dict[str, str],
) -> None:
    x0, y0, x1, y1 = box
    pad = max(2, cs // 30)
    inner = (x0 + pad, y0 + pad, x1 - pad, y1 - pad)
    if cell.closed:
        _closed(image, draw, inner, cs)
        return
    t = cell.tile
    assert t is not None, "an open tile lies face up"
    fill = TILE_FILL.get(t.colour, TILE_FILL["none"])
    ink = contrast_ink(fill)
    draw.rounded_rectangle(inner, radius=cs // 10, fill=fill, outline=INK, width=2)
    small = max(SMALLEST, cs // 9)
    badge_ink = INK if t.colour in ("white", "yellow", "none") else fill
    bw, bh = _badge(
        image, draw, (inner[0] + 4, inner[1] + 4), t.type, badge_ink, small, short=cs < 120
    )
    if t.type != "entrance":
        vp = f"{t.vp}" + ("*" if "*" in t.text else "")
        size = max(SMALLEST, cs // 7)
        w = width(vp, size, True)
        pw = max(w + 10, size + 8)
        bx1, by0 = inner[2] - 4, inner[1] + 4
        draw.rounded_rectangle(
            (bx1 - pw, by0, bx1, by0 + size + 8),
            radius=(size + 8) // 2,
            fill=WHITE,
            outline=INK,
            width=2,
        )
        stamp(image, (bx1 - pw + (pw - w) // 2, by0 + 2), vp, size, bold=True)
    m = max(SMALLEST + 6, cs // 5)
    # the control marker: in the top row between the type and the points where it fits
    # (the name then has the rest of the tile), else in the bottom left corner
    on_top = cs >= 80
    mx, my = (inner[0] + 4 + bw + 4, inner[1] + 4) if on_top else (inner[0] + 5, inner[3] - m - 5)
    if cs >= 64:
        top = inner[1] + max(bh, m if on_top else 0) + 8
        centred(
            image,
            (inner[0] + 3, top, inner[2] - 3, inner[3] - (4 if on_top else m + 6)),
            t.name,
            max(SMALLEST, cs // 6),
            fill=ink,
            bold=True,
        )
    if cell.controller is not None:
        letter = letters.get(cell.controller, "?")
        _control(image, draw, (mx, my), letter, cell.controller_seat or 0, m)
    elif t.marker and cs >= 48:
        draw.rectangle((mx, my, mx + m, my + m), outline=ink, width=2)


def _tokens(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    chars: list[PlayerView],
    diseases: list[DiseaseView],
    cs: int,
    letters: dict[str, str],
) -> None:
    """Characters as coloured discs with the player's letter (bottom right); diseases as
    purple tags."""
    x0, y0, x1, y1 = box
    r = max(14, min(20, cs // 6))
    x, y = x1 - 6 - r, y1 - 6 - r
    size = max(SMALLEST, int(r * 1.2))
    for p in chars:
        col = player_colour(p.seat)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=col, outline=INK, width=2)
        draw.text(
            (x, y + 1),
            letters.get(p.name, "?"),
            font=font(size, True),
            fill=contrast_ink(col),
            anchor="mm",
        )
        x -= 2 * r + 2
        if x - r < x0 + cs // 4:
            x, y = x1 - 6 - r, y - 2 * r - 2
    size = max(SMALLEST, min(20, cs // 8))
    ty = y1 - 8 - size - 8
    for d in diseases:
        label = DISEASE_SHORT.get(d.effect, d.name[:6])
        w = width(label, size, True)
        bx = x0 + (x1 - x0 - w) // 2 - 12
        stand = HEART if d.ongoing else WHITE  # the rulebook's red stands: lasting effects
        draw.rounded_rectangle(
            (bx, ty, bx + w + 10, ty + size + 8),
            radius=6,
            fill=DISEASE_FILL,
            outline=stand,
            width=3,
        )
        stamp(image, (bx + 5, ty + 2), label, size, bold=True, fill=WHITE)
        ty -= size + 10


def _end_lines(view: APView) -> list[str]:
    """The end reason, whole, over as many lines as it needs (at most four), beside the heart."""
    if not view.over:
        return []
    return wrap(f"Game over: {view.end_reason}", font(26), WIDTH - 2 * MARGIN - 330, max_lines=4)


def _header_height(view: APView) -> int:
    return 80 + 32 * max(0, len(_end_lines(view)) - 1)


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, view: APView, y: int) -> int:
    title = "Anatomy Park" + (" - advanced" if view.mode == "advanced" else "")
    stamp(image, (MARGIN, y), title, 30, bold=True)
    right = f"Stack {view.stack_count} · Discard {view.discard_count}"
    stamp(image, (WIDTH - MARGIN - width(right, 26, True), y + 2), right, 26, bold=True)
    if not view.over:
        stamp(image, (MARGIN, y + 40), fitted(view.prompt, 26, False, WIDTH - 2 * MARGIN - 330), 26)
    for k, line in enumerate(_end_lines(view)):
        stamp(image, (MARGIN, y + 40 + 32 * k), line, 26)
    hearts = {0: "Ruben is fine", 1: "HEART ATTACK!", 2: "Ruben is dead"}.get(
        view.heart_attacks, ""
    )
    if view.reshuffled and view.heart_attacks == 0:
        hearts = "stack reshuffled"
    colour = HEART if view.heart_attacks else MUTED
    stamp(
        image,
        (WIDTH - MARGIN - width(hearts, 26, True), y + 40),
        hearts,
        26,
        bold=True,
        fill=colour,
    )
    return y + _header_height(view)


def _info_lines(view: APView) -> list[str]:
    """The notes under the players, each wrapped whole to the width."""
    lines = []
    if view.diseases:
        lines.append("Diseases: " + ", ".join(f"{d.name} ({d.x},{d.y})" for d in view.diseases))
    if view.ongoing:
        lines.append("In effect: " + ", ".join(view.ongoing))
    if view.last_reaction:
        lines.append(f"Last body reaction: {view.last_reaction}")
    if view.over and view.winners:
        lines.append(f"Winner: {', '.join(view.winners)}")
    f = font(24)
    return [w for ln in lines for w in wrap(ln, f, WIDTH - 2 * MARGIN, max_lines=3)]


def _players(image: Image.Image, draw: ImageDraw.ImageDraw, view: APView, y: int) -> int:
    letters = marks(view)
    for p in view.players:
        col = player_colour(p.seat)
        if view.current == p.name:
            draw.rectangle((MARGIN - 6, y - 4, WIDTH - MARGIN + 6, y + 34), fill=(255, 240, 190))
        draw.ellipse((MARGIN, y + 2, MARGIN + 28, y + 30), fill=col, outline=INK, width=2)
        draw.text(
            (MARGIN + 14, y + 17),
            letters[p.name],
            font=font(20, True),
            fill=contrast_ink(col),
            anchor="mm",
        )
        stamp(image, (MARGIN + 38, y + 2), fitted(p.name, 26, True, 190), 26, bold=True)
        status = "OUT" if p.left else ("gone" if p.removed else "")
        vp = f"{p.vp} VP" if p.score is None else f"{p.score} pts"
        stamp(image, (MARGIN + 240, y + 2), vp, 26, bold=True)
        rest = f"{p.character} · {p.hand_count} tile{'' if p.hand_count == 1 else 's'} · {p.markers_left} markers"
        if p.final_turns_left is not None and p.in_park and not view.over:
            rest += f" · {p.final_turns_left} turns left"
        stamp(image, (MARGIN + 360, y + 4), fitted(rest, 24, False, WIDTH - MARGIN - 470), 24)
        if status:
            stamp(
                image,
                (WIDTH - MARGIN - width(status, 24, True), y + 4),
                status,
                24,
                bold=True,
                fill=HEART if p.removed else (40, 130, 40),
            )
        y += 40
    for ln in _info_lines(view):
        stamp(image, (MARGIN, y + 2), ln, 24)
        y += 32
    return y


def _info_height(view: APView) -> int:
    return 40 * len(view.players) + 32 * len(_info_lines(view)) + 16


def draw_board(view: APView) -> Image.Image:
    bx0, by0, bx1, by1 = _bounds(view)
    cols, rows = bx1 - bx0 + 1, by1 - by0 + 1
    cs = max(24, min(MAX_CELL, (WIDTH - 2 * MARGIN - AXIS) // cols, MAX_PARK_H // rows))
    park_w, park_h = cols * cs, rows * cs
    height = MARGIN + _header_height(view) + AXIS + park_h + 14 + _info_height(view)
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = Draw(image)
    y = _header(image, draw, view, MARGIN - 4)
    ox = MARGIN + AXIS + max(0, (WIDTH - 2 * MARGIN - AXIS - park_w) // 2)
    oy = y + AXIS
    draw.rectangle((ox, oy, ox + park_w, oy + park_h), fill=GUT)
    for i in range(cols + 1):
        draw.line((ox + i * cs, oy, ox + i * cs, oy + park_h), fill=GUT_LINE)
    for j in range(rows + 1):
        draw.line((ox, oy + j * cs, ox + park_w, oy + j * cs), fill=GUT_LINE)
    for i in range(cols):
        t = str(bx0 + i)
        stamp(
            image,
            (ox + i * cs + (cs - width(t, 18, True)) // 2, oy - AXIS + 4),
            t,
            18,
            bold=True,
            fill=MUTED,
        )
    for j in range(rows):
        t = str(by0 + j)
        stamp(
            image,
            (ox - width(t, 18, True) - 6, oy + j * cs + cs // 2 - 10),
            t,
            18,
            bold=True,
            fill=MUTED,
        )

    def box(x: int, y_: int) -> Box:
        return (
            ox + (x - bx0) * cs,
            oy + (y_ - by0) * cs,
            ox + (x - bx0 + 1) * cs,
            oy + (y_ - by0 + 1) * cs,
        )

    letters = marks(view)
    for c in view.cells:
        _tile(image, draw, box(c.x, c.y), c, cs, letters)
    spots: dict[tuple[int, int], tuple[list[PlayerView], list[DiseaseView]]] = {}
    for p in view.players:
        if p.x is not None and p.y is not None:  # in the park (both or neither)
            spots.setdefault((p.x, p.y), ([], []))[0].append(p)
    for d in view.diseases:
        spots.setdefault((d.x, d.y), ([], []))[1].append(d)
    for (x, y_), (chars, dis) in spots.items():
        _tokens(image, draw, box(x, y_), chars, dis, cs, letters)
    _players(image, draw, view, oy + park_h + 16)
    return image


def render_board(view: APView) -> bytes:
    """The public board as an 8-bit PNG in the game's palette."""
    return to_png(draw_board(view), palette=board_palette("anatomy_park"))


def _card(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, t: TileView) -> None:
    x0, y0, x1, y1 = box
    fill = TILE_FILL.get(t.colour, TILE_FILL["none"])
    ink = contrast_ink(fill)
    draw.rounded_rectangle(box, radius=14, fill=fill, outline=INK, width=3)
    _badge(
        image, draw, (x0 + 8, y0 + 8), t.type, INK if t.colour in ("white", "yellow") else fill, 18
    )
    if t.type != "focus":
        vp = f"{t.vp} VP" + ("*" if "*" in t.text else "")
        w = width(vp, 22, True)
        draw.rounded_rectangle(
            (x1 - w - 24, y0 + 8, x1 - 8, y0 + 40), radius=8, fill=WHITE, outline=INK
        )
        stamp(image, (x1 - w - 16, y0 + 11), vp, 22, bold=True)
    centred(
        image, (x0 + 8, y0 + 46, x1 - 8, y0 + 112), t.name, 26, fill=ink, bold=True, max_lines=2
    )
    draw.rounded_rectangle((x0 + 8, y0 + 118, x1 - 8, y1 - 52), radius=8, fill=WHITE)
    centred(image, (x0 + 14, y0 + 122, x1 - 14, y1 - 56), t.text, 19, max_lines=7)


def _letter(
    image: Image.Image, draw: ImageDraw.ImageDraw, bottom_centre: tuple[int, int], letter: str
) -> None:
    """The tile's letter, as action labels name it ("Place tile B at ...")."""
    cx, by = bottom_centre
    r = 20
    draw.ellipse((cx - r, by - 2 * r - 4, cx + r, by - 4), fill=INK)
    stamp(
        image,
        (cx - width(letter, 26, True) // 2, by - 2 * r + 2),
        letter,
        26,
        bold=True,
        fill=WHITE,
    )


def render_hand(view: APView) -> bytes:
    hand = view.hand or []
    per_row, gap = 4, 12
    cw = (WIDTH - 2 * MARGIN - (per_row - 1) * gap) // per_row
    ch = 330
    n_rows = max(1, (len(hand) + per_row - 1) // per_row)
    plan_h = 170 if view.plan else 0
    act_h = 44 if view.card_to_act else 0
    height = 64 + act_h + n_rows * (ch + gap) + plan_h + 10
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = Draw(image)
    stamp(image, (MARGIN, 12), f"{view.viewer or '?'}'s hand: {len(hand)} tile(s)", 32, bold=True)
    y = 60
    if view.card_to_act:
        stamp(
            image,
            (MARGIN, y),
            fitted("Act out: " + view.card_to_act, 24, True, WIDTH - 2 * MARGIN),
            24,
            bold=True,
            fill=HEART,
        )
        y += act_h
    if not hand:
        stamp(image, (MARGIN, y + 10), "No tiles in hand.", 26, fill=MUTED)
    for i, t in enumerate(hand):
        r, c = divmod(i, per_row)
        x0 = MARGIN + c * (cw + gap)
        y0 = y + r * (ch + gap)
        _card(image, draw, (x0, y0, x0 + cw, y0 + ch), t)
        _letter(image, draw, (x0 + cw // 2, y0 + ch - 4), chr(ord("A") + i))
    if view.plan:
        y0 = y + n_rows * (ch + gap)
        draw.rounded_rectangle(
            (MARGIN, y0, WIDTH - MARGIN, y0 + plan_h - 10),
            radius=14,
            fill=WHITE,
            outline=INK,
            width=3,
        )
        stamp(image, (MARGIN + 16, y0 + 12), f"Master plan: {view.plan.name}", 28, bold=True)
        centred(image, (MARGIN + 16, y0 + 52, WIDTH - 260, y0 + 110), view.plan.text, 24)
        stamp(
            image,
            (MARGIN + 16, y0 + 116),
            f"In the park now: {view.plan.patterns_now} pattern(s)",
            24,
            bold=True,
        )
        s = 56
        cx, cy = WIDTH - MARGIN - 3 * s - 20, y0 + 40
        ring, centre = TILE_FILL[view.plan.ring], TILE_FILL[view.plan.centre]
        for dx, col in ((0, ring), (1, centre), (2, ring)):
            draw.rounded_rectangle(
                (cx + dx * s, cy, cx + dx * s + s - 4, cy + s - 4),
                radius=6,
                fill=col,
                outline=INK,
                width=2,
            )
    return to_png(image)
