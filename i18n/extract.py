"""The template from the code, and every catalog brought up to it (``python -m bot languages
update``): what a maintainer runs after adding or changing an English string.

The strings come from two places: the slash commands' words, as discord.py asks the translator
for them (given here by the caller: :func:`bot.discord_app.translator.asked`), and every
``t(locale, "...")`` / ``tn(locale, "...", "...", n)`` call with literal English in the product
packages, found by Babel's Python extractor. A catalog keeps its translations; a string whose
English changed keeps its old translation marked fuzzy (Babel's fuzzy matching), and a new one
arrives untranslated: both fail the check until a translator finishes them. Strings the code no
longer asks for are dropped.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from i18n.catalogs import TEMPLATE
from i18n.languages import SHIPPED, Language

#: where the catalogs are in a checkout (this command edits sources; the bot reads them as
#: package data)
LOCALES = Path(__file__).resolve().parent / "locales"
#: the message functions and which arguments hold English (Babel's keyword spec, 1-based)
KEYWORDS = {
    "t": (2,),
    "tn": (2, 3),
    "say": (1,),
    "say_n": (1, 2),
    "tr": (1,),
    "trn": (1, 2),
    "marked": (1,),
}
#: a fixed date in every header, so a catalog changes only when its entries do
DATED = datetime(2026, 12, 5, tzinfo=UTC)
WIDTH = 100
HEADER = """\
# {what}: Tabletop's words.
# Slash commands have a msgctxt ("command name", "option name", "description", "choice"),
# messages none. A name must stay a valid Discord name: lowercase, no spaces, at most 32
# characters. Keep every {{placeholder}} as it is. See docs/languages.md; the check is
# `python -m bot languages check`."""
FIELDS = {"project": "Tabletop", "copyright_holder": "the Tabletop authors", "fuzzy": False}


@dataclass(frozen=True)
class CodeMessage:
    """A ``t`` or ``tn`` call's English: a msgid, or (singular, plural)."""

    id: str | tuple[str, str]
    where: str  # path:line
    comments: tuple[str, ...] = ()


def code_messages(root: Path, packages: Iterable[str]) -> list[CodeMessage]:
    """Every literal ``t``/``tn`` message in the packages' Python files under ``root``
    (a ``# Translators:`` comment just above the call is kept for the translators)."""
    found = []
    for package in packages:
        for file, line, message, comments, _context in extract_from_dir(
            root / package,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
        ):
            msgid = (str(message[0]), str(message[1])) if isinstance(message, tuple) else message
            where = f"{package}/{Path(file).as_posix()}:{line}"
            found.append(CodeMessage(msgid, where, tuple(comments)))
    return found


def build_template(
    commands: Mapping[tuple[str, str], Iterable[str]], code: Iterable[CodeMessage]
) -> Catalog:
    """The template: the commands' strings (msgctxt, English -> where used) in the tree's
    order, then the code's messages in file order."""
    template = Catalog(
        header_comment=HEADER.format(what="The template"),
        creation_date=DATED,
        revision_date=DATED,
        **FIELDS,  # type: ignore[arg-type]
    )
    for (context, msgid), places in commands.items():
        template.add(msgid, context=context, auto_comments=sorted(places))
    for message in code:
        known = template.get(message.id, None)
        if known is not None:
            known.auto_comments = sorted({*known.auto_comments, *message.comments})
            known.locations.append(_location(message.where))
            continue
        template.add(
            message.id,
            auto_comments=list(message.comments),
            locations=[_location(message.where)],
            flags=["python-brace-format"],
        )
    return template


def _location(where: str) -> tuple[str, int]:
    path, _, line = where.rpartition(":")
    return path, int(line)


def write(catalog: Catalog, path: Path) -> None:
    with path.open("wb") as handle:
        write_po(handle, catalog, width=WIDTH, ignore_obsolete=True, include_previous=False)


def new_catalog(language: Language, template: Catalog) -> Catalog:
    """A new language's catalog: every entry of the template, none translated."""
    catalog = Catalog(
        locale=language.babel,
        header_comment=HEADER.format(what=f"{language.name} ({language.code})"),
        creation_date=DATED,
        revision_date=DATED,
        last_translator="Tabletop",
        language_team=f"{language.name} ({language.code})",
        **FIELDS,  # type: ignore[arg-type]
    )
    catalog.update(template, update_creation_date=False)
    return catalog


#: a language's finished translations anywhere: (msgctxt, msgid) -> msgstr
Known = dict[tuple[str | None, object], Any]


def known_translations(folders: Iterable[Path], language: Language) -> Known:
    """Every finished translation of ``language`` in the catalogs in ``folders``: a string that
    moves from one catalog to another (a game's own, the shared one) keeps its translation."""
    known: Known = {}
    for folder in folders:
        path = folder / language.file
        if not path.exists():
            continue
        with path.open("rb") as handle:
            for message in read_po(handle, locale=language.babel):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                if message.id and not message.fuzzy and all(strings):
                    key = (
                        message.context,
                        tuple(message.id) if isinstance(message.id, list) else message.id,
                    )
                    known.setdefault(key, message.string)
    return known


def update(
    template: Catalog, folder: Path = LOCALES, known: dict[str, Known] | None = None
) -> list[str]:
    """Write the template and bring every shipped language's catalog up to it (a language with
    no file yet gets one); an entry left untranslated takes the translation ``known`` has for
    the same English (by language code), from where the string was before; returns what was
    written."""
    folder.mkdir(exist_ok=True)
    write(template, folder / TEMPLATE)
    written = [TEMPLATE]
    for language in SHIPPED:
        path = folder / language.file
        # Babel's update puts the template's own entries in a catalog: each language its copy
        fresh = copy.deepcopy(template)
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=language.babel)
            catalog.update(fresh, update_creation_date=False)
            catalog.revision_date = DATED
        else:
            catalog = new_catalog(language, fresh)
        elsewhere = (known or {}).get(language.code, {})
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not message.id or (all(strings) and not message.fuzzy):
                continue
            key = (
                message.context,
                tuple(message.id) if isinstance(message.id, list) else message.id,
            )
            if key in elsewhere:
                message.string = elsewhere[key]
                message.flags.discard("fuzzy")
        write(catalog, path)
        written.append(language.file)
    return written
