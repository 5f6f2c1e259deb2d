"""``/me``: a player's own things, whatever game they are looking at: their live games, time
away, and direct messages on their turn. Every answer is private.

``games`` and ``away`` cover the server the command is used in (the clock service keeps away
periods per server); ``notifications`` is one setting for every server.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.clock import records
from bot.clock.durations import BadDuration, parse_duration
from bot.clock.records import MineEntry
from bot.discord_app import clock_texts as words
from bot.discord_app import replies
from bot.discord_app.clock_texts import when
from bot.discord_app.commands.callers import service_of
from bot.discord_app.replies import BadInput
from bot.discord_app.text import fit_lines

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

#: what ``/me away`` takes as "I am back"
BACK_WORDS = {"back", "0", "none", "off"}


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def games_lines(guild_id: int | None, entries: Sequence[MineEntry]) -> list[str]:
    """``/me games``'s lines: each game, where, whether it is your turn, the latest board."""
    lines = []
    for e in entries:
        if e.status == "lobby":
            state = "in the lobby"
        elif e.your_turn:
            state = "**your turn**" + (f", deadline {when(e.deadline)}" if e.deadline else "")
        else:
            state = f"waiting for {', '.join(e.waiting_for) or 'nobody'}"
        if e.paused:
            state += " (clock paused)"
        link = ""
        if e.board_message_id and e.board_channel_id is not None:  # kept together
            url = message_link(guild_id, e.board_channel_id, e.board_message_id)
            link = f" — [latest board]({url})"
        lines.append(f"• **{e.title}** in <#{e.channel_id}>: {state}{link}")
    return lines


class MeCommands(
    app_commands.Group,
    name="me",
    description="Your own things: your games, time away, direct messages on your turn.",
    guild_only=True,
):
    """``/me``."""

    @app_commands.command(
        name="games", description="Your live games in this server: whose turn, deadlines."
    )
    async def games(self, interaction: discord.Interaction[TabletopClient]) -> None:
        service = service_of(interaction)
        entries = await records.mine(
            service.table, service.clocks, interaction.guild_id, interaction.user.id
        )
        if not entries:
            await replies.private(interaction, "You are not in any live game in this server.")
            return
        lines = games_lines(interaction.guild_id, entries)
        body = fit_lines(lines, 1900, more="… and {n} more")
        await replies.private(interaction, "\n".join(["Your games here:", *body]))

    @app_commands.command(
        name="away", description="Pause your clocks in all your games here (or: back)."
    )
    @app_commands.describe(
        duration="How long, e.g. 3d or 1d12h (at most 14 days a month); 'back' ends it"
    )
    async def away(self, interaction: discord.Interaction[TabletopClient], duration: str) -> None:
        service = service_of(interaction)
        if duration.strip().lower() in BACK_WORDS:
            await service.absences.back(guild_id=interaction.guild_id, user_id=interaction.user.id)
            text = words.BACK
        else:
            try:
                seconds = parse_duration(duration)
            except BadDuration as exc:
                raise BadInput(str(exc)) from None
            period = await service.absences.away(
                guild_id=interaction.guild_id, user_id=interaction.user.id, seconds=seconds
            )
            text = words.away(period)
        await replies.private(interaction, text)

    @app_commands.command(
        name="notifications", description="Direct messages when it is your turn (off by default)."
    )
    @app_commands.describe(setting="on: I send you a direct message on your turn; off: I stop")
    @app_commands.choices(
        setting=[
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="off", value="off"),
        ]
    )
    async def notifications(
        self, interaction: discord.Interaction[TabletopClient], setting: str
    ) -> None:
        await service_of(interaction).reminders.set_notify(
            user_id=interaction.user.id, on=setting == "on"
        )
        await replies.private(interaction, words.notify(setting == "on"))
