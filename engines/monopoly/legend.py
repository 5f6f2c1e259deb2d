"""The legend of the Monopoly: Rick and Morty board for ``/game rules``: a real position (the
engine's own play from a fixed seed, stopped once deeds are owned, built on and mortgaged),
drawn by the board's own ``draw_board``, with numbered callouts on it and a key of the symbols
drawn by the renderer's own functions (see ``rendering.legend``).

``plan()`` names the board's areas for the older wireframe legend, kept while the shared
legend tests still read plans.
"""

from __future__ import annotations

import random
from functools import lru_cache

from PIL import Image

from engines.monopoly import render
from engines.monopoly import render_layout as mo
from engines.monopoly.data import SPACES
from engines.monopoly.render_figures import draw_token
from engines.monopoly.state import MonopolyState
from i18n.speaking import tr
from rendering import family
from rendering.kit import Draw, player_colour
from rendering.legend import Area, Callout, Legend, Plan, Symbol
from rendering.palettes import board_palette

Box = tuple[int, int, int, int]
SEED = 1
PLAYERS = ["Ada", "Bruno", "Cy"]


@lru_cache(maxsize=1)
def sample_state() -> MonopolyState:
    """The engine playing itself from ``SEED`` until a dozen deeds are owned, one mortgaged and
    one built on, with nothing pending but a roll."""
    from engines.monopoly.engine import ENGINE

    def shows_enough(s: MonopolyState) -> bool:
        settled = not (s.debts or s.auction or s.offer is not None or s.trade or s.placement)
        return bool(s.mortgaged and s.level and len(s.owner) >= 12 and settled)

    s = ENGINE.self_play(ENGINE.setup(PLAYERS, seed=SEED), random.Random(SEED), 2000, shows_enough)
    return s


def _centre(box: Box) -> tuple[float, float]:
    x0, y0, x1, y1 = box
    return (x0 + x1) / 2, (y0 + y1) / 2


def _token_point(s: MonopolyState) -> tuple[float, float]:
    """Beside the token of a player on a side space (else the first player's)."""
    on_side = [p for p in s.alive if s.pos[p] % 10] or s.alive
    x0, y0, x1, y1 = mo.token_anchor(s.pos[on_side[0]])
    return x0 + 6, y0 + 6


def legend() -> Legend:
    from engines.monopoly.engine import ENGINE

    s = sample_state()
    view = ENGINE.view(s, None)
    # in the board's own palette, as a board is sent (and a legend well under 300 KB)
    board = render.draw_board(view).quantize(
        palette=board_palette("monopoly"), dither=Image.Dither.NONE
    )
    built = next(i for i in sorted(s.level) if i not in s.mortgaged)
    mortgaged = s.mortgaged[0]
    owned = next(i for i in sorted(s.owner) if i not in s.mortgaged and i != built)
    bar, _band, _text = render.layout(built, "location")
    _bar, band, _text = render.layout(owned, SPACES[owned].kind)
    _b, _o, mortgaged_text = render.layout(mortgaged, SPACES[mortgaged].kind)
    assert bar is not None and band is not None  # a location built on, a property owned
    x0, y0, x1, _y1 = mo.CENTRE
    strip = family.turn_strip_height(mo.WIDTH)
    row = family.panel_row_height(mo.WIDTH)
    rows = len(view.players)
    go = mo.cell_rect(0)
    callouts = [
        Callout(
            _centre(go[:4]),
            tr("GO pays 200 as you pass it; play runs the way its arrow points."),
        ),
        Callout(
            (bar[2] - mo.BAR / 2, bar[1] + mo.BAR / 2),
            tr(
                "Colour bar and group letter (Brown, Light blue, Pink, Orange, Red, Yellow, "
                "Green, Dark blue); buildings stand on it."
            ),
        ),
        Callout(
            _centre(band),
            tr("Owner band: the owner's colour and letter."),
        ),
        Callout(
            _centre(mortgaged_text),
            tr("Mortgaged: hatched grey with the word; no rent."),
        ),
        Callout(
            _token_point(s),
            tr("Each figure stands beside its space with its player's letter."),
        ),
        Callout(
            (x0 + 6, y0 + 6),
            tr(
                "Whose turn, and whom the game waits for (an auction or a trade can wait for "
                "others)."
            ),
        ),
        Callout(
            (x0 + 6, y0 + strip + row // 2),
            tr(
                "Cash in big figures; worth = cash + deeds at price (mortgaged at half) + "
                "buildings."
            ),
        ),
        Callout(
            (x0 + 6, y0 + strip + row * min(rows, 3) + 16),
            tr("The last turn in words; starred outlines mark the spaces it changed."),
        ),
    ]
    callouts.append(
        Callout(
            (x1 - 40, mo.CENTRE[3] - 30),
            # Translators: write /game status as this language's command (its msgctxt
            # "command name" entries: /spiel status in German)
            tr("The latest moves. Full names of shortened spaces: /game status and your hand."),
        )
    )
    return Legend(
        tr("{title} — how to read the board", title="Monopoly: Rick and Morty"),
        board,
        callouts,
        symbols(),
    )


def symbols() -> list[Symbol]:
    """The board's symbols, each drawn by the renderer's own code."""

    def bar(draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        strip = (x0, y0 + (y1 - y0 - mo.BAR) // 2, x1, y0 + (y1 - y0 + mo.BAR) // 2)
        draw.rectangle(strip, fill=render.GROUP_COLOURS["red"], outline=render.LINE, width=2)
        render._letter(draw, render._bar_letter_box(strip, "bottom"), "R", (255, 255, 255))

    def owner(draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        tag = render.owner_tag("A", player_colour(0), x1 - x0, mo.BAND)
        draw._image.paste(tag, (x0, y0 + (y1 - y0 - mo.BAND) // 2))

    def stilts(draw: Draw, box: Box) -> None:
        draw.rectangle(box, fill=render.GROUP_COLOURS["green"])
        render.draw_stilts(draw, box, 3, True)

    def crate(draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        render.draw_box(draw, (x0 + 4, y0 + 14, x1 - 4, y1 - 14))

    def mortgaged(draw: Draw, box: Box) -> None:
        render.draw_mortgaged(draw._image, draw, box, "")

    def figure(draw: Draw, box: Box) -> None:
        cx, cy = _centre(box)
        draw_token(draw, int(cx), int(cy), mo.TOKEN_RADII[0], player_colour(1), "plumbus", "B")

    def letter_token(draw: Draw, box: Box) -> None:
        cx, cy = _centre(box)
        draw_token(draw, int(cx), int(cy), mo.TOKEN_RADII[-1], player_colour(2), "plumbus", "C")

    def changed(draw: Draw, box: Box) -> None:
        family.mark_changed(draw, box)

    return [
        Symbol(bar, tr("Colour bar with its group's letter (here R, red)")),
        Symbol(owner, tr("Owner band: the owner's colour and letter")),
        Symbol(stilts, tr("Flublet stilts: one small green square each")),
        Symbol(crate, tr("A gublet box: one red crate, crossed")),
        Symbol(mortgaged, tr("Mortgaged: grey hatch and the word")),
        Symbol(figure, tr("A figure with its player's letter")),
        Symbol(letter_token, tr("Players sharing a space: letters alone")),
        Symbol(changed, tr("Changed by the last turn: starred outline")),
    ]


def plan() -> Plan:
    size, c, ch, top = mo.SIZE, mo.CORNER, mo.CORNER_H, mo.TOP

    def corner(i: int) -> tuple[float, float, float, float]:
        x0, y0, x1, y1, _ = mo.cell_rect(i)
        return (x0, y0, x1, y1)

    row = tr(
        "colour bar with the group letter; owner band with the owner's letter; stilts or a crate"
    )
    same = tr("the same marks")
    x0, y0, x1, y1 = mo.CENTRE
    strip = y0 + family.turn_strip_height(mo.WIDTH)
    return Plan(
        tr("{title} — the board", title="Monopoly: Rick and Morty"),
        size,
        size,
        [
            Area((0, 0, size, top), tr("Header"), tr("the game, its rules and rent option")),
            Area(corner(0), SPACES[0].name, tr("passing it pays 200")),
            Area(corner(10), tr("Jail"), tr("in jail, or just visiting")),
            Area(corner(20), SPACES[20].name, tr("nothing happens")),
            Area(corner(30), SPACES[30].name, tr("straight to jail")),
            Area((c, size - ch, size - c, size), tr("Spaces {first}–{last}", first=1, last=9), row),
            Area((0, top + ch, c, size - ch), tr("Spaces {first}–{last}", first=11, last=19), same),
            Area(
                (c, top, size - c, top + ch), tr("Spaces {first}–{last}", first=21, last=29), same
            ),
            Area(
                (size - c, top + ch, size, size - ch),
                tr("Spaces {first}–{last}", first=31, last=39),
                tr("grey hatch = mortgaged"),
            ),
            Area((x0, y0, x1, strip), tr("Whose turn"), tr("and whom the game waits for")),
            Area(
                (x0, strip, x1, y1), tr("Players · last turn"), tr("cash, net worth; the last turn")
            ),
        ],
    )
