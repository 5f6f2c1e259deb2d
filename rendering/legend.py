"""A legend per game for ``/game rules``: a plan of the board that names each of its areas.

Each plan is the board's own layout (the renderers' constants: where the map, the side panel,
the corners and rows sit, in the board's pixels), scaled to one width and drawn as labelled
boxes with real text, so a new player can tell what each part of the board image shows. The
words describe the board; they say nothing about any game in progress.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageDraw

from rendering import anatomy_park as ap
from rendering import cemetery as cc
from rendering import monopoly as mo
from rendering import run_animals as ra
from rendering.kit import INK, MUTED, PAPER, font, new_canvas, to_png, wrap

#: the legend's width; every text is at least WIDTH / 60 high (legible at 550 px on a phone)
WIDTH = 1100
TITLE = 30
NAME = 22
NOTE = 19
PAD = 8
EDGE = (70, 70, 84)
FILLS = [
    (230, 238, 250),
    (246, 232, 214),
    (222, 240, 224),
    (240, 226, 240),
    (250, 244, 210),
    (226, 236, 238),
]


@dataclass(frozen=True)
class Area:
    """A part of the board: where it is (in the board's own pixels), its name and what it shows."""

    box: tuple[float, float, float, float]
    name: str
    note: str


@dataclass(frozen=True)
class Plan:
    title: str
    width: float  # the board image's width, in its own pixels
    height: float
    areas: list[Area]


def monopoly_plan() -> Plan:
    size, c = mo.SIZE, mo.CORNER
    inner = c + 68

    def corner(i: int) -> tuple[float, float, float, float]:
        x0, y0, x1, y1, _ = mo.cell_rect(i)
        return (x0, y0, x1, y1)

    row = "colour bar = group; owner's tag; green stilts or a red box; grey = mortgaged"
    return Plan(
        "Monopoly: Rick and Morty — the board",
        size,
        size,
        [
            Area(corner(0), "GO", "passing it pays 200"),
            Area(corner(10), "Jail", "in jail, or just visiting"),
            Area(corner(20), "Free Parking", "nothing happens"),
            Area(corner(30), "Go to jail", "straight to Jail"),
            Area((c, size - c, size - c, size), "Spaces 1–9", row),
            Area((0, c, c, size - c), "Spaces 11–19", "the same marks"),
            Area((c, 0, size - c, c), "Spaces 21–29", "the same marks"),
            Area((size - c, c, size, size - c), "Spaces 31–39", "figures stand on their space"),
            Area(
                (inner, inner, size - inner, inner + 150),
                "Whose turn",
                "their colour, and the dice they rolled",
            ),
            Area(
                (inner, inner + 150, size - inner, inner + 380),
                "Players",
                "figure, cash, deeds, in jail, get-out cards",
            ),
            Area(
                (inner, inner + 380, size - inner, size - c - 140),
                "Waiting for · recent moves",
                "what the game needs now, then the last moves",
            ),
            Area(
                (inner, size - c - 140, size - inner, size - inner),
                "Bank and decks",
                "stilts and boxes left, cards in each deck",
            ),
        ],
    )


def run_animals_plan() -> Plan:
    side = 4 * ra.TILE + 3 * ra.GAP
    bottom = ra.MAP_Y + side
    px, w = ra.PANEL_X, ra.WIDTH
    step = (bottom - ra.MAP_Y) / 10
    return Plan(
        "Run Animals, Run! — the board",
        w,
        bottom + 10,
        [
            Area((0, 0, w, ra.HEADER), "Header", "the round, whose turn, the card being played"),
            Area(
                (ra.MAP_X, ra.MAP_Y, ra.MAP_X + side, bottom),
                "The map",
                "16 tiles numbered for the dice; animals as discs with their species' "
                "letters; cubes: food, nest, water; sand = cleared, grey = cement; "
                "red edge = the last roll",
            ),
            Area(
                (px, ra.MAP_Y, w - 6, ra.MAP_Y + 4 * step),
                "Players",
                "species, goal cubes and points, graveyard penalty, hand, discard, "
                "animals on the map",
            ),
            Area(
                (px, ra.MAP_Y + 4 * step, w - 6, ra.MAP_Y + 6 * step),
                "Goals to take",
                "face-up goals and the goal deck",
            ),
            Area(
                (px, ra.MAP_Y + 6 * step, w - 6, ra.MAP_Y + 8 * step),
                "Graveyard",
                "the game ends when its red slot is filled",
            ),
            Area(
                (px, ra.MAP_Y + 8 * step, w - 6, bottom),
                "Last roll · supply",
                "what each rolled tile did; cubes and cement left",
            ),
        ],
    )


def cemetery_plan() -> Plan:
    w = cc.WIDTH
    head = 56
    band = 44 + cc.CREATURE_H
    yard = 2 * (cc.STACK_H + 14) + 42
    key = cc.FOOTER + 16  # the footer line, with room for its label here
    bottom = head + 2 * band + yard + key
    creatures = (
        "creatures: the Core in the middle, up to 8 Parts around; "
        "chips F1 = a stable Flesh pair, F1! = unstable"
    )
    return Plan(
        "Cemetery Creatures — the board",
        w,
        bottom,
        [
            Area(
                (0, 0, w, head),
                "Header",
                "turn, whose turn and phase; the supply of Revenge and Science tokens",
            ),
            Area(
                (cc.MARGIN // 2, head, w - cc.MARGIN // 2, head + band),
                "First player",
                "tokens (green discs unspent, red rings spent) = total; Pet Cemetery; " + creatures,
            ),
            Area(
                (cc.MARGIN // 2, head + band, w - cc.MARGIN // 2, head + 2 * band),
                "Second player",
                "the same, for the other player",
            ),
            Area(
                (cc.MARGIN // 2, head + 2 * band, w - cc.MARGIN // 2, head + 2 * band + yard),
                "The Cemetery",
                "the Parts and Cores to draft; a stack is drafted whole",
            ),
            Area((0, bottom - key, w, bottom), "Key", "what the colours and chips mean"),
        ],
    )


def anatomy_park_plan() -> Plan:
    w, m = ap.WIDTH, ap.MARGIN
    head = m + 80
    park = head + ap.AXIS + ap.MAX_PARK_H * 0.7
    players = park + 14 + 4 * 40
    bottom = players + 3 * 34
    return Plan(
        "Rick and Morty: Anatomy Park — the board",
        w,
        bottom,
        [
            Area(
                (0, 0, w, head),
                "Header",
                "the draw stack and discard; what the game waits for; Ruben's heart",
            ),
            Area(
                (m, head, w - m, park),
                "The park",
                "tiles at their coordinates (columns on top, rows at the left); "
                "who controls a tile is marked on it; diseases and players on their tiles",
            ),
            Area(
                (m, park + 14, w - m, players),
                "Players",
                "VP, character, tiles in hand, markers left, turns left",
            ),
            Area(
                (m, players, w - m, bottom),
                "Effects",
                "diseases in the park, what is in effect, the last body reaction",
            ),
        ],
    )


PLANS: dict[str, Callable[[], Plan]] = {
    "monopoly": monopoly_plan,
    "run_animals": run_animals_plan,
    "cemetery": cemetery_plan,
    "anatomy_park": anatomy_park_plan,
}


def has_legend(game: str) -> bool:
    return game in PLANS


def alt_text(game: str) -> str:
    """The legend in words (the picture's description for screen readers)."""
    plan = PLANS[game]()
    parts = [f"{a.name}: {a.note}" for a in plan.areas]
    return f"{plan.title}, each area named. " + "; ".join(parts) + "."


@lru_cache(maxsize=8)
def render_legend(game: str) -> bytes:
    """The legend picture (PNG) of ``game``'s board: its areas where the board has them (the
    same every time: drawn once per process)."""
    plan = PLANS[game]()
    top = TITLE + 2 * PAD + 8
    scale = (WIDTH - 2 * PAD) / plan.width
    height = int(top + plan.height * scale + PAD)
    image, draw = new_canvas(WIDTH, height, PAPER)
    draw.text((PAD + 4, PAD), plan.title, font=font(TITLE, True), fill=INK)
    for k, area in enumerate(plan.areas):
        x0, y0, x1, y1 = area.box
        box = (
            PAD + x0 * scale,
            top + y0 * scale,
            PAD + x1 * scale - 3,
            top + y1 * scale - 3,
        )
        draw.rectangle(box, fill=FILLS[k % len(FILLS)], outline=EDGE, width=2)
        _label(draw, box, area)
    return to_png(image)


def _label(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], area: Area) -> None:
    """The area's name (bold) and what it shows, wrapped inside its box; in a box too low for
    both, what it shows follows the name on its line."""
    x0, y0, x1, y1 = box
    inner = int(x1 - x0) - 2 * PAD
    y = y0 + PAD
    name_font, note_font = font(NAME, True), font(NOTE)
    names = wrap(area.name, name_font, inner, max_lines=2)
    below = int((y1 - PAD - y - len(names) * (NAME + 4)) // (NOTE + 4))
    for line in names:
        draw.text((x0 + PAD, y), line, font=name_font, fill=INK)
        y += NAME + 4
    if below >= 1:
        lines = wrap(area.note, note_font, inner, max_lines=below)
        x = x0 + PAD
    else:  # beside the name, on as many lines as the box holds
        x = x0 + PAD + draw.textlength(names[-1] + "  ", font=name_font)
        y -= NAME + 4
        room = max(1, int((y1 - PAD - y) // (NOTE + 4)))
        lines = wrap(area.note, note_font, int(x1 - PAD - x), max_lines=room)
        y += 2
    for line in lines:
        draw.text((x, y), line, font=note_font, fill=MUTED)
        y += NOTE + 4
