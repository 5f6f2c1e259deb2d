"""Wording a message: a finished translation, else the English, always filled; numbers and
plurals by the reader's locale (Babel's rules)."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from i18n import catalogs, language_of, lookup, t, tn
from i18n.languages import GERMAN, PORTUGUESE, PSEUDO, SPANISH, number_locale


def _catalog(locale: str, entries) -> Catalog:
    catalog = Catalog(locale=locale, fuzzy=False)
    for msgid, msgstr, *flags in entries:
        catalog.add(msgid, msgstr, flags=flags)
    return catalog


@pytest.fixture
def shipped_words(monkeypatch):
    """The three languages' words from small catalogs made here, read as the shipped ones are."""
    made = {
        GERMAN: _catalog("de", [
            ("{count} games", "{count} Spiele"),
            ("Your turn, {name}", "Du bist dran, {name}"),
            ("Hello", "Hallo", "fuzzy"),
            ("Bye {name}", "Tschüss {player}"),
            ("Hi {name}", "Hallo {name.__class__}"),
            (("one move", "{n} moves"), ("ein Zug", "{n} Züge")),
        ]),
        PORTUGUESE: _catalog("pt_BR", [
            (("one move", "{n} moves"), ("{n} jogada", "{n} jogadas")),
        ]),
        SPANISH: _catalog("es", [("{count} games", "{count} partidas")]),
    }  # fmt: skip
    shipped = catalogs.words
    monkeypatch.setattr(
        catalogs,
        "words",
        lambda lang: catalogs._words(made[lang]) if lang in made else shipped(lang),
    )


def test_a_translated_message_is_shown_in_the_readers_language(shipped_words):
    assert t("de", "Your turn, {name}", name="Ada") == "Du bist dran, Ada"


def test_numbers_are_written_for_the_readers_own_locale(shipped_words):
    assert t("de", "{count} games", count=1234) == "1.234 Spiele"
    assert t("es-ES", "{count} games", count=1234.5) == "1.234,5 partidas"
    assert t("es-419", "{count} games", count=1234.5) == "1,234.5 partidas"
    assert t("en-US", "{count} games", count=1234) == "1,234 games"


def test_a_missing_translation_falls_back_to_english_filled(shipped_words):
    assert t("de", "Nothing here for {name}", name="Ada") == "Nothing here for Ada"


def test_a_fuzzy_translation_is_not_shown(shipped_words):
    assert t("de", "Hello") == "Hello"


def test_a_translation_naming_another_placeholder_falls_back_to_english(shipped_words):
    assert t("de", "Bye {name}", name="Ada") == "Bye Ada"


def test_a_translation_reaching_into_a_value_is_never_filled(shipped_words):
    assert t("de", "Hi {name}", name="Ada") == "Hi Ada"


def test_a_placeholder_the_caller_forgot_is_an_error_not_a_shown_key(shipped_words):
    with pytest.raises(KeyError, match="name"):
        t("de", "Your turn, {name}")


def test_an_unshipped_locale_reads_english(shipped_words):
    assert t("fr", "Your turn, {name}", name="Ada") == "Your turn, Ada"
    assert language_of("fr") is None and language_of("en-GB") is None


def test_discord_locales_map_to_the_catalogs():
    assert language_of("de") is GERMAN
    assert language_of("pt-BR") is PORTUGUESE
    assert language_of("es-ES") is SPANISH and language_of("es-419") is SPANISH
    assert language_of("qps-ploc") is PSEUDO
    assert str(number_locale("es-419")) == "es_419" and str(number_locale("pt-BR")) == "pt_BR"


def test_plural_forms_follow_babels_rule_for_the_language(shipped_words):
    # German: one for 1 only; Brazilian Portuguese: one for 0 and 1 (n > 1 is plural)
    assert [tn("de", "one move", "{n} moves", n) for n in (0, 1, 2)] == [
        "0 Züge",
        "ein Zug",
        "2 Züge",
    ]
    assert [tn("pt-BR", "one move", "{n} moves", n) for n in (0, 1, 2)] == [
        "0 jogada",
        "1 jogada",
        "2 jogadas",
    ]
    assert [tn("en-US", "one move", "{n} moves", n) for n in (0, 1, 2)] == [
        "0 moves",
        "one move",
        "2 moves",
    ]


def test_a_plural_count_is_written_for_the_locale(shipped_words):
    assert tn("de", "one move", "{n} moves", 1500) == "1.500 Züge"
    assert tn("es-ES", "one move", "{n} moves", 1500) == "1.500 moves"  # no translation: English
    assert tn("en-GB", "one move", "{n} moves", 1500) == "1,500 moves"


def test_the_shipped_catalogs_answer_the_commands_words():
    assert lookup("de", "new", "command name") == "neu"
    assert lookup("es-419", "new", "command name") == "nueva"
    assert lookup("pt-BR", "Which game", "description") == "Qual jogo"
    assert lookup("en-US", "new", "command name") is None
    assert lookup("de", "new") is None  # a message "new" is not the command's name
