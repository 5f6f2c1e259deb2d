"""``/play <action>`` (with autocomplete of your legal actions) and ``/game concede``."""

from __future__ import annotations

import re

import discord
from discord import app_commands

from bot.discord_app import replies, turns
from bot.discord_app.text import MAX_CHOICES, clip
from bot.discord_app.turns import table_of
from bot.table import player_name
from engines import Action, IllegalAction
from engines.core import move_with_amount


def matching(actions: list[Action], typed: str) -> list[app_commands.Choice[str]]:
    """Up to 25 of ``actions`` whose label or id contains ``typed`` (label matches first). A
    number in what was typed ("bid 75") first offers each move that takes an amount made with
    it ("Bid 75"), when it is in that move's range."""
    needle = typed.strip().casefold()
    made = [
        app_commands.Choice(name=clip(m.label, 100), value=m.id)
        for m in with_number(actions, typed)
    ]
    hits = [a for a in actions if needle in a.label.casefold()]
    hits += [a for a in actions if a not in hits and needle in a.id.casefold()]
    return [
        *made,
        *(app_commands.Choice(name=clip(a.label or a.id, 100), value=a.id) for a in hits),
    ][:MAX_CHOICES]


def with_number(actions: list[Action], typed: str) -> list[Action]:
    """The typed-amount moves made with the last number in ``typed``, where it fits."""
    numbers = re.findall(r"[0-9]+", typed)
    if not numbers:
        return []
    out = []
    for a in actions:
        if a.amount is not None:
            try:
                out.append(move_with_amount(a, numbers[-1]))
            except IllegalAction:
                continue
    return out


def register(game: app_commands.Group, tree: app_commands.CommandTree) -> None:
    @tree.command(name="play", description="Make a move in this channel's game.")
    @app_commands.describe(action="Your move (suggestions list your legal moves as you type)")
    @app_commands.guild_only()
    async def play(interaction: discord.Interaction, action: str):
        await turns.play(interaction, action)

    @play.autocomplete("action")
    @replies.suggestions  # a refusal (not your turn, no game) offers nothing
    async def play_action(interaction: discord.Interaction, current: str):
        actions = await table_of(interaction).legal_actions(
            channel_id=interaction.channel_id, user_id=interaction.user.id
        )
        return matching(actions, current)

    @game.command(name="concede", description="Leave a running game (it may end it).")
    async def concede(interaction: discord.Interaction):
        await turns.change_and_publish(
            interaction,
            table_of(interaction).concede,
            done="You conceded.",
            headline=f"{player_name(interaction.user.display_name)} concedes",
        )
