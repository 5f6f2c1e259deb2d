"""Cemetery Creatures' hand image: what only its viewer may see (their hand, their Pet
Cemetery, the Parts they bound face down, the card they are placing), as big cards."""

from __future__ import annotations

from collections.abc import Sequence

from engines.cemetery.data import TYPE_NAMES
from engines.cemetery.render_pieces import (
    KIND_BAND,
    MARGIN,
    TYPE_COLOURS,
    card_face,
    centred,
)
from engines.cemetery.views import CardView, CemeteryView
from i18n.speaking import tr
from rendering import family
from rendering.kit import (
    INK,
    MUTED,
    PAPER,
    WHITE,
    Draw,
    contrast_ink,
    ellipsize,
    font,
    new_canvas,
    text_size,
    to_png,
    wrap,
)

# -- the hand -------------------------------------------------------------------------------------
HAND_WIDTH = 800
HAND_TEXT = family.phone_min_text(HAND_WIDTH)
HAND_PER_ROW = 5
HAND_GAP = 12
HAND_CARD_W = (HAND_WIDTH - 2 * MARGIN - (HAND_PER_ROW - 1) * HAND_GAP) // HAND_PER_ROW
HAND_CARD_H = 170
HAND_TITLE_H = HAND_TEXT + 22


def _draw_big_card(draw: Draw, x: int, y: int, card: CardView, note: str = "") -> None:
    """A hand card: its face (type letters big), the types and kind in words, a note strip."""
    box = (x, y, x + HAND_CARD_W, y + HAND_CARD_H)
    card_face(draw, box, card, size=HAND_TEXT + 8, kind=True)
    draw.rectangle(box, outline=INK, width=2)
    if card.hidden:
        return
    types = tr("flipped") if card.flipped else " / ".join(TYPE_NAMES[t] for t in card.types)
    ink = WHITE if card.flipped else contrast_ink(TYPE_COLOURS[card.types[0]])
    words = wrap(types, font(HAND_TEXT, True), HAND_CARD_W - 12, max_lines=2)
    for k, ln in enumerate(words):
        ty = y + HAND_TEXT + 24 + k * (HAND_TEXT + 4)
        if card.dual:  # on a plain label, clear of the two halves' divider
            tw = text_size(ln, font(HAND_TEXT, True))[0]
            draw.rectangle(
                (
                    x + (HAND_CARD_W - tw) // 2 - 4,
                    ty - 1,
                    x + (HAND_CARD_W + tw) // 2 + 4,
                    ty + HAND_TEXT + 3,
                ),
                fill=KIND_BAND,
            )
            draw.text(
                (x + HAND_CARD_W // 2, ty), ln, font=font(HAND_TEXT, True), fill=INK, anchor="ma"
            )
        else:
            draw.text(
                (x + HAND_CARD_W // 2, ty), ln, font=font(HAND_TEXT, True), fill=ink, anchor="ma"
            )
    if note:
        band = y + HAND_CARD_H - (HAND_TEXT + 8) - 5  # the kind band's top
        strip = (x + 2, band - HAND_TEXT - 10, x + HAND_CARD_W - 2, band)
        draw.rectangle(strip, fill=INK)
        fitted = ellipsize(note, font(HAND_TEXT, True), HAND_CARD_W - 10)
        centred(draw, strip, fitted, HAND_TEXT, fill=WHITE, bold=True)


def hand_rows(view: CemeteryView) -> list[tuple[str, list[tuple[CardView, str]]]]:
    """The hand image's sections: the viewer's hand, Pet Cemetery, Parts they bound face down,
    and the card they are placing now."""
    me = next((p for p in view.players if p.name == view.viewer), None)
    rows: list[tuple[str, list[tuple[CardView, str]]]] = []
    if me is not None:
        hand = [(c, tr("card {n}", n=i)) for i, c in enumerate(me.hand or [], 1)]
        rows.append((tr("Your hand"), hand))
        if me.pet:
            pet = [
                (
                    c,
                    tr("top")
                    if i == len(me.pet) - 1
                    else (tr("face down") if not c.face_up else ""),
                )
                for i, c in enumerate(me.pet)
            ]
            rows.append((tr("Your Pet Cemetery (bottom to top)"), pet))
        peeked = [
            (c, tr("face down"))
            for s in view.cemetery
            for c in s.cards
            if not c.face_up and not c.hidden
        ]
        if peeked:
            rows.append((tr("Parts you bound face down"), peeked))
    if view.choosing is not None:
        rows.append((tr("Now placing"), [(view.choosing, "")]))
    return rows


def _cards_h(cards: Sequence[object]) -> int:
    """The height of a section's cards (one short line when it has none)."""
    if not cards:
        return HAND_TEXT + 24
    return -(-len(cards) // HAND_PER_ROW) * (HAND_CARD_H + HAND_GAP)


def render_hand(view: CemeteryView) -> bytes:
    me = next((p for p in view.players if p.name == view.viewer), None)
    rows = hand_rows(view)
    height = max(12 + sum(HAND_TITLE_H + _cards_h(cards) for _, cards in rows), 140)
    image, draw = new_canvas(HAND_WIDTH, height, PAPER)
    if me is None:
        centred(
            draw,
            (0, 0, HAND_WIDTH, height),
            tr("Spectators have no hand."),
            HAND_TEXT + 2,
            fill=MUTED,
        )
        return to_png(image)
    y = 10
    f = font(HAND_TEXT + 2, True)
    for title, cards in rows:
        draw.text((MARGIN, y + 4), title, font=f, fill=INK)
        y += HAND_TITLE_H
        if not cards:
            draw.text((MARGIN, y), tr("empty"), font=font(HAND_TEXT), fill=MUTED)
        for i, (card, note) in enumerate(cards):
            r, c = divmod(i, HAND_PER_ROW)
            _draw_big_card(
                draw,
                MARGIN + c * (HAND_CARD_W + HAND_GAP),
                y + r * (HAND_CARD_H + HAND_GAP),
                card,
                note,
            )
        y += _cards_h(cards)
    return to_png(image)
