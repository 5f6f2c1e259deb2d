"""The language a picture is drawn in (:mod:`i18n.speaking`): set once by the caller, read by
every drawing function, English outside, each thread its own."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from i18n.pseudo import text as pseudo
from i18n.say import say
from i18n.speaking import current, shown, speaking, tr, trn

KEY = "Key"  # a legend's heading, in the shipped catalogs


def test_words_are_english_outside_any_language():
    assert tr(KEY) == "Key"


def test_words_are_drawn_in_the_language_the_caller_set():
    with speaking("de"):
        assert tr(KEY) == "Legende"
    with speaking("pt-BR"):
        assert tr(KEY) == "Legenda"


def test_the_language_ends_with_its_block():
    with speaking("de"):
        pass
    assert tr(KEY) == "Key"
    assert current() == "en-US"


def test_a_message_made_elsewhere_is_drawn_in_the_language_set():
    with speaking("qps-ploc"):
        assert shown(say(KEY)) == pseudo(KEY)
        assert shown("Ana") == "Ana"


def test_a_count_is_written_for_the_language_set():
    with speaking("de"):
        assert trn("{n} game", "{n} games", 1234) == "1.234 games"  # no translation: English


def test_each_thread_draws_in_its_own_language():
    def drawn(locale: str) -> str:
        with speaking(locale):
            return tr(KEY)

    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(drawn, ["de", "es-ES", "pt-BR", "en-US"] * 5))
    assert got == ["Legende", "Leyenda", "Legenda", "Key"] * 5


def test_a_picture_cached_per_language_is_drawn_again_for_another_language():
    from i18n.speaking import cache_per_language

    calls = []

    @cache_per_language()
    def heading(what: str) -> str:
        calls.append(what)
        return tr(what)

    with speaking("de"):
        assert heading(say(KEY)) == "Legende"
        assert heading(say(KEY)) == "Legende"
    assert heading(KEY) == "Key"  # equal to the Say as a key, but another language
    assert calls == [KEY, KEY]
