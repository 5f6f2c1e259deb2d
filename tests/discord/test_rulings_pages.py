"""The rulings page is cut into Discord messages of whole rulings, none over the limit."""

from __future__ import annotations

from importlib import resources

import pytest

import engines
from bot.discord_app.rulings import page_names, pages, read_rulings, rulings_text
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


@pytest.mark.parametrize(
    ("locale", "wanted"),
    [
        ("de", ["rulings.de.md", "rulings.md"]),
        ("pt-BR", ["rulings.pt_BR.md", "rulings.md"]),
        ("es-ES", ["rulings.es.md", "rulings.md"]),
        ("es-419", ["rulings.es.md", "rulings.md"]),
        ("en-US", ["rulings.md"]),
        ("fr", ["rulings.md"]),
        ("qps-ploc", ["rulings.md"]),
    ],
)
def test_a_reader_reads_their_languages_rulings_named_after_its_catalog(locale, wanted):
    assert page_names(locale) == wanted


def test_the_readers_translation_is_chosen_where_the_game_has_one(tmp_path):
    (tmp_path / "rulings.md").write_text("# Rulings\n", encoding="utf-8")
    (tmp_path / "rulings.de.md").write_text("# Auslegungen\n", encoding="utf-8")
    assert read_rulings(tmp_path, "de") == "# Auslegungen\n"
    assert read_rulings(tmp_path, "en-US") == "# Rulings\n"


def test_a_missing_translation_falls_back_to_the_english_page(tmp_path):
    (tmp_path / "rulings.md").write_text("# Rulings\n", encoding="utf-8")
    (tmp_path / "rulings.de.md").write_text("# Auslegungen\n", encoding="utf-8")
    assert read_rulings(tmp_path, "pt-BR") == "# Rulings\n"
    assert read_rulings(tmp_path, "es-419") == "# Rulings\n"


@pytest.mark.parametrize("game", sorted(shipped_games()))
@pytest.mark.parametrize("locale", ["de", "pt-BR", "es-ES"])
def test_every_shipped_game_answers_each_language_with_its_translation_or_english(game, locale):
    package = resources.files(engines.package_of(game))
    [own, english] = page_names(locale)
    translated = package.joinpath(own)
    expected = (translated if translated.is_file() else package.joinpath(english)).read_text(
        encoding="utf-8"
    )
    assert rulings_text(game, locale) == expected
