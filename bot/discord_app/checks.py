"""Who may use host powers besides the host: members with Manage Messages in the channel, and
members with the server's game master role (``/tabletop settings game_master``); and which
channels a member may see."""

from __future__ import annotations

from collections.abc import Callable
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


def sees_channel(interaction: discord.Interaction[TabletopClient]) -> Callable[[int], bool]:
    """Whether the caller may view a channel or thread of this server, by Discord's permissions
    for them there. The channel they ask in they see; one the bot cannot resolve (not cached,
    deleted, an archived thread) counts as unseen, and so does a private thread they are not
    known to be in without Manage Threads."""
    guild, member, here = interaction.guild, interaction.user, interaction.channel_id

    def sees(channel_id: int) -> bool:
        if channel_id == here:
            return True
        if guild is None or not isinstance(member, discord.Member):
            return False
        channel = guild.get_channel_or_thread(channel_id)
        if channel is None or isinstance(channel, discord.CategoryChannel):
            return False
        try:
            perms = channel.permissions_for(member)
        except discord.ClientException:  # a thread whose parent channel is not known
            return False
        if not perms.view_channel:
            return False
        if isinstance(channel, discord.Thread) and channel.is_private():
            known = channel.owner_id == member.id or any(m.id == member.id for m in channel.members)
            return known or perms.manage_threads
        return True

    return sees
