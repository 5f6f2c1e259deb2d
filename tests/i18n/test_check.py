"""The catalog check CI runs: every shipped language complete, every placeholder kept, every
name valid, and the template exactly the strings the code asks for."""

from __future__ import annotations

import argparse

import pytest
from babel.messages.catalog import Catalog

import engines
from bot import languages as cli
from bot.server_settings import LANGUAGES
from i18n import check as checking
from i18n.catalogs import SHARED, domain_template, domains
from i18n.check import check, check_catalog
from i18n.languages import GERMAN, PORTUGUESE, SPANISH


def test_every_shipped_language_is_complete():
    reports = check()
    assert [r.language for r in reports] == [GERMAN, PORTUGUESE, SPANISH]
    entries = sum(len([m for m in domain_template(p) if m.id]) for p in domains())
    assert [r.line for r in reports] == [
        f"language {code}: entries={entries} untranslated=0" for code in ("de", "pt-BR", "es")
    ]
    assert all(r.ok for r in reports), [p for r in reports for p in r.problems]


def test_the_template_is_exactly_what_the_code_asks_for():
    """No stale entry, none missing: ``python -m bot languages update`` writes it."""
    assert cli.drift() == []


def test_the_games_titles_and_the_languages_own_names_are_left_as_proper_names():
    _, proper_names = cli.code_template()
    titles = {engines.get_engine(n).title for n in engines.names()}
    assert proper_names == titles | set(LANGUAGES.values())  # "Deutsch" in every language


def test_the_check_command_prints_one_line_per_language_and_passes(capsys):
    assert cli.main(argparse.Namespace(languages_command="check")) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [r.line for r in check()]


def _source() -> Catalog:
    source = Catalog(fuzzy=False)
    source.add("new", context="command name")
    source.add("Your turn, {name}")
    source.add("Which game", context="description")
    source.add(("one move", "{n} moves"))
    return source


def _german(overrides=None) -> Catalog:
    rows = {
        ("command name", "new"): "neu",
        (None, "Your turn, {name}"): "Du bist dran, {name}",
        ("description", "Which game"): "Welches Spiel",
        (None, ("one move", "{n} moves")): ("ein Zug", "{n} Züge"),
    }
    rows.update(overrides or {})
    catalog = Catalog(locale="de", fuzzy=False)
    for (context, msgid), msgstr in rows.items():
        if msgstr is not None:
            flags = ["fuzzy"] if msgstr == "FUZZY" else []
            catalog.add(msgid, "Welche" if msgstr == "FUZZY" else msgstr, context=context,
                        flags=flags)  # fmt: skip
    return catalog


def test_a_complete_catalog_passes():
    report = check_catalog(GERMAN, _german(), _source())
    assert report.ok and report.line == "language de: entries=4 untranslated=0"


@pytest.mark.parametrize(
    ("override", "untranslated", "problem"),
    [
        ({("description", "Which game"): ""}, 1, None),
        ({("description", "Which game"): "FUZZY"}, 1, None),
        ({(None, ("one move", "{n} moves")): ("ein Zug", "")}, 1, None),
        ({(None, "Your turn, {name}"): "Du bist dran"}, 0, "drops {name}"),
        ({(None, "Your turn, {name}"): "Du bist dran, {name} {who}"}, 0, "adds {who}"),
        ({(None, "Your turn, {name}"): "Du bist dran, {name"}, 0, "not a valid template"),
        ({(None, ("one move", "{n} moves")): ("ein Zug", "viele Züge")}, 0, "drops {n}"),
        ({("command name", "new"): "Neu"}, 0, "not a valid Discord name"),
        ({("command name", "new"): "neues spiel"}, 0, "not a valid Discord name"),
        ({("description", "Which game"): "W" * 101}, 0, "101 characters"),
        ({("description", "Which game"): None}, 0, "missing 'Which game'"),
        ({("description", "Old words"): "Alte Worte"}, 0, "stale 'Old words'"),
    ],
)
def test_what_must_not_ship_fails_the_check(override, untranslated, problem):
    report = check_catalog(GERMAN, _german(override), _source())
    assert not report.ok
    assert report.untranslated == untranslated
    if problem:
        assert any(problem in p for p in report.problems), report.problems


def test_plural_forms_other_than_babels_rule_fail():
    catalog = _german()
    catalog.plural_forms  # noqa: B018  (Babel's, from the locale)
    catalog._num_plurals, catalog._plural_expr = 2, "(n > 1)"
    report = check_catalog(GERMAN, catalog, _source())
    assert any("Plural-Forms" in p for p in report.problems)


def test_the_check_command_fails_on_a_broken_catalog(monkeypatch, capsys):
    real = checking.read

    def read(file, locale=None, package=SHARED):
        catalog = real(file, locale, package)
        if file == GERMAN.file and package == SHARED:
            catalog.get("new", "command name").string = ""
        return catalog

    monkeypatch.setattr(checking, "read", read)
    assert cli.main(argparse.Namespace(languages_command="check")) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("language de: entries=") and lines[0].endswith(" untranslated=1")


def test_only_a_form_for_exactly_one_may_leave_out_the_count():
    """German's singular is n == 1 alone ("ein Zug"); Brazilian Portuguese's is 0 and 1, so
    "uma jogada" would be wrong for 0: its singular must keep {n}."""
    source = Catalog(fuzzy=False)
    source.add(("one move", "{n} moves"))
    portuguese = Catalog(locale="pt_BR", fuzzy=False)
    portuguese.add(("one move", "{n} moves"), ("uma jogada", "{n} jogadas"))
    report = check_catalog(PORTUGUESE, portuguese, source)
    assert any("drops {n}" in p for p in report.problems), report.problems
    portuguese = Catalog(locale="pt_BR", fuzzy=False)
    portuguese.add(("one move", "{n} moves"), ("{n} jogada", "{n} jogadas"))
    assert check_catalog(PORTUGUESE, portuguese, source).ok


def _with_messages(rows: dict) -> tuple[Catalog, Catalog]:
    source, german = _source(), _german()
    source.add("game", context="command name")
    german.add("game", "spiel", context="command name")
    for msgid, msgstr in rows.items():
        source.add(msgid)
        german.add(msgid, msgstr)
    return source, german


def test_a_message_may_be_longer_than_a_description():
    source, german = _with_messages({"W " * 80: "V " * 80})
    assert check_catalog(GERMAN, german, source).ok


def test_a_command_a_message_names_is_named_as_the_language_names_it():
    source, german = _with_messages({"Start one with /game new.": "Starte eins mit /spiel neu."})
    assert check_catalog(GERMAN, german, source).ok


def test_a_command_left_in_english_in_a_translation_fails():
    source, german = _with_messages({"Start one with /game new.": "Starte eins mit /game new."})
    report = check_catalog(GERMAN, german, source)
    assert any("'/spiel neu'" in p for p in report.problems), report.problems
