"""Who may use host powers besides the host: members with Manage Messages in the channel."""

from __future__ import annotations

import discord


def is_moderator(interaction: discord.Interaction) -> bool:
    """True when the caller has Manage Messages here (from the interaction's resolved
    permissions, so no member cache or privileged intent is needed)."""
    perms = interaction.permissions
    return bool(perms and perms.manage_messages)
