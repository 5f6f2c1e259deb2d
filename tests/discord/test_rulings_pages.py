"""The rulings page is cut into Discord messages of whole rulings, none over the limit."""

from __future__ import annotations

import pytest

from bot.discord_app.rulings import pages, rulings_text
from bot.discord_limits import MAX_MESSAGE
from tests.shipped import shipped_games

DOC = '# Title\nIntro.\n\n## One\n> "a"\nshort\n\n## Two\n' + "\n".join(["x" * 20] * 6)


def test_pages_hold_whole_rulings_when_they_fit():
    got = pages(DOC, limit=150)
    assert all(len(p) <= 150 for p in got)
    assert got[0].startswith("# Title") and "## One" in got[0]
    assert got[-1].startswith("## Two")  # not split: it fits a page of its own


def test_a_ruling_longer_than_a_message_is_cut_at_line_ends():
    got = pages(DOC, limit=100)
    assert all(len(p) <= 100 for p in got) and len(got) > 2
    assert "".join(got).count("x" * 20) == 6  # nothing lost, no line broken


@pytest.mark.parametrize("game", sorted(shipped_games()))
def test_every_game_s_rulings_fit_discord_messages(game):
    text = rulings_text(game)
    got = pages(text)
    assert all(len(p) <= MAX_MESSAGE for p in got)
    assert sum(p.count("\n## ") + p.startswith("## ") for p in got) == text.count("\n## ")


def test_a_game_without_a_rulings_page_has_none():
    assert rulings_text("toy") is None
