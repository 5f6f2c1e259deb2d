"""Which language a reader reads: the one place the bot decides it.

A private answer (an ephemeral reply, a DM, a hand) is for the one user who asked: their own
language. A public message (a turn message, a board, a recap, a lobby) is read by the whole
channel: the server's language. Discord gives both with every interaction (the user's client
locale, and the server's preferred locale); the player's own choice under ``/me`` and the
server's under ``/tabletop settings`` come first where they are set.
"""

from __future__ import annotations

from typing import Any

import discord

#: what a reader with no known language reads
DEFAULT_LOCALE = "en-US"


def _code(locale: object) -> str:
    value = getattr(locale, "value", locale)
    return str(value) if value else DEFAULT_LOCALE


def user_locale(interaction: discord.Interaction[Any]) -> str:
    """The locale the user's Discord client is set to."""
    return _code(interaction.locale)


def guild_locale(guild: discord.Guild | None) -> str:
    """A server's preferred locale (Discord's Community setting), or the default."""
    return _code(guild.preferred_locale) if guild is not None else DEFAULT_LOCALE


async def private_locale(interaction: discord.Interaction[Any]) -> str:
    """The language of an answer only the interacting user sees."""
    return user_locale(interaction)


async def public_locale(client: discord.Client, guild_id: int | None) -> str:
    """The language of what a server's channel shows everyone."""
    return guild_locale(client.get_guild(guild_id) if guild_id is not None else None)
