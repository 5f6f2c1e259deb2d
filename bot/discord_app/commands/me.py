"""``/me``: a player's own things, whatever game they are looking at, in every server and in
direct messages with the bot: their turns, time away, and direct messages on their turn. Every
answer is private.

``turns`` lists the games of every server that await them (``show:all``: every live game of
theirs), and ``digest`` sends that list by direct message once a day at their local time;
``away`` is one away for every game in every server; ``notifications`` is one setting for
every server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import discord
from discord import app_commands

from bot.clock import records
from bot.clock.digest import BadTime, parse_time_of_day
from bot.clock.durations import BadDuration, parse_duration
from bot.discord_app import clock_texts as words
from bot.discord_app import replies
from bot.discord_app.commands.callers import service_of
from bot.discord_app.replies import BadInput
from bot.discord_app.text import fit_lines
from bot.player_day.settings import BadSetting

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

#: what ``/me away`` takes as "I am back"
BACK_WORDS = {"back", "0", "none", "off"}


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
        body = fit_lines(words.turn_lines(entries), 1900, more="… and {n} more")
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
        name="digest", description="A daily direct message of your turns at your local time."
    )
    @app_commands.describe(
        time="Your local time for it, e.g. 08:00 (needs your time zone set); off stops it"
    )
    async def digest(self, interaction: discord.Interaction[TabletopClient], time: str) -> None:
        service = service_of(interaction)
        user_id = interaction.user.id
        try:
            minutes = parse_time_of_day(time)
            before = await service.clocks.player_settings(user_id)
            settings = before.changed(digest_at=minutes)
        except (BadTime, BadSetting) as exc:
            raise BadInput(str(exc)) from None
        await service.clocks.set_player_settings(user_id, settings)
        if settings.zone is not None:
            await service.digests.chosen(user_id, ZoneInfo(settings.zone), minutes)
        await replies.private(interaction, words.digest_set(minutes))

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
