"""At start the bot logs, once per server, the needed permissions it lacks there; and the
settings command refuses roles nobody should or could hold as game master."""

from __future__ import annotations

import logging

import discord
import pytest

from bot.discord_app.commands.admin import changed_settings
from bot.discord_app.replies import BadInput
from bot.discord_app.server_settings import log_missing_permissions
from bot.permissions import permissions
from bot.server_settings import ServerSettings
from tests.discord import harness
from tests.discord.fake_discord import BOT_ID, user_payload

GUILD = harness.GUILD_ID
BOT_ROLE = GUILD + 5


def _role(role_id: int, perms: discord.Permissions, *, managed: bool = False) -> dict:
    return {
        "id": str(role_id),
        "name": "@everyone" if role_id == GUILD else f"role-{role_id}",
        "permissions": str(perms.value),
        "position": 0 if role_id == GUILD else 1,
        "color": 0,
        "hoist": False,
        "managed": managed,
        "mentionable": False,
        "flags": 0,
    }


def _guild(h, bot_perms: discord.Permissions) -> discord.Guild:
    """A server (discord.py's own object) where the bot's role grants ``bot_perms``."""
    data = {
        "id": str(GUILD),
        "name": "Board gamers",
        "owner_id": "1",
        "roles": [_role(GUILD, discord.Permissions.none()), _role(BOT_ROLE, bot_perms)],
        "members": [
            {
                "user": user_payload(BOT_ID, "Tabletop", bot=True),
                "roles": [str(BOT_ROLE)],
                "joined_at": "2026-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "flags": 0,
            }
        ],
        "channels": [],
        "features": [],
        "emojis": [],
        "stickers": [],
    }
    return discord.Guild(data=data, state=h.state)


@pytest.fixture
async def h(tmp_path):
    async with harness.Harness.open(tmp_path / "tabletop.sqlite") as h:
        yield h


async def test_a_server_lacking_a_needed_permission_is_logged_once_with_what_breaks(h, caplog):
    lacking = permissions() & ~discord.Permissions(attach_files=True)
    guild = _guild(h, lacking)
    with caplog.at_level(logging.WARNING, logger="bot.discord_app.server_settings"):
        await h.client.on_guild_available(guild)
        await h.client.on_guild_join(guild)  # the same server again: once is enough
        await h.client.on_guild_available(guild)
    [record] = caplog.records
    assert "Board gamers" in record.getMessage() and "Without Attach Files" in record.getMessage()


async def test_a_server_granting_every_needed_permission_is_not_logged(h, caplog):
    with caplog.at_level(logging.WARNING, logger="bot.discord_app.server_settings"):
        assert log_missing_permissions(h.client, _guild(h, permissions())) == []
    assert caplog.records == []


async def test_everyone_cannot_be_the_game_master_role(h):
    guild = _guild(h, permissions())
    with pytest.raises(BadInput, match="@everyone cannot be the game master"):
        changed_settings(ServerSettings(), game_master=guild.default_role)


async def test_a_role_managed_by_an_integration_cannot_be_the_game_master_role(h):
    guild = _guild(h, permissions())
    managed = discord.Role(
        guild=guild, state=h.state, data=_role(GUILD + 9, permissions(), managed=True)
    )
    with pytest.raises(BadInput, match="managed by an integration"):
        changed_settings(ServerSettings(), game_master=managed)
    ordinary = guild.get_role(BOT_ROLE)
    assert changed_settings(ServerSettings(), game_master=ordinary).game_master_role == BOT_ROLE


def test_disallowing_a_channel_when_every_channel_is_allowed_explains_allow_channel():
    with pytest.raises(BadInput, match="allow_channel"):
        changed_settings(ServerSettings(), disallow_channel=discord.Object(id=5))


def test_disallowing_the_only_game_channel_is_refused_rather_than_allowing_every_channel():
    one = changed_settings(ServerSettings(), allow_channel=discord.Object(id=5))
    assert one.channels == (5,)
    with pytest.raises(BadInput, match="only game channel"):
        changed_settings(one, disallow_channel=discord.Object(id=5))
    two = changed_settings(one, allow_channel=discord.Object(id=6))
    assert changed_settings(two, disallow_channel=discord.Object(id=5)).channels == (6,)
