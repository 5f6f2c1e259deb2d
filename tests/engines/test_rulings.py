"""Every game has one rulings page: each point the rulebook leaves open quotes the sentence,
gives our reading and says why."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engines

ENGINES = Path(__file__).resolve().parents[2] / "engines"
#: the games this bot ships (tests register toy engines of their own)
GAMES = [
    n for n in engines.names() if type(engines.get_engine(n)).__module__.startswith("engines.")
]


def _entries(game: str) -> list[str]:
    text = (ENGINES / game / "rulings.md").read_text(encoding="utf-8")
    return re.split(r"\n(?=## )", text)[1:]


@pytest.mark.parametrize("game", GAMES)
def test_each_ruling_quotes_the_rulebook_gives_our_reading_and_says_why(game):
    entries = _entries(game)
    assert len(entries) >= 8
    for entry in entries:
        lines = entry.splitlines()
        assert any(line.startswith('> "') for line in lines), lines[0]
        assert "**Our reading:**" in entry and "**Why:**" in entry, lines[0]


@pytest.mark.parametrize(
    ("game", "points"),
    [
        ("run_animals", ["Who wins at 20 points", "Production when a colour's supply is empty"]),
        (
            "cemetery",
            [
                "Organic: when face-down Parts are revealed",
                "Where lost Pet Cemetery Parts go",
                'Insane: "sharing a type"',
                "Once per pair",
            ],
        ),
        (
            "anatomy_park",
            ["When the second tile stack runs out", "The lone player after a reshuffle"],
        ),
        ("monopoly", ["Taxes", "Card texts"]),
    ],
)
def test_the_known_open_points_are_ruled(game, points):
    headings = {e.splitlines()[0][3:] for e in _entries(game)}
    assert set(points) <= headings
