"""The channel a game's messages go to, by id: the client's cached channel when it can post
there, else a partial one (no fetch: a deleted channel or lost access shows when it is used).

A game's channel is where its commands were used (a text channel, a thread, a voice channel's
chat), so every kind here can send a message and edit one of its own by id. And the channel
and server an interaction came from, as the ids the table takes (discord.py types both as
optional: a command used outside a server has no server).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.errors import NoGame

#: the kinds of channel a turn message lives in: each can send, and edit a message by id
PostChannel = (
    discord.TextChannel
    | discord.VoiceChannel
    | discord.StageChannel
    | discord.Thread
    | discord.DMChannel
    | discord.PartialMessageable
)


def channel_of(
    client: discord.Client, channel_id: int, *, guild_id: int | None = None
) -> PostChannel:
    """The channel ``channel_id`` to post in: cached, or partial (``guild_id`` for its
    messages' links)."""
    channel = client.get_channel(channel_id)
    if isinstance(channel, PostChannel):
        return channel
    return client.get_partial_messageable(channel_id, guild_id=guild_id)


def channel_id_of(interaction: discord.Interaction) -> int:
    """The channel a command or click came from. Discord sends it with every command and
    component this bot answers; an interaction without one has no game here (:class:`NoGame`,
    as the table answers for a channel without a game)."""
    if interaction.channel_id is None:
        raise NoGame()
    return interaction.channel_id


def guild_id_of(interaction: discord.Interaction) -> int:
    """The server a guild-only command came from (Discord sends those in servers only;
    without one, the answer discord.py gives a guild-only command used elsewhere)."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id
