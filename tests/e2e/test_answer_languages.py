"""The commands' answers through the local Discord and the real bot process, in the language
Discord sends: a private answer in the asking user's client language, a league's post in the
server's. In the pseudo-locale, nothing is left in English but names and typed words."""

from __future__ import annotations

import discord
import pytest

import engines
from i18n import PSEUDO_CODE
from i18n.pseudo import english_left
from localdiscord.protocol import DEFAULT_PERMISSIONS

MANAGE_SERVER = discord.Permissions(manage_guild=True).value


def names(*more: str) -> set[str]:
    out = set(more)
    for name in engines.names():
        engine = engines.get_engine(name)
        out |= {engine.title, *engine.proper_names()}
    return out


@pytest.fixture(scope="module")
def pia(world):
    return world.server.add_user("Pia", locale=PSEUDO_CODE)


@pytest.fixture(scope="module")
def gerd(world):
    return world.server.add_user(
        "Gerd", locale="de", permissions=DEFAULT_PERMISSIONS | MANAGE_SERVER
    )


def test_every_command_is_listed_in_the_askers_language(world, pia):
    d = world.driver
    answer = d.run(pia, d.channel("regeln"), "/game rules", page="commands")
    assert answer.ephemeral and not answer.failed, answer
    assert english_left(answer.text, names()) == []


def test_the_rules_without_a_game_here_are_in_the_askers_language(world, pia):
    d = world.driver
    answer = d.run(pia, d.channel("regeln"), "/game rules")
    assert answer.ephemeral and english_left(answer.text, names()) == []


def test_a_german_game_master_opens_a_league_the_server_reads_in_its_language(world, gerd, pia):
    d = world.driver
    channel = d.channel("liga")
    empty = d.run(gerd, channel, "/league info")
    assert empty.ephemeral and empty.text.startswith("Dieser Server hat noch keine Liga.")
    world.server.set_guild_locale(PSEUDO_CODE)
    try:
        opened = d.run(gerd, channel, "/league open", game="toy", players=2, rounds=1)
        assert not opened.failed and opened.new_public, opened
        assert english_left(opened.new_public[-1].content, names("Gerd")) == []
        info = d.run(gerd, channel, "/league info")  # Gerd's own answer: German
        assert info.ephemeral and "Liga #" in info.text and "Anmeldung offen" in info.text
        mine = d.run(pia, channel, "/league info")
        assert english_left(mine.text, names("Gerd")) == []
    finally:
        world.server.set_guild_locale("en-US")
