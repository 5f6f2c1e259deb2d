"""Run Animals, Run! images: the public board, the end board and a player's private hand.

Phone first: the board is 1000 px wide and no taller than wide, so a phone's 400 px preview
shows it whole, and every text is at least ``family.phone_min_text(1000)`` (23 px, 9 px once
scaled to 400). The family header, turn strip and last-turn line frame a 4x4 map on the left and
the players' rows on the right; the graveyard, the goals to take and the supply run under the
map. Once the game is over the end board shows the ranked standings beside the final map. The
parts of a board (tiles, player rows, header and strip, the band under the map, the last-turn
line) are drawn once per look and pasted after: most of a board is as it was a move ago.

No colour carries a rule alone (``RULE_COLOURS``): a cube's kind is its shape (food round, nest
a triangle, water a diamond; cement a grey square with a cross, an empty slot the outline of
its kind), a tile's side is written on it, a species' disc carries its initials, the last turn's
tiles carry the family mark (a double outline and a star) and the rolled ones a die as well.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.run_animals.views import CardView, GoalView, PlayerView, RAView, TileView
from engines.run_animals.words import COLOUR_WORDS, JOIN_WORDS, SPECIES_INITIALS
from i18n.speaking import cache_per_language, current, shown, tr, trn
from rendering import family
from rendering.family import LAST, Seat, Standing, Theme
from rendering.kit import (
    INK,
    MUTED,
    PAPER,
    WHITE,
    Draw,
    Ink,
    ellipsize,
    font,
    new_canvas,
    text_size,
    to_png,
    wrap,
)
from rendering.palettes import board_palette
from rendering.vision import RuleColour

WIDTH = 1000
SIZES = family.sizes(WIDTH)
#: the smallest text anywhere on the board: 9 px once the board is shown 400 px wide
TEXT = SIZES.text
TILE = 140
GAP = 4
MAP_X = 12
SIDE = 4 * TILE + 3 * GAP
PANEL_X = MAP_X + SIDE + 14
PANEL_W = WIDTH - PANEL_X - 12
#: the map's top on the board being played: under the header and the turn strip
MAP_Y = family.header_height(WIDTH) + family.turn_strip_height(WIDTH) + 8

BAND = (44, 70, 48)
BAND_INK = (255, 255, 255)
ACCENT = (214, 168, 92)
THEME = Theme(title="Run Animals, Run!", band=BAND, ink=BAND_INK, accent=ACCENT, art="paws")
MARK = LAST

CUBE = {"F": (232, 78, 40), "N": (118, 82, 48), "W": (52, 124, 214)}
CUBE_SHAPE = {"F": "round", "N": "triangle", "W": "diamond"}
EMPTY_FILL = (250, 248, 240)
CEMENT_FILL = (150, 150, 150)
CEMENT_EDGE = (90, 90, 90)
FOREST = (74, 128, 74)
FOREST_DARK = (52, 100, 54)
CLEARED = (214, 192, 148)
CLEARED_DARK = (176, 150, 104)
DEAD = (172, 172, 168)
DEAD_DARK = (140, 140, 136)
#: the tile of the animal the card being played acts with: a dashed outline
ACTIVE = (20, 70, 190)
ROW_TURN = (255, 246, 200)
ROW = (236, 232, 222)
ROW_OUT = (225, 210, 210)
ROW_EDGE = (200, 196, 186)
GRAVE_FILL = (92, 84, 80)
GRAVE_OFF = (210, 208, 204)
END_SLOT = (180, 30, 30)
THEN = (40, 120, 50)
OR = (170, 40, 40)
DIE = (255, 255, 255)

SPECIES_COLOUR = {
    "cat": (240, 166, 40),
    "bear": (34, 34, 40),
    "frog": (120, 210, 90),
    "pitta": (30, 110, 220),
    "pangolin": (214, 120, 170),
    "kite": (140, 80, 180),
    "turtle": (236, 222, 90),
}

#: every colour that carries a rule, with the second cue drawn with it
RULE_COLOURS: dict[str, list[RuleColour]] = {
    "cube kinds": [
        RuleColour("food cube", CUBE["F"], "round"),
        RuleColour("nest cube", CUBE["N"], "triangle"),
        RuleColour("water cube", CUBE["W"], "diamond"),
        RuleColour("cement", CEMENT_FILL, "square with a cross"),
        RuleColour("empty slot", EMPTY_FILL, "outline of its kind"),
    ],
    "tile sides": [
        RuleColour("forest tile", FOREST, "word forest"),
        RuleColour("cleared tile", CLEARED, "word cleared"),
        RuleColour("all-cement tile", DEAD, "word cement"),
    ],
    "marks on a tile": [
        RuleColour("changed by the last turn", MARK, "star badge"),
        RuleColour("rolled by the last roll", DIE, "die with pips"),
        RuleColour("the animal acting now", ACTIVE, "dashed outline"),
        RuleColour("forest tile", FOREST, "word forest"),
        RuleColour("cleared tile", CLEARED, "word cleared"),
    ],
    "species": [
        RuleColour(name, rgb, f"letters {SPECIES_INITIALS[name]}")
        for name, rgb in SPECIES_COLOUR.items()
    ],
    "graveyard slots": [
        RuleColour("filled slot", GRAVE_FILL, "species disc"),
        RuleColour("slot out of play", GRAVE_OFF, "struck through"),
        RuleColour("slot that ends the game", END_SLOT, "word END"),
    ],
    "card joins": [
        RuleColour("then: both actions in order", THEN, "word then"),
        RuleColour("or: one of the actions", OR, "word or"),
    ],
}


# -- symbols (also drawn by the legend's key) ---------------------------------------------------
Box = tuple[int, int, int, int]


# the last-move mark -------------------------------------------------------------------------
#: the family mark's line width and its star's radius on this board
MARK_UNIT = max(2, round(TEXT / 6))


def mark_under(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The family's last-move outline, drawn before what it frames so it hides none of it;
    :func:`mark_badge` adds its star once the contents are drawn."""
    family.mark_changed(draw, box, badge=False)


def mark_badge(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The star of the family's last-move mark on the top-right corner of ``box``."""
    family.star(draw, (box[2] - MARK_UNIT, box[1] + MARK_UNIT), MARK_UNIT * 4.5)


def cube(draw: ImageDraw.ImageDraw, box: Box, colour: str, content: str = "cube") -> None:
    """A slot: a cube of its kind's shape, the outline of that shape when empty, or cement."""
    x0, y0, x1, y1 = box
    if content == "cement":
        draw.rectangle(box, fill=CEMENT_FILL, outline=CEMENT_EDGE, width=2)
        draw.line((x0 + 4, y0 + 4, x1 - 4, y1 - 4), fill=CEMENT_EDGE, width=3)
        draw.line((x0 + 4, y1 - 4, x1 - 4, y0 + 4), fill=CEMENT_EDGE, width=3)
        return
    full = content == "cube"
    fill = CUBE[colour] if full else EMPTY_FILL
    edge = WHITE if full else CUBE[colour]
    width = 2 if full else 3
    shape = CUBE_SHAPE[colour]
    if shape == "round":
        draw.ellipse(box, fill=fill, outline=edge, width=width)
        return
    # a polygon's edge: the shape in the edge's colour, then the shape inset by the edge's
    # width in the fill (Pillow draws a wide polygon outline through a mask: slower)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    points: list[tuple[float, float]]
    inner: list[tuple[float, float]]
    if shape == "triangle":
        points = [(cx, y0), (x1, y1), (x0, y1)]
        inset = 2.2 * width  # a triangle's corners are sharp: its inner one sits further in
        inner = [(cx, y0 + inset), (x1 - inset * 0.85, y1 - width), (x0 + inset * 0.85, y1 - width)]
    else:
        points = [(cx, y0), (x1, cy), (cx, y1), (x0, cy)]
        d = width * 1.42
        inner = [(cx, y0 + d), (x1 - d, cy), (cx, y1 - d), (x0 + d, cy)]
    draw.polygon(points, fill=edge)
    draw.polygon(inner, fill=fill)


def letters(species: str) -> str:
    """A species' initials on its token, in the language being drawn in."""
    return shown(SPECIES_INITIALS[species])


def disc(draw: ImageDraw.ImageDraw, centre: tuple[int, int], r: int, species: str) -> None:
    """A species: its colour with its initials (the token of the family)."""
    family.token(draw, centre, r, SPECIES_COLOUR[species], letters(species))


def die(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The roll's mark: a white die showing five pips."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=5, fill=DIE, outline=INK, width=2)
    s = (x1 - x0) // 4
    r = max(2, (x1 - x0) // 10)
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    for px, py in (
        (cx, cy),
        (cx - s, cy - s),
        (cx + s, cy + s),
        (cx - s, cy + s),
        (cx + s, cy - s),
    ):
        draw.ellipse((px - r, py - r, px + r, py + r), fill=INK)


def dashed_outline(draw: ImageDraw.ImageDraw, box: Box, colour: Ink = ACTIVE) -> None:
    """The acting animal's tile: a thick dashed outline."""
    x0, y0, x1, y1 = box
    dash, w = 16, 5
    for x in range(x0, x1, 2 * dash):
        draw.line((x, y0, min(x + dash, x1), y0), fill=colour, width=w)
        draw.line((x, y1, min(x + dash, x1), y1), fill=colour, width=w)
    for y in range(y0, y1, 2 * dash):
        draw.line((x0, y, x0, min(y + dash, y1)), fill=colour, width=w)
        draw.line((x1, y, x1, min(y + dash, y1)), fill=colour, width=w)


def goal_cubes(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    goal: GoalView,
    have: dict[str, int],
    size: int = 22,
    gap: int = 4,
) -> int:
    """The goal's cubes in kind order, full when acquired, outlined when still needed; returns
    the x after them."""
    for c, n in (("F", goal.food), ("N", goal.nest), ("W", goal.water)):
        for i in range(n):
            cube(draw, (x, y, x + size, y + size), c, "cube" if have.get(c, 0) > i else "empty")
            x += size + gap
    return x


def grave_slot(
    draw: ImageDraw.ImageDraw,
    box: Box,
    penalty: int,
    species: str | None,
    in_play: bool = True,
    ends_game: bool = False,
    marked: bool = False,
) -> None:
    """A graveyard slot: its penalty, the species buried there, END on the slot that ends the
    game, struck through when the player count never reaches it."""
    x0, y0, x1, y1 = box
    f = font(TEXT, True)
    if not in_play:
        draw.rounded_rectangle(box, radius=6, fill=GRAVE_OFF, outline=ROW_EDGE)
        draw.line((x0 + 6, y1 - 6, x1 - 6, y0 + 6), fill=MUTED, width=2)
        draw.text((x0 + 5, y0 + 2), f"−{penalty}", font=f, fill=MUTED)
        return
    edge = END_SLOT if ends_game else (120, 110, 100)
    draw.rounded_rectangle(
        box, radius=6, fill=GRAVE_FILL, outline=edge, width=4 if ends_game else 1
    )
    if marked:
        mark_under(draw, box)
    draw.text((x0 + 7, y0 + 3), f"−{penalty}", font=f, fill=WHITE)
    if species:
        r = DISC + 2
        disc(draw, ((x0 + x1) // 2, y1 - r - 7), r, species)
    elif ends_game:
        # Translators: on the graveyard slot that ends the game when filled (a few letters)
        end = ellipsize(tr("END"), f, x1 - x0 - 6)
        draw.text(((x0 + x1) // 2, y1 - 6), end, font=f, fill=WHITE, anchor="mb")


def mark(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The whole last-move mark on an empty box (the legend's key)."""
    mark_under(draw, box)
    mark_badge(draw, box)


# -- the map ------------------------------------------------------------------------------------
#: a species' disc on a tile: its initials keep the phone's text size
DISC = 17


#: a tile as the sprite cache keys it: number, side, productive, slots (colour, content),
#: animals (species, count), size, marked, rolled, acting
TileKey = tuple[
    int, str, bool, tuple[tuple[str, str], ...], tuple[tuple[str, int], ...], int, bool, bool, bool
]


def _tile_key(tile: TileView, size: int, marked: bool, rolled: bool, acting: bool) -> TileKey:
    return (
        tile.number,
        tile.side,
        tile.productive,
        tuple((s.colour, s.content) for s in tile.slots),
        tuple((a.species, a.count) for a in tile.animals),
        size,
        marked,
        rolled,
        acting,
    )


def side_word(side: str) -> str:
    """A tile's side as written on it, in the language being drawn in."""
    if side == "forest":
        # Translators: written on a map tile: its side with the most slots (a short word)
        return tr("forest")
    if side == "cleared":
        # Translators: written on a map tile: its side after the forest is cleared (short)
        return tr("cleared")
    # Translators: written on a map tile whose every slot is cement (a short word)
    return tr("cement")


@cache_per_language(maxsize=1024)
def _tile_image(key: TileKey) -> Image.Image:
    """A tile drawn once per look and language (boards repeat most tiles from move to move)
    and pasted."""
    number, tile_side, productive, slots, animals, size, marked, rolled, acting = key
    image, draw = _part_canvas(size + 1)
    x = y = 0
    base, dark, side = FOREST, FOREST_DARK, "forest"
    if tile_side == "cleared":
        base, dark, side = CLEARED, CLEARED_DARK, "cleared"
    if not productive:
        base, dark, side = DEAD, DEAD_DARK, "cement"
    box = (x, y, x + size, y + size)
    draw.rounded_rectangle(box, radius=10, fill=base, outline=dark, width=3)
    if marked:
        mark_under(draw, box)
    ink = WHITE if side == "forest" else INK
    number_font = font(SIZES.name if size >= TILE else TEXT, True)
    draw.text((x + 7, y + 2), str(number), font=number_font, fill=ink)
    right = x + size - (5 + 3 * MARK_UNIT if marked else 7)
    number_w = text_size(str(number), number_font)[0]
    words = ellipsize(side_word(side), font(TEXT), right - x - 7 - number_w - 6)
    draw.text((right, y + 5), words, font=font(TEXT), fill=ink, anchor="ra")
    cube_size = min(28, (size - 16 - 3 * 6) // 4)
    sx, sy = x + 8, y + 36
    for colour, content in slots:
        cube(draw, (sx, sy, sx + cube_size, sy + cube_size), colour, content)
        sx += cube_size + 6
    # animals: up to four species in a 2x2 grid of disc + count
    r = DISC
    top = sy + cube_size + 4 + r
    step = min(2 * r + 2, y + size - 2 - r - top)
    for k, (species, count) in enumerate(animals[:4]):
        col, row = k % 2, k // 2
        cx = x + 6 + r + col * (size // 2 - 2)
        cy = top + row * step
        disc(draw, (cx, cy), r, species)
        if count > 1:
            count_text = f"×{count}"
            draw.text((cx + r + 2, cy), count_text, font=font(TEXT, True), fill=ink, anchor="lm")
    if acting:
        dashed_outline(draw, (x + 4, y + 4, x + size - 4, y + size - 4))
    if rolled:
        d = 26
        die(draw, (x + size - d - 5, y + size - d - 5, x + size - 5, y + size - 5))
    return image.crop((0, 0, size + 1, size + 1))


def _part_canvas(height: int) -> tuple[Image.Image, Draw]:
    """A canvas for a part of the board, as wide as the board: the family sizes its marks and
    tokens from the width of the image they are drawn on (the part is cropped after)."""
    return new_canvas(WIDTH, height, PAPER)


def _marked(view: RAView, kind: str) -> set[str]:
    """The ids of ``kind`` ("tile", "roll", "grave", "player") the last turn marked."""
    if view.last_turn is None:
        return set()
    return {m.split(":", 1)[1] for m in view.last_turn.marks if m.startswith(kind + ":")}


def map_side(size: int = TILE) -> int:
    return 4 * size + 3 * GAP


def draw_map(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: RAView,
    x: int,
    y: int,
    size: int = TILE,
) -> int:
    """The 4x4 map at (x, y) with tiles ``size`` wide, the last turn's stars over it; returns
    its side."""
    rolled = {int(t) for t in _marked(view, "roll")}
    changed = {int(t) for t in _marked(view, "tile")}
    active = view.pending.meeple_tile if view.pending else None
    stars = []
    for tile in view.tiles:
        row, col = divmod(tile.number - 1, 4)
        tx, ty = x + col * (size + GAP), y + row * (size + GAP)
        n = tile.number
        marked = n in changed or n in rolled
        key = _tile_key(tile, size, marked, n in rolled, n == active)
        image.paste(_tile_image(key), (tx, ty))
        if marked:
            stars.append((tx, ty, tx + size, ty + size))
    for box in stars:  # the badges overhang the tile: drawn once every tile is down
        mark_badge(draw, box)
    return map_side(size)


# -- the side panel -----------------------------------------------------------------------------
LINE = TEXT + 6
PLAYER_H = SIZES.name + 8 + 3 * LINE + 6


@dataclass(frozen=True)
class Row:
    """Everything a player's row shows (hashable, so a row is drawn once per look)."""

    name: str
    species: str
    score: int
    goal: tuple[int, int, int, int] | None  # food, nest, water, points
    have: tuple[tuple[str, int], ...]
    in_front: int
    completed: int
    goal_points: int
    penalty: int
    hand: int
    discard: int
    eliminated: bool
    on_map: int
    turn: bool
    marked: bool


def _player(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: RAView, p: PlayerView, x: int, y: int
) -> None:
    """A player's row, pasted from its drawing; the last turn's star over it."""
    marked = p.name in _marked(view, "player")
    goal = None if p.goal is None else (p.goal.food, p.goal.nest, p.goal.water, p.goal.points)
    row = Row(
        p.name,
        p.species,
        p.score,
        goal,
        tuple(sorted(p.goal_cubes.items())),
        p.in_front,
        p.completed,
        p.goal_points,
        p.penalty,
        p.hand_count,
        len(p.discard),
        p.eliminated,
        p.on_map,
        p.name == view.current,
        marked,
    )
    image.paste(_player_image(row), (x, y))
    if marked:
        mark_badge(draw, (x, y, x + PANEL_W, y + PLAYER_H))


@cache_per_language(maxsize=256)
def _player_image(p: Row) -> Image.Image:
    """A player's row: token, name and score; their goal (cubes acquired full, still needed
    outlined) and its points; goals done, graveyard penalty; hand, discard and animals."""
    w, h = PANEL_W, PLAYER_H
    image, draw = _part_canvas(h + 1)
    x = y = 0
    fill = ROW_OUT if p.eliminated else ROW_TURN if p.turn else ROW
    draw.rounded_rectangle((x, y, x + w, y + h), radius=8, fill=fill, outline=ROW_EDGE)
    if p.marked:
        mark_under(draw, (x, y, x + w, y + h))
    r = 19
    family.token(
        draw,
        (x + 8 + r, y + 6 + SIZES.name // 2 + 1),
        r,
        SPECIES_COLOUR[p.species],
        letters(p.species),
        ring=p.turn,
    )
    score = str(p.score)
    sf = font(SIZES.big, True)
    sw = text_size(score, sf)[0]
    draw.text((x + w - 30, y + 2), score, font=sf, fill=INK, anchor="ra")
    name_f = font(SIZES.name, True)
    left = x + 16 + 2 * r
    draw.text(
        (left, y + 4), ellipsize(p.name, name_f, x + w - 40 - sw - left), font=name_f, fill=INK
    )
    f, fb = font(TEXT), font(TEXT, True)
    y2 = y + SIZES.name + 12
    if p.goal is not None:
        food, nest, water, points = p.goal
        goal = GoalView(id=0, food=food, nest=nest, water=water, points=points)
        end = goal_cubes(draw, x + 10, y2 + 2, goal, dict(p.have))
        # Translators: a goal's points, after its cubes on a player's row
        worth = ellipsize(tr("= {points} pts", points=points), fb, x + w - 8 - end - 4)
        draw.text((end + 4, y2), worth, font=fb, fill=INK)
    elif p.in_front:
        # Translators: a player's row at setup: how many animals they still have to place
        still = ellipsize(tr("still to place {n}", n=p.in_front), f, w - 16)
        draw.text((x + 10, y2), still, font=f, fill=INK)
    else:
        # Translators: a player's row: no survival goal is left for them to take
        draw.text((x + 10, y2), ellipsize(tr("no goal left"), f, w - 16), font=f, fill=MUTED)
    # Translators: a player's row: goals done (their points) and the graveyard penalty
    done = tr(
        "done {n} ({points}) · grave −{penalty}",
        n=p.completed,
        points=p.goal_points,
        penalty=p.penalty,
    )
    if p.eliminated:
        # Translators: a player's row: cards in hand and discard pile; their species is extinct
        held = tr("hand {hand} · discard {discard} · EXTINCT", hand=p.hand, discard=p.discard)
    else:
        # Translators: a player's row: cards in hand and discard pile, animals on the map
        held = tr(
            "hand {hand} · discard {discard} · map {map}",
            hand=p.hand,
            discard=p.discard,
            map=p.on_map,
        )
    lines = [done, held]
    for k, text in enumerate(lines):
        draw.text((x + 10, y2 + LINE * (k + 1)), ellipsize(text, f, w - 16), font=f, fill=INK)
    return image.crop((0, 0, w + 1, h + 1))


GRAVE_SLOT = 64
GRAVE_SLOT_H = 74
GRAVE_H = TEXT + 10 + GRAVE_SLOT_H


def _graveyard(draw: ImageDraw.ImageDraw, view: RAView, x: int, y: int) -> int:
    """The six graveyard slots under their title; returns the bottom."""
    # Translators: the title over the six graveyard slots under the map
    draw.text((x, y), tr("Graveyard"), font=font(TEXT, True), fill=INK)
    y += TEXT + 10
    marked = _marked(view, "grave")
    for g in view.graveyard:
        gx = x + (g.slot - 1) * (GRAVE_SLOT + 4)
        box = (gx, y, gx + GRAVE_SLOT, y + GRAVE_SLOT_H)
        grave_slot(draw, box, g.penalty, g.species, g.in_play, g.ends_game, str(g.slot) in marked)
        if str(g.slot) in marked:
            mark_badge(draw, box)
    return y + GRAVE_SLOT_H


GOAL_H = TEXT + 22


def _goals(draw: ImageDraw.ImageDraw, view: RAView, x: int, y: int) -> int:
    """The face-up goals to take; returns the bottom."""
    f, fb = font(TEXT), font(TEXT, True)
    # Translators: before the face-up survival goals a player may take
    label = tr("Goals")
    draw.text((x, y + 5), label, font=fb, fill=INK)
    gx = x + text_size(label, fb)[0] + 12
    h = GOAL_H
    changed = "goals" in (view.last_turn.marks if view.last_turn else [])
    for g in view.face_up:
        text = str(g.points)
        right = gx + 8 + 26 * (g.food + g.nest + g.water) + 4 + text_size(text, fb)[0] + 12
        box = (gx, y, right, y + h)
        draw.rounded_rectangle(box, radius=6, fill=WHITE, outline=ROW_EDGE, width=2)
        if changed:
            mark_under(draw, box)
        end = goal_cubes(draw, gx + 8, y + (h - 22) // 2, g, {})
        draw.text((end + 4, y + 5), text, font=fb, fill=INK)
        gx = right + 10
    if not view.face_up:
        # Translators: no face-up survival goal is left to take
        draw.text((gx, y + 5), tr("none left"), font=f, fill=MUTED)
    return y + h


def _supply(draw: ImageDraw.ImageDraw, view: RAView, x: int, y: int) -> int:
    """The cubes and cement left in the supply, each after its symbol; returns the bottom."""
    f, fb = font(TEXT), font(TEXT, True)
    # Translators: the cubes and cement not on the map
    supply = tr("Supply")
    draw.text((x, y + 5), supply, font=fb, fill=INK)
    x += text_size(supply, fb)[0] + 14
    box_y = y + (GOAL_H - 22) // 2
    for kind, n in (("F", view.supply["F"]), ("N", view.supply["N"]), ("W", view.supply["W"])):
        cube(draw, (x, box_y, x + 22, box_y + 22), kind)
        draw.text((x + 28, y + 5), str(n), font=f, fill=INK)
        x += 28 + text_size(str(n), f)[0] + 18
    cube(draw, (x, box_y, x + 22, box_y + 22), "F", "cement")
    draw.text((x + 28, y + 5), str(view.cement), font=f, fill=INK)
    x += 28 + text_size(str(view.cement), f)[0] + 24
    # Translators: how many survival goal cards are left in the deck
    deck = ellipsize(tr("Goal deck {n}", n=view.goal_deck), fb, WIDTH - 12 - x)
    draw.text((x, y + 5), deck, font=fb, fill=INK)
    return y + GOAL_H


# -- the family frame ---------------------------------------------------------------------------
def seats(view: RAView) -> list[Seat]:
    """The players as the family draws them: the species' colour and initials."""
    return [
        Seat(
            name=p.name,
            colour=SPECIES_COLOUR[p.species],
            letter=letters(p.species),
            score=str(p.score),
            detail=shown(p.species_short),
            turn=p.name == view.current,
            acting=p.name == view.current,
            out=p.eliminated,
        )
        for p in view.players
    ]


def phase_text(view: RAView) -> str:
    """What the player to act is doing, in a few words (under the turn line)."""
    if view.phase == "place":
        return tr("Setup: placing an animal")
    if view.phase == "expel" and view.pending:
        return trn(
            "Expelling: {n} animal to send away",
            "Expelling: {n} animals to send away",
            view.pending.expel_left,
        )
    if view.phase == "goal":
        return tr("Choosing a new goal")
    if view.phase == "forced":
        return tr("Out of cards: an animal must go to the graveyard")
    if view.pending:
        # Translators: what the player to act is doing: {card} is an action card's name
        return tr("Playing {card}", card=view.pending.card.name)
    return tr("Playing a card")


LAST_H = family.last_turn_height(WIDTH, lines=2)
BAND_H = max(GRAVE_H, 2 * GOAL_H + 10)
BAND_RIGHT = MAP_X + 6 * (GRAVE_SLOT + 4) + 24


def board_height() -> int:
    return MAP_Y + SIDE + 10 + BAND_H + 8 + LAST_H + 4


class _Sprites:
    """Parts of the board drawn once per look and pasted after (most of a board is as it was a
    move ago); ``cache_clear`` as an ``lru_cache`` has, so that ``recording_text`` empties it."""

    drawn: dict[tuple[object, ...], Image.Image] = {}

    @classmethod
    def cache_clear(cls) -> None:
        cls.drawn.clear()


def _sprite(
    key: tuple[object, ...], width: int, height: int, paint: Callable[[Draw], None]
) -> Image.Image:
    key = (current(), *key)  # a part drawn in one language is never pasted in another
    sprite = _Sprites.drawn.get(key)
    if sprite is None:
        if len(_Sprites.drawn) > 2048:
            _Sprites.drawn.clear()
        sprite, draw = new_canvas(width, height, PAPER)
        paint(draw)
        _Sprites.drawn[key] = sprite
    return sprite


def draw_board(view: RAView) -> Image.Image:
    """The whole public board: the game being played, or the end board once it is over."""
    if view.over:
        return draw_end_board(view)
    image, draw = new_canvas(WIDTH, board_height(), PAPER)
    strip = family.turn_strip_height(WIDTH)
    who, phase = tuple(seats(view)), phase_text(view)

    def top(d: Draw) -> None:
        y = family.header(d, WIDTH, THEME, right=tr("Round {n}", n=view.round))
        family.turn_strip(d, (0, y, WIDTH, y + strip), who, phase)

    image.paste(_sprite(("top", view.round, who, phase), WIDTH, MAP_Y, top), (0, 0))
    y = MAP_Y
    draw_map(image, draw, view, MAP_X, y)
    for k, p in enumerate(view.players):
        _player(image, draw, view, p, PANEL_X, y + k * (PLAYER_H + 6))
    y += SIDE + 10
    band_key = (
        "band",
        tuple((g.species, g.in_play, g.ends_game) for g in view.graveyard),
        tuple(sorted(_marked(view, "grave"))),
        tuple((g.food, g.nest, g.water, g.points) for g in view.face_up),
        view.goal_deck,
        tuple(sorted(view.supply.items())),
        view.cement,
        "goals" in (view.last_turn.marks if view.last_turn else []),
    )

    def band(d: Draw) -> None:
        _graveyard(d, view, MAP_X, 0)
        _goals(d, view, BAND_RIGHT, 4)
        _supply(d, view, BAND_RIGHT, 4 + GOAL_H + 10)

    image.paste(_sprite(band_key, WIDTH, BAND_H, band), (0, y))
    _last_turn(image, view, y + BAND_H + 8)
    return image


def _last_turn(image: Image.Image, view: RAView, y: int) -> None:
    text = shown(view.last_turn.line) if view.last_turn else tr("No turn played yet")

    def line(d: Draw) -> None:
        family.last_turn_line(d, (0, 0, WIDTH - 8, LAST_H), text)

    image.paste(_sprite(("last", text), WIDTH, LAST_H, line), (0, y))


# -- the end board ------------------------------------------------------------------------------
#: the end board's tiles: smaller, so the standings beside the map have room for names
END_TILE = 130


def standing_rows(view: RAView) -> list[Standing]:
    """Players ranked: the winners first, then by score (the eliminated after the living);
    each with their goal points and goals done, their graveyard penalty and species."""
    order = sorted(
        view.players,
        key=lambda p: (p.name not in view.winners, p.eliminated, -p.score, p.seat),
    )
    by_seat = {s.name: s for s in seats(view)}
    rows: list[Standing] = []
    previous: tuple[bool, bool, int] | None = None
    place = 0
    for k, p in enumerate(order):
        key = (p.name not in view.winners, p.eliminated, p.score)
        if key != previous:
            place = k + 1
        previous = key
        # Translators: a player's final breakdown: goal points, goals done, graveyard penalty
        goals = trn(
            "{points} from {n} goal, grave −{penalty}",
            "{points} from {n} goals, grave −{penalty}",
            p.completed,
            points=p.goal_points,
            penalty=p.penalty,
        )
        # Translators: a player's final breakdown: their species died out
        parts = [goals, shown(p.species_short)] + ([tr("extinct")] if p.eliminated else [])
        rows.append(
            Standing(
                place=place,
                seat=by_seat[p.name],
                total=str(p.score),
                breakdown=" · ".join(parts),
                winner=p.name in view.winners,
            )
        )
    return rows


#: lines of each player's breakdown in the standings (a translation is longer than English)
BREAKDOWN_LINES = 3
#: lines of why the game ended, beside the graveyard
REASON_LINES = 4


def end_height(players: int) -> int:
    head = family.header_height(WIDTH)
    table = family.standings_height(WIDTH, players, BREAKDOWN_LINES)
    body = max(table, map_side(END_TILE))
    return head + 10 + body + 10 + max(GRAVE_H, REASON_LINES * LINE) + 8 + LAST_H + 4


def draw_end_board(view: RAView) -> Image.Image:
    """The final picture: the standings (each player's breakdown, the winner named) beside the
    final map, then the graveyard, why the game ended and the last turn."""
    image, draw = new_canvas(WIDTH, end_height(len(view.players)), PAPER)
    y = family.header(draw, WIDTH, THEME, right=tr("Game over"))
    y += 10
    side = map_side(END_TILE)
    mx = WIDTH - 12 - side
    table = max(side, family.standings_height(WIDTH, len(view.players), BREAKDOWN_LINES))
    rows = standing_rows(view)
    family.standings(draw, (0, y, mx - 12, y + table), rows, breakdown_lines=BREAKDOWN_LINES)
    draw_map(image, draw, view, mx, y, END_TILE)
    y += table + 10
    _graveyard(draw, view, MAP_X, y)
    f = font(TEXT)
    rx = BAND_RIGHT
    # Translators: on the end board: why the game ended ("Ended: Ada reached 20 points")
    ended = tr("Ended: {reason}", reason=view.end_reason)
    for k, line in enumerate(wrap(ended, f, WIDTH - rx - 12, REASON_LINES)):
        draw.text((rx, y + k * LINE), line, font=f, fill=INK)
    _last_turn(image, view, y + max(GRAVE_H, REASON_LINES * LINE) + 8)
    return image


def render_board(view: RAView) -> bytes:
    """The public board as an 8-bit PNG in the game's palette."""
    return to_png(draw_board(view), palette=board_palette("run_animals"))


# -- the hand -----------------------------------------------------------------------------------
CARD_W, CARD_H = 232, 224
ACTION_H = 90
HAND_COLS = 4
HAND_W = 16 + HAND_COLS * (CARD_W + 12) + 4
HAND_TEXT = family.sizes(HAND_W).text


def card(draw: ImageDraw.ImageDraw, x: int, y: int, c: CardView) -> None:
    """An action card: one action, or two joined by the word "then" or "or"."""
    fill, edge = (250, 246, 232), (120, 100, 70)
    draw.rounded_rectangle(
        (x, y, x + CARD_W, y + CARD_H), radius=12, fill=fill, outline=edge, width=3
    )
    if len(c.actions) == 1:
        _action(draw, x, y + (CARD_H - ACTION_H) // 2, c, 0)
        return
    _action(draw, x, y + 6, c, 0)
    colour = THEN if c.join == "then" else OR
    word = shown(JOIN_WORDS["then" if c.join == "then" else "or"])
    mid = y + CARD_H // 2
    draw.line((x + 20, mid, x + CARD_W - 20, mid), fill=(200, 194, 180), width=2)
    f = font(HAND_TEXT, True)
    w = text_size(word, f)[0]
    draw.rectangle(
        (
            x + (CARD_W - w) // 2 - 8,
            mid - HAND_TEXT // 2 - 3,
            x + (CARD_W + w) // 2 + 8,
            mid + HAND_TEXT // 2 + 3,
        ),
        fill=fill,
    )
    draw.text((x + CARD_W // 2, mid), word, font=f, fill=colour, anchor="mm")
    _action(draw, x, mid + HAND_TEXT // 2 + 6, c, 1)


def _action(draw: ImageDraw.ImageDraw, x: int, y: int, c: CardView, k: int) -> None:
    """A card's ``k``-th action: its name, with the shapes of the cubes an Acquire may take."""
    f = font(HAND_TEXT + 3, True)
    if k < len(c.kinds) and c.kinds[k] == "acquire":
        kinds = c.colours[k]
        # Translators: on an action card, over the cubes it may take (the action's name)
        title = ellipsize(tr("Acquire"), f, CARD_W - 12)
        draw.text((x + CARD_W // 2, y), title, font=f, fill=INK, anchor="ma")
        step = CARD_W // 3 - 4
        cx = x + CARD_W // 2 - (len(kinds) - 1) * step // 2
        small = font(HAND_TEXT)
        names = [shown(COLOUR_WORDS[colour]) for colour in kinds]
        # each kind's name under its cube, or all of them in one line where one is too wide
        apart = all(text_size(name, small)[0] <= step - 4 for name in names)
        top = y + HAND_TEXT + 10
        for colour, name in zip(kinds, names, strict=True):
            cube(draw, (cx - 12, top, cx + 12, top + 24), colour)
            if apart:
                draw.text((cx, top + 28), name, font=small, fill=INK, anchor="ma")
            cx += step
        if not apart:
            line = ellipsize("/".join(names), small, CARD_W - 12)
            draw.text((x + CARD_W // 2, top + 28), line, font=small, fill=INK, anchor="ma")
        return
    text = shown(c.actions[k])
    draw.text(
        (x + CARD_W // 2, y + 8), ellipsize(text, f, CARD_W - 12), font=f, fill=INK, anchor="ma"
    )


def render_hand(view: RAView) -> bytes:
    """The viewer's hand (private), then every player's discard pile (public), the viewer's
    first."""
    me = next((p for p in view.players if p.name == view.viewer), None)
    hand = view.my_hand or []
    f, fb = font(HAND_TEXT), font(HAND_TEXT, True)
    piles = sorted(view.players, key=lambda p: p.name != view.viewer)
    lines = [_pile_lines(p, HAND_W - 32 - 44) for p in piles]
    line = HAND_TEXT + 8
    rows_hand = max(1, -(-len(hand) // HAND_COLS))
    title = HAND_TEXT + 20
    piles_h = title + sum(len(ls) * line + 10 for ls in lines)
    height = 16 + title + rows_hand * (CARD_H + 12) + piles_h + 8
    image, draw = new_canvas(HAND_W, height, PAPER)
    if me is None:
        head = tr("Your hand")
    else:
        # Translators: the title of a player's hand picture: "Ada's hand · Formosa Black Bear"
        head = tr("{player}'s hand · {species}", player=me.name, species=me.species_name)
    draw.text(
        (16, 14),
        ellipsize(head, font(HAND_TEXT + 5, True), HAND_W - 32),
        font=font(HAND_TEXT + 5, True),
        fill=INK,
    )
    y = 16 + title
    if not hand:
        draw.text(
            (16, y + 40),
            tr("No cards in hand.") if me else tr("Spectators hold no cards."),
            font=f,
            fill=MUTED,
        )
    for i, c in enumerate(hand):
        card(draw, 16 + (i % HAND_COLS) * (CARD_W + 12), y + (i // HAND_COLS) * (CARD_H + 12), c)
    y += rows_hand * (CARD_H + 12)
    draw.text((16, y + 4), tr("Discard piles (public)"), font=fb, fill=INK)
    y += title
    for p, ls in zip(piles, lines, strict=True):
        family.token(
            draw,
            (16 + 18, y + line // 2),
            17,
            SPECIES_COLOUR[p.species],
            letters(p.species),
        )
        for k, text in enumerate(ls):
            draw.text(
                (16 + 44, y + k * line),
                text,
                font=fb if k == 0 else f,
                fill=INK,
            )
        y += len(ls) * line + 10
    return to_png(image)


def _pile_lines(p: PlayerView, width: int) -> list[str]:
    """A player's discard pile in words: their name and count, then the cards' names."""
    n = len(p.discard)
    # Translators: a player's discard pile in the hand picture: "Ada: 3 cards"
    head = trn("{player}: {n} card", "{player}: {n} cards", n, player=p.name)
    if not p.discard:
        return [head]
    names = " · ".join(shown(c.name) for c in p.discard)
    return [head, *wrap(names, font(HAND_TEXT), width, max_lines=4)]
