"""A server admin's controls against the local Discord and the real bot process:
``/tabletop check`` in a channel where the bot lacks permissions, and settings set in Discord
applied to the next game."""

from __future__ import annotations

import discord
import pytest

from localdiscord.protocol import DEFAULT_PERMISSIONS

MANAGE_SERVER = discord.Permissions(manage_guild=True).value
DENIED = discord.Permissions(attach_files=True, create_public_threads=True).value


@pytest.fixture(scope="module")
def admin(world):
    return world.server.add_user("Admin", permissions=DEFAULT_PERMISSIONS | MANAGE_SERVER)


def test_the_check_names_each_missing_permission_and_what_breaks_without_it(world, admin):
    d = world.driver
    channel = world.server.add_channel("no-files", bot_denied=DENIED)
    before = d.last_message_id()
    reply = d.run(admin, channel, "/tabletop check")
    assert not reply.failed and reply.ephemeral, reply
    text = reply.text
    assert "missing 2 permissions in this channel" in text
    assert "❌ **Attach Files**: Turn messages cannot carry the board image" in text
    assert "❌ **Create Public Threads**" in text
    assert "❌ **Send Messages**" not in text
    assert "I have: View Channel, Send Messages, Send Messages in Threads." in text
    assert not [m for m in d.public_messages(channel) if m.id > before]


def test_the_check_in_a_channel_with_every_permission_says_so(world, admin):
    reply = world.driver.run(admin, world.driver.channel("all-good"), "/tabletop check")
    assert "I have every permission I need in this channel" in reply.text


def test_the_check_is_refused_privately_without_manage_server(world):
    d = world.driver
    reply = d.run(d.user("Mo", moderator=True), d.channel("all-good"), "/tabletop check")
    assert reply.ephemeral and "Manage Server" in reply.text


def test_settings_set_in_discord_apply_to_the_next_game(world, admin):
    d = world.driver
    games, elsewhere = d.channel("games-here"), d.channel("chat")
    reply = d.run(admin, games, "/tabletop settings", clock="6h", allow_channel="games-here")
    assert reply.ephemeral and "Saved: turn clock 1d -> 6h; game channels ->" in reply.text
    ada = d.user("Ada")
    refused = d.run(ada, elsewhere, "/game new", game="toy")
    assert refused.ephemeral and f"only in <#{games.id}>" in refused.text
    opened = d.run(ada, games, "/game new", game="toy")
    assert opened.new_public and "turn clock 6h" in opened.new_public[-1].content
    reply = d.run(admin, games, "/tabletop settings", reset="channels")
    assert "game channels -> every channel" in reply.text
