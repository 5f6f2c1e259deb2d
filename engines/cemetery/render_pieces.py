"""The pieces of Cemetery Creatures' images, each drawn into a box by one function: cards (type
colour and letter), Cores, tokens (solid unspent, ring spent), type chips, Parts badges, Cemetery
stacks and piles, and the last-turn line. The board, the hand and the legend's key all draw
with these, so the key shows exactly what the board shows.
"""

from __future__ import annotations

from engines.cemetery.data import KIND_WORDS
from engines.cemetery.views import CardView, StackView
from i18n.speaking import shown
from rendering import family
from rendering.kit import INK, MUTED, WHITE, Draw, Ink, contrast_ink, font, text_size

#: (x0, y0, x1, y1)
Box = tuple[int, int, int, int]

#: one width for every board; the height follows the position but never passes the width
WIDTH = 800
#: the smallest text: 9 px at Discord's 400 px phone preview
TEXT = family.phone_min_text(WIDTH)
SIZES = family.sizes(WIDTH)
MARGIN = 10
HALF = WIDTH // 2

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
HATCH = (172, 172, 172)
EMPTY = (228, 224, 214)
BACK = (70, 62, 84)
BACK_CROSS = (120, 110, 136)
CORE_BG = (40, 36, 44)
BAND = (236, 231, 220)
YARD = (224, 220, 230)
KIND_BAND = (250, 248, 242)
INACTIVE = (150, 146, 138)
#: every colour the pieces draw, for the board's palette (``rendering.palettes`` keeps the
#: colours named in the board's module exact; the board names these through it)
PIECE_COLOURS = [
    *TYPE_COLOURS.values(),
    UNSPENT,
    SPENT,
    FLIPPED,
    HATCH,
    EMPTY,
    BACK,
    BACK_CROSS,
    CORE_BG,
    BAND,
    YARD,
    KIND_BAND,
    INACTIVE,
]
LAST = family.LAST
THEME_BAND = (44, 38, 52)
THEME_ACCENT = (150, 196, 120)
THEME = family.Theme(
    title="Cemetery Creatures", band=THEME_BAND, ink=WHITE, accent=THEME_ACCENT, art="graves"
)


def centred(
    draw: Draw, box: Box, text: str, size: int, *, fill: Ink = INK, bold: bool = False
) -> None:
    """One short line centred in ``box``."""
    if not text:
        return
    x0, y0, x1, y1 = box
    draw.text(((x0 + x1) // 2, (y0 + y1) // 2), text, font=font(size, bold), fill=fill, anchor="mm")


# -- cards ----------------------------------------------------------------------------------------
def type_letters(card: CardView) -> str:
    """The letter cue of a card's types ("F", "F/B"; "?" flipped; "" face down)."""
    if card.hidden:
        return ""
    if card.flipped:
        return "?"
    return "/".join(TYPE_LETTER[t] for t in card.types)


def _kind_word(card: CardView) -> str:
    if card.hidden:
        return ""
    word = KIND_WORDS.get("core" if card.category == "core" else (card.kind or ""))
    return shown(word) if word is not None else ""


def _hatch(draw: Draw, box: Box) -> None:
    x0, y0, x1, y1 = box
    h = y1 - y0
    for d in range(-h, x1 - x0, 8):
        sx, sy, ex, ey = x0 + d, y1, x0 + d + h, y0
        if sx < x0:
            sy, sx = sy - (x0 - sx), x0
        if ex > x1:
            ey, ex = ey + (ex - x1), x1
        draw.line((sx, sy, ex, ey), fill=HATCH, width=1)


def card_face(draw: Draw, box: Box, card: CardView, *, size: int = TEXT, kind: bool = True) -> None:
    """A card: its type colour and letter; a dual split in two halves, each with its letter; a
    flipped Part grey, hatched, with "?"; a face-down one a back with a cross. With ``kind`` and
    room, its kind ("arm", "Core") on a light band along the bottom, which the dual's divider
    stops above, so the divider never runs through the words."""
    x0, y0, x1, y1 = box
    if card.hidden:
        draw.rectangle(box, fill=BACK)
        draw.line((x0 + 4, y0 + 4, x1 - 4, y1 - 4), fill=BACK_CROSS, width=3)
        draw.line((x0 + 4, y1 - 4, x1 - 4, y0 + 4), fill=BACK_CROSS, width=3)
        return
    band = (
        kind
        and (y1 - y0) >= 2 * size + 10
        and text_size(_kind_word(card), font(size))[0] <= x1 - x0 - 2
    )
    top = y1 - size - 5 if band else y1
    lf = font(size, True)
    if card.flipped:
        draw.rectangle(box, fill=FLIPPED)
        _hatch(draw, (x0, y0, x1, top))
        draw.text((x0 + 4, y0 + 2), "?", font=lf, fill=WHITE)
    elif card.dual:
        a, b = card.types
        mid = (x0 + x1) // 2
        draw.rectangle((x0, y0, mid, y1), fill=TYPE_COLOURS[a])
        draw.rectangle((mid + 1, y0, x1, y1), fill=TYPE_COLOURS[b])
        draw.line((mid, y0, mid, top), fill=WHITE, width=2)
        ly = y0 + 2 + size // 2 + (top - y0 - size - 4) // 2 * (0 if band else 1)
        draw.text(
            ((x0 + mid) // 2, ly),
            TYPE_LETTER[a],
            font=lf,
            fill=contrast_ink(TYPE_COLOURS[a]),
            anchor="mm",
        )
        draw.text(
            ((mid + x1) // 2, ly),
            TYPE_LETTER[b],
            font=lf,
            fill=contrast_ink(TYPE_COLOURS[b]),
            anchor="mm",
        )
    else:
        colour = TYPE_COLOURS[card.types[0]]
        draw.rectangle(box, fill=colour)
        ly = y0 + 2 + size // 2 + (top - y0 - size - 4) // 2 * (0 if band else 1)
        draw.text(
            ((x0 + x1) // 2, ly),
            TYPE_LETTER[card.types[0]],
            font=lf,
            fill=contrast_ink(colour),
            anchor="mm",
        )
    if band:
        draw.rectangle((x0, top, x1, y1), fill=KIND_BAND)
        centred(draw, (x0, top, x1, y1), _kind_word(card), size, fill=INK)


def core_face(draw: Draw, box: Box, core_type: str, size: int = TEXT) -> None:
    """A creature's Core: dark, ringed in its type's colour, with its letter."""
    colour = TYPE_COLOURS[core_type]
    draw.rectangle(box, fill=CORE_BG)
    inset = max(2, (box[2] - box[0]) // 14)
    draw.rectangle(
        (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset),
        outline=colour,
        width=max(2, inset),
    )
    centred(draw, box, TYPE_LETTER[core_type], size + 4, fill=colour, bold=True)


# -- tokens, chips, badges ------------------------------------------------------------------------
def token_disc(draw: Draw, centre: tuple[int, int], r: int, *, spent: bool) -> None:
    """A Revenge or Science token: unspent a solid green disc, spent a red ring (shape tells
    them apart, not only the colour)."""
    x, y = centre
    if spent:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=WHITE, outline=SPENT, width=max(3, r // 3))
    else:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=UNSPENT, outline=INK, width=1)


def tokens_pair(draw: Draw, x: int, y: int, label: str, unspent: int, spent: int, h: int) -> int:
    """'Revenge ● 3 ○ 1' on a line of height ``h`` from (x, y); returns the x after it."""
    f = font(TEXT, True)
    cy = y + h // 2
    draw.text((x, cy), label, font=f, fill=INK, anchor="lm")
    x += text_size(label, f)[0] + 8
    r = TEXT // 2
    for count, spent_ in ((unspent, False), (spent, True)):
        token_disc(draw, (x + r, cy), r, spent=spent_)
        draw.text((x + 2 * r + 4, cy), str(count), font=f, fill=INK, anchor="lm")
        x += 2 * r + 8 + text_size(str(count), f)[0] + 8
    return x + 6


def state_chip(draw: Draw, x: int, y: int, type_: str, pairs: int, stable: bool) -> int:
    """A type's state on a creature: stable a solid chip in the type's colour ("F1": one
    stable Flesh pair), unstable an outlined chip with "!" ("F1!"). Returns its width."""
    f = font(TEXT, True)
    text = TYPE_LETTER[type_] + (str(pairs) if pairs else "") + ("" if stable else "!")
    w = text_size(text, f)[0] + 10
    box = (x, y, x + w, y + TEXT + 6)
    if stable:
        draw.rounded_rectangle(box, radius=5, fill=TYPE_COLOURS[type_])
        centred(draw, box, text, TEXT, fill=contrast_ink(TYPE_COLOURS[type_]), bold=True)
    else:
        draw.rounded_rectangle(box, radius=5, fill=WHITE, outline=SPENT, width=2)
        centred(draw, box, text, TEXT, fill=SPENT, bold=True)
    return w


def parts_badge(draw: Draw, right: int, y: int, parts: int, active: bool) -> int:
    """A creature's Parts out of 8: solid green when active (4 or more), outlined grey when
    not. Drawn ending at ``right``; returns its width."""
    f = font(TEXT, True)
    text = f"{parts}/8"
    w = text_size(text, f)[0] + 10
    box = (right - w, y, right, y + TEXT + 6)
    if active:
        draw.rounded_rectangle(box, radius=5, fill=UNSPENT)
        centred(draw, box, text, TEXT, fill=WHITE, bold=True)
    else:
        draw.rounded_rectangle(box, radius=5, fill=WHITE, outline=INACTIVE, width=2)
        centred(draw, box, text, TEXT, fill=INK, bold=True)
    return w


def mark_token(draw: Draw, box: Box, card: CardView, mark: str) -> None:
    """A Revenge token marking a dual Part: a spent ring on the marked half, or the centre."""
    a, b = card.types if len(card.types) == 2 else (mark, mark)
    x0, y0, x1, y1 = box
    cy = (y0 + y1) // 2
    x = {a: (x0 + (x0 + x1) // 2) // 2, b: ((x0 + x1) // 2 + x1) // 2}.get(mark, (x0 + x1) // 2)
    r = max(6, (x1 - x0) // 7)
    token_disc(draw, (x, cy), r, spent=True)


def stack_face(draw: Draw, box: Box, stack: StackView) -> None:
    """A Cemetery stack: its Cemetery Part (letters, kind); with more cards, a dark strip along
    the bottom with the number of cards ("×3") and the top card (a back if face down)."""
    x0, y0, x1, y1 = box
    base, top = stack.cards[0], stack.cards[-1]
    row = TEXT + 4
    many = len(stack.cards) > 1
    face = (x0, y0, x1, y1 - (row + 2 if many else 0))
    card_face(draw, face, base)
    draw.rectangle(face, outline=INK)
    if many:
        draw.rectangle((x0, y1 - row, x1, y1), fill=INK)
        draw.text(
            (x0 + 3, y1 - row // 2),
            f"×{len(stack.cards)}",
            font=font(TEXT, True),
            fill=WHITE,
            anchor="lm",
        )
        card_face(draw, (x1 - row + 2, y1 - row + 2, x1 - 2, y1 - 2), top, kind=False)


def pile_icon(draw: Draw, box: Box, count: int) -> None:
    """A draw pile: a card back with the number of cards left (an empty pile a pale outline)."""
    draw.rectangle(box, fill=BACK if count else EMPTY, outline=INK)
    centred(draw, box, str(count), TEXT, fill=WHITE if count else MUTED, bold=True)
