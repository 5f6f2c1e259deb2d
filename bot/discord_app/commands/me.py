"""``/me``: a player's own things, whatever game they are looking at, in every server and in
direct messages with the bot: their turns, time away, and direct messages on their turn. Every
answer is private.

``turns`` lists the games of every server that await them (``show:all``: every live game of
theirs); ``away`` is one away for every game in every server; ``notifications`` is one setting
for every server.
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


def games_lines(entries: Sequence[MineEntry]) -> list[str]:
    """``/me turns``'s lines: each game, where, whether it is your turn (with your deadline
    and time bank), and a jump link to its latest turn message."""
    lines = []
    for e in entries:
        if e.status == "lobby":
            state = "in the lobby"
        elif e.your_turn:
            state = "**your turn**" + (f", deadline {when(e.deadline)}" if e.deadline else "")
            if e.bank_left is not None:
                state += f", {words.bank_left(e.bank_left)}"
        else:
            state = f"waiting for {', '.join(e.waiting_for) or 'nobody'}"
        if e.paused:
            state += " (clock paused)"
        if e.board_message_id and e.board_channel_id is not None:  # kept together
            url = message_link(e.guild_id, e.board_channel_id, e.board_message_id)
            link = f" — [latest turn]({url})"
        else:
            link = (
                f" — [the game](https://discord.com/channels/{e.guild_id or '@me'}/{e.channel_id})"
            )
        lines.append(f"• **{e.title}** in <#{e.channel_id}>: {state}{link}")
    return lines


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class MeCommands(
    app_commands.Group,
    name="me",
    description="Your own things in every server: your turns, time away, direct messages.",
):
    """``/me``."""

    @app_commands.command(
        name="turns",
        description="Where it is your turn, in every server: deadlines and links.",
    )
    @app_commands.describe(
        show="turns: games awaiting you (default); all: every live game of yours"
    )
    @app_commands.choices(
        show=[
            app_commands.Choice(name="my turns", value="turns"),
            app_commands.Choice(name="all my live games", value="all"),
        ]
    )
    async def turns(
        self, interaction: discord.Interaction[TabletopClient], show: str = "turns"
    ) -> None:
        service = service_of(interaction)
        only = show != "all"
        entries = await records.mine(
            service.table, service.clocks, interaction.user.id, turns_only=only
        )
        if not entries:
            await replies.private(interaction, words.NO_TURNS if only else words.NO_GAMES)
            return
        body = fit_lines(games_lines(entries), 1900, more="… and {n} more")
        head = "Your turns:" if only else "Your live games:"
        await replies.private(interaction, "\n".join([head, *body]))

    @app_commands.command(
        name="away", description="Stop your clocks in all your games everywhere (or: back)."
    )
    @app_commands.describe(
        duration="How long, e.g. 3d or 1d12h (at most 14 days a month); 'back' ends it"
    )
    async def away(self, interaction: discord.Interaction[TabletopClient], duration: str) -> None:
        service = service_of(interaction)
        if duration.strip().lower() in BACK_WORDS:
            await service.absences.back(user_id=interaction.user.id)
            text = words.BACK
        else:
            try:
                seconds = parse_duration(duration)
            except BadDuration as exc:
                raise BadInput(str(exc)) from None
            period = await service.absences.away(user_id=interaction.user.id, seconds=seconds)
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
