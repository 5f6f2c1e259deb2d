"""``/me``: a player's own things, whatever game they are looking at, in every server and in
direct messages with the bot: their turns, time away, their time zone and quiet hours, how they
are told of their turns, games they muted, their ratings and whether other servers'
leaderboards list them. Every answer is private.

``turns`` lists the games of every server that await them (``show:all``: every live game of
theirs), and ``digest`` sends that list by direct message once a day at their local time;
``away`` is one away for every game in every server. ``zone``, ``quiet`` and ``notifications``
are the player's own settings, one set for every server, so the group also works in direct
messages with the bot; so is ``language``, the language their private answers and direct
messages read in (:mod:`bot.discord_app.locales`). ``mute`` and ``unmute`` take the channel's
game. Every answer is worded in the player's language (:func:`~bot.discord_app.locales.private_locale`).
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
from bot.discord_app import server_settings as ss
from bot.discord_app.channels import channel_id_of
from bot.discord_app.clock_texts import more_line, reason, worded
from bot.discord_app.commands import ratings as rating_commands
from bot.discord_app.commands.callers import service_of
from bot.discord_app.commands.opening import game_choices, game_title
from bot.discord_app.locales import private_locale
from bot.discord_app.replies import BadInput
from bot.discord_app.text import fit_lines
from bot.discord_app.translator import PROPER_NAME
from bot.errors import TableError
from bot.player_day.quiet import local_now
from bot.player_day.settings import (
    MAX_REMINDERS,
    BadSetting,
    PlayerSettings,
    clock_text,
    suggest_zones,
)
from bot.server_settings import LANGUAGES, language_name, offered_language
from i18n import t
from i18n.say import say

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

#: what ``/me away`` takes as "I am back"
BACK_WORDS = {"back", "0", "none", "off"}
#: ``/me language``'s choice for "follow my Discord app"
FOLLOW_DISCORD = "discord"


def _in_a_server(
    interaction: discord.Interaction[TabletopClient], locale: str, muted: bool
) -> None:
    if interaction.guild_id is None:
        raise TableError(
            t(locale, "`/me mute` works inside a server; use it there.")
            if muted
            else t(locale, "`/me unmute` works inside a server; use it there.")
        )


def zone_line(settings: PlayerSettings, now: float, locale: str = "en-US") -> str:
    """Their zone with their local time now, so they can see it is the right one."""
    local = local_now(settings, now)
    if local is None:
        return t(locale, "You have no time zone set: I never assume one. Set it with `/me zone`.")
    return t(
        locale,
        "Your time zone is **{zone}**: it is {time} ({weekday}) there now.",
        zone=str(settings.zone),
        time=f"{local:%H:%M}",
        weekday=words.weekday(local, locale),
    )


def quiet_line(settings: PlayerSettings, locale: str = "en-US") -> str:
    if settings.quiet_start is None or settings.quiet_end is None:
        return t(locale, "You have no quiet hours.")
    return t(
        locale,
        "Your quiet hours are **{start}-{end}** ({zone}): no ping, direct message or reminder "
        "then; I tell you once when they end. A deadline that would fall in them moves to an "
        "hour after they end.",
        start=clock_text(settings.quiet_start),
        end=clock_text(settings.quiet_end),
        zone=str(settings.zone),
    )


def notifications_line(settings: PlayerSettings, locale: str = "en-US") -> str:
    how = {
        "mention": say("a mention in the game's channel"),
        "dm": say("a direct message"),
        "both": say("a mention in the game's channel and a direct message"),
        "none": say("nothing (you follow the games yourself)"),
    }[settings.notify]
    count = settings.reminders_per_turn
    if count == 0:
        reminders = say("no reminders")
    elif count == 1:
        reminders = say("one reminder near the end")
    else:
        reminders = say("reminders at half time and near the end")
    return say(
        "On your turn you get {how}, and {reminders} of each deadline.",
        how=how,
        reminders=reminders,
    ).word(locale)


def language_choices() -> list[app_commands.Choice[str]]:
    """Every language offered, each in its own words (a proper name: never translated), and
    following the Discord app."""
    return [
        app_commands.Choice(name=app_commands.locale_str(name, **{PROPER_NAME: True}), value=code)
        for code, name in LANGUAGES.items()
    ] + [app_commands.Choice(name="the language of my Discord app", value=FOLLOW_DISCORD)]


def language_line(chosen: str | None, locale: str) -> str:
    if chosen is None:
        return t(
            locale,
            "Your private answers and direct messages follow the language of your Discord app "
            "(**{language}** now), in every server.",
            language=language_name(offered_language(locale)),
        )
    return t(
        locale,
        "Your private answers and direct messages are in **{language}** now, in every server.",
        language=language_name(chosen),
    )


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
class MeCommands(
    app_commands.Group,
    name="me",
    description="Your own things: your turns, time away, time zone, quiet hours, notices.",
):
    """``/me``."""

    def __init__(self) -> None:
        super().__init__()
        # the games are the registry's when the client is built, as in ``/game``
        command = self.get_command("rating")
        assert isinstance(command, app_commands.Command)
        offered: list[app_commands.Choice[str | int | float]] = [
            app_commands.Choice(name=game_title(c.value), value=c.value) for c in game_choices()
        ]
        command._params["game"].choices = offered

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
        locale = await private_locale(interaction)
        service = service_of(interaction)
        only = show != "all"
        entries = await records.mine(
            service.table, service.clocks, interaction.user.id, turns_only=only
        )
        if not entries:
            text = words.NO_TURNS if only else words.NO_GAMES
            await replies.private(interaction, text.word(locale))
            return
        body = fit_lines(words.turn_lines(entries, locale), 1900, more=more_line(locale))
        head = t(locale, "Your turns:") if only else t(locale, "Your live games:")
        await replies.private(interaction, "\n".join([head, *body]))

    @app_commands.command(
        name="rating", description="Your ratings, reliability and recent results."
    )
    @app_commands.describe(game="One game (default: every game you played)")
    @app_commands.choices(game=game_choices())
    async def rating(
        self, interaction: discord.Interaction[TabletopClient], game: str | None = None
    ) -> None:
        await rating_commands.show_rating(interaction, game)

    @app_commands.command(
        name="leaderboards", description="Whether other servers' leaderboards may list you."
    )
    @app_commands.describe(show="everywhere (default), or only in servers where you played")
    @app_commands.choices(
        show=[
            app_commands.Choice(name="everywhere", value="everywhere"),
            app_commands.Choice(name="only where I played", value="played"),
        ]
    )
    async def leaderboards(
        self, interaction: discord.Interaction[TabletopClient], show: str
    ) -> None:
        await rating_commands.set_visibility(interaction, show)

    @app_commands.command(
        name="away", description="Stop your clocks in all your games everywhere (or: back)."
    )
    @app_commands.describe(
        duration="How long, e.g. 3d or 1d12h (at most 14 days a month); 'back' ends it"
    )
    async def away(self, interaction: discord.Interaction[TabletopClient], duration: str) -> None:
        locale = await private_locale(interaction)
        service = service_of(interaction)
        with worded(locale):
            if duration.strip().lower() in BACK_WORDS:
                await service.absences.back(user_id=interaction.user.id)
                text = words.BACK.word(locale)
            else:
                try:
                    seconds = parse_duration(duration)
                except BadDuration as exc:
                    raise BadInput(reason(exc)) from None
                period = await service.absences.away(user_id=interaction.user.id, seconds=seconds)
                text = words.away(period, locale)
        await replies.private(interaction, text)

    @app_commands.command(
        name="digest", description="A daily direct message of your turns at your local time."
    )
    @app_commands.describe(
        time="Your local time for it, e.g. 08:00 (needs your time zone set); off stops it"
    )
    async def digest(self, interaction: discord.Interaction[TabletopClient], time: str) -> None:
        locale = await private_locale(interaction)
        service = service_of(interaction)
        user_id = interaction.user.id
        with worded(locale):
            try:
                minutes = parse_time_of_day(time)
                before = await service.clocks.player_settings(user_id)
                settings = before.changed(digest_at=minutes)
            except (BadTime, BadSetting) as exc:
                raise BadInput(reason(exc)) from None
        await service.clocks.set_player_settings(user_id, settings)
        if settings.zone is not None:
            await service.digests.chosen(user_id, ZoneInfo(settings.zone), minutes)
        await replies.private(interaction, words.digest_set(minutes, locale))

    @app_commands.command(name="zone", description="Your time zone, for your quiet hours.")
    @app_commands.describe(
        zone="Where you live, e.g. Europe/Berlin (type a city); 'none' unsets it"
    )
    async def zone(self, interaction: discord.Interaction[TabletopClient], zone: str) -> None:
        locale = await private_locale(interaction)
        service = service_of(interaction)
        name = None if zone.strip().lower() in {"none", "off", "unset"} else zone
        with worded(locale):
            settings = await service.players.set_zone(user_id=interaction.user.id, zone=name)
        text = zone_line(settings, service.now(), locale)
        if name is None:
            text += " " + t(locale, "Your quiet hours are off with it.")
        await replies.private(interaction, text)

    @zone.autocomplete("zone")
    async def _zones(
        self, interaction: discord.Interaction[TabletopClient], current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=n) for n in suggest_zones(current)]

    @app_commands.command(
        name="quiet", description="Your quiet hours: no pings, DMs or reminders then."
    )
    @app_commands.describe(hours="In your local time, e.g. 23:00-07:00 (at most 16 h); or off")
    async def quiet(self, interaction: discord.Interaction[TabletopClient], hours: str) -> None:
        locale = await private_locale(interaction)
        service = service_of(interaction)
        with worded(locale):
            settings = await service.players.set_quiet(user_id=interaction.user.id, window=hours)
        await replies.private(
            interaction,
            f"{quiet_line(settings, locale)}\n{zone_line(settings, service.now(), locale)}",
        )

    @app_commands.command(
        name="notifications", description="How you are told it is your turn; reminders."
    )
    @app_commands.describe(
        how="A mention in the channel (the default), a direct message, both, or nothing",
        reminders=f"Reminders before each deadline, 0 to {MAX_REMINDERS}",
    )
    @app_commands.choices(
        how=[
            app_commands.Choice(name="mention in the channel", value="mention"),
            app_commands.Choice(name="direct message", value="dm"),
            app_commands.Choice(name="both", value="both"),
            app_commands.Choice(name="none", value="none"),
        ]
    )
    async def notifications(
        self,
        interaction: discord.Interaction[TabletopClient],
        how: str | None = None,
        reminders: app_commands.Range[int, 0, MAX_REMINDERS] | None = None,
    ) -> None:
        locale = await private_locale(interaction)
        players = service_of(interaction).players
        with worded(locale):
            if how is None and reminders is None:
                settings = await players.settings(interaction.user.id)
            else:
                settings = await players.set_notifications(
                    user_id=interaction.user.id, how=how, reminders=reminders
                )
        await replies.private(interaction, notifications_line(settings, locale))

    @app_commands.command(name="mute", description="No notices at all about this game.")
    async def mute(self, interaction: discord.Interaction[TabletopClient]) -> None:
        await self._mute(interaction, True)

    @app_commands.command(name="unmute", description="Notices about this game again.")
    async def unmute(self, interaction: discord.Interaction[TabletopClient]) -> None:
        await self._mute(interaction, False)

    async def _mute(self, interaction: discord.Interaction[TabletopClient], muted: bool) -> None:
        locale = await private_locale(interaction)
        _in_a_server(interaction, locale, muted)
        with worded(locale):
            game = await service_of(interaction).players.mute(
                channel_id=channel_id_of(interaction), user_id=interaction.user.id, muted=muted
            )
        await replies.private(
            interaction,
            t(
                locale,
                "**{game}** is muted: no ping, direct message or reminder about it. "
                "`/me unmute` here undoes it.",
                game=game.title,
            )
            if muted
            else t(
                locale,
                "**{game}** is unmuted: you are told of your turns in it again.",
                game=game.title,
            ),
        )

    @app_commands.command(
        name="language",
        description="The language of your private answers and direct messages, in every server.",
    )
    @app_commands.describe(
        language="A language, or the one your Discord app is set to (the default)"
    )
    @app_commands.choices(language=language_choices())
    async def language(
        self, interaction: discord.Interaction[TabletopClient], language: str | None = None
    ) -> None:
        players = ss.keeper_of(interaction.client).players
        if language is not None:
            chosen = None if language == FOLLOW_DISCORD else language
            await players.choose(interaction.user.id, chosen)
        locale = await private_locale(interaction)
        chosen = await players.chosen(interaction.user.id)
        await replies.private(interaction, language_line(chosen, locale))
