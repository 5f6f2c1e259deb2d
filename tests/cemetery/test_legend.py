"""The taught legend: a real Cemetery Creatures position, explained (issue #31)."""

from __future__ import annotations

import io

from PIL import Image

from engines.cemetery import legend as cl
from engines.cemetery import render as art
from rendering import family, legend
from rendering.kit import Draw, recording_text


def test_the_legend_board_is_the_games_own_board_of_a_real_position():
    taught = cl.legend()
    expected = art.draw_board(cl.sample_view())
    assert taught.board.tobytes() == expected.tobytes()


def test_every_callout_points_inside_the_board():
    taught = cl.legend()
    w, h = taught.board.size
    assert len(taught.callouts) >= 8
    assert all(0 <= x <= w and 0 <= y <= h for x, y in (c.at for c in taught.callouts))


def test_the_sample_position_shows_what_the_key_explains():
    view = cl.sample_view()
    cells = [c for p in view.players for cr in p.creatures for c in cr.cells]
    assert view.last_turn is not None and any(p.pet for p in view.players)
    assert any(c.card.dual for c in cells) and any(c.card.flipped for c in cells)
    assert any(c.mark for c in cells) and any(len(s.cards) > 1 for s in view.cemetery)


def test_the_key_names_every_card_type_by_its_letter():
    texts = " ".join(s.text for s in cl.legend().symbols)
    assert all(f"letter {k}" in texts for k in "FBPM")


def _colours(symbol) -> set:
    image = Image.new("RGB", (60, 60), (0, 0, 0))
    symbol.draw(Draw(image), (0, 0, 59, 59))
    return {c for _, c in image.getcolors(1 << 16) or []}


def test_the_key_draws_each_card_type_in_its_own_colour():
    symbols = {s.text.split(" card")[0]: s for s in cl.legend().symbols if " card:" in s.text}
    for kind, colour in art.TYPE_COLOURS.items():
        assert colour in _colours(symbols[kind.title()]), kind


def test_the_key_draws_unspent_tokens_solid_and_spent_ones_as_rings():
    symbols = {s.text.split(":")[0]: s for s in cl.legend().symbols}
    unspent, spent = _colours(symbols["Unspent token"]), _colours(symbols["Spent token"])
    assert art.UNSPENT in unspent and art.SPENT not in unspent
    assert art.SPENT in spent and art.UNSPENT not in spent


def test_the_legend_reads_on_a_phone_and_is_small():
    with recording_text() as drawn:
        png = legend.render_legend("cemetery")
    image = Image.open(io.BytesIO(png))
    assert min(size for size, _ in drawn) >= family.phone_min_text(image.width)
    assert len(png) <= 300_000
