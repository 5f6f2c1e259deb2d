"""``/game watch``: the link to this channel's game's public spectator page (latest board, log,
every turn's board). Registered only when the operator turned the pages on (``--web-port``),
so a bot without them offers no command that cannot work."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import watch
from bot.discord_app import replies
from bot.discord_app.channels import channel_id_of
from bot.discord_app.posts import title_of
from bot.discord_app.turns import table_of

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient


def register(game: app_commands.Group, tree: app_commands.CommandTree[TabletopClient]) -> None:
    settings = watch.settings()
    if settings is None:
        return

    @game.command(name="watch", description="A web page where anyone can watch this game.")
    async def watch_game(interaction: discord.Interaction[TabletopClient]) -> None:
        table = table_of(interaction)
        info = await table.game(channel_id=channel_id_of(interaction))
        token = await table.watch_token(info.id)
        await replies.private(
            interaction,
            f"Watch {title_of(info)} on the web: {settings.link(token)}\n"
            "Anyone with the link sees the board, the log and every past turn (only what this "
            "channel sees). Share it as you like.",
        )
