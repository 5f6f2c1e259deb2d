"""Every language's letters are in every font the pictures are drawn with (Roboto, regular and
bold, from ``rendering.kit.font``): no missing-glyph box where a translation is drawn."""

from __future__ import annotations

import unicodedata

import pytest

from i18n import pseudo
from i18n.catalogs import read
from i18n.languages import SHIPPED
from rendering.kit import font

#: the letters each language needs beyond ASCII, whether or not the catalogs use them yet
LETTERS = {
    "de": "äöüßÄÖÜẞ„“‚‘",
    "pt-BR": "áàâãçéêíóôõúüÁÀÂÃÇÉÊÍÓÔÕÚ",
    "es": "áéíóúüñÁÉÍÓÚÜÑ¿¡«»",
}
#: a code point no font has: what a missing glyph looks like in each font
NOWHERE = "\U0010fffd"


def _missing(text: str, bold: bool) -> list[str]:
    f = font(24, bold)
    blank = f.getmask2(NOWHERE, "L")
    blank_pixels = (blank[0].size, bytes(blank[0]))
    out = []
    for char in sorted(c for c in set(text) if not c.isspace() and not _symbol(c)):
        mask, _ = f.getmask2(char, "L")
        if (mask.size, bytes(mask)) == blank_pixels:
            out.append(char)
    return out


def _symbol(char: str) -> bool:
    """An emoji or pictograph (🏆, ✓, ⏱️): a message's decoration, kept as it is in every
    language (docs/languages.md) and shown by Discord's own fonts; never a letter a picture
    draws."""
    return unicodedata.category(char) == "So" or char == "\ufe0f"


def _catalog_text(code: str) -> str:
    language = next(lang for lang in SHIPPED if lang.code == code)
    catalog = read(language.file, language.babel)
    pieces = []
    for message in catalog:
        if not message.id:  # the header
            continue
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        english = "".join(message.id) if isinstance(message.id, tuple | list) else message.id
        # a character its English has too (an emoji of a Discord message) is the English's
        # own: the translation adds none that English does not draw already
        pieces += ["".join(c for c in s if c not in english) for s in strings if s]
    return "".join(pieces)


def test_the_missing_glyph_probe_sees_a_missing_glyph():
    assert _missing("漢", bold=False) == ["漢"]


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
@pytest.mark.parametrize("code", sorted(LETTERS))
def test_each_languages_letters_are_in_the_fonts(code, bold):
    assert LETTERS.keys() == {lang.code for lang in SHIPPED}
    assert _missing(LETTERS[code] + _catalog_text(code), bold) == []


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_the_pseudo_locales_letters_are_in_the_fonts(bold):
    assert _missing(pseudo.ALPHABET, bold) == []
