"""Who may use host powers besides the host: members with Manage Messages in the channel, and
members with the server's game master role (``/tabletop settings game_master``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.discord_app.server_settings import is_game_master

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient


def is_moderator(interaction: discord.Interaction[TabletopClient]) -> bool:
    """True when the caller has Manage Messages here (from the interaction's resolved
    permissions, so no member cache or privileged intent is needed) or the game master role."""
    perms = interaction.permissions
    return bool(perms and perms.manage_messages) or is_game_master(interaction)
