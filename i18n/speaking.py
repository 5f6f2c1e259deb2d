"""The language a picture is drawn in, set once by whoever asks for the picture.

A board, a hand or a legend is drawn by many small functions, each writing a few words; the
language is the same for all of them and is known only to the caller at the top (the server's
language for a public board, the owner's for a hand). As Django's ``translation.activate`` and
gettext's ``_`` do, that caller says it once (``with speaking(locale):``) and the drawing code
words its text with :func:`tr` and :func:`trn`, which read it. Outside any ``speaking`` block
the language is English. A context variable, so threads and tasks drawing at once each keep
their own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache, wraps
from typing import Any, ParamSpec, TypeVar

from i18n import catalogs
from i18n.catalogs import t
from i18n.languages import language_of
from i18n.say import Say, caller_package

_LOCALE: ContextVar[str] = ContextVar("speaking", default="en-US")
P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def speaking(locale: str) -> Iterator[str]:
    """Words drawn inside the block are in ``locale``'s language."""
    token = _LOCALE.set(locale)
    try:
        yield locale
    finally:
        _LOCALE.reset(token)


def current() -> str:
    """The locale of the picture being drawn."""
    return _LOCALE.get()


def tr(msgid: str, /, **values: object) -> str:
    """``msgid`` in the language being drawn in (a :class:`Say` value worded in it too); a
    game's own words first where its renderer draws it."""
    locale = _LOCALE.get()
    shown = {k: (v.word(locale) if isinstance(v, Say) else v) for k, v in values.items()}
    return catalogs.said(locale, msgid, shown, caller_package())


def trn(singular: str, plural: str, n: int, /, **values: object) -> str:
    """A counted message in the language being drawn in; ``{n}`` is the count."""
    locale = _LOCALE.get()
    shown = {k: (v.word(locale) if isinstance(v, Say) else v) for k, v in values.items()}
    return catalogs.said_n(locale, singular, plural, n, shown, caller_package())


def shown(text: str) -> str:
    """``text`` as drawn: a :class:`Say` (a move's label, an event) in the language being
    drawn in, any other string as it is."""
    return text.word(_LOCALE.get()) if isinstance(text, Say) else text


def listed(items: list[str]) -> str:
    """Names in a sentence, in the language being drawn in ("Ada and Bruno")."""
    return catalogs.listed(_LOCALE.get(), items)


def ordinal(n: int) -> str:
    """A place ("1st", "2nd") in the language being drawn in ("1.", "1º", "1.º")."""
    locale = _LOCALE.get()
    if language_of(locale) is None:  # English: the suffix depends on the number
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"
    # Translators: a place in a ranking, for every number (German "{n}.", Portuguese "{n}º")
    return t(locale, "{n}th", n=str(n))


def cache_per_language(maxsize: int = 128) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """``functools.lru_cache`` for a drawing function whose picture holds words: the language
    being drawn in is part of the key, so a tile drawn for a German board is never shown on a
    Portuguese one. (A ``Say`` argument equals its English as a key, so keying by the
    arguments alone would mix languages.) The wrapper has ``cache_clear`` like lru_cache's."""

    def decorate(fn: Callable[P, R]) -> Callable[P, R]:
        @lru_cache(maxsize=maxsize)
        def drawn(locale: str, *args: Any, **kwargs: Any) -> R:
            with speaking(locale):
                return fn(*args, **kwargs)

        @wraps(fn)
        def in_language(*args: P.args, **kwargs: P.kwargs) -> R:
            return drawn(_LOCALE.get(), *args, **kwargs)  # type: ignore[arg-type]

        in_language.cache_clear = drawn.cache_clear  # type: ignore[attr-defined]
        in_language.cache_info = drawn.cache_info  # type: ignore[attr-defined]
        return in_language

    return decorate
