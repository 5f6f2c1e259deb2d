"""A taught legend: a real board with numbered callouts, their notes, and a key of symbols."""

from __future__ import annotations

import io

from PIL import Image

from rendering import family, legend
from rendering.kit import PAPER, new_canvas, recording_text, to_png


def sample() -> legend.Legend:
    board, draw = new_canvas(800, 500, PAPER)
    family.token(draw, (100, 100), 30, (230, 159, 0), "A")

    def cube(d, box):
        d.rectangle(box, fill=(200, 60, 40))

    return legend.Legend(
        "How to read the board",
        board,
        [legend.Callout((100, 100), "A player's token"), legend.Callout((400, 300), "The map")],
        [legend.Symbol(cube, "Food cube, marked F"), legend.Symbol(cube, "Nest cube, marked N")],
    )


def test_a_taught_legend_keeps_the_board_width_and_puts_its_notes_below():
    taught = sample()
    image = legend.draw_legend(taught)
    assert image.width == taught.board.width
    assert image.height > taught.board.height


def test_every_callout_is_numbered_and_noted():
    with recording_text() as drawn:
        legend.draw_legend(sample())
    texts = [t for _, t in drawn]
    assert texts.count("1") == 2 and texts.count("2") == 2  # on the board and beside its note
    assert "A player's token" in texts and "The map" in texts


def test_the_key_draws_each_symbol_with_its_meaning():
    calls = []
    taught = sample()
    symbols = [legend.Symbol(lambda d, box: calls.append(box), s.text) for s in taught.symbols]
    with recording_text() as drawn:
        legend.draw_legend(legend.Legend(taught.title, taught.board, taught.callouts, symbols))
    assert len(calls) == 2 and all(b[2] - b[0] == b[3] - b[1] > 0 for b in calls)
    assert {"Food cube, marked F", "Nest cube, marked N"} <= {t for _, t in drawn}


def test_legend_text_obeys_the_phone_rule():
    with recording_text() as drawn:
        png = to_png(legend.draw_legend(sample()))
    width = Image.open(io.BytesIO(png)).width
    assert min(size for size, _ in drawn) >= family.phone_min_text(width)
