"""The pseudo-locale: English made visibly foreign, so a test can see which text went through
the catalogs. ``"Your turn"`` becomes ``"⟦Ŷöûŕ ţûŕñ⟧"``: every letter accented, the whole wrapped
in brackets (a string cut short or glued together from pieces shows a bracket missing), and
placeholders such as ``{name}`` left as they are, to be filled as usual.

A Discord command or option name must stay a valid name (lowercase letters, digits, ``-`` and
``_``, at most 32), so names are accented but neither wrapped nor capitalised (:func:`name`).
Every character used here is in the fonts the boards are drawn with (``tests/i18n`` checks).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from i18n.placeholders import parse

OPEN, CLOSE = "⟦", "⟧"
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊŶŽ"
ACCENTS = str.maketrans(_PLAIN, _ACCENTED)
#: the accented letters, all of them (for the font test)
ALPHABET = _ACCENTED + OPEN + CLOSE


def _accent_outside_placeholders(text: str) -> str:
    pieces = parse(text)
    if pieces is None:  # not a valid template: accent it all, so nothing is lost
        return text.translate(ACCENTS)
    out = []
    for literal, field in pieces:
        out.append(literal.translate(ACCENTS).replace("{", "{{").replace("}", "}}"))
        if field is not None:
            out.append("{" + field + "}")
    return "".join(out)


def text(english: str) -> str:
    """A message, description or choice in the pseudo-locale."""
    return OPEN + _accent_outside_placeholders(english) + CLOSE


def name(english: str) -> str:
    """A command or option name in the pseudo-locale: accented, still a valid Discord name."""
    return english.translate(ACCENTS)


def is_pseudo(shown: str, english: str, *, as_name: bool = False) -> bool:
    """Whether ``shown`` is ``english`` pseudo-localized (a string that skipped the catalogs
    is shown in plain English, and fails this)."""
    return shown == (name(english) if as_name else text(english))


_MARKUP = re.compile(r"<(?:@[!&]?|#|t:|a?:\w+:)[^>]*>|https?://\S+")
_WORD = re.compile(r"[A-Za-z]{2,}")


def english_left(shown: str, names: Iterable[str] = ()) -> list[str]:
    """The English words of ``shown`` that are outside every pseudo-localized span: what a
    reader in the pseudo-locale would still read in English. ``names`` are words shown as they
    are in every language (players' names, the games' titles, published components' printed
    names); Discord's mentions, timestamps and links are never words."""
    outside = []
    depth = 0
    for char in shown:
        if char == OPEN:
            depth += 1
        elif char == CLOSE and depth:
            depth -= 1
        elif depth == 0:
            outside.append(char)
    rest = _MARKUP.sub(" ", "".join(outside))
    for known in sorted((n for n in names if n), key=len, reverse=True):
        rest = rest.replace(known, " ")
    return _WORD.findall(rest)
