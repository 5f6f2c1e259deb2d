"""Server settings in the Discord layer: one :class:`bot.settings.SettingsKeeper` per client,
and the small questions the rest of the bot asks of it.

- :func:`for_new_game`: ``/game new`` refuses a game turned off or a channel not allowed, and
  takes the server's defaults (clock, missed-turn limit, thread); :func:`remember_game` keeps
  them with the game.
- :func:`is_game_master`: members with the server's game master role have host powers.
- :func:`with_ping_style` / :func:`reminder_mentions`: in a game opened with ``pings: name``,
  turn messages and reminders name the player (``<@id>`` still shows the name) but ping nobody.
- :func:`log_missing_permissions`: at start, once per server, the permissions it lacks.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.permissions import missing
from bot.settings import ServerSettings, SettingsKeeper
from storage.settings import SettingsStore

log = logging.getLogger(__name__)


async def keeper_of(client: discord.Client) -> SettingsKeeper:
    """The client's settings keeper, opened (every server's settings read) on first call."""
    existing = getattr(client, "server_settings", None)
    if existing is not None:
        return existing
    store = await SettingsStore.open(client.table.store.path)
    keeper = await SettingsKeeper.open(store)
    if getattr(client, "server_settings", None) is not None:  # another caller won meanwhile
        await store.close()
        return client.server_settings
    client.server_settings = keeper
    return keeper


def current(client: discord.Client, guild_id: int | None) -> ServerSettings:
    """The server's settings now, without waiting (defaults until the keeper is open, which
    happens as the bot connects, before any command can arrive)."""
    keeper = getattr(client, "server_settings", None)
    return keeper.server(guild_id) if keeper is not None else ServerSettings()


def is_game_master(interaction: discord.Interaction) -> bool:
    """Whether the caller has the server's game master role (host powers in every game)."""
    role_id = current(interaction.client, interaction.guild_id).game_master_role
    if role_id is None or not isinstance(interaction.user, discord.Member):
        return False
    return interaction.user._roles.has(role_id)


def _parent_id(interaction: discord.Interaction) -> int | None:
    channel = interaction.channel
    return getattr(channel, "parent_id", None) if isinstance(channel, discord.Thread) else None


async def for_new_game(interaction: discord.Interaction, engine: str) -> ServerSettings:
    """The server's settings for a game about to open here; refuses (``NotAllowed``) a game
    turned off on this server or a channel where games may not open."""
    settings = (await keeper_of(interaction.client)).server(interaction.guild_id)
    settings.check_new_game(engine, interaction.channel_id, _parent_id(interaction))
    return settings


def thread_wanted(
    interaction: discord.Interaction, settings: ServerSettings, asked: bool | None
) -> bool:
    """``thread`` as asked, else the server's default where a thread can be made (a game
    opened inside a thread stays there)."""
    if asked is not None:
        return asked
    return settings.thread_default and isinstance(interaction.channel, discord.TextChannel)


async def remember_game(
    interaction: discord.Interaction, game_id: int, settings: ServerSettings
) -> None:
    """Keep the settings a game opened with, so later changes leave it as it began."""
    keeper = await keeper_of(interaction.client)
    await keeper.remember_game(game_id, interaction.guild_id, settings)


async def _quiet(client: discord.Client, game_id: int, guild_id: int | None) -> bool:
    keeper = await keeper_of(client)
    return (await keeper.of_game(game_id, guild_id)).pings_quietly


async def with_ping_style(client: discord.Client, game, post):
    """``post`` (a turn message of ``game``) pinging nobody if the game names players only."""
    if post.mention_ids and await _quiet(client, game.id, game.guild_id):
        post.mention_ids = []
    return post


async def reminder_mentions(
    client: discord.Client, channel_id: int, mention: Sequence[int]
) -> Sequence[int]:
    """Whom a reminder in ``channel_id`` may ping: nobody if its game names players only."""
    if not mention:
        return mention
    row = await client.table.store.live_game(channel_id)
    if row is not None and await _quiet(client, row.id, row.guild_id):
        return ()
    return mention


def log_missing_permissions(client: discord.Client, guild: discord.Guild) -> list[str]:
    """Log, once per server while the bot runs, the needed permissions it lacks there (server
    wide; a channel's own overrides are for ``/tabletop check``). Returns their names."""
    told: set[int] = client.__dict__.setdefault("_permissions_told", set())
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
