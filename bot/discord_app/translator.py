"""The slash commands in the user's language, through discord.py's ``app_commands.Translator``.

discord.py asks the tree's translator, once per Discord locale, for every command's and group's
name and description, every option's name and description and every choice's name, and uploads
the answers as ``name_localizations`` / ``description_localizations``; each user's client then
shows the commands in their language, while the bot still receives the English names. The
words are the catalogs' (:mod:`i18n`), under a msgctxt saying what a string is (a name must stay
a valid Discord name, so translators are told which strings are names). ``None`` (English, a
locale we do not ship, no finished translation) leaves Discord to show the English.

A proper name is marked by the code as ``locale_str(title, proper_name=True)`` and left in
English: the games' titles, until a published localized title is known (issue #34: the
rulebooks' names stay where no published localized name is known).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

import i18n
from bot import watch

if TYPE_CHECKING:
    from discord.app_commands.translator import TranslationContextTypes

#: the msgctxt of each kind of string discord.py asks for
CONTEXTS: Mapping[Where, str] = {
    Where.group_name: "command name",
    Where.command_name: "command name",
    Where.parameter_name: "option name",
    Where.group_description: "description",
    Where.command_description: "description",
    Where.parameter_description: "description",
    Where.choice_name: "choice",
}
#: the ``locale_str`` extra that marks a proper name, kept in English
PROPER_NAME = "proper_name"


class CatalogTranslator(app_commands.Translator):
    """Answers discord.py from the catalogs. ``languages`` maps a Discord locale to the
    language that answers it (by default the shipped ones: :func:`i18n.discord_locales`); a
    test maps one to the pseudo-locale."""

    def __init__(self, languages: Mapping[str, str] | None = None) -> None:
        self.languages = dict(i18n.discord_locales() if languages is None else languages)

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: TranslationContextTypes,
    ) -> str | None:
        kind = CONTEXTS.get(context.location)
        language = self.languages.get(locale.value)
        if kind is None or language is None or string.extras.get(PROPER_NAME):
            return None
        return i18n.lookup(language, string.message, kind)


@dataclass
class Asked:
    """What discord.py asks a translator for, for a whole tree: ``(msgctxt, English)`` -> the
    commands it is used in; and the proper names, which are never looked up."""

    strings: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    proper_names: set[str] = field(default_factory=set)


class _Recorder(app_commands.Translator):
    def __init__(self) -> None:
        self.asked = Asked()
        self._option = ""  # the option whose choices are asked next (discord.py's order)

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: TranslationContextTypes,
    ) -> str | None:
        kind = CONTEXTS.get(context.location)
        if kind is None:
            return None
        if string.extras.get(PROPER_NAME):
            self.asked.proper_names.add(string.message)
            return None
        data = context.data
        if isinstance(data, app_commands.Command | app_commands.Group):
            where = "/" + data.qualified_name
        elif isinstance(data, app_commands.Parameter):
            where = self._option = f"/{data.command.qualified_name} {data.name}"
        else:
            where = self._option
        self.asked.strings.setdefault((kind, string.message), set()).add(where)
        return None


async def asked(tree: app_commands.CommandTree[discord.Client]) -> Asked:
    """Every string discord.py asks a translator for when it uploads ``tree``."""
    recorder = _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return recorder.asked


def full_tree() -> app_commands.CommandTree[discord.Client]:
    """The whole command tree, with the commands offered only when the operator turned them on
    (``/game watch``): the catalogs must have their words too."""
    from bot.discord_app import commands

    before = watch.config()
    watch.enable(watch.WatchConfig(base_url="http://127.0.0.1/"))
    try:
        tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(
            discord.Client(intents=discord.Intents.none())
        )
        commands.install(tree)  # type: ignore[arg-type]
    finally:
        watch.enable(before)
    return tree
