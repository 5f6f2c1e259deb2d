"""The pseudo-locale makes every string visibly foreign and keeps its placeholders."""

from __future__ import annotations

import re

from i18n import pseudo, t, tn


def test_a_message_is_wrapped_and_accented():
    assert pseudo.text("Your turn") == "⟦Ŷöûŕ ţûŕñ⟧"


def test_placeholders_and_literal_braces_survive():
    assert pseudo.text("{name} rolled {n}") == "⟦{name} ŕöļļéð {n}⟧"
    assert pseudo.text("a {{brace}}") == "⟦å {{ƀŕåçé}}⟧"


def test_a_name_stays_a_valid_discord_name():
    shown = pseudo.name("allow_channel")
    assert shown == "åļļöŵ_çĥåññéļ" and re.fullmatch(r"[-_\w]{1,32}", shown)
    assert shown == shown.lower()


def test_only_strings_of_the_template_are_pseudo_localized():
    """A string the catalogs lack stays English: that is how the pseudo test finds it."""
    assert t("qps-ploc", "Not in any catalog") == "Not in any catalog"


def test_is_pseudo_tells_a_pseudo_string_from_plain_english():
    assert pseudo.is_pseudo(pseudo.text("Which game"), "Which game")
    assert not pseudo.is_pseudo("Which game", "Which game")
    assert pseudo.is_pseudo("ñéŵ", "new", as_name=True)


def test_plurals_in_the_pseudo_locale_follow_english(monkeypatch):
    from babel.messages.catalog import Catalog

    from i18n import catalogs

    template = Catalog(fuzzy=False)
    template.add(("one move", "{n} moves"))
    monkeypatch.setattr(catalogs, "template", lambda: template)
    catalogs.words.cache_clear()
    try:
        assert tn("qps-ploc", "one move", "{n} moves", 1) == "⟦öñé ɱöṽé⟧"
        assert tn("qps-ploc", "one move", "{n} moves", 1200) == "⟦1,200 ɱöṽéš⟧"
    finally:
        catalogs.words.cache_clear()


def test_english_left_finds_words_outside_the_pseudo_spans():
    shown = pseudo.text("Your turn, {name}").replace("{name}", "Ana") + " on the board"
    assert pseudo.english_left(shown, names=["Ana"]) == ["on", "the", "board"]


def test_english_left_allows_names_mentions_and_nested_spans():
    inner = pseudo.text("a rabbit")
    shown = pseudo.text("{who} moves").replace("{who}", inner) + " <@123> Monopoly <t:99:R>"
    assert pseudo.english_left(shown, names=["Monopoly"]) == []
