"""The catalog check (``python -m bot languages check``; ``tests/i18n`` runs it too, so CI
enforces it): per shipped language, exactly ``language CODE: entries=N untranslated=U``, where N
is the catalog's entries and U those with no translation or marked fuzzy; and a problem line for
anything else that must not ship. It fails on any untranslated or fuzzy entry, a translation
that drops or adds a placeholder or is not a valid template, an entry the template does not
have (or the template's that the catalog lacks), a command or option name Discord would refuse,
a description or choice longer than Discord takes, and Plural-Forms that are not Babel's rule
for the language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from gettext import c2py

from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural

from i18n.catalogs import (
    NAME_CONTEXTS,
    SHARED,
    domain_template,
    domains,
    has_catalogs,
    read,
)
from i18n.languages import SHIPPED, Language
from i18n.placeholders import names

#: Discord's rule for a command or option name (the ``\p{L}`` and ``\p{N}`` of its
#: ``^[-_\p{L}\p{N}]{1,32}$``), lowercase where the letter has cases
DISCORD_NAME = re.compile(r"^[-_\w]{1,32}$")
#: a description's and a choice's longest
MAX_TEXT = 100


@dataclass
class Report:
    language: Language
    entries: int = 0
    untranslated: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def line(self) -> str:
        return (
            f"language {self.language.code}: entries={self.entries} "
            f"untranslated={self.untranslated}"
        )

    @property
    def ok(self) -> bool:
        return self.untranslated == 0 and not self.problems


def _key(message: Message) -> tuple[str | None, str]:
    msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return message.context, str(msgid)


def _label(message: Message) -> str:
    ctx, msgid = _key(message)
    return f"{msgid!r}" + (f" ({ctx})" if ctx else "")


def _translations(message: Message) -> list[str]:
    if isinstance(message.string, tuple | list):
        return [str(s or "") for s in message.string]
    return [str(message.string or "")]


def _english(message: Message) -> list[str]:
    """The English each translation stands for (a plural form stands for the plural)."""
    if isinstance(message.id, tuple | list):
        return [str(message.id[1])]
    return [str(message.id)]


def _only_one(plural_expr: str) -> set[int]:
    """The plural forms the rule picks for n == 1 alone: those may leave out ``{n}`` ("ein
    Zug"), as gettext's own format check allows; any other form must keep it."""
    index = c2py(plural_expr)
    picks: dict[int, set[int]] = {}
    for n in range(1001):
        picks.setdefault(index(n), set()).add(n)
    return {form for form, counts in picks.items() if counts == {1}}


def _entry_problems(message: Message, only_one: set[int]) -> list[str]:
    problems = []
    english = _english(message)[0]
    plural = isinstance(message.id, tuple | list)
    for form, translated in enumerate(_translations(message)):
        if not translated:
            continue
        mine, theirs = names(translated), names(english)
        if plural and form in only_one and mine is not None and theirs is not None:
            theirs = theirs - {"n"} | (mine & {"n"})
        if mine is None:
            problems.append(f"{_label(message)}: {translated!r} is not a valid template")
        elif theirs is not None and mine != theirs:
            dropped, added = sorted(theirs - mine), sorted(mine - theirs)
            said = [f"drops {{{d}}}" for d in dropped] + [f"adds {{{a}}}" for a in added]
            problems.append(f"{_label(message)}: {translated!r} {' and '.join(said)}")
        if message.context in NAME_CONTEXTS:
            if not DISCORD_NAME.match(translated) or translated != translated.lower():
                problems.append(
                    f"{_label(message)}: {translated!r} is not a valid Discord name "
                    "(lowercase letters, digits, - and _, at most 32)"
                )
        elif message.context is not None and len(translated) > MAX_TEXT:
            problems.append(
                f"{_label(message)}: {translated!r} is {len(translated)} characters "
                f"(Discord takes {MAX_TEXT})"
            )
    return problems


def check_catalog(
    language: Language,
    catalog: Catalog,
    source: Catalog,
    commands: dict[str, str] | None = None,
) -> Report:
    """One language's catalog against the template ``source``; ``commands``, the language's
    command names (English -> translated), when they are in another catalog (a game's
    messages name the shared catalog's commands)."""
    report = Report(language)
    expected = get_plural(language.babel)
    if (catalog.num_plurals, catalog.plural_expr) != (expected.num_plurals, expected.plural_expr):
        report.problems.append(
            f"Plural-Forms {catalog.plural_forms!r} is not Babel's rule for "
            f"{language.babel}: {expected.plural_forms!r}"
        )
    only_one = _only_one(catalog.plural_expr)
    mine = {_key(m): m for m in catalog if m.id}
    wanted = {_key(m) for m in source if m.id}
    for key in sorted(wanted - mine.keys(), key=str):
        report.problems.append(f"missing {key[1]!r}" + (f" ({key[0]})" if key[0] else ""))
    for key in sorted(mine.keys() - wanted, key=str):
        report.problems.append(f"stale {key[1]!r}" + (f" ({key[0]})" if key[0] else ""))
    if commands is None:
        commands = command_names(catalog)
    for message in mine.values():
        report.entries += 1
        translations = _translations(message)
        if message.fuzzy or not all(translations):
            report.untranslated += 1
        report.problems += _entry_problems(message, only_one)
        if message.context not in NAME_CONTEXTS:
            report.problems += _command_problems(message, commands)
    return report


#: a slash command named in a message: ``/game new``, ``/me away``, ``/play``
SLASH = re.compile(r"(?<![\w/<:])/([a-z][-a-z_]*)((?: [a-z][-a-z_]*)*)")


def _command_problems(message: Message, commands: dict[str, str]) -> list[str]:
    """A command a message names must be named as the same language's catalog names it (the
    player types what they read: in German, ``/spiel status``, not ``/game status``)."""
    problems = []
    english = _english(message)
    for form, translated in enumerate(_translations(message)):
        if not translated:
            continue
        for match in SLASH.finditer(english[min(form, len(english) - 1)]):
            words = [match.group(1)]
            for word in match.group(2).split():
                if word not in commands:
                    break
                words.append(word)
            if words[0] not in commands:
                continue
            shown = "/" + " ".join(commands[w] for w in words)
            if shown not in translated:
                problems.append(
                    f"{_label(message)}: {translated!r} names {'/' + ' '.join(words)} "
                    f"but not as this language does, {shown!r}"
                )
    return problems


def command_names(catalog: Catalog) -> dict[str, str]:
    """A catalog's command names, English -> translated."""
    return {
        str(m.id): str(m.string)
        for m in catalog
        if m.id and m.context == "command name" and isinstance(m.string, str) and m.string
    }


def check(languages: tuple[Language, ...] = SHIPPED) -> list[Report]:
    """Every shipped language's catalogs (the shared one and each game's), as the packages
    hold them: one report per language, over all its catalogs."""
    reports = []
    for language in languages:
        report = Report(language)
        shared = read(language.file, language.babel)
        commands = command_names(shared)
        for package in domains():
            if package == SHARED:
                catalog = shared
            elif has_catalogs(package):
                catalog = read(language.file, language.babel, package)
            else:
                continue
            part = check_catalog(language, catalog, domain_template(package), commands)
            report.entries += part.entries
            report.untranslated += part.untranslated
            where = "" if package == SHARED else f"{package}: "
            report.problems += [where + p for p in part.problems]
        reports.append(report)
    return reports
