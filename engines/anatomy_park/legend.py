"""The legend of the Anatomy Park board for ``/game rules``: a real park, explained.

The position is a game this engine plays with itself from a fixed seed, stopped where the park
shows what a board can show (a tile under a control marker, a disease, characters, a last turn).
The board is the renderer's own ``draw_board``; the numbered callouts point where its
``geometry`` puts each part; the key's symbols are drawn by the renderer's own functions.
"""

from __future__ import annotations

import random
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.anatomy_park import render as ap
from engines.anatomy_park.engine import ENGINE
from engines.anatomy_park.state import APState
from engines.anatomy_park.views import APView, DiseaseView, PlayerView
from i18n.speaking import cache_per_language, tr
from rendering import family
from rendering.legend import Callout, Legend, Symbol

Box = tuple[int, int, int, int]
PLAYERS = ["Ada", "Bruno", "Chidi"]
SEED = 5


def _shows_enough(s: APState) -> bool:
    return (
        s.last_turn is not None
        and bool(s.last_turn.marks)
        and len(s.park) >= 9
        and bool(s.diseases)
        and any(c.marker for c in s.park.values())
        and not s.tasks
    )


@lru_cache(maxsize=1)
def sample() -> APView:
    """The sample position: the first of a seeded self-played game that shows every part."""
    s = ENGINE.setup(PLAYERS, seed=SEED, options={"mode": "advanced"})
    s = ENGINE.self_play(s, random.Random(SEED), 2000, until=_shows_enough)
    return ENGINE.view(s, None)


def _image(draw: ImageDraw.ImageDraw) -> Image.Image:
    """The image a key symbol's ``draw`` draws on (the renderer pastes tile faces)."""
    image: Image.Image = draw._image  # Pillow's ImageDraw keeps the image it draws on
    return image


def _tile_symbol(colour: str, letter: str = "") -> Symbol:
    words = {
        "red": tr("Red tile: dots"),
        "blue": tr("Blue tile: vertical stripes"),
        "brown": tr("Brown tile: diagonal stripes"),
        "green": tr("Green tile: always an exit, letter X"),
        "yellow": tr("Yellow tile: always a ride (transport), letter R"),
        "closed": tr("Closed ride, face down: horizontal stripes; a transport with no VP"),
    }

    def draw(d: ImageDraw.ImageDraw, box: Box) -> None:
        ap.draw_face(_image(d), box, colour)
        if letter:
            ap.chip(_image(d), d, (box[0] + 4, box[1] + 4), letter)

    return Symbol(draw, words[colour])


def _chips_symbol() -> Symbol:
    def draw(d: ImageDraw.ImageDraw, box: Box) -> None:
        ap.draw_face(_image(d), box, "red")
        ap.chip(_image(d), d, (box[0] + 2, box[1] + 2), "A")
        ap.chip(_image(d), d, (box[2] - 2 - ap.CHIP, box[3] - 2 - ap.CHIP), "4")

    return Symbol(
        draw,
        tr(
            "Type letter (A attraction, C cafe, S slide, X exit, R ride, E entrance) and VP; "
            "* scores more for its neighbours"
        ),
    )


def _marker_symbol(view: APView) -> Symbol:
    p = view.players[0]
    letter = ap.marks(view)[p.name]

    def draw(d: ImageDraw.ImageDraw, box: Box) -> None:
        ap.control_marker(d, (box[0] + 8, box[1] + 8), letter, p.seat)
        ap.empty_marker(d, (box[2] - 8 - ap.CHIP, box[3] - 8 - ap.CHIP))

    return Symbol(draw, tr("Control marker: the tile scores for that player; empty square: free"))


def _figure_symbol(view: APView) -> Symbol:
    p: PlayerView = view.players[1]
    letter = ap.marks(view)[p.name]

    def draw(d: ImageDraw.ImageDraw, box: Box) -> None:
        ap.figure(d, ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2), p.seat, letter)

    return Symbol(draw, tr("A character: a disc with the player's letter"))


def _disease_symbol() -> Symbol:
    lasting = DiseaseView(
        name="Tuberculosis", effect="tuberculosis", text="", reward_vp=0, ongoing=True, x=0, y=0
    )

    def draw(d: ImageDraw.ImageDraw, box: Box) -> None:
        ap.disease_chip(_image(d), d, (box[0] + 4, box[1] + 14), lasting.effect, lasting.ongoing)

    return Symbol(
        draw, tr("A disease (TB Tuberculosis); a red ring: its effect lasts until it is shot")
    )


def _last_symbol() -> Symbol:
    def draw(d: ImageDraw.ImageDraw, box: Box) -> None:
        ap.draw_face(_image(d), box, "blue")
        family.mark_changed(d, box)

    return Symbol(draw, tr("Placed, moved or walked onto in the last turn"))


def _plan_symbol() -> Symbol:
    def draw(d: ImageDraw.ImageDraw, box: Box) -> None:
        x0, y0, x1, y1 = box
        third = (x1 - x0) // 3
        for k, colour in enumerate(("red", "brown", "red")):
            ap.draw_face(
                _image(d), (x0 + k * third, y0 + third, x0 + (k + 1) * third, y1 - third), colour
            )

    return Symbol(
        draw,
        tr("A master plan (hand image): Red around Brown, two red tiles touching a brown one"),
    )


def _first(view: APView, want: str) -> tuple[int, int] | None:
    for c in view.cells:
        if c.closed or c.tile is None:
            continue
        if want == "marker" and c.controller is not None:
            return c.x, c.y
        if want == "plain" and c.tile.type != "entrance" and c.controller is None:
            here = [p for p in view.players if (p.x, p.y) == (c.x, c.y)]
            sick = [d for d in view.diseases if (d.x, d.y) == (c.x, c.y)]
            if not here and not sick and not c.tile.marker:
                return c.x, c.y
    return None


def _callouts(view: APView, g: ap.Geometry) -> list[Callout]:
    cw, ch = g.cell
    out = [
        Callout(
            (24, (g.strip[0] + g.strip[1]) / 2),
            tr(
                "Whose turn it is, and who the game waits "
                "for now: a body reaction or an answer can wait on another player"
            ),
        ),
        Callout(
            (10, (g.last[0] + g.last[1]) / 2),
            tr(
                "What the last turn did; the tiles it changed have a gold double outline and a star"
            ),
        ),
        Callout(
            (g.origin[0] + cw / 2, g.origin[1] - ap.AXIS / 2),
            tr("Columns and rows: the buttons name spaces as (column,row)"),
        ),
    ]
    plain = _first(view, "plain")
    if plain is not None:
        x0, y0, x1, y1 = g.cell_box(*plain)
        out.append(
            Callout(
                (x0 + 2, y0 + 2),
                tr(
                    "A tile: its type letter at the top left, its VP "
                    "at the top right, its colour as fill and pattern"
                ),
            )
        )
        out.append(
            Callout(
                (x0 + 2, (y0 + y1) / 2),
                # Translators: /game status as the language's catalog names the command
                tr(
                    "Its name, or a short code on a small tile "
                    "(Hau: Haunted Liver; the alt text and /game status pair them)"
                ),
            )
        )
    marked = _first(view, "marker")
    if marked is not None:
        x0, _, _, y1 = g.cell_box(*marked)
        out.append(
            Callout(
                (x0 + 2, y1 - 2),
                tr("The foot row: control marker, diseases and characters, never over the name"),
            )
        )
    px0, _ = g.column
    out.append(
        Callout(
            (px0 + 4, g.body + ap.GAP),
            tr("Each player: VP, character and ability, tiles in hand, control markers left"),
        )
    )
    return out


@cache_per_language(maxsize=8)
def legend() -> Legend:
    """The legend in the language being drawn in (each language's kept apart)."""
    view = sample()
    board = ap.draw_board(view)
    g = ap.geometry(view)
    symbols = [
        _tile_symbol("red"),
        _tile_symbol("blue"),
        _tile_symbol("brown"),
        _tile_symbol("green", "X"),
        _tile_symbol("yellow", "R"),
        _tile_symbol("closed"),
        _chips_symbol(),
        _marker_symbol(view),
        _figure_symbol(view),
        _disease_symbol(),
        _last_symbol(),
        _plan_symbol(),
    ]
    return Legend(
        tr("{game} — how to read the board", game=ap.THEME.title),
        board,
        _callouts(view, g),
        symbols,
    )
