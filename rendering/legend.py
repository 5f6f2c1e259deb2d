"""A legend per game for ``/game rules``: a plan of the board that names each of its areas.

A game brings its plan (``plan()`` in its package's ``legend`` module); this module draws it.
Each plan is the board's own layout (the renderers' constants: where the map, the side panel,
the corners and rows sit, in the board's pixels), scaled to one width and drawn as labelled
boxes with real text, so a new player can tell what each part of the board image shows. The
words describe the board; they say nothing about any game in progress.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageDraw

from rendering import game_module
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


def plan_of(game: str) -> Plan | None:
    """``game``'s legend plan, from the ``plan()`` of its package's ``legend`` module, or None
    when the game has none."""
    module = game_module(game, "legend")
    if module is None:
        return None
    plan: Plan = module.plan()
    return plan


def has_legend(game: str) -> bool:
    return game_module(game, "legend") is not None


def _plan(game: str) -> Plan:
    plan = plan_of(game)
    if plan is None:
        raise LookupError(f"'{game}' has no legend.")
    return plan


def alt_text(game: str) -> str:
    """The legend in words (the picture's description for screen readers)."""
    plan = _plan(game)
    parts = [f"{a.name}: {a.note}" for a in plan.areas]
    return f"{plan.title}, each area named. " + "; ".join(parts) + "."


@lru_cache(maxsize=8)
def render_legend(game: str) -> bytes:
    """The legend picture (PNG) of ``game``'s board: its areas where the board has them (the
    same every time: drawn once per process)."""
    plan = _plan(game)
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
