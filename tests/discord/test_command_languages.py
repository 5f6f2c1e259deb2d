"""The slash commands in every shipped language, as discord.py uploads them through the tree's
translator: every name, description and choice localized, names valid for Discord and unique
among their siblings in each locale, and the payload accepted by the local Discord's checks.
The pseudo-locale finds any string the catalogs left out."""

from __future__ import annotations

import asyncio
import re

import discord
import pytest

import engines
from bot.discord_app.translator import CatalogTranslator, full_tree
from bot.server_settings import LANGUAGES
from i18n import PSEUDO_CODE, discord_locales, pseudo
from localdiscord.spec import spec
from localdiscord.validate import check_commands

#: Discord's rule for a name: ``^[-_\p{L}\p{N}]{1,32}$``, lowercase
NAME = re.compile(r"^[-_\w]{1,32}$")
#: a real Discord locale we do not ship, read in the pseudo-locale for the test
PSEUDO_FOR = discord.Locale.finnish


def _titles() -> set[str]:
    """The proper names, left as they are: the registered games' titles (a test may have
    registered a game of its own) and each language offered, in its own words ("Deutsch")."""
    return {engines.get_engine(n).title for n in engines.names()} | set(LANGUAGES.values())


async def _payload(translator: CatalogTranslator) -> list[dict]:
    tree = full_tree()
    await tree.set_translator(translator)
    return [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]


def _nodes(payload: list[dict]):
    """Every command, group and option (kind, node), and every choice ("choice", choice)."""

    def walk(node, kind):
        yield kind, node
        for choice in node.get("choices") or []:
            yield "choice", choice
        for option in node.get("options") or []:
            yield from walk(option, "command" if option.get("type") in (1, 2) else "option")

    for command in payload:
        yield from walk(command, "command")


def _sibling_sets(payload: list[dict]):
    yield payload
    for kind, node in _nodes(payload):
        if kind != "choice" and node.get("options"):
            yield node["options"]


@pytest.fixture(scope="module")
def shipped() -> list[dict]:
    return asyncio.run(_payload(CatalogTranslator()))


@pytest.mark.parametrize("locale", sorted(discord_locales()))
def test_every_string_is_localized_in_every_shipped_locale(shipped, locale):
    titles = _titles()
    for kind, node in _nodes(shipped):
        if kind == "choice" and node["name"] in titles:
            assert locale not in (node.get("name_localizations") or {})  # a proper name
            continue
        assert locale in (node.get("name_localizations") or {}), (kind, node["name"])
        if kind != "choice":
            assert locale in (node.get("description_localizations") or {}), node["name"]


@pytest.mark.parametrize("locale", sorted(discord_locales()))
def test_localized_names_are_valid_discord_names_unique_among_siblings(shipped, locale):
    for kind, node in _nodes(shipped):
        shown = (node.get("name_localizations") or {}).get(locale, node["name"])
        if kind == "choice":
            assert 1 <= len(shown) <= 100, shown
            continue
        assert NAME.match(shown) and shown == shown.lower(), shown
        description = node["description_localizations"][locale]
        assert 1 <= len(description) <= 100, description
    for siblings in _sibling_sets(shipped):
        shown = [(s.get("name_localizations") or {}).get(locale, s["name"]) for s in siblings]
        assert len(shown) == len(set(shown)), (locale, shown)


def test_the_localized_payload_passes_the_local_discords_checks(shipped):
    path = "/applications/{application_id}/commands"
    assert spec().request_errors("PUT", path, shipped) == []
    assert check_commands(shipped) == []


def test_the_local_discord_refuses_a_bad_localized_name(shipped):
    game = next(c for c in shipped if c["name"] == "game")
    bad = {**game, "name_localizations": {**game["name_localizations"], "de": "Neues Spiel"}}
    assert [p.code for p in check_commands([bad])] == ["APPLICATION_COMMAND_INVALID_NAME"]
    elsewhere = {**game, "name_localizations": {"xx-YY": "spiel"}}
    assert [p.code for p in check_commands([elsewhere])] == ["INVALID_LOCALE"]
    new, join = bad["options"][0], bad["options"][1]
    clash = {**join, "name_localizations": {**join["name_localizations"], "de": "neu"}}
    twins = {**game, "options": [new, clash, *game["options"][2:]]}
    assert [p.code for p in check_commands([twins])] == [
        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS"
    ]


async def test_every_command_string_is_pseudo_localized():
    """Read in the pseudo-locale, every name, description and choice is pseudo-localized, but
    the games' titles (proper names). A string the catalogs' template lacks shows in English
    here and fails, naming it."""
    payload = await _payload(CatalogTranslator({PSEUDO_FOR.value: PSEUDO_CODE}))
    locale = PSEUDO_FOR.value
    titles = _titles()
    left_in_english = []
    for kind, node in _nodes(payload):
        name = (node.get("name_localizations") or {}).get(locale, node["name"])
        if kind == "choice" and node["name"] in titles:
            assert name == node["name"]
            continue
        if not pseudo.is_pseudo(name, node["name"], as_name=kind != "choice"):
            left_in_english.append(f"{kind} name {node['name']!r}")
        if kind != "choice":
            shown = (node.get("description_localizations") or {}).get(locale, "")
            if not pseudo.is_pseudo(shown, node["description"]):
                left_in_english.append(f"{kind} description {node['description']!r}")
    assert left_in_english == []


def test_the_shipped_languages_serve_real_discord_locales():
    known = {locale.value for locale in discord.Locale}
    assert set(discord_locales()) <= known
    assert set(discord_locales()) == {"de", "pt-BR", "es-ES", "es-419"}
