"""Run Animals, Run! images: the public board and a player's private hand.

The board is 1000 px wide so Discord's ~550 px preview halves it: tiles carry big numbers, cubes
are coloured squares in slot order (an empty slot is an outline of its colour, cement is grey with
a cross), and the animals on a tile are one disc per species with its initials and a count.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.run_animals.views import CardView, GoalView, RAView, TileView
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
    text_size,
    to_png,
)
from rendering.palettes import board_palette

WIDTH = 1000
HEADER = 56
TILE = 150
GAP = 4
MAP_X, MAP_Y = 10, HEADER + 8
PANEL_X = MAP_X + 4 * TILE + 3 * GAP + 14

CUBE = {"F": (232, 78, 40), "N": (118, 82, 48), "W": (52, 124, 214)}
CUBE_NAME = {"F": "food", "N": "nest", "W": "water"}
CEMENT_FILL = (150, 150, 150)
FOREST = (74, 128, 74)
FOREST_DARK = (52, 100, 54)
CLEARED = (214, 192, 148)
CLEARED_DARK = (176, 150, 104)
DEAD = (172, 172, 168)
ROLL_EDGE = (215, 40, 40)
ACTIVE_EDGE = (255, 214, 0)
MAX_ROLL_LINES = 6
#: the smallest text: 1/60 of the board's width, so it reads at Discord's 550 px preview
TEXT = 17

SPECIES_COLOUR = {
    "cat": (240, 166, 40),
    "bear": (34, 34, 40),
    "frog": (120, 210, 90),
    "pitta": (30, 110, 220),
    "pangolin": (214, 120, 170),
    "kite": (140, 80, 180),
    "turtle": (236, 222, 90),
}
SPECIES_INITIALS = {
    "cat": "LC",
    "bear": "BB",
    "frog": "TF",
    "pitta": "FP",
    "pangolin": "CP",
    "kite": "BK",
    "turtle": "BT",
}


# -- small pieces -------------------------------------------------------------------------------
def _cube(draw: ImageDraw.ImageDraw, x: int, y: int, size: int, colour: str, content: str) -> None:
    box = (x, y, x + size, y + size)
    if content == "cube":
        draw.rounded_rectangle(box, radius=4, fill=CUBE[colour], outline=WHITE, width=2)
    elif content == "cement":
        draw.rectangle(box, fill=CEMENT_FILL, outline=(90, 90, 90), width=2)
        draw.line((x + 4, y + 4, x + size - 4, y + size - 4), fill=(90, 90, 90), width=3)
        draw.line((x + 4, y + size - 4, x + size - 4, y + 4), fill=(90, 90, 90), width=3)
    else:
        draw.rounded_rectangle(box, radius=4, fill=(250, 248, 240), outline=CUBE[colour], width=3)


def _disc(
    draw: ImageDraw.ImageDraw, cx: int, cy: int, r: int, species: str, size: int = TEXT
) -> None:
    colour = SPECIES_COLOUR[species]
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=WHITE, width=2)
    f = font(size, True)
    label = SPECIES_INITIALS[species]
    draw.text((cx, cy), label, font=f, fill=contrast_ink(colour), anchor="mm")


def _goal_cubes(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    goal: GoalView,
    have: dict[str, int],
    size: int = 20,
    gap: int = 4,
) -> int:
    """The goal's cubes in colour order, filled when acquired; returns the x after them."""
    for c, n in (("F", goal.food), ("N", goal.nest), ("W", goal.water)):
        for i in range(n):
            _cube(draw, x, y, size, c, "cube" if have.get(c, 0) > i else "empty")
            x += size + gap
    return x


# -- the map ------------------------------------------------------------------------------------
def _tile(
    draw: ImageDraw.ImageDraw,
    view: RAView,
    tile: TileView,
    x: int,
    y: int,
    rolled: set[int],
    active: int | None,
) -> None:
    base = CLEARED if tile.side == "cleared" else FOREST
    dark = CLEARED_DARK if tile.side == "cleared" else FOREST_DARK
    if not tile.productive:
        base, dark = DEAD, (140, 140, 136)
    draw.rounded_rectangle((x, y, x + TILE, y + TILE), radius=10, fill=base, outline=dark, width=3)
    ink = INK if tile.side == "cleared" or not tile.productive else WHITE
    draw.text((x + 8, y + 3), str(tile.number), font=font(24, True), fill=ink)
    side = "cleared" if tile.side == "cleared" else "forest"
    if not tile.productive:
        side = "cement"
    f = font(TEXT)
    draw.text((x + TILE - 8 - text_size(side, f)[0], y + 7), side, font=f, fill=ink)
    size, gap = 28, 6
    sx = x + 8
    for slot in tile.slots:
        _cube(draw, sx, y + 36, size, slot.colour, slot.content)
        sx += size + gap
    # animals: up to four species in a 2x2 grid of disc + count
    for k, group in enumerate(tile.animals[:4]):
        col, row = k % 2, k // 2
        cx = x + 26 + col * 70
        cy = y + 90 + row * 38
        _disc(draw, cx, cy, 17, group.species)
        if group.count > 1:
            draw.text((cx + 20, cy - 11), f"×{group.count}", font=font(19, True), fill=ink)
    if tile.number in rolled:
        draw.rounded_rectangle(
            (x - 1, y - 1, x + TILE + 1, y + TILE + 1), radius=11, outline=ROLL_EDGE, width=5
        )
    if active == tile.number:
        draw.rounded_rectangle(
            (x + 3, y + 3, x + TILE - 3, y + TILE - 3), radius=8, outline=ACTIVE_EDGE, width=4
        )


def _map(draw: ImageDraw.ImageDraw, view: RAView) -> None:
    rolled = {r.tile for r in view.last_roll}
    active = view.pending.meeple_tile if view.pending else None
    for tile in view.tiles:
        row, col = divmod(tile.number - 1, 4)
        _tile(
            draw, view, tile, MAP_X + col * (TILE + GAP), MAP_Y + row * (TILE + GAP), rolled, active
        )


# -- the side panel -----------------------------------------------------------------------------
def _players(draw: ImageDraw.ImageDraw, view: RAView, y: int) -> int:
    width = WIDTH - PANEL_X - 10
    for p in view.players:
        h = 116
        current = p.name == view.current
        fill = (255, 246, 200) if current else (236, 232, 222)
        if p.eliminated:
            fill = (225, 210, 210)
        draw.rounded_rectangle(
            (PANEL_X, y, PANEL_X + width, y + h),
            radius=8,
            fill=fill,
            outline=ROLL_EDGE if current else (200, 196, 186),
            width=3 if current else 1,
        )
        _disc(draw, PANEL_X + 22, y + 22, 17, p.species)
        name_f = font(21, True)
        name = ellipsize(p.name, name_f, 150)
        draw.text((PANEL_X + 44, y + 8), name, font=name_f, fill=INK)
        nx = PANEL_X + 44 + text_size(name, name_f)[0] + 8
        draw.text(
            (nx, y + 11),
            ellipsize(p.species_short, font(TEXT), width - (nx - PANEL_X) - 50),
            font=font(TEXT),
            fill=MUTED,
        )
        score = str(p.score)
        sf = font(28, True)
        draw.text((PANEL_X + width - 12 - text_size(score, sf)[0], y + 4), score, font=sf, fill=INK)
        if p.goal is not None:
            draw.text((PANEL_X + 10, y + 40), "Goal", font=font(TEXT, True), fill=INK)
            end = _goal_cubes(draw, PANEL_X + 56, y + 40, p.goal, p.goal_cubes)
            draw.text((end + 4, y + 40), f"{p.goal.points} pts", font=font(TEXT, True), fill=INK)
        else:
            draw.text((PANEL_X + 10, y + 40), "No goal left", font=font(TEXT), fill=MUTED)
        status = "EXTINCT" if p.eliminated else f"map {p.on_map}"
        lines = [
            f"done {p.completed} = {p.goal_points} pts · grave −{p.penalty}",
            f"hand {p.hand_count} · discard {len(p.discard)} · {status}",
        ]
        if p.in_front:
            lines = [f"hand {p.hand_count} · on the map {p.on_map}", f"still to place {p.in_front}"]
        for k, line in enumerate(lines):
            draw.text(
                (PANEL_X + 10, y + 66 + 22 * k),
                ellipsize(line, font(TEXT), width - 16),
                font=font(TEXT),
                fill=INK,
            )
        y += h + 6
    return y


def _face_up(draw: ImageDraw.ImageDraw, view: RAView, y: int) -> int:
    draw.text(
        (PANEL_X, y), f"Goals to take  (deck {view.goal_deck})", font=font(17, True), fill=INK
    )
    y += 24
    x = PANEL_X
    for g in view.face_up:
        w = 176
        draw.rounded_rectangle(
            (x, y, x + w - 6, y + 34), radius=6, fill=WHITE, outline=(190, 186, 176)
        )
        end = _goal_cubes(draw, x + 6, y + 8, g, {}, size=18, gap=3)
        draw.text((end + 2, y + 8), f"{g.points}", font=font(17, True), fill=INK)
        x += w
    if not view.face_up:
        draw.text((PANEL_X, y + 6), "none left", font=font(TEXT), fill=MUTED)
    return y + 44


def _graveyard(draw: ImageDraw.ImageDraw, view: RAView, y: int) -> int:
    draw.text((PANEL_X, y), "Graveyard", font=font(17, True), fill=INK)
    y += 24
    w = (WIDTH - PANEL_X - 10) // 6
    for g in view.graveyard:
        x = PANEL_X + (g.slot - 1) * w
        box = (x, y, x + w - 6, y + 52)
        if not g.in_play:
            draw.rounded_rectangle(box, radius=6, fill=(210, 208, 204), outline=(190, 190, 186))
            draw.line((x + 6, y + 6, x + w - 12, y + 46), fill=(170, 170, 166), width=2)
        else:
            edge = ROLL_EDGE if g.ends_game else (120, 110, 100)
            draw.rounded_rectangle(
                box, radius=6, fill=(92, 84, 80), outline=edge, width=3 if g.ends_game else 1
            )
        draw.text(
            (x + 5, y + 2),
            f"−{g.penalty}",
            font=font(TEXT, True),
            fill=WHITE if g.in_play else MUTED,
        )
        if g.species:
            _disc(draw, x + (w - 6) // 2, y + 34, 15, g.species)
    end = next((g.slot for g in view.graveyard if g.ends_game), 6)
    caption = f"Filling slot {end} (red edge) ends the game."
    f = font(TEXT)
    draw.text((PANEL_X, y + 56), ellipsize(caption, f, WIDTH - PANEL_X - 10), font=f, fill=MUTED)
    return y + 82


def _roll_and_supply(draw: ImageDraw.ImageDraw, view: RAView, y: int) -> int:
    width = WIDTH - PANEL_X - 10
    if view.last_roll:
        draw.text(
            (PANEL_X, y), f"Last roll by {view.roller} (red tiles)", font=font(17, True), fill=INK
        )
        y += 23
        shown = view.last_roll[-MAX_ROLL_LINES:]
        if len(shown) < len(view.last_roll):
            earlier = len(view.last_roll) - len(shown)
            draw.text((PANEL_X + 4, y), f"… {earlier} earlier", font=font(TEXT), fill=MUTED)
            y += 22
        for r in shown:
            line = f"tile {r.tile}: {r.effect}"
            f = font(TEXT)
            draw.text((PANEL_X + 4, y), ellipsize(line, f, width - 4), font=f, fill=INK)
            y += 22
    s = view.supply
    line = f"Supply: food {s['F']}  nest {s['N']}  water {s['W']}  cement {view.cement}"
    f = font(TEXT)
    draw.text((PANEL_X, y + 4), ellipsize(line, f, width), font=f, fill=MUTED)
    return y + 28


def _header(draw: ImageDraw.ImageDraw, view: RAView) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER), fill=(44, 70, 48))
    draw.text((12, 10), "Run Animals, Run!", font=font(28, True), fill=WHITE)
    if view.over:
        if view.winners:
            text = (
                "Game over: "
                + " & ".join(view.winners)
                + " win"
                + ("s" if len(view.winners) == 1 else "")
            )
        else:
            text = "Game over"
    elif view.phase == "place":
        text = f"Setup: {view.current} places an animal"
    else:
        doing = ""
        if view.pending:
            doing = f" · playing {view.pending.card.name}"
        if view.phase == "expel" and view.pending:
            doing = f" · expelling ({view.pending.expel_left} to send)"
        elif view.phase == "goal":
            doing = " · choosing a new goal"
        elif view.phase == "forced":
            doing = " · out of cards: an animal must go"
        text = f"Round {view.round} · {view.current} to play{doing}"
    f = font(20, True)
    x = 290
    draw.text((x, 16), ellipsize(text, f, WIDTH - x - 12), font=f, fill=(255, 236, 150))


def _footer(draw: ImageDraw.ImageDraw, view: RAView, y: int) -> None:
    draw_text_centered(
        draw,
        (MAP_X, y, WIDTH - 10, y + 40),
        "Ended: " + view.end_reason,
        TEXT,
        fill=INK,
        max_lines=2,
        smallest=TEXT,
    )


def draw_board(view: RAView) -> Image.Image:
    """The whole public board. Drawn on a tall canvas, then cut below the lowest element (the
    side panel outgrows the map with four players and a long chain of rerolls)."""
    image, draw = new_canvas(WIDTH, 1400, PAPER)
    _header(draw, view)
    _map(draw, view)
    y = _players(draw, view, MAP_Y)
    y = _face_up(draw, view, y + 4)
    y = _graveyard(draw, view, y)
    y = _roll_and_supply(draw, view, y)
    bottom = max(MAP_Y + 4 * TILE + 3 * GAP, y) + 8
    if view.over and view.end_reason:
        _footer(draw, view, bottom)
        bottom += 46
    return image.crop((0, 0, WIDTH, bottom))


def render_board(view: RAView) -> bytes:
    """The public board as an 8-bit PNG in the game's palette."""
    return to_png(draw_board(view), palette=board_palette("run_animals"))


# -- the hand -----------------------------------------------------------------------------------
CARD_W, CARD_H = 230, 168
ACTION_H = 60


def _card(draw: ImageDraw.ImageDraw, x: int, y: int, card: CardView, faded: bool = False) -> None:
    fill = (250, 246, 232) if not faded else (222, 220, 214)
    edge = (120, 100, 70) if not faded else (170, 165, 155)
    draw.rounded_rectangle(
        (x, y, x + CARD_W, y + CARD_H), radius=12, fill=fill, outline=edge, width=3
    )
    ink = INK if not faded else MUTED
    if len(card.actions) == 1:
        _action(draw, x, y + (CARD_H - ACTION_H) // 2, card.actions[0], ink)
        return
    _action(draw, x, y + 8, card.actions[0], ink)
    word = "then" if card.join == "then" else "or"
    colour = (40, 120, 50) if word == "then" else ROLL_EDGE
    draw.line((x + 20, y + 78, x + CARD_W - 20, y + 78), fill=(200, 194, 180), width=2)
    f = font(18, True)
    w = text_size(word, f)[0]
    draw.rectangle(
        (x + (CARD_W - w) // 2 - 8, y + 66, x + (CARD_W + w) // 2 + 8, y + 90), fill=fill
    )
    draw.text((x + (CARD_W - w) // 2, y + 66), word, font=f, fill=colour)
    _action(draw, x, y + 90, card.actions[1], ink)


def _action(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, ink: Ink) -> None:
    """One action: its name, with coloured cubes for what an Acquire may take."""
    if text.startswith("Acquire "):
        names = text.split(" ", 1)[1].split("/")
        colours = [c for c, name in CUBE_NAME.items() if name in names]
        draw_text_centered(
            draw, (x, y, x + CARD_W, y + 28), "Acquire", 24, fill=ink, bold=True, smallest=TEXT
        )
        total = len(colours) * 64 - 8
        cx = x + (CARD_W - total) // 2
        for c in colours:
            _cube(draw, cx + 16, y + 30, 24, c, "cube")
            cx += 64
        f = font(TEXT)
        cx = x + (CARD_W - total) // 2
        for c in colours:
            w = text_size(CUBE_NAME[c], f)[0]
            draw.text((cx + 28 - w // 2, y + 54), CUBE_NAME[c], font=f, fill=ink)
            cx += 64
    else:
        draw_text_centered(
            draw, (x, y, x + CARD_W, y + ACTION_H), text, 26, fill=ink, bold=True, smallest=TEXT
        )


def render_hand(view: RAView) -> bytes:
    """The viewer's hand (private), with their public discard pile greyed below it."""
    me = next((p for p in view.players if p.name == view.viewer), None)
    hand = view.my_hand or []
    discard = me.discard if me else []
    cols = 4
    rows_hand = max(1, (len(hand) + cols - 1) // cols)
    rows_disc = (len(discard) + cols - 1) // cols
    width = 16 + cols * (CARD_W + 12) + 4
    height = 60 + rows_hand * (CARD_H + 12) + (40 + rows_disc * (CARD_H + 12) if discard else 0) + 8
    image, draw = new_canvas(width, height, PAPER)
    title = "Your hand" if me is None else f"{me.name}'s hand · {me.species_name}"
    draw.text((16, 14), ellipsize(title, font(26, True), width - 32), font=font(26, True), fill=INK)
    y = 56
    if not hand:
        draw.text((16, y + 40), "No cards in hand.", font=font(22), fill=MUTED)
    for i, card in enumerate(hand):
        _card(draw, 16 + (i % cols) * (CARD_W + 12), y + (i // cols) * (CARD_H + 12), card)
    y += rows_hand * (CARD_H + 12)
    if discard:
        draw.text((16, y + 8), "Discard pile (public)", font=font(20, True), fill=MUTED)
        y += 40
        for i, card in enumerate(discard):
            _card(
                draw,
                16 + (i % cols) * (CARD_W + 12),
                y + (i // cols) * (CARD_H + 12),
                card,
                faded=True,
            )
    return to_png(image)
