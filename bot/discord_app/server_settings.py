"""Server settings in the Discord layer: one :class:`bot.server_settings.SettingsKeeper` per client
(``client.server_settings``, built in ``setup_hook`` by :func:`build`), and the small questions
the rest of the bot asks of it.

- :func:`for_new_game`: ``/game new`` refuses a game turned off or a channel not allowed, and
  takes the server's defaults (clock, missed-turn limit, thread); :func:`remember_game` keeps
  them with the game.
- :func:`is_game_master`: members with the server's game master role have host powers.
- :func:`names_only`: in a game opened with ``pings: name``, turn messages
  (:mod:`bot.discord_app.turns`) and reminders (:mod:`bot.discord_app.clock_runtime`) name the
  player (``<@id>`` still shows the name) but ping nobody.
- :func:`log_missing_permissions`: once per server as it becomes available or adds the bot,
  the permissions the bot lacks there.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.discord_app.channels import channel_id_of
from bot.permissions import missing
from bot.server_settings import ServerSettings, SettingsKeeper
from bot.table import GameInfo
from storage.server_settings import SettingsStore

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

log = logging.getLogger(__name__)


async def build(client: TabletopClient) -> SettingsKeeper:
    """The client's settings keeper on the table's database, every server's settings read
    (called once, from ``setup_hook``, so they are in memory before any command arrives)."""
    store = await SettingsStore.open(client.table.store.path)
    return await SettingsKeeper.open(store)


async def stop(client: TabletopClient) -> None:
    """Close the settings tables' connection (at shutdown)."""
    if client.server_settings is not None:
        await client.server_settings.store.close()


def keeper_of(client: TabletopClient) -> SettingsKeeper:
    """The client's settings keeper (built in ``setup_hook``)."""
    if client.server_settings is None:
        raise RuntimeError("the server settings are read in setup_hook, before any command")
    return client.server_settings


def is_game_master(interaction: discord.Interaction[TabletopClient]) -> bool:
    """Whether the caller has the server's game master role (host powers in every game)."""
    role_id = keeper_of(interaction.client).server(interaction.guild_id).game_master_role
    if role_id is None or not isinstance(interaction.user, discord.Member):
        return False
    return interaction.user._roles.has(role_id)


def _parent_id(interaction: discord.Interaction[TabletopClient]) -> int | None:
    channel = interaction.channel
    return getattr(channel, "parent_id", None) if isinstance(channel, discord.Thread) else None


def for_new_game(interaction: discord.Interaction[TabletopClient], engine: str) -> ServerSettings:
    """The server's settings for a game about to open here; refuses (``NotAllowed``) a game
    turned off on this server or a channel where games may not open."""
    settings = keeper_of(interaction.client).server(interaction.guild_id)
    settings.check_new_game(engine, channel_id_of(interaction), _parent_id(interaction))
    return settings


def thread_wanted(
    interaction: discord.Interaction[TabletopClient], settings: ServerSettings, asked: bool | None
) -> bool:
    """``thread`` as asked, else the server's default where a thread can be made (a game
    opened inside a thread stays there)."""
    if asked is not None:
        return asked
    return settings.thread_default and isinstance(interaction.channel, discord.TextChannel)


async def remember_game(
    interaction: discord.Interaction[TabletopClient], game_id: int, settings: ServerSettings
) -> None:
    """Keep the settings a game opened with, so later changes leave it as it began."""
    await keeper_of(interaction.client).remember_game(game_id, interaction.guild_id, settings)


async def names_only(client: TabletopClient, game: GameInfo) -> bool:
    """Whether ``game``'s turn messages and reminders name the player without a ping (the
    ping style it opened with)."""
    settings = await keeper_of(client).of_game(game.id, game.guild_id)
    return settings.pings_quietly


def log_missing_permissions(client: TabletopClient, guild: discord.Guild) -> list[str]:
    """Log, once per server while the bot runs, the needed permissions it lacks there (server
    wide; a channel's own overrides are for ``/tabletop check``). Returns their names."""
    told: set[int] = client.permissions_checked
    if guild.id in told or guild.me is None:
        return []
    told.add(guild.id)
    lacking = missing(guild.me.guild_permissions)
    if lacking:
        log.warning(
            "In server %s (%s) I lack %s: %s Re-invite me with `python -m bot invite`, or "
            "grant them to my role.",
            guild.id,
            guild.name,
            ", ".join(n.label for n in lacking),
            " ".join(f"Without {n.label}: {n.breaks}" for n in lacking),
        )
    return [n.label for n in lacking]
