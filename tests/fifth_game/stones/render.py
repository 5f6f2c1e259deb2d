"""The Stepping Stones board: the path of stones with each lantern on its stone, and a side
panel saying whose turn it is and the last roll. Drawn with the shared kit."""

from __future__ import annotations

from PIL import Image

from rendering.kit import INK, MUTED, font, new_canvas, player_colour, to_png
from rendering.palettes import board_palette

from .engine import GOAL, StonesView

WIDTH = 1000
HEIGHT = 300
STONE_GREY = (214, 210, 200)
#: the path's band, and each stone's size
PATH_Y = 40
STONE = 64
GAP = 12
PANEL_Y = 150


def stone_box(i: int) -> tuple[int, int, int, int]:
    x = 20 + i * (STONE + GAP)
    return (x, PATH_Y, x + STONE, PATH_Y + STONE)


def draw_board(view: StonesView) -> Image.Image:
    image, draw = new_canvas(WIDTH, HEIGHT)
    for i in range(GOAL + 1):
        draw.rectangle(stone_box(i), outline=INK, width=3, fill=STONE_GREY)
        draw.text((stone_box(i)[0] + 6, PATH_Y + 4), str(i), font=font(20), fill=MUTED)
    for seat, player in enumerate(view.players):
        x0, y0, _, _ = stone_box(view.positions[player])
        spot = (x0 + 14 + 8 * seat, y0 + 30)
        draw.ellipse((*spot, spot[0] + 22, spot[1] + 22), fill=player_colour(seat))
    turn = f"{view.winner} wins" if view.winner else f"{view.turn_player} to move"
    draw.text((20, PANEL_Y), turn, font=font(32, True), fill=INK)
    roll = "no hop yet" if view.last_roll is None else f"last hop: {view.last_roll}"
    draw.text((20, PANEL_Y + 50), roll, font=font(24), fill=MUTED)
    return image


def render_board(view: StonesView) -> bytes:
    """The board as an 8-bit PNG in the game's own palette, as the games in ``engines/`` do."""
    return to_png(draw_board(view), palette=board_palette("stones"))
