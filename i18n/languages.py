"""The languages Tabletop ships, and which Discord locale reads which catalog.

English is the source: every msgid is the English text, so English needs no catalog. Each other
language is one gettext catalog in ``i18n/locales/``. Spanish is one catalog for both of
Discord's Spanish locales (``es-ES``, Spain, and ``es-419``, Latin America): it is written in a
neutral Spanish (``tú``, no ``vosotros``, no regional words), while numbers still follow the
reader's own locale (``1.234,5`` in Spain, ``1,234.5`` in Mexico). Any locale not listed here
reads English. The pseudo-locale (:data:`PSEUDO`) is for tests only: no Discord locale maps to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from babel import Locale, UnknownLocaleError


@dataclass(frozen=True)
class Language:
    """A shipped language: its catalog and the Discord locales it serves."""

    code: str  # how the catalog check and the docs name it: "de", "pt-BR", "es"
    name: str  # in its own words, as a player would pick it
    babel: str  # Babel's identifier for the catalog: plural rules, and numbers by default
    discord: tuple[str, ...]  # the Discord locales (discord.Locale values) that read it

    @property
    def file(self) -> str:
        """The catalog's file name in ``i18n/locales/``."""
        return f"{self.babel}.po"


GERMAN = Language("de", "Deutsch", "de", ("de",))
PORTUGUESE = Language("pt-BR", "Português do Brasil", "pt_BR", ("pt-BR",))
SPANISH = Language("es", "Español", "es", ("es-ES", "es-419"))
#: every shipped language besides English, in the order the check prints them
SHIPPED: tuple[Language, ...] = (GERMAN, PORTUGUESE, SPANISH)

#: the pseudo-locale's code (Microsoft's pseudo-locale tag): every string wrapped and accented
#: (:mod:`i18n.pseudo`), so a test can tell a string that went through the catalogs from one
#: that did not; English rules for plurals and numbers; never offered to a user
PSEUDO_CODE = "qps-ploc"
PSEUDO = Language(PSEUDO_CODE, "Pseudo", "en", ())

_BY_LOCALE = {
    key.casefold(): lang for lang in SHIPPED for key in (lang.code, lang.babel, *lang.discord)
} | {PSEUDO_CODE.casefold(): PSEUDO}  # the pseudo-locale by its own code only (its babel is en)


def _key(locale: str) -> str:
    return str(locale).replace("_", "-").casefold()


def language_of(locale: str) -> Language | None:
    """The language a locale reads (a Discord locale such as ``es-419``, or a catalog's code),
    or ``None``: English, the source, for ``en-US``, ``en-GB`` and any locale we do not ship."""
    return _BY_LOCALE.get(_key(locale))


def discord_locales() -> dict[str, str]:
    """Every Discord locale that reads a catalog -> that language's code."""
    return {d: lang.code for lang in SHIPPED for d in lang.discord}


@lru_cache(maxsize=64)
def number_locale(locale: str) -> Locale:
    """The Babel locale numbers are written in: the reader's own (``es-419`` writes ``1,234.5``
    where ``es-ES`` writes ``1.234,5``), else their language's, else English."""
    language = language_of(locale)
    if language is PSEUDO:
        return Locale.parse("en")
    if language is not None:
        try:
            return Locale.parse(str(locale).replace("-", "_"))
        except (ValueError, UnknownLocaleError):
            return Locale.parse(language.babel)
    return Locale.parse("en")
