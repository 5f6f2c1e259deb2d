"""Cemetery Creatures' board image, drawn from views only, phone first (the pieces it draws
with are in ``render_pieces``, the hand image in ``render_hand``).

The board is landscape (never taller than wide): the family header and turn strip, then the two
players side by side (token, name and total; their tokens spent and unspent; hand count and Pet
Cemetery; their creatures as 3x3 grids), then the Cemetery with the piles and the supply, and
the last turn's line. What the last turn changed carries the family's last-move highlight. At
the end, ranked standings with each player's breakdown replace the turn strip. Every text is at
least ``family.phone_min_text(WIDTH)``: 9 px once Discord scales the image to 400 px wide.

Every colour that carries a rule has a second cue, declared in :data:`RULE_COLOURS`: card types
their letter (F, B, P, M), tokens their shape (solid disc unspent, ring spent), a type's state
its chip (solid stable, outlined with "!" unstable).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

from PIL import Image, ImageFont

from engines.cemetery import render_pieces
from engines.cemetery.data import TYPE_NAMES, creature_name
from engines.cemetery.render_hand import render_hand as render_hand
from engines.cemetery.render_pieces import (
    BACK,
    BAND,
    EMPTY,
    FLIPPED,
    HALF,
    INACTIVE,
    LAST,
    MARGIN,
    SIZES,
    SPENT,
    TEXT,
    THEME,
    THEME_BAND,
    TYPE_COLOURS,
    TYPE_LETTER,
    UNSPENT,
    WIDTH,
    YARD,
    Box,
    card_face,
    core_face,
    mark_token,
    parts_badge,
    pile_icon,
    stack_face,
    state_chip,
    token_disc,
    tokens_pair,
)
from engines.cemetery.views import CardView, CemeteryView, CreatureView, PlayerView, StackView
from i18n.say import Say
from i18n.speaking import cache_per_language, shown, tr
from rendering import family
from rendering.kit import (
    INK,
    MUTED,
    PAPER,
    Draw,
    ellipsize,
    font,
    new_canvas,
    player_colour,
    text_size,
    to_png,
    wrap,
)
from rendering.palettes import board_palette
from rendering.vision import RuleColour

T = TypeVar("T")
#: the pieces' colours, named here so that the board's palette draws them exactly
PIECE_COLOURS = render_pieces.PIECE_COLOURS


class Keyed(Generic[T]):
    """A view part with the key of everything drawn from it, so a drawing of it can be cached:
    successive boards of a game mostly redraw the same creatures and stacks."""

    __slots__ = ("key", "value")

    def __init__(self, key: Hashable, value: T) -> None:
        self.key = key
        self.value = value

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Keyed) and self.key == other.key


#: every colour that carries a rule, with the second cue drawn with it (tests/rendering)
RULE_COLOURS: dict[str, list[RuleColour]] = {
    "card types": [
        RuleColour("Flesh card", TYPE_COLOURS["flesh"], "letter F"),
        RuleColour("Beast card", TYPE_COLOURS["beast"], "letter B"),
        RuleColour("Plant card", TYPE_COLOURS["plant"], "letter P"),
        RuleColour("Monster card", TYPE_COLOURS["monster"], "letter M"),
        RuleColour("flipped Part (no type)", FLIPPED, "letter ? on a diagonal hatch"),
        RuleColour("face-down card", BACK, "a cross on the back"),
    ],
    "tokens": [
        RuleColour("unspent token", UNSPENT, "solid disc"),
        RuleColour("spent token", SPENT, "ring"),
    ],
    "type states": [
        RuleColour("stable type", TYPE_COLOURS["plant"], "solid chip"),
        RuleColour("unstable type", SPENT, "outlined chip with !"),
    ],
    "creature activity": [
        RuleColour("active creature (4+ Parts)", UNSPENT, "solid badge"),
        RuleColour("inactive creature", INACTIVE, "outlined badge"),
    ],
    # the last-move highlight against what it is drawn on
    "last turn on a player's ground": [
        RuleColour("changed by the last turn", LAST, "double outline and star badge"),
        RuleColour("player's ground", BAND, ""),
    ],
    "last turn on the Cemetery": [
        RuleColour("changed by the last turn", LAST, "double outline and star badge"),
        RuleColour("Cemetery ground", YARD, ""),
    ],
    "last turn on a card": [
        RuleColour("changed by the last turn", LAST, "double outline and star badge"),
        RuleColour("Flesh card", TYPE_COLOURS["flesh"], "letter F"),
        RuleColour("Beast card", TYPE_COLOURS["beast"], "letter B"),
        RuleColour("Plant card", TYPE_COLOURS["plant"], "letter P"),
        RuleColour("Monster card", TYPE_COLOURS["monster"], "letter M"),
    ],
}

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


# -- layout ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Tier:
    """How big the creatures are drawn: the most that keep the board landscape."""

    cell: int
    #: the room between cells, where a changed cell's last-move outline goes
    gap: int
    per_row: int
    #: kinds in the cells ("arm") where the cell is big enough
    kinds: bool

    @property
    def pitch(self) -> int:
        return self.cell + self.gap


TIERS = [Tier(52, 6, 2, True), Tier(36, 5, 3, False), Tier(27, 4, 4, False)]
HEAD_H = max(
    SIZES.name + TEXT + 18, 2 * family.token_radius(WIDTH) + 14
)  # a column's heading: name over detail, total at the right
LINE_H = TEXT + 22  # the tokens line, with room for its last-move outline
PET_CARD = (TEXT * 2 + 6, TEXT * 2 + 4)
PET_H = PET_CARD[1] + 20
STACK_W = 52
STACK_H = 3 * (TEXT + 4) + 2
STACK_GAP = 12
#: the Cemetery's title line: its stacks, the piles and the supply
YARD_TOP = TEXT + 22
#: the last turn's words take two lines (the alt text has them whole), three in a language whose
#: words would not fit in two
LAST_LINE_H = family.last_turn_height(WIDTH, 2)
#: each standing's breakdown fits one line
BREAKDOWN_LINES = 1


def _creature_h(tier: Tier) -> int:
    return (TEXT + 12) + 3 * tier.pitch + (TEXT + 12)


def _slot_w(tier: Tier) -> int:
    return (HALF - 2 * MARGIN) // tier.per_row


def _creatures_h(p: PlayerView, tier: Tier) -> int:
    if not p.creatures:
        return TEXT + 16
    rows = -(-len(p.creatures) // tier.per_row)
    return rows * _creature_h(tier)


def _column_h(view: CemeteryView, tier: Tier) -> int:
    top = HEAD_H + LINE_H + PET_H
    return top + max(_creatures_h(p, tier) for p in view.players) + 6


def _stacks_per_row() -> int:
    return (WIDTH - 2 * MARGIN) // (STACK_W + STACK_GAP)


def _yard_h(view: CemeteryView) -> int:
    rows = max(1, -(-len(view.cemetery) // _stacks_per_row()))
    return YARD_TOP + rows * (STACK_H + STACK_GAP) + 4


def _standing_rows(view: CemeteryView) -> list[family.Standing]:
    seats = _seats(view)
    order = sorted(range(len(view.players)), key=lambda i: -view.players[i].total)
    conceded = _conceded(view)
    if conceded is not None:
        order.sort(key=lambda i: view.players[i].name == conceded)
    best = view.players[order[0]].total
    rows = []
    for rank, i in enumerate(order):
        p = view.players[i]
        if conceded is not None:
            place, winner = rank + 1, p.name != conceded
        else:
            place, winner = 1 + sum(q.total > p.total for q in view.players), p.total == best
        values = {
            "revenge": p.revenge + p.revenge_spent,
            "revenge_spent": p.revenge_spent,
            "science": p.science + p.science_spent,
            "science_spent": p.science_spent,
        }
        if p.name == conceded:
            words = tr(
                "Revenge {revenge} ({revenge_spent} spent) + Science {science} "
                "({science_spent} spent), conceded",
                **values,
            )
        elif winner and all(q.total == best for q in view.players):
            words = tr(
                "Revenge {revenge} ({revenge_spent} spent) + Science {science} "
                "({science_spent} spent), draw",
                **values,
            )
        else:
            words = tr(
                "Revenge {revenge} ({revenge_spent} spent) + Science {science} "
                "({science_spent} spent)",
                **values,
            )
        rows.append(family.Standing(place, seats[i], str(p.total), words, winner=winner))
    return rows


def _conceded(view: CemeteryView) -> str | None:
    if view.outcome and view.outcome.endswith(" conceded"):
        return view.outcome.rsplit(": ", 1)[1].removesuffix(" conceded")
    return None


@cache_per_language(maxsize=256)
def _last_turn_lines(line: str) -> int:
    """The lines the last turn's words (``line``, worded already) take beside the family's
    badge (``family.last_turn_line``, measured as it lays them out): two, or three where two
    would cut them."""
    s = family.sizes(WIDTH)
    pad = s.text * 0.4
    badge = text_size(tr("LAST TURN"), font(s.text, True))[0]
    room = int(WIDTH - (s.text * 1.4 + badge + 3 * pad) - pad)
    return 2 if len(wrap(line, font(s.text), room, max_lines=3)) <= 2 else 3


def last_line_h(view: CemeteryView) -> int:
    """The height of the board's last-turn line (none before the first turn ends)."""
    if view.last_turn is None:
        return 0
    lines = _last_turn_lines(shown(view.last_turn.line))
    return family.last_turn_height(WIDTH, lines)


def _layout(view: CemeteryView) -> tuple[Tier, int]:
    """The biggest creatures whose board is no taller than wide, and that board's height."""
    top = _top(view)
    rest = (0 if view.finished else _yard_h(view)) + last_line_h(view)
    height = 0
    for tier in TIERS:
        height = top + _column_h(view, tier) + rest
        if height <= WIDTH:
            return tier, height
    return TIERS[-1], height


def _top(view: CemeteryView) -> int:
    """Where the players' columns start."""
    top = family.header_height(WIDTH)
    if view.finished:
        return top + family.standings_height(WIDTH, len(view.players), BREAKDOWN_LINES)
    return top + family.turn_strip_height(WIDTH)


def creature_origin(view: CemeteryView, tier: Tier, seat: int, index: int) -> tuple[int, int]:
    """The top-left corner of creature ``index``'s slot in player ``seat``'s column."""
    row, col = divmod(index, tier.per_row)
    y = _top(view) + HEAD_H + LINE_H + PET_H + row * _creature_h(tier)
    return seat * HALF + MARGIN + col * _slot_w(tier), y


def cell_box(view: CemeteryView, seat: int, index: int, pos: str) -> Box:
    """Where the board draws position ``pos`` ("C" the Core, "NW" ... "SE") of creature
    ``index`` of player ``seat``, in the board's pixels."""
    tier, _ = _layout(view)
    x, y = creature_origin(view, tier, seat, index)
    return _cell(tier, x, y, pos)


def _cell(tier: Tier, x: int, y: int, pos: str) -> Box:
    """Position ``pos``'s box in the creature slot at (x, y)."""
    gx = x + (_slot_w(tier) - 3 * tier.pitch + tier.gap) // 2
    gy = y + TEXT + 12 + tier.gap // 2
    cx, cy = (1, 1) if pos == "C" else GRID_POS[pos]
    p = tier.pitch
    return (gx + cx * p, gy + cy * p, gx + cx * p + tier.cell, gy + cy * p + tier.cell)


def yard_y(view: CemeteryView) -> int:
    """Where the Cemetery starts on the board (below the players' columns)."""
    tier, _ = _layout(view)
    return _top(view) + _column_h(view, tier)


def stack_box(y: int, index: int) -> Box:
    """Cemetery stack ``index``'s box when the Cemetery starts at ``y``."""
    row, col = divmod(index, _stacks_per_row())
    sx = MARGIN + STACK_GAP // 2 + col * (STACK_W + STACK_GAP)
    sy = y + YARD_TOP + STACK_GAP // 2 + row * (STACK_H + STACK_GAP)
    return (sx, sy, sx + STACK_W, sy + STACK_H)


def _around(box: Box, by: int) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


# -- the seats ------------------------------------------------------------------------------------
def _seats(view: CemeteryView) -> list[family.Seat]:
    letters = family.seat_letters([p.name for p in view.players])
    return [
        family.Seat(
            name=p.name,
            colour=player_colour(p.seat),
            letter=letters[i],
            score=str(p.total),
            detail=_detail(p),
            turn=p.name == view.current and not view.finished,
            acting=p.name in view.waiting_for,
        )
        for i, p in enumerate(view.players)
    ]


def _detail(p: PlayerView) -> str:
    """The public line under a player's name: hand count (always), Pet Cemetery size, seat."""
    n, pet = p.hand_count, len(p.pet)
    if p.pet:
        if p.first:
            return tr("hand {n} · Pet {pet} · 1st", n=n, pet=pet)
        return tr("hand {n} · Pet {pet} · 2nd", n=n, pet=pet)
    return tr("hand {n} · 1st", n=n) if p.first else tr("hand {n} · 2nd", n=n)


def _phase(view: CemeteryView) -> str:
    # the prompt without the name of the player whose turn it is (the strip says it), with the
    # name of someone else the game waits for ("Brook: Maim — remove one of your Parts")
    waiting_on_other = bool(view.waiting_for) and view.waiting_for[0] != view.current
    prompt = view.prompt
    if waiting_on_other:
        words = shown(prompt)
    elif isinstance(prompt, Say) and isinstance(prompt.values.get("task"), str):
        words = shown(prompt.values["task"])
    else:  # a prompt that is not a message (never made by the engine): its English after the name
        words = prompt.split(": ", 1)[-1]
    return tr("{phase} · FINAL ROUND", phase=words) if view.final_round else words


# -- a player's column ----------------------------------------------------------------------------
def creature_title(c: CreatureView, f: ImageFont.FreeTypeFont, room: int) -> str:
    """The creature named as moves name it ("creature 2"), so "Stitch ... to creature 2
    (Flesh Core), top-left" points at it; its Core's type after, where there is room."""
    name = shown(creature_name(c.index))
    full = tr("creature {n} {type}", n=str(c.index + 1), type=TYPE_NAMES[c.core_type])
    return full if text_size(full, f)[0] <= room else ellipsize(name, f, room)


def _creature_key(c: CreatureView) -> Hashable:
    cells = tuple((cell.pos, cell.card.id, cell.card.flipped, cell.mark) for cell in c.cells)
    statuses = tuple(c.statuses.items())
    return (c.index, c.core_type, c.parts, c.active, statuses, tuple(c.pairs.items()), cells)


@cache_per_language(maxsize=512)
def _creature_tile(tier: Tier, keyed: Keyed[CreatureView]) -> Image.Image:
    """A creature's slot drawn on the players' ground: title, Parts badge, grid, type chips."""
    c = keyed.value
    slot = _slot_w(tier)
    image, draw = new_canvas(slot, _creature_h(tier), BAND)
    f = font(TEXT, True)
    bw = parts_badge(draw, slot - 4, 0, c.parts, c.active)
    title = creature_title(c, f, slot - bw - 10)
    draw.text((2, (TEXT + 6) // 2), title, font=f, fill=INK, anchor="lm")
    cells = {cell.pos: cell for cell in c.cells}
    for pos in ["C", *GRID_POS]:
        box = _cell(tier, 0, 0, pos)
        if pos == "C":
            core_face(draw, box, c.core_type, TEXT if tier.cell < 50 else TEXT + 4)
            continue
        cell = cells.get(pos)
        if cell is None:
            draw.rectangle(box, fill=EMPTY)
            continue
        card_face(draw, box, cell.card, kind=tier.kinds)
        if cell.mark:
            mark_token(draw, box, cell.card, cell.mark)
    sy = _cell(tier, 0, 0, "S")[3] + tier.gap // 2 + 4
    sx = 2
    for t, s in c.statuses.items():
        if s is None or not c.active:
            continue
        text = TYPE_LETTER[t] + str(c.pairs.get(t, 0) or "") + ("" if s == "stable" else "!")
        if sx + text_size(text, f)[0] + 10 > slot:
            break
        sx += state_chip(draw, sx, sy, t, c.pairs.get(t, 0), s == "stable") + 4
    return image


def _draw_creature(
    image: Image.Image, draw: Draw, x: int, y: int, c: CreatureView, tier: Tier, marks: set[str]
) -> None:
    image.paste(_creature_tile(tier, Keyed(_creature_key(c), c)), (x, y))
    ids = [("C", c.core.id)] + [(cell.pos, cell.card.id) for cell in c.cells]
    for pos, card_id in ids:  # the outline in the gap around the cell, clear of its words
        if f"card:{card_id}" in marks:
            family.mark_changed(draw, _around(_cell(tier, x, y, pos), tier.gap))


#: where a column's head tile (name, tokens, Pet Cemetery) starts, from the column's left
HEAD_LEFT = 11


def _head_key(p: PlayerView, seat: family.Seat) -> Hashable:
    pet = tuple((c.id, c.hidden, c.face_up, c.flipped) for c in p.pet)
    return (seat, p.revenge, p.revenge_spent, p.science, p.science_spent, pet)


@cache_per_language(maxsize=256)
def _head_tile(keyed: Keyed[tuple[PlayerView, family.Seat]]) -> Image.Image:
    """A column's head on the players' ground: the player's row, their tokens (the total's
    breakdown) and their Pet Cemetery."""
    p, seat = keyed.value
    image, draw = new_canvas(HALF - HEAD_LEFT - 5, HEAD_H + LINE_H + PET_H, BAND)
    x0 = -HEAD_LEFT  # the column's left edge, in the tile's pixels
    _draw_heading(draw, (x0 + 12, 4, x0 + HALF - 8, HEAD_H), seat)
    tx = tokens_pair(draw, x0 + 16, HEAD_H, "Revenge", p.revenge, p.revenge_spent, LINE_H)
    tokens_pair(draw, tx, HEAD_H, "Science", p.science, p.science_spent, LINE_H)
    _draw_pet(draw, x0 + 16, HEAD_H + LINE_H, x0 + HALF - 10, p)
    return image


def _draw_column(
    image: Image.Image,
    draw: Draw,
    box: Box,
    p: PlayerView,
    seat: family.Seat,
    view: CemeteryView,
    tier: Tier,
    marks: set[str],
) -> None:
    x0, y, x1, y1 = box
    draw.rectangle((x0 + 4, y + 4, x0 + 10, y1 - 2), fill=seat.colour)
    image.paste(_head_tile(Keyed(_head_key(p, seat), (p, seat))), (x0 + HEAD_LEFT, y))
    y += HEAD_H
    if f"tokens:{p.name}" in marks and not view.finished:
        family.mark_changed(draw, (x0 + 6, y, x1 - 6, y + LINE_H))
    y += LINE_H
    _pet_changed(draw, x0 + 16, y, x1 - 10, p, marks)
    y += PET_H
    if not p.creatures:
        draw.text((x0 + 16, y + 4), tr("no creatures yet"), font=font(TEXT), fill=MUTED)
    for i, c in enumerate(p.creatures):
        _draw_creature(image, draw, *creature_origin(view, tier, p.seat, i), c, tier, marks)


def _draw_heading(draw: Draw, box: Box, seat: family.Seat) -> None:
    """Token, name (the turn marker before it), the public detail under it, the total at the
    right: the family's player row, drawn in a half-width column at full text size."""
    x0, y0, x1, y1 = box
    r = family.token_radius(WIDTH)
    family.token(draw, (x0 + r + 4, (y0 + y1) // 2), r, seat.colour, seat.letter, ring=seat.acting)
    big = font(SIZES.big, True)
    score_w = text_size(seat.score, big)[0]
    draw.text((x1 - 4, (y0 + y1) // 2), seat.score, font=big, fill=INK, anchor="rm")
    nx = x0 + 2 * r + 14
    room = x1 - 12 - score_w - nx
    nf = font(SIZES.name, True)
    if seat.turn:  # the turn marker: a drawn triangle (the font has no arrow glyph)
        t = SIZES.name // 2
        ty = y0 + 4 + SIZES.name // 2 + 2
        draw.polygon([(nx, ty - t), (nx + t + 2, ty), (nx, ty + t)], fill=INK)
        nx += t + 8
        room -= t + 8
    draw.text((nx, y0 + 4), ellipsize(seat.name, nf, room), font=nf, fill=INK)
    draw.text(
        (nx, y0 + 8 + SIZES.name),
        ellipsize(seat.detail, font(TEXT), room),
        font=font(TEXT),
        fill=MUTED,
    )


def _pet_cards(x: int, right: int, p: PlayerView) -> tuple[str, int, list[CardView]]:
    """How the Pet Cemetery fits between ``x`` and ``right``: the "+N" of cards left out at
    the bottom (or ""), where the cards start and the cards shown (bottom to top)."""
    f = font(TEXT, True)
    cx = x + text_size(tr("Pet"), f)[0] + 10
    room = (right - cx) // (PET_CARD[0] + 4)
    shown = p.pet[-room:]
    more = ""
    if len(shown) < len(p.pet):
        shown = shown[1:]
        more = f"+{len(p.pet) - len(shown)}"
        cx += text_size(more, f)[0] + 6
    return more, cx, shown


def _draw_pet(draw: Draw, x: int, y: int, right: int, p: PlayerView) -> None:
    """The Pet Cemetery, bottom to top, each card with its type letters (a face-down one a
    back); the newest at the right."""
    f = font(TEXT, True)
    cy = y + PET_H // 2
    if not p.pet:
        draw.text((x, cy), tr("Pet Cemetery empty"), font=font(TEXT), fill=MUTED, anchor="lm")
        return
    draw.text((x, cy), tr("Pet"), font=f, fill=INK, anchor="lm")
    more, cx, shown = _pet_cards(x, right, p)
    if more:
        draw.text((cx - text_size(more, f)[0] - 6, cy), more, font=f, fill=MUTED, anchor="lm")
    w, h = PET_CARD
    for card in shown:
        box = (cx, y + 10, cx + w, y + 10 + h)
        card_face(draw, box, card, kind=False)
        draw.rectangle(box, outline=INK)
        cx += w + 4


def _pet_changed(draw: Draw, x: int, y: int, right: int, p: PlayerView, marks: set[str]) -> None:
    """The last-move outline around the Pet Cemetery when the last turn grew it."""
    _, start, shown = _pet_cards(x, right, p)
    ids = {f"card:{c.id}" for c in shown if c.id is not None}
    if shown and (f"pet:{p.name}" in marks or ids & marks):
        end = start + len(shown) * (PET_CARD[0] + 4)
        family.mark_changed(draw, (start - 9, y + 1, end + 5, y + PET_H - 1))


# -- the Cemetery, the piles and the supply -------------------------------------------------------
@cache_per_language(maxsize=512)
def _stack_tile(keyed: Keyed[StackView]) -> Image.Image:
    """A Cemetery stack drawn on the Cemetery's ground."""
    image, draw = new_canvas(STACK_W + 1, STACK_H + 1, YARD)
    stack_face(draw, (0, 0, STACK_W, STACK_H), keyed.value)
    return image


@cache_per_language(maxsize=256)
def _yard_title(counts: tuple[int, int, int], supply: tuple[int, int]) -> Image.Image:
    """The Cemetery's title line: its stacks, the Core and Part piles, the token supply."""
    image, draw = new_canvas(WIDTH - 8, YARD_TOP, YARD)
    _draw_yard_title(draw, counts, supply)
    return image


def _draw_yard_title(
    draw: Draw | None, counts: tuple[int, int, int], supply: tuple[int, int]
) -> tuple[int, int]:
    """The title line drawn (measured only, without ``draw``): where its left part (the
    Cemetery and the piles) ends and its right part (the supply) starts."""
    stacks, cores, parts = counts
    f = font(TEXT, True)
    cy = YARD_TOP // 2 + 1
    title = tr("Cemetery ({n})", n=stacks)
    if draw is not None:
        draw.text((MARGIN, cy), title, font=f, fill=INK, anchor="lm")
    x = MARGIN + text_size(title, f)[0] + 24
    for label, count in ((tr("Cores"), cores), (tr("Parts"), parts)):
        w = max(TEXT + 12, text_size(str(count), f)[0] + 10)
        if draw is not None:
            draw.text((x, cy), label, font=f, fill=INK, anchor="lm")
            lx = x + text_size(label, f)[0] + 6
            pile_icon(draw, (lx, cy - TEXT // 2 - 4, lx + w, cy + TEXT // 2 + 5), count)
        x += text_size(label, f)[0] + 6 + w + 18
    end = x - 18
    x = WIDTH - 8 - MARGIN
    for words in (tr("Science {n}", n=supply[1]), tr("Revenge {n}", n=supply[0])):
        x -= text_size(words, font(TEXT))[0]
        if draw is not None:
            draw.text((x, cy), words, font=font(TEXT), fill=INK, anchor="lm")
        x -= TEXT // 2 + 6
        if draw is not None:
            token_disc(draw, (x, cy), TEXT // 2, spent=False)
        x -= TEXT // 2 + 16
    words = tr("Supply")
    start = x - text_size(words, f)[0]
    if draw is not None:
        draw.text((start, cy), words, font=f, fill=INK, anchor="lm")
    return end, start


def yard_title_ends(counts: tuple[int, int, int], supply: tuple[int, int]) -> tuple[int, int]:
    """Where the Cemetery's title line's left part ends and its right part starts, in the
    language being drawn in (they must not meet)."""
    return _draw_yard_title(None, counts, supply)


@cache_per_language(maxsize=256)
def _strip_tile(seats: tuple[family.Seat, ...], phase: str) -> Image.Image:
    """The family's turn strip (who plays, whom the game waits for, the phase)."""
    h = family.turn_strip_height(WIDTH)
    image, draw = new_canvas(WIDTH, h, PAPER)
    family.turn_strip(draw, (0, 0, WIDTH, h), seats, phase)
    return image


@cache_per_language(maxsize=64)
def _last_turn_tile(line: str) -> Image.Image:
    """The last-turn line (worded already), the same for every board of the turn after it."""
    height = family.last_turn_height(WIDTH, _last_turn_lines(line))
    image, draw = new_canvas(WIDTH, height, PAPER)
    family.last_turn_line(draw, (0, 0, WIDTH, height), line)
    return image


@cache_per_language(maxsize=64)
def _header_tile(right: str) -> Image.Image:
    """The family header with the game's theme art (drawn once per distinct right-hand text)."""
    image, draw = new_canvas(WIDTH, family.header_height(WIDTH), THEME_BAND)
    family.header(draw, WIDTH, THEME, right=right)
    return image


def _draw_yard(image: Image.Image, draw: Draw, y: int, view: CemeteryView, marks: set[str]) -> int:
    """The Cemetery: a title line (its stacks, the two draw piles, the token supply), then the
    stacks left to right; a stack the last turn changed carries the last-move outline."""
    h = _yard_h(view)
    draw.rectangle((0, y, WIDTH, y + h), fill=PAPER)
    draw.rectangle((4, y, WIDTH - 4, y + h - 4), fill=YARD)
    counts = (len(view.cemetery), view.core_pile, view.part_pile)
    supply = (view.supply_revenge, view.supply_science)
    image.paste(_yard_title(counts, supply), (4, y))
    if not view.cemetery:
        draw.text((MARGIN + 4, y + YARD_TOP + 4), tr("empty"), font=font(TEXT), fill=MUTED)
    changed: list[Box] = []
    for i, stack in enumerate(view.cemetery):
        box = stack_box(y, i)
        key = tuple((c.id, c.face_up, c.hidden, c.flipped) for c in stack.cards)
        image.paste(_stack_tile(Keyed(key, stack)), box[:2])
        ids = {f"card:{c.id}" for c in stack.cards if c.id is not None and c.face_up}
        if ids & marks or f"stack:{stack.cards[0].id}" in marks:
            changed.append(box)
    for box in changed:  # in the gap around the stack, clear of its words
        family.mark_changed(draw, _around(box, STACK_GAP // 2 + 2))
    return y + h


# -- the board ------------------------------------------------------------------------------------
def draw_board(view: CemeteryView) -> Image.Image:
    tier, height = _layout(view)
    # the players' ground is most of the board: the canvas starts as it, paper goes round it
    image, draw = new_canvas(WIDTH, height, BAND)
    header = _header_tile(tr("Turn {n}", n=view.turn))
    image.paste(header, (0, 0))
    y = header.height
    seats = _seats(view)
    marks = set(view.last_turn.marks) if view.last_turn else set()
    if view.finished:
        h = family.standings_height(WIDTH, len(view.players), BREAKDOWN_LINES)
        draw.rectangle((0, y, WIDTH, y + h), fill=PAPER)  # clear of the header's motif
        family.standings(
            draw,
            (0, y, WIDTH, y + h),
            _standing_rows(view),
            title=shown(view.outcome) if view.outcome else tr("Final standings"),
            breakdown_lines=BREAKDOWN_LINES,
        )
    else:
        strip = _strip_tile(tuple(seats), _phase(view))
        image.paste(strip, (0, y))
        h = strip.height
    y += h
    col = _column_h(view, tier)
    for gutter in (
        (0, y, WIDTH, y + 3),
        (0, y, 3, y + col),
        (HALF - 4, y, HALF + 3, y + col),
        (WIDTH - 4, y, WIDTH, y + col),
        (0, y + col - 2, WIDTH, y + col),
    ):
        draw.rectangle(gutter, fill=PAPER)
    for i, p in enumerate(view.players):
        _draw_column(
            image, draw, (i * HALF, y, (i + 1) * HALF, y + col), p, seats[i], view, tier, marks
        )
    y += col
    if not view.finished:
        y = _draw_yard(image, draw, y, view, marks)
    draw.rectangle((0, y, WIDTH, height), fill=PAPER)
    if view.last_turn is not None:
        image.paste(_last_turn_tile(shown(view.last_turn.line)), (0, y))
    return image


def render_board(view: CemeteryView) -> bytes:
    """The public board as an 8-bit PNG in the game's palette."""
    return to_png(draw_board(view), palette=board_palette("cemetery"))
