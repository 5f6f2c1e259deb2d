"""Which language a reader reads: the one place the bot decides it.

A private answer (an ephemeral reply, a DM, a hand) is for the one user who asked: their own
language. A public message (a turn message, a board, a recap, a lobby) is read by the whole
channel: the server's language. Discord gives both with every interaction (the user's client
locale, and the server's preferred locale); the player's own choice under ``/me language`` and
the server's under ``/tabletop settings`` come first where they are set.

A message sent with no interaction (a reminder, a direct message, the daily digest) is for a
player whose client we cannot ask: :func:`player_locale` reads their own choice, else the locale
their client sent with their latest interaction (kept only when it changes, so it costs no
write per interaction), else the server's language.

The choices are read on every interaction, so each process keeps them in memory
(:class:`bot.server_settings.SettingsKeeper`, :class:`bot.server_settings.PlayerLanguages`):
a change made in this process counts at once, one made in another process (another shard)
within :data:`bot.server_settings.FRESH_SECONDS`.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.server_settings import SettingsKeeper
from i18n import language_of

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


def chosen_or(chosen: str | None, discord_locale: str) -> str:
    """The locale to word in: ``chosen`` (a language picked in the bot), or Discord's where
    nothing was picked or where Discord's reads the same language (its numbers then follow the
    reader's own region: Spanish chosen, ``es-419`` in Discord writes ``1,234.5``)."""
    if chosen is None or language_of(chosen) == language_of(discord_locale):
        return discord_locale
    return chosen


def _keeper(client: object) -> SettingsKeeper | None:
    keeper = getattr(client, "server_settings", None)
    return keeper if isinstance(keeper, SettingsKeeper) else None


async def private_locale(interaction: discord.Interaction[Any]) -> str:
    """The language of an answer only the interacting user sees: their ``/me language``
    choice, else their Discord client's. Notes the client's locale for later messages."""
    client_locale = user_locale(interaction)
    keeper = _keeper(interaction.client)
    if keeper is None:
        return client_locale
    chosen = await keeper.players.seen(interaction.user.id, client_locale)
    return chosen_or(chosen, client_locale)


async def public_locale(client: discord.Client, guild_id: int | None) -> str:
    """The language of what a server's channel shows everyone: the server's choice under
    ``/tabletop settings``, else its preferred locale in Discord."""
    preferred = guild_locale(client.get_guild(guild_id) if guild_id is not None else None)
    keeper = _keeper(client)
    if keeper is None or guild_id is None:
        return preferred
    return chosen_or((await keeper.fresh(guild_id)).language, preferred)


async def player_locale(client: discord.Client, user_id: int, guild_id: int | None = None) -> str:
    """The language of a message to one player sent with no interaction (a reminder, a direct
    message, a digest): their choice, else their client's locale at their latest interaction,
    else the language of the server ``guild_id`` (the game's)."""
    keeper = _keeper(client)
    if keeper is not None:
        chosen, seen = await keeper.players.known(user_id)
        if seen is not None:
            return chosen_or(chosen, seen)
        if chosen is not None:
            return chosen
    return await public_locale(client, guild_id)
