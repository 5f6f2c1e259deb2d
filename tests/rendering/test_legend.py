"""Each game's legend names every area of its board, in text a phone shows legibly, and says
the same in words for screen readers."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import engines
from rendering import game_module, legend
from tests.shipped import shipped_games


def planned_games() -> list[str]:
    """The shipped games whose legend is still a plan of labelled areas (a taught legend,
    ``legend()``, is tested in tests/rendering/test_taught_legend.py and by its game)."""
    return sorted(
        g for g in shipped_games() if getattr(game_module(g, "legend"), "legend", None) is None
    )


@pytest.mark.parametrize("game", sorted(shipped_games()))
def test_every_game_has_a_legend(game):
    assert legend.has_legend(game)


@pytest.mark.parametrize("game", planned_games())
def test_every_planned_legend_picture_names_its_areas(game):
    assert legend.has_legend(game)
    image = Image.open(io.BytesIO(legend.render_legend(game)))
    taught = legend.legend_of(game)
    if taught is not None:  # a taught legend: as wide as its board, every note in the words
        assert image.format == "PNG" and image.width == taught.board.width
        words = legend.alt_text(game)
        assert all(c.text in words for c in taught.callouts) and taught.callouts
        assert all(sym.text in words for sym in taught.symbols) and taught.symbols
        return
    assert image.format == "PNG" and image.width == legend.WIDTH
    plan = legend.plan_of(game)
    assert plan is not None and len(plan.areas) >= 4
    words = legend.alt_text(game)
    assert all(a.name in words and a.note in words for a in plan.areas)
    assert plan.title.startswith(engines.get_engine(game).title)


def test_legend_text_is_legible_at_phone_width():
    assert min(legend.NOTE, legend.NAME, legend.TITLE) >= legend.WIDTH / 60


@pytest.mark.parametrize("game", planned_games())
def test_areas_lie_on_the_board_and_do_not_overlap(game):
    plan = legend.plan_of(game)
    assert plan is not None
    boxes = [a.box for a in plan.areas]
    for x0, y0, x1, y1 in boxes:
        assert 0 <= x0 < x1 <= plan.width and 0 <= y0 < y1 <= plan.height
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            overlap_x = min(a[2], b[2]) - max(a[0], b[0])
            overlap_y = min(a[3], b[3]) - max(a[1], b[1])
            assert overlap_x <= 0 or overlap_y <= 0, (a, b)


def test_the_monopoly_corners_sit_where_the_board_draws_them():
    from engines.monopoly import legend as monopoly_legend
    from engines.monopoly import render_layout as monopoly

    plan = {a.name: a.box for a in monopoly_legend.plan().areas}
    assert plan["GO"] == monopoly.cell_rect(0)[:4]
    assert plan["Jail"] == monopoly.cell_rect(10)[:4]
