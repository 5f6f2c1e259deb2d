"""Reading the catalogs and wording a message in a reader's language.

The catalogs are package data (``i18n/locales/*.po`` and the template ``messages.pot``), read
once with Babel's ``read_po`` through ``importlib.resources``, so an installed wheel reads its
own copy. At run time only finished entries count: an entry with no translation, or one marked
fuzzy (a guess a translator has not confirmed), reads as English, as does a translation that is
not a valid template or names a placeholder its English does not. ``python -m bot languages
check`` fails on every one of those, so none of them ships.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from gettext import c2py
from importlib import resources

from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from i18n import pseudo
from i18n.languages import PSEUDO, SHIPPED, Language, language_of, number_locale
from i18n.placeholders import names, parse

#: the shared domain: the package whose ``locales`` folder holds the words of the commands and
#: the table; each game's words are in its own package's ``locales`` (see :func:`add_domain`)
SHARED = "i18n"
TEMPLATE = "messages.pot"

#: the msgctxt of the slash commands' names (as opposed to descriptions and choices): a
#: Discord name is lowercase letters, digits, ``-`` and ``_``, at most 32
NAME_CONTEXTS = frozenset({"command name", "option name"})
#: (msgctxt, msgid): the key of a singular entry; msgctxt is None for a message
Key = tuple[str | None, str]
#: (msgctxt, singular, plural): the key of a plural entry
PluralKey = tuple[str | None, str, str]


#: the packages whose ``locales`` folder holds a catalog: the shared one, then each game's
_domains: list[str] = [SHARED]


def add_domain(package: str) -> None:
    """Read the words of ``package`` (a game's) too, from its own ``locales`` folder: a game
    brings its words with it, as it brings its rules and pictures."""
    if package not in _domains:
        _domains.append(package)
        domain_template.cache_clear()
        template.cache_clear()
        words.cache_clear()


def domains() -> tuple[str, ...]:
    """The packages whose catalogs are read, the shared one first."""
    return tuple(_domains)


def read(file: str, locale: str | None = None, package: str = SHARED) -> Catalog:
    """A catalog file of a domain (the shared one by default), as Babel reads it."""
    with resources.files(package).joinpath("locales", file).open("rb") as handle:
        return read_po(handle, locale=locale)


def has_catalogs(package: str) -> bool:
    """Whether ``package`` has a template of its own (a game whose words are translatable)."""
    return resources.files(package).joinpath("locales", TEMPLATE).is_file()


@cache
def domain_template(package: str) -> Catalog:
    """One domain's template: every string its code asks for, in English (``python -m bot
    languages update`` writes it from the code)."""
    return read(TEMPLATE, package=package)


@cache
def template() -> Catalog:
    """Every domain's strings in one template (the pseudo-locale's source)."""
    merged = Catalog(fuzzy=False)
    for package in _domains:
        for message in domain_template(package):
            if message.id and merged.get(message.id, context=message.context) is None:
                merged[message.id] = message
    return merged


@dataclass(frozen=True)
class Words:
    """One language's finished translations, ready to look up."""

    singular: Mapping[Key, str]
    plural: Mapping[PluralKey, tuple[str, ...]]
    plural_index: Callable[[int], int]  # n -> which plural form (the catalog's Plural-Forms)
    #: each game's own translations, by its package: looked up first for the game's messages
    #: (two games may word the same English differently, as their own contexts ask)
    own: Mapping[str, Words] = field(default_factory=dict)


def _finished(english: str, translated: str) -> bool:
    """A translation that may be shown: not empty, a valid template, no placeholder but the
    English's."""
    mine = names(translated)
    return bool(translated) and mine is not None and mine <= (names(english) or frozenset())


def _words(catalog: Catalog) -> Words:
    singular: dict[Key, str] = {}
    plural: dict[PluralKey, tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple | list):
            one, many = str(message.id[0]), str(message.id[1])
            forms = tuple(str(s) for s in message.string or ())
            if len(forms) == catalog.num_plurals and all(_finished(many, f) for f in forms):
                plural[(message.context, one, many)] = forms
        elif isinstance(message.string, str) and _finished(message.id, message.string):
            singular[(message.context, message.id)] = message.string
    return Words(singular, plural, c2py(catalog.plural_expr))


def _pseudo_words() -> Words:
    """The pseudo-locale: the template's every string, pseudo-localized (names as names)."""
    singular: dict[Key, str] = {}
    plural: dict[PluralKey, tuple[str, ...]] = {}
    for message in template():
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            one, many = str(message.id[0]), str(message.id[1])
            plural[(message.context, one, many)] = (pseudo.text(one), pseudo.text(many))
        else:
            as_name = message.context in NAME_CONTEXTS
            shown = pseudo.name(message.id) if as_name else pseudo.text(message.id)
            singular[(message.context, message.id)] = shown
    return Words(singular, plural, c2py(get_plural("en").plural_expr))


@cache
def words(language: Language) -> Words:
    """A language's finished translations (read once)."""
    if language is PSEUDO:
        return _pseudo_words()
    if language not in SHIPPED:
        raise ValueError(f"{language.code} is not a shipped language")
    shared = _words(read(language.file, language.babel))
    singular: dict[Key, str] = {}
    plural: dict[PluralKey, tuple[str, ...]] = {}
    own: dict[str, Words] = {}
    for package in reversed(_domains[1:]):  # the shared words win where games differ
        own[package] = found = _words(read(language.file, language.babel, package))
        singular.update(found.singular)
        plural.update(found.plural)
    singular.update(shared.singular)
    plural.update(shared.plural)
    return Words(singular, plural, shared.plural_index, own)


def domain_of(origin: str | None) -> str | None:
    """The game domain a module's package belongs to, or None (the shared words). A package
    with catalogs of its own that nobody registered yet (a game imported on its own) is read
    from now on."""
    if not origin:
        return None
    return _domain_of(origin, len(_domains))


@cache
def _domain_of(origin: str, _known: int) -> str | None:
    # ``_known``: the number of domains, so that a new one is seen
    parts = origin.split(".")
    for end in range(len(parts), 0, -1):
        package = ".".join(parts[:end])
        if package in _domains[1:]:
            return package
    for end in range(len(parts), 1, -1):
        package = ".".join(parts[:end])
        try:
            mine = has_catalogs(package)
        except (ModuleNotFoundError, TypeError):
            mine = False
        if mine:
            add_domain(package)
            return package
    return None


_ENGLISH_PLURAL = c2py(get_plural("en").plural_expr)


def lookup(
    locale: str, msgid: str, context: str | None = None, origin: str | None = None
) -> str | None:
    """The finished translation of ``msgid`` for a locale, or ``None`` (English, the source,
    or no finished translation): a caller that has its own fallback, such as Discord's for a
    command name, uses this. ``origin``: the package that says it (a game's words first)."""
    language = language_of(locale)
    if language is None:
        return None
    domain = domain_of(origin)
    table = words(language)
    if domain is not None and domain in table.own:
        found = table.own[domain].singular.get((context, msgid))
        if found is not None:
            return found
    return table.singular.get((context, msgid))


def shown_value(value: object, locale: str) -> str:
    """A placeholder's value as a reader of ``locale`` reads it (a number in their locale's
    digits and grouping)."""
    if type(value) is int and -1000 < value < 1000:  # no grouping to do: the common case, fast
        return str(value)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float | Decimal):
        return format_decimal(value, locale=number_locale(locale))
    return str(value)


def fill(template: str, english: str, locale: str, values: Mapping[str, object]) -> str:
    """``template`` with its placeholders filled (numbers written for ``locale``); the English
    when the template cannot be filled. A placeholder the English needs and the caller did not
    give is a bug in the caller: ``KeyError``, never a ``{name}`` shown to a player."""
    for text in (template, english):
        pieces = parse(text)
        if pieces is None or any(f is not None and f not in values for _, f in pieces):
            continue
        return "".join(
            literal + (shown_value(values[field], locale) if field is not None else "")
            for literal, field in pieces
        )
    missing = (names(english) or frozenset()) - set(values)
    raise KeyError(f"{english!r} needs {', '.join(sorted(missing)) or 'a valid template'}")


def t(locale: str, msgid: str, /, **placeholders: object) -> str:
    """``msgid`` (the English) in ``locale``'s language, its placeholders filled; English where
    the language has no finished translation.

    >>> t("de", "{count} games", count=1234)  # doctest: +SKIP
    '1.234 Spiele'
    """
    return said(locale, msgid, placeholders)


def said(locale: str, msgid: str, values: Mapping[str, object], origin: str | None = None) -> str:
    """:func:`t` for a message said by the package ``origin`` (its game's words first)."""
    translated = lookup(locale, msgid, None, origin)
    return fill(translated or msgid, msgid, locale, values)


def tn(locale: str, singular: str, plural: str, n: int, /, **placeholders: object) -> str:
    """A message that depends on a count ``n``: the form the language's plural rule (Babel's,
    in the catalog's Plural-Forms) picks for ``n``; ``{n}`` is ``n`` written for the locale."""
    return said_n(locale, singular, plural, n, placeholders)


def said_n(
    locale: str,
    singular: str,
    plural: str,
    n: int,
    placeholders: Mapping[str, object],
    origin: str | None = None,
) -> str:
    """:func:`tn` for a message said by the package ``origin`` (its game's words first)."""
    values = {"n": n, **placeholders}
    english = singular if _ENGLISH_PLURAL(n) == 0 else plural
    language = language_of(locale)
    if language is not None:
        domain = domain_of(origin)
        table = words(language)
        own = table.own.get(domain) if domain is not None else None
        key = (None, singular, plural)
        forms = (own.plural.get(key) if own is not None else None) or table.plural.get(key)
        if forms is not None:
            index = table.plural_index(n)
            if 0 <= index < len(forms):
                return fill(forms[index], english, locale, values)
    return fill(english, english, locale, values)


def listed(locale: str, items: list[str]) -> str:
    """Names in a sentence, in the reader's language: "Ada", "Ada and Bruno", "Ada, Bruno and
    Cy"."""
    if len(items) < 2:
        return "".join(items)
    # Translators: the end of a list of names or things ("Ada, Bruno and Cy")
    return t(locale, "{first} and {last}", first=", ".join(items[:-1]), last=items[-1])
