"""A legend per game for ``/game rules``: a real position, explained, and a key of its symbols.

A game brings its legend (``legend()`` in its package's ``legend`` module): a board drawn by
its own renderer from a position its own engine reached, numbered callouts on the places that
need words, and a key of the symbols the board uses, each drawn by the renderer's own code, so
the key always shows exactly what a board shows. This module draws it as wide as the board
(the board's text keeps its phone size) with the callouts' notes and the key below, every word
at least :func:`rendering.family.phone_min_text` of the width. The words describe the board;
they say nothing about a game in progress.

(A game that still brings a ``plan()`` of labelled regions gets the older wireframe legend.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from i18n.speaking import current, speaking, tr
from rendering import game_module
from rendering.family import sizes
from rendering.kit import INK, MUTED, PAPER, WHITE, Draw, font, new_canvas, to_png, wrap
from rendering.palettes import board_palette

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Callout:
    """A numbered note on the sample board: the point it marks (the board's pixels) and the
    words."""

    at: tuple[float, float]
    text: str


@dataclass(frozen=True)
class Symbol:
    """A key entry: the symbol drawn into a box by the game's own drawing code, and its
    meaning."""

    draw: Callable[[Draw, Box], None]
    text: str


@dataclass(frozen=True)
class Legend:
    title: str
    board: Image.Image
    callouts: list[Callout]
    symbols: list[Symbol]


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


def legend_of(game: str) -> Legend | None:
    """``game``'s taught legend, from ``legend()`` in its ``legend`` module, or None when it
    has none (or only an older ``plan()``)."""
    module = game_module(game, "legend")
    build = getattr(module, "legend", None)
    if build is None:
        return None
    taught: Legend = build()
    return taught


def _plan(game: str) -> Plan:
    plan = plan_of(game)
    if plan is None:
        raise LookupError(f"'{game}' has no legend.")
    return plan


def alt_text(game: str, locale: str | None = None) -> str:
    """The legend in words, in ``locale``'s language (by default the one being drawn in): the
    picture's description for screen readers."""
    with speaking(locale or current()):
        taught = legend_of(game)
        if taught is not None:
            notes = " ".join(
                tr("{number}. {note}", number=k, note=c.text)
                for k, c in enumerate(taught.callouts, 1)
            )
            return tr(
                "{title}: a sample board. {notes} Key: {key}.",
                title=taught.title,
                notes=notes,
                key="; ".join(s.text for s in taught.symbols),
            )
        plan = _plan(game)
        parts = "; ".join(tr("{name}: {note}", name=a.name, note=a.note) for a in plan.areas)
        return tr("{title}, each area named. {parts}.", title=plan.title, parts=parts)


def render_legend(game: str, locale: str | None = None) -> bytes:
    """The legend picture (PNG) of ``game``'s board, its words in ``locale``'s language (by
    default the one being drawn in): its areas where the board has them (the same every time:
    drawn once per process and language)."""
    return _legend_png(game, locale or current())


@lru_cache(maxsize=32)
def _legend_png(game: str, locale: str) -> bytes:
    with speaking(locale):
        return _render_legend(game)


render_legend.cache_clear = _legend_png.cache_clear  # type: ignore[attr-defined]  # as before


def _render_legend(game: str) -> bytes:
    taught = legend_of(game)
    if taught is not None:
        # in the board's own palette: the legend is the board and a few words in ink (about half
        # the bytes of an RGB file)
        return to_png(draw_legend(taught), palette=board_palette(game))
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


def draw_legend(taught: Legend) -> Image.Image:
    """The sample board with numbered badges, then the numbered notes, then the key: symbol
    boxes with their meanings in two columns."""
    board = taught.board.convert("RGB")
    width = board.width
    s = sizes(width)
    pad = s.text
    note_font, title_font = font(s.text), font(s.big, bold=True)
    badge = round(s.text * 0.85)
    note_left = pad + 2 * badge + pad // 2
    notes = [wrap(c.text, note_font, width - note_left - pad, max_lines=4) for c in taught.callouts]
    line_h = round(s.text * 1.3)
    swatch = round(s.text * 2.6)
    column = (width - 3 * pad) // 2
    key_text_w = column - swatch - pad // 2
    keys = [wrap(sym.text, note_font, key_text_w, max_lines=3) for sym in taught.symbols]
    key_rows = [
        max(swatch, len(a) * line_h, len(b) * line_h if b else 0)
        for a, b in zip(keys[::2], [*keys[1::2], []], strict=False)
    ]
    title_h = round(s.big * 1.8)
    notes_h = sum(max(2 * badge, len(n) * line_h) + pad // 2 for n in notes)
    key_h = (title_h + sum(r + pad // 2 for r in key_rows)) if keys else 0
    height = title_h + board.height + pad + notes_h + key_h + pad
    image, draw = new_canvas(width, height, PAPER)
    draw.text((pad, title_h // 2), taught.title, font=title_font, fill=INK, anchor="lm")
    image.paste(board, (0, title_h))
    for k, callout in enumerate(taught.callouts, 1):
        x, y = callout.at
        _badge(draw, (x, title_h + y), badge, str(k))
    y = title_h + board.height + pad
    for k, lines in enumerate(notes, 1):
        _badge(draw, (pad + badge, y + badge), badge, str(k))
        for i, line in enumerate(lines):
            draw.text((note_left, y + i * line_h), line, font=note_font, fill=INK)
        y += max(2 * badge, len(lines) * line_h) + pad // 2
    if keys:
        draw.text((pad, y + title_h // 2), tr("Key"), font=title_font, fill=INK, anchor="lm")
        y += title_h
        for row, height_of_row in enumerate(key_rows):
            for col in range(2):
                k = row * 2 + col
                if k >= len(keys):
                    break
                x = pad + col * (column + pad)
                box = (x, y, x + swatch, y + swatch)
                taught.symbols[k].draw(draw, box)
                for i, line in enumerate(keys[k]):
                    draw.text(
                        (x + swatch + pad // 2, y + i * line_h), line, font=note_font, fill=INK
                    )
            y += height_of_row + pad // 2
    return image


def _badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: int, label: str) -> None:
    """A numbered callout: an ink disc ringed in white, so it reads on any colour."""
    cx, cy = centre
    draw.ellipse((cx - radius - 3, cy - radius - 3, cx + radius + 3, cy + radius + 3), fill=WHITE)
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=INK)
    size = max(sizes(draw.im.size[0]).text, radius)
    draw.text((cx, cy), label, font=font(size, bold=True), fill=WHITE, anchor="mm")
