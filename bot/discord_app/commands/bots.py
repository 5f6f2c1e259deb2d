"""``/game addbot``: the host seats bots in the lobby (and ``/game new bots:`` does it at once)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord_app.posts import lobby_post
from bot.discord_app.turns import table_of
from engines.ai.levels import DEFAULT_LEVEL, LEVELS

LEVEL_CHOICES = [
    app_commands.Choice(name=f"{name} ({words})", value=name)
    for name, words in zip(
        LEVELS,
        ["plays the stand-in's rules of thumb", "thinks 0.2 s a move", "thinks 1 s a move"],
        strict=True,
    )
]


def register(game: app_commands.Group, tree: app_commands.CommandTree) -> None:
    @game.command(name="addbot", description="Seat bots in this channel's lobby (host only).")
    @app_commands.describe(level="How well the bots play", count="How many bots (default 1)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(
        interaction: discord.Interaction,
        level: str = DEFAULT_LEVEL,
        count: app_commands.Range[int, 1, 10] = 1,
    ):
        info = await table_of(interaction).add_bots(
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            count=count,
            level=level,
        )
        post = lobby_post(info, f"{interaction.user.display_name} added {count} {level} bot(s)")
        await interaction.response.send_message(**post.send_kwargs())
