"""Cemetery Creatures board and hand images, drawn from views only.

The board: a header (turn, phase, whose move, the token supplies), then each player's band
(tokens unspent/spent, Pet Cemetery, creatures left to right as 3x3 grids with each type's
stable/unstable state), then the Cemetery with stack heights and the two piles. Drawn 1100 px
wide so Discord's ~550 px preview stays readable.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from engines.cemetery.data import creature_name
from engines.cemetery.views import CardView, CemeteryView, CreatureView, PlayerView
from rendering.kit import (
    INK,
    MUTED,
    PAPER,
    WHITE,
    Ink,
    contrast_ink,
    draw_text_centered,
    ellipsize,
    font,
    new_canvas,
    player_colour,
    text_size,
    to_png,
    wrap,
)
from rendering.palettes import board_palette

#: (x0, y0, x1, y1)
Box = tuple[int, int, int, int]

#: one width for every board: more creatures wrap to a second row, so the text never shrinks
WIDTH = 820
#: the smallest text: 1/60 of the width, so it reads at Discord's 550 px preview
TEXT = 14
FOOTER = 48
MARGIN = 16
CELL = 54
GRID = CELL * 3
SLOT_W = GRID + 26
CREATURE_H = GRID + 62

TYPE_COLOURS = {
    "flesh": (222, 112, 112),
    "beast": (196, 140, 62),
    "plant": (96, 170, 88),
    "monster": (146, 104, 196),
}
TYPE_LETTER = {"flesh": "F", "beast": "B", "plant": "P", "monster": "M"}
UNSPENT = (46, 150, 70)
SPENT = (200, 56, 56)
FLIPPED = (150, 150, 150)
EMPTY = (228, 224, 214)
BACK = (70, 62, 84)
BAND = (236, 231, 220)
GRID_POS = {
    "NW": (0, 0),
    "N": (1, 0),
    "NE": (2, 0),
    "W": (0, 1),
    "E": (2, 1),
    "SW": (0, 2),
    "S": (1, 2),
    "SE": (2, 2),
}
KIND_SHORT = {"head": "head", "arm": "arm", "leg": "leg", "tail": "tail", "wing": "wing"}


def _centred(
    draw: ImageDraw.ImageDraw,
    box: Box,
    text: str,
    size: int,
    *,
    fill: Ink = INK,
    bold: bool = False,
) -> None:
    """One short line centred in ``box`` (a single draw call; long texts use the kit's wrapper)."""
    if not text:
        return
    x0, y0, x1, y1 = box
    draw.text(((x0 + x1) // 2, (y0 + y1) // 2), text, font=font(size, bold), fill=fill, anchor="mm")


# -- small pieces ---------------------------------------------------------------------------------
def _card_fill(draw: ImageDraw.ImageDraw, box: Box, card: CardView) -> None:
    """A card's face: its type colour, a dual split in two, a flipped Part grey, a hidden one a back."""
    x0, y0, x1, y1 = box
    if card.hidden:
        draw.rectangle(box, fill=BACK)
        draw.line((x0 + 4, y0 + 4, x1 - 4, y1 - 4), fill=(110, 100, 126), width=2)
        draw.line((x0 + 4, y1 - 4, x1 - 4, y0 + 4), fill=(110, 100, 126), width=2)
        return
    if card.flipped:
        draw.rectangle(box, fill=FLIPPED)
        h = y1 - y0
        for d in range(-h, x1 - x0, 8):
            sx, sy, ex, ey = x0 + d, y1, x0 + d + h, y0
            if sx < x0:
                sy, sx = sy - (x0 - sx), x0
            if ex > x1:
                ey, ex = ey + (ex - x1), x1
            draw.line((sx, sy, ex, ey), fill=(172, 172, 172), width=1)
        return
    if card.dual:
        a, b = card.types
        mid = (x0 + x1) // 2
        draw.rectangle((x0, y0, mid, y1), fill=TYPE_COLOURS[a])
        draw.rectangle((mid + 1, y0, x1, y1), fill=TYPE_COLOURS[b])
        draw.line((mid, y0, mid, y1), fill=WHITE, width=1)
        return
    draw.rectangle(box, fill=TYPE_COLOURS[card.types[0]])


def _card_text(card: CardView) -> str:
    if card.hidden:
        return ""
    if card.category == "core":
        return "CORE"
    return KIND_SHORT.get(card.kind or "", "")


def _token(
    draw: ImageDraw.ImageDraw, x: int, y: int, r: int, colour: Ink, *, ring: bool = False
) -> None:
    """A token disc; a spent one is a ring, so the shape tells it apart, not only the colour."""
    if ring:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=WHITE, outline=colour, width=4)
        return
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=WHITE, width=2)


def _tokens_line(
    draw: ImageDraw.ImageDraw, x: int, y: int, label: str, unspent: int, spent: int
) -> int:
    """'Revenge ●3 ●1' with green unspent and red spent counts; returns the x after it."""
    f = font(16, True)
    draw.text((x, y), label, font=f, fill=INK)
    x += text_size(label, f)[0] + 10
    for count, colour in ((unspent, UNSPENT), (spent, SPENT)):
        _token(draw, x + 9, y + 10, 9, colour, ring=colour == SPENT)
        draw.text((x + 22, y), str(count), font=f, fill=colour)
        x += 26 + text_size(str(count), f)[0] + 8
    return x + 8


# -- a creature -----------------------------------------------------------------------------------
def creature_title(c: CreatureView, f: ImageFont.FreeTypeFont, room: int) -> str:
    """The creature named as moves name it ("creature 2"), so "Stitch ... to creature 2
    (Flesh Core), top-left" points at it; its Core's type after, where there is room."""
    name = creature_name(c.index)
    full = f"{name} {c.core_type.title()}"
    return full if text_size(full, f)[0] <= room else ellipsize(name, f, room)


def _draw_creature(draw: ImageDraw.ImageDraw, x: int, y: int, c: CreatureView) -> None:
    gx = x + (SLOT_W - GRID) // 2
    f = font(15, True)
    draw.text((gx, y), creature_title(c, f, GRID - 40), font=f, fill=INK)
    badge = f"{c.parts}/8"
    bf = font(14, True)
    bw = text_size(badge, bf)[0] + 10
    bx = gx + GRID - bw
    draw.rounded_rectangle(
        (bx, y + 1, bx + bw, y + 19), radius=5, fill=UNSPENT if c.active else (170, 166, 156)
    )
    draw.text((bx + 5, y + 2), badge, font=bf, fill=WHITE)
    gy = y + 24
    cells = {cell.pos: cell for cell in c.cells}
    for pos, (cx, cy) in [("C", (1, 1))] + list(GRID_POS.items()):
        box = (gx + cx * CELL, gy + cy * CELL, gx + (cx + 1) * CELL - 2, gy + (cy + 1) * CELL - 2)
        if pos == "C":
            colour = TYPE_COLOURS[c.core_type]
            draw.rectangle(box, fill=(40, 36, 44))
            draw.rectangle(
                (box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4), outline=colour, width=4
            )
            _centred(draw, box, TYPE_LETTER[c.core_type], 22, fill=colour, bold=True)
            continue
        cell = cells.get(pos)
        if cell is None:
            draw.rectangle(box, fill=EMPTY)
            continue
        _card_fill(draw, box, cell.card)
        ink = (
            WHITE
            if cell.card.dual or cell.card.flipped
            else contrast_ink(TYPE_COLOURS[cell.card.types[0]])
        )
        _centred(
            draw, (box[0], box[1] + CELL // 2, box[2], box[3]), _card_text(cell.card), 16, fill=ink
        )
        if cell.card.dual and not cell.card.flipped:
            a, b = cell.card.types
            lf = font(17, True)
            draw.text((box[0] + 4, box[1] + 2), TYPE_LETTER[a], font=lf, fill=WHITE)
            draw.text((box[2] - 4, box[1] + 2), TYPE_LETTER[b], font=lf, fill=WHITE, anchor="ra")
        elif cell.card.flipped:
            draw.text((box[0] + 4, box[1] + 2), "?", font=font(17, True), fill=WHITE)
        else:
            draw.text(
                (box[0] + 4, box[1] + 2),
                TYPE_LETTER[cell.card.types[0]],
                font=font(17, True),
                fill=ink,
            )
        if cell.mark:
            a, b = cell.card.types
            mx, my = {
                a: (box[0] + 12, (box[1] + box[3]) // 2 - 2),
                b: (box[2] - 12, (box[1] + box[3]) // 2 - 2),
                "both": ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
            }[cell.mark]
            _token(draw, mx, my, 8, SPENT, ring=True)
    # per-type state: stable (solid chip) / unstable (outlined chip with '!')
    sy = gy + GRID + 4
    sx = gx
    chips = [(t, s) for t, s in c.statuses.items() if s is not None]
    if not c.active:
        draw.text((gx, sy), "inactive", font=font(14), fill=MUTED)
        return
    cf = font(15, True)
    for t, s in chips:
        n = c.pairs.get(t, 0)
        text = TYPE_LETTER[t] + (str(n) if n else "") + ("" if s == "stable" else "!")
        w = text_size(text, cf)[0] + 10
        if sx + w > gx + GRID + 10:
            break
        if s == "stable":
            draw.rounded_rectangle((sx, sy, sx + w, sy + 20), radius=5, fill=TYPE_COLOURS[t])
            draw.text((sx + 5, sy + 2), text, font=cf, fill=contrast_ink(TYPE_COLOURS[t]))
        else:
            draw.rounded_rectangle(
                (sx, sy, sx + w, sy + 20), radius=5, fill=WHITE, outline=SPENT, width=2
            )
            draw.text((sx + 5, sy + 2), text, font=cf, fill=SPENT)
        sx += w + 4


# -- a player's band ------------------------------------------------------------------------------
def _band_height(p: PlayerView, width: int) -> int:
    per_row = max(1, (width - 2 * MARGIN) // SLOT_W)
    if not p.creatures:
        return 44 + 40
    rows = -(-len(p.creatures) // per_row)
    return 44 + rows * CREATURE_H + 6


def _draw_player(
    draw: ImageDraw.ImageDraw, y: int, p: PlayerView, view: CemeteryView, width: int
) -> int:
    h = _band_height(p, width)
    colour = player_colour(p.seat)
    draw.rectangle((MARGIN // 2, y, width - MARGIN // 2, y + h - 4), fill=BAND)
    draw.rectangle((MARGIN // 2, y, MARGIN // 2 + 6, y + h - 4), fill=colour)
    turn = p.name == view.current and not view.finished
    f = font(20, True)
    x = MARGIN + 6
    if turn:
        draw.polygon([(x, y + 11), (x + 14, y + 19), (x, y + 27)], fill=INK)
        x += 20
    name = ellipsize(p.name, f, 200)
    draw.text((x, y + 8), name, font=f, fill=INK)
    x += text_size(name, f)[0] + 12
    role = "1st" if p.first else "2nd"
    draw.text((x, y + 11), role, font=font(14), fill=MUTED)
    x += 36
    x = _tokens_line(draw, x, y + 10, "Revenge", p.revenge, p.revenge_spent)
    x = _tokens_line(draw, x, y + 10, "Science", p.science, p.science_spent)
    draw.text((x, y + 10), f"= {p.total}", font=font(18, True), fill=INK)
    # Pet Cemetery at the right end of the header line
    px = width - MARGIN - 8
    if p.pet:
        for card in reversed(p.pet[-6:]):
            px -= 22
            box = (px, y + 8, px + 18, y + 34)
            _card_fill(draw, box, card)
            draw.rectangle(box, outline=INK)
        draw.text((px - 40, y + 11), "Pet", font=font(14, True), fill=INK)
    elif p.hand_count:
        hand = f"hand {p.hand_count}"
        draw.text((px - text_size(hand, font(14))[0], y + 11), hand, font=font(14), fill=MUTED)
    per_row = max(1, (width - 2 * MARGIN) // SLOT_W)
    cy = y + 44
    if not p.creatures:
        draw.text((MARGIN + 12, cy), "no creatures yet", font=font(16), fill=MUTED)
    for i, c in enumerate(p.creatures):
        row, col = divmod(i, per_row)
        _draw_creature(draw, MARGIN + col * SLOT_W, cy + row * CREATURE_H, c)
    return y + h


# -- the Cemetery and the piles -------------------------------------------------------------------
STACK_W = 50
STACK_H = 64


def _cemetery_height(view: CemeteryView, width: int) -> int:
    per_row = max(1, (width - 2 * MARGIN - 190) // (STACK_W + 8))
    rows = max(1, -(-len(view.cemetery) // per_row))
    return 42 + rows * (STACK_H + 14) + 8


def _draw_cemetery(draw: ImageDraw.ImageDraw, y: int, view: CemeteryView, width: int) -> int:
    h = _cemetery_height(view, width)
    draw.rectangle((MARGIN // 2, y, width - MARGIN // 2, y + h - 4), fill=(222, 218, 228))
    draw.text(
        (MARGIN + 4, y + 6), f"Cemetery ({len(view.cemetery)})", font=font(18, True), fill=INK
    )
    per_row = max(1, (width - 2 * MARGIN - 190) // (STACK_W + 8))
    if not view.cemetery:
        draw.text((MARGIN + 4, y + 40), "empty", font=font(16), fill=MUTED)
    for i, stack in enumerate(view.cemetery):
        row, col = divmod(i, per_row)
        x = MARGIN + 4 + col * (STACK_W + 8)
        sy = y + 42 + row * (STACK_H + 14)
        base = stack.cards[0]
        top = stack.cards[-1]
        for k in range(min(len(stack.cards) - 1, 4), 0, -1):
            draw.rectangle(
                (x + 3 * k, sy - 3 * k + 3, x + STACK_W + 3 * k - 6, sy + STACK_H - 3 * k),
                fill=(90, 84, 100),
                outline=INK,
            )
        box = (x, sy + 3, x + STACK_W - 6, sy + STACK_H)
        _card_fill(draw, box, base)
        draw.rectangle(box, outline=INK)
        ink = WHITE if base.dual or base.flipped else contrast_ink(TYPE_COLOURS[base.types[0]])
        letters = "?" if base.flipped else "/".join(TYPE_LETTER[t] for t in base.types)
        _centred(draw, (box[0], box[1] + 2, box[2], box[1] + 24), letters, 14, fill=ink, bold=True)
        _centred(draw, (box[0], box[1] + 22, box[2], box[3] - 16), _card_text(base), 14, fill=ink)
        if len(stack.cards) > 1:
            badge = f"{len(stack.cards)}"
            bx, by = box[2] - 4, box[1] - 2
            draw.ellipse((bx - 11, by - 11, bx + 11, by + 11), fill=INK)
            _centred(draw, (bx - 11, by - 11, bx + 11, by + 11), badge, 14, fill=WHITE, bold=True)
            if not top.hidden and top is not base:
                # the face-up top card as a strip along the bottom of the stack
                tb = (box[0] + 1, box[3] - 17, box[2] - 1, box[3] - 1)
                _card_fill(draw, tb, top)
                draw.rectangle(tb, outline=WHITE)
                tl = "?" if top.flipped else "/".join(TYPE_LETTER[t] for t in top.types)
                _centred(draw, tb, tl, TEXT, fill=WHITE, bold=True)
    # piles
    px = width - MARGIN - 180
    for i, (label, count) in enumerate((("Cores", view.core_pile), ("Parts", view.part_pile))):
        x = px + i * 90
        box = (x, y + 8, x + 56, y + 8 + STACK_H)
        draw.rectangle(box, fill=BACK if count else EMPTY, outline=INK)
        _centred(draw, box, str(count), 22, fill=WHITE if count else MUTED, bold=True)
        draw.text((x, y + 12 + STACK_H), label, font=font(14, True), fill=INK)
    return y + h


def _header_height() -> int:
    return 62


def _draw_header(draw: ImageDraw.ImageDraw, view: CemeteryView, width: int) -> None:
    draw.rectangle((0, 0, width, 56), fill=(44, 38, 52))
    f = font(22, True)
    if view.finished:
        title = f"Game over — {view.outcome}"
    else:
        title = f"Turn {view.turn} · {view.current} · {view.phase_title}"
        if view.final_round:
            title += " · FINAL ROUND"
    draw.text((MARGIN, 6), ellipsize(title, f, width - 380), font=f, fill=WHITE)
    draw.text(
        (MARGIN, 33),
        ellipsize(view.prompt, font(15), width - 2 * MARGIN),
        font=font(15),
        fill=(210, 206, 220),
    )
    x = width - 360
    draw.text((x, 8), "Supply", font=font(16, True), fill=WHITE)
    for i, (label, n) in enumerate(
        (("Revenge", view.supply_revenge), ("Science", view.supply_science))
    ):
        bx = x + 70 + i * 140
        _token(draw, bx + 10, 18, 10, UNSPENT if n else SPENT)
        draw.text((bx + 26, 7), f"{label} {n}", font=font(17, True), fill=WHITE)


LEGEND = (
    "Tokens: solid = unspent, ring = spent.  Chips: F1 = one stable Flesh pair, F1! = unstable."
    "  Stacks: the lower strip is the top card."
)


def _draw_footer(draw: ImageDraw.ImageDraw, y: int, width: int) -> None:
    f = font(TEXT)
    for k, line in enumerate(wrap(LEGEND, f, width - 2 * MARGIN, max_lines=2)):
        draw.text((MARGIN, y + 4 + 20 * k), line, font=f, fill=MUTED)


def draw_board(view: CemeteryView) -> Image.Image:
    width = WIDTH
    height = (
        _header_height()
        + sum(_band_height(p, width) for p in view.players)
        + _cemetery_height(view, width)
        + FOOTER
    )
    image, draw = new_canvas(width, height, PAPER)
    _draw_header(draw, view, width)
    y = _header_height()
    for p in view.players:
        y = _draw_player(draw, y, p, view, width)
    y = _draw_cemetery(draw, y, view, width)
    _draw_footer(draw, y, width)
    return image


def render_board(view: CemeteryView) -> bytes:
    """The public board as an 8-bit PNG in the game's palette."""
    return to_png(draw_board(view), palette=board_palette("cemetery"))


# -- the hand -------------------------------------------------------------------------------------
HAND_CARD_W = 120
HAND_CARD_H = 150


def _draw_big_card(
    draw: ImageDraw.ImageDraw, x: int, y: int, card: CardView, note: str = ""
) -> None:
    box = (x, y, x + HAND_CARD_W, y + HAND_CARD_H)
    _card_fill(draw, box, card)
    draw.rectangle(box, outline=INK, width=2)
    if card.hidden:
        return
    ink = (
        WHITE
        if card.dual or card.flipped or card.category == "core"
        else contrast_ink(TYPE_COLOURS[card.types[0]])
    )
    if card.category == "core":
        draw.rectangle(
            (x + 10, y + 10, x + HAND_CARD_W - 10, y + HAND_CARD_H - 10), outline=WHITE, width=3
        )
    kind = "Core" if card.category == "core" else (card.kind or "").title()
    types = "flipped" if card.flipped else " / ".join(t.title() for t in card.types)
    draw_text_centered(
        draw,
        (x + 4, y + 20, x + HAND_CARD_W - 4, y + 70),
        types,
        18,
        fill=ink,
        bold=True,
        smallest=TEXT,
    )
    _centred(draw, (x + 4, y + 78, x + HAND_CARD_W - 4, y + 112), kind, 20, fill=ink)
    if note:
        strip = (x + 2, y + HAND_CARD_H - 30, x + HAND_CARD_W - 2, y + HAND_CARD_H - 2)
        draw.rectangle(strip, fill=INK)
        _centred(draw, strip, note, 17, fill=WHITE, bold=True)


def render_hand(view: CemeteryView) -> bytes:
    me = next((p for p in view.players if p.name == view.viewer), None)
    rows: list[tuple[str, list[tuple[CardView, str]]]] = []
    if me is not None:
        rows.append(("Your hand", [(c, f"card {i}") for i, c in enumerate(me.hand or [], 1)]))
        if me.pet:
            pet = [
                (c, "top" if i == len(me.pet) - 1 else ("face down" if not c.face_up else ""))
                for i, c in enumerate(me.pet)
            ]
            rows.append(("Your Pet Cemetery (bottom to top)", pet))
        peeked = [
            (c, "face down")
            for s in view.cemetery
            for c in s.cards
            if not c.face_up and not c.hidden
        ]
        if peeked:
            rows.append(("Parts you bound face down in the Cemetery", peeked))
    if view.choosing is not None:
        rows.append(("Now placing", [(view.choosing, "")]))
    per_row = 6
    width = MARGIN * 2 + per_row * (HAND_CARD_W + 12)
    height = 20
    for _, cards in rows:
        height += 34 + max(1, -(-len(cards) // per_row)) * (HAND_CARD_H + 12)
    height = max(height, 120)
    image, draw = new_canvas(width, height, PAPER)
    if me is None:
        _centred(draw, (0, 0, width, height), "Spectators have no hand.", 20, fill=MUTED)
        return to_png(image)
    y = 12
    for title, cards in rows:
        draw.text((MARGIN, y), title, font=font(20, True), fill=INK)
        y += 34
        if not cards:
            draw.text((MARGIN, y + 10), "empty", font=font(16), fill=MUTED)
        for i, (card, note) in enumerate(cards):
            r, c = divmod(i, per_row)
            _draw_big_card(
                draw, MARGIN + c * (HAND_CARD_W + 12), y + r * (HAND_CARD_H + 12), card, note
            )
        y += max(1, -(-len(cards) // per_row)) * (HAND_CARD_H + 12)
    return to_png(image)
