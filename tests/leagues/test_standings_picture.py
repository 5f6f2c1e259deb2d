"""The standings picture: readable at Discord's preview size, one row per player, and the same
content in words for screen readers (bot/leagues/render_standings.py, texts.py)."""

from __future__ import annotations

import io

from PIL import Image

from bot.leagues.render_standings import standings_png
from bot.leagues.standings import Standing
from bot.leagues.texts import standings_text
from rendering.kit import min_text, recording_text

ROWS = [
    Standing(1, 11, "Ada", 3.0, 3, 12.5, False),
    Standing(2, 12, "Bo", 1.5, 3, None, False),
    Standing(3, 13, "Cy", 0.0, 2, 4.0, True),
]


def test_no_text_is_under_9_px_on_a_phone():
    with recording_text() as drawn:
        png = standings_png("League #1: Race", ROWS)
    width = Image.open(io.BytesIO(png)).width
    assert min(size for size, _ in drawn) >= min_text(width)


def test_the_picture_and_the_words_say_the_same_standings():
    with recording_text() as drawn:
        standings_png("League #1: Race", ROWS)
    shown = {text for _, text in drawn}
    assert {"Ada", "Bo", "Cy (left)", "3", "1.5", "12.5", "—"} <= shown
    assert standings_text(ROWS).splitlines() == [
        "1. Ada: 3 point(s) from 3 game(s), rating 12.5",
        "2. Bo: 1.5 point(s) from 3 game(s), unrated",
        "3. Cy: 0 point(s) from 2 game(s), rating 4.0, left the league",
    ]


def test_a_longer_league_makes_a_taller_picture_not_smaller_rows():
    many = [Standing(i + 1, i, f"P{i}", 0.0, 0, None, False) for i in range(64)]
    few = Image.open(io.BytesIO(standings_png("L", ROWS))).height
    assert Image.open(io.BytesIO(standings_png("L", many))).height > few


def test_the_picture_and_the_words_are_in_the_readers_language():
    from i18n import PSEUDO_CODE
    from i18n.pseudo import english_left
    from i18n.speaking import speaking

    with speaking(PSEUDO_CODE), recording_text() as drawn:
        standings_png("⟦League #1⟧", ROWS)
    players = {"Ada", "Bo", "Cy"}
    assert [text for _, text in drawn if english_left(text, players)] == []
    assert english_left(standings_text(ROWS, PSEUDO_CODE), players) == []


def test_a_german_reader_reads_german_numbers():
    from i18n.speaking import speaking

    with speaking("de"), recording_text() as drawn:
        standings_png("Liga #1", ROWS)
    shown = {text for _, text in drawn}
    assert {"Spieler", "Punkte", "Cy (ausgestiegen)", "1,5", "12,5"} <= shown
    assert standings_text(ROWS, "de").splitlines()[1] == (
        "2. Bo: 1,5 Punkt(e) aus 3 Partie(n), ohne Wertung"
    )
