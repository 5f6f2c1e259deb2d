"""The pictures the platform draws itself (not a game's renderer) read on a phone too: the notes
under a board, the ratings and leaderboard tables, the league standings (9 px at 400 px wide,
:func:`rendering.kit.min_text`)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.leagues.render_standings import standings_png
from bot.leagues.standings import Standing
from rendering.kit import min_text, new_canvas, recording_text, to_png, with_banner
from rendering.tables import table_png


def smallest(draw) -> tuple[int, int]:
    """(smallest font size drawn, image width) of one image."""
    with recording_text() as drawn:
        png = draw()
    assert drawn, "nothing was drawn"
    return min(size for size, _ in drawn), Image.open(io.BytesIO(png)).width


def board(width: int) -> bytes:
    return to_png(new_canvas(width, width * 3 // 4)[0])


@pytest.mark.parametrize("width", [400, 800, 1000, 1200, 1600])
def test_the_notes_under_a_board_of_any_width_are_9_px_on_a_phone(width):
    size, drawn_width = smallest(lambda: with_banner(board(width), ["A stand-in plays for Ada."]))
    assert drawn_width == width and size >= min_text(width)


def test_the_notes_strip_grows_with_its_text():
    narrow = Image.open(io.BytesIO(with_banner(board(800), ["Note."])))
    wide = Image.open(io.BytesIO(with_banner(board(1600), ["Note."])))
    assert wide.height - 1200 > narrow.height - 600


def test_a_ratings_table_with_its_chart_is_9_px_on_a_phone():
    rows = [[str(k), f"Player {k}", "1,234.5", "12"] for k in range(1, 11)]
    size, width = smallest(
        lambda: table_png(
            "Ratings: Monopoly",
            ["#", "Player", "Rating", "Games"],
            rows,
            widths=[1, 5, 2, 2],
            highlight=2,
            line=[1000.0, 1010.5, 990.0, 1030.0],
            line_title="Your rating",
        )
    )
    assert size >= min_text(width)


def test_the_league_standings_are_9_px_on_a_phone():
    rows = [Standing(1, 11, "Ada", 3.0, 3, 12.5, False), Standing(2, 12, "Bo", 0, 3, None, True)]
    size, width = smallest(lambda: standings_png("League #1: Race", rows))
    assert size >= min_text(width)
