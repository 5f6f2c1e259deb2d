"""The shape of the command tree other modules extend."""

from __future__ import annotations

from bot.discord_app.client import TabletopClient, intents

CORE = {
    "new",
    "join",
    "leave",
    "start",
    "board",
    "hand",
    "status",
    "log",
    "rules",
    "concede",
    "abort",
}


def test_game_group_has_the_core_subcommands():
    client = TabletopClient(None)
    names = {c.name for c in client.game_group.commands}
    assert names >= CORE
    assert len(names) <= 25  # Discord's limit of subcommands in a group


def test_play_is_a_top_level_command():
    client = TabletopClient(None)
    assert {c.name for c in client.tree.get_commands()} >= {"game", "play"}


def test_the_game_choices_are_the_registered_engines():
    client = TabletopClient(None)
    new = client.game_group.get_command("new")
    choices = {c.value: c.name for c in new._params["game"].choices}
    assert choices["toy"] == "Race to 21 (test game)"


def test_commands_are_for_servers_only():
    client = TabletopClient(None)
    assert client.game_group.guild_only
    assert client.tree.get_command("play").guild_only


def test_only_the_guilds_intent_is_requested():
    wanted = intents()
    assert wanted.guilds and not wanted.members and not wanted.message_content
    assert wanted.value == type(wanted).none().value | type(wanted)(guilds=True).value
