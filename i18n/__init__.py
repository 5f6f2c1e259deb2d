"""Tabletop's words in the player's language: gettext catalogs, read with Babel.

Why gettext ``.po`` files rather than Fluent: every translators' tool (Poedit, Weblate,
Crowdin, Lokalize, Transifex) reads and writes them, with comments saying where a string is used
and fuzzy marks for strings whose English changed; Babel, which we use for numbers anyway, reads
and writes them and knows every locale's plural rule (CLDR's, as gettext's Plural-Forms); and one
format serves both the slash commands (through discord.py's ``app_commands.Translator``) and the
messages, with a msgctxt telling a command's name from its description. Fluent's strength, a
translator writing their own plural and gender selectors, is not needed by short game messages
whose one variable is a count, and its tooling and Python runtime are far thinner.

English is the source: a msgid is the English text, and any string without a finished
translation is shown in English, filled; never a key, never an unfilled ``{placeholder}``.

- :func:`t` and :func:`tn` word a message (:mod:`i18n.catalogs`);
- :mod:`i18n.languages`: the shipped languages and which Discord locale reads which;
- :mod:`i18n.pseudo`: the pseudo-locale for tests;
- :mod:`i18n.check`: the catalog check (``python -m bot languages check``);
- :mod:`i18n.extract`: the template from the code (``python -m bot languages update``).

This package is beside ``bot``, not in it, because the words on the boards and legends are drawn
by ``rendering`` and the games' packages, which may not import ``bot``; it imports only Babel.
"""

from __future__ import annotations

from i18n.catalogs import lookup, t, tn
from i18n.languages import PSEUDO_CODE, SHIPPED, Language, discord_locales, language_of

__all__ = [
    "PSEUDO_CODE",
    "SHIPPED",
    "Language",
    "discord_locales",
    "language_of",
    "lookup",
    "t",
    "tn",
]
