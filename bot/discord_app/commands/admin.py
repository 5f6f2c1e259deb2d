"""``/tabletop settings`` and ``/tabletop check``: a server's admins set how games run here and
see which permissions the bot lacks in a channel.

Anyone may look at the settings; changing them, and the check, need Manage Server. Every answer
is private, in the reader's language (:func:`~bot.discord_app.locales.private_locale`); the
settings include the language of the games' public messages on the server (``language``: one
of the shipped languages, or Discord's preferred locale of the server, the default). Refusals
are raised (``BadInput``, ``NotAllowed``), worded for the reader, and answered privately by the
tree's error handler, before anything is stored.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, TypedDict

import discord
from discord import app_commands

from bot.clock.durations import BadDuration, parse_clock
from bot.discord_app import replies
from bot.discord_app import server_settings as ss
from bot.discord_app.channels import channel_id_of, guild_id_of
from bot.discord_app.clock_texts import reason, worded
from bot.discord_app.commands.opening import game_choices
from bot.discord_app.locales import guild_locale, private_locale
from bot.discord_app.replies import BadInput
from bot.discord_app.text import clip, fit_lines
from bot.discord_app.translator import PROPER_NAME
from bot.discord_limits import MAX_CHOICE_NAME
from bot.errors import NotAllowed
from bot.permissions import NEEDS, missing
from bot.server_settings import LANGUAGES, ServerSettings, log_line, validated
from i18n import t, tn
from i18n.say import say, word

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

log = logging.getLogger(__name__)

#: ``language``'s choice for "Discord's preferred locale of the server"
SERVER_LANGUAGE = "server"
RESETS = {
    "game_master": "the game master role (none)",
    "channels": "the game channels (every channel)",
    "all": "every setting (the defaults)",
}


def manages_server(interaction: discord.Interaction[TabletopClient]) -> bool:
    perms = interaction.permissions
    return bool(perms and perms.manage_guild)


def require_manage_server(
    interaction: discord.Interaction[TabletopClient], locale: str, *, check: bool = False
) -> None:
    if manages_server(interaction):
        return
    if check:
        raise NotAllowed(
            t(
                locale,
                "Only members with the Manage Server permission can run the check. Anyone can "
                "look at the settings with `/tabletop settings`.",
            )
        )
    raise NotAllowed(
        t(
            locale,
            "Only members with the Manage Server permission can change the settings. Anyone can "
            "look at the settings with `/tabletop settings`.",
        )
    )


def language_choices() -> list[app_commands.Choice[str]]:
    """The languages a server may choose, each in its own words (a proper name: never
    translated), and Discord's preferred locale of the server."""
    return [
        app_commands.Choice(name=app_commands.locale_str(name, **{PROPER_NAME: True}), value=code)
        for code, name in LANGUAGES.items()
    ] + [app_commands.Choice(name="the server's language in Discord", value=SERVER_LANGUAGE)]


class SettingsAsked(TypedDict):
    """What ``/tabletop settings`` was given (None: left out), as :func:`changed_settings`
    takes it."""

    clock: str | None
    missed: int | None
    thread: bool | None
    enable: str | None
    disable: str | None
    game_master: discord.Role | None
    allow_channel: discord.abc.GuildChannel | None
    disallow_channel: discord.abc.GuildChannel | None
    pings: str | None
    reset: str | None
    language: str | None


class SettingsChanges(TypedDict, total=False):
    """The fields of :class:`ServerSettings` that ``/tabletop settings`` changes."""

    turn_seconds: int | None
    missed_limit: int
    thread_default: bool
    disabled_games: tuple[str, ...]
    game_master_role: int | None
    channels: tuple[int, ...]
    pings: str
    language: str | None


def changed_settings(
    settings: ServerSettings,
    *,
    clock: str | None = None,
    missed: int | None = None,
    thread: bool | None = None,
    enable: str | None = None,
    disable: str | None = None,
    game_master: discord.Role | None = None,
    allow_channel: discord.abc.GuildChannel | None = None,
    disallow_channel: discord.abc.GuildChannel | None = None,
    pings: str | None = None,
    reset: str | None = None,
    language: str | None = None,
) -> ServerSettings:
    """The settings after what the admin asked, refusing (``BadInput``) what cannot work."""
    if reset == "all":
        settings = ServerSettings()
    changes: SettingsChanges = {}
    if reset == "game_master":
        changes["game_master_role"] = None
    if reset == "channels":
        changes["channels"] = ()
    if clock is not None:
        try:
            changes["turn_seconds"] = parse_clock(clock)
        except BadDuration as exc:
            raise BadInput(reason(exc)) from None
    if missed is not None:
        changes["missed_limit"] = missed
    if thread is not None:
        changes["thread_default"] = thread
    if enable is not None and enable == disable:
        raise BadInput(say("Turn a game on or off, not both at once."))
    disabled = set(settings.disabled_games)
    if enable is not None:
        disabled.discard(enable)
    if disable is not None:
        disabled.add(disable)
    changes["disabled_games"] = tuple(disabled)
    if game_master is not None:
        if game_master.is_default():
            raise BadInput(
                say(
                    "@everyone cannot be the game master role: everyone would have host powers "
                    "in every game. Pick or create a role for your game masters."
                )
            )
        if game_master.managed:
            raise BadInput(
                say(
                    "{role} is managed by an integration (a bot or a subscription), so it "
                    "cannot be given to members. Pick another role.",
                    role=game_master.name,
                )
            )
        changes["game_master_role"] = game_master.id
    channels = list(changes.get("channels", settings.channels))
    if allow_channel and disallow_channel and allow_channel.id == disallow_channel.id:
        raise BadInput(say("Allow a channel or disallow it, not both at once."))
    if allow_channel is not None and allow_channel.id not in channels:
        channels.append(allow_channel.id)
    if disallow_channel is not None:
        if disallow_channel.id not in channels:
            raise BadInput(
                say(
                    "<#{channel}> is not in the list of game channels (games may open in every "
                    "channel). To limit them, name the channels where they may open with "
                    "`allow_channel`.",
                    channel=str(disallow_channel.id),
                )
                if not channels
                else say(
                    "<#{channel}> is not in the list of game channels ({channels}).",
                    channel=str(disallow_channel.id),
                    channels=", ".join(f"<#{c}>" for c in channels),
                )
            )
        channels.remove(disallow_channel.id)
        if not channels:
            raise BadInput(
                say(
                    "<#{channel}> is the only game channel; removing it would allow every "
                    "channel. Use `reset:game channels` if that is what you want.",
                    channel=str(disallow_channel.id),
                )
            )
    changes["channels"] = tuple(channels)
    if pings is not None:
        changes["pings"] = pings
    if language is not None:
        changes["language"] = None if language == SERVER_LANGUAGE else language
    return validated(settings, **changes)


async def show(
    interaction: discord.Interaction[TabletopClient], locale: str, note: str = ""
) -> None:
    keeper = ss.keeper_of(interaction.client)
    settings = await keeper.fresh(interaction.guild_id)
    server_language = guild_locale(interaction.guild)
    lines = [
        note,
        t(locale, "**Settings for games on this server**"),
        *settings.lines(locale, server_language=server_language),
    ]
    recent = await keeper.history(guild_id_of(interaction), limit=3)
    if recent:
        lines.append(t(locale, "Latest changes:"))
        lines += [f"• <t:{int(c.at)}:d> <@{c.user_id}>: {log_line(c.text, locale)}" for c in recent]
    if not manages_server(interaction):
        lines.append(
            t(locale, "(Members with Manage Server can change these with `/tabletop settings`.)")
        )
    else:
        lines.append(
            t(locale, "A game keeps the settings it opened with; changes apply to new games.")
        )
    await replies.private(
        interaction,
        "\n".join(fit_lines([line for line in lines if line], 1900, line_limit=700, more="…")),
    )


def check_lines(
    have: discord.Permissions,
    *,
    in_thread: bool,
    settings: ServerSettings,
    channel_id: int,
    parent_id: int | None,
    locale: str = "en-US",
) -> list[str]:
    """``/tabletop check``'s answer: each needed permission, missing or there, and why."""
    lacking = missing(have, in_thread=in_thread)
    lines = []
    if lacking and in_thread:
        lines.append(
            tn(
                locale,
                "**I am missing {n} permission in this thread:**",
                "**I am missing {n} permissions in this thread:**",
                len(lacking),
            )
        )
    elif lacking:
        lines.append(
            tn(
                locale,
                "**I am missing {n} permission in this channel:**",
                "**I am missing {n} permissions in this channel:**",
                len(lacking),
            )
        )
    if lacking:
        for need in lacking:
            lines.append(
                t(
                    locale,
                    "❌ **{permission}**: {breaks}",
                    permission=word(need.label, locale),
                    breaks=word(need.breaks, locale),
                )
            )
        lines.append(
            t(
                locale,
                "Grant them to my role in the server settings or in this channel's permissions "
                "(or re-invite me with the link from `python -m bot invite`).",
            )
        )
    elif in_thread:
        lines.append(t(locale, "✅ I have every permission I need in this thread."))
    else:
        lines.append(t(locale, "✅ I have every permission I need in this channel."))
    have_names = [n.label for n in NEEDS if n not in lacking]
    if have_names and lacking:
        lines.append(
            t(
                locale,
                "✅ I have: {permissions}.",
                permissions=", ".join(word(n, locale) for n in have_names),
            )
        )
    if settings.channel_allowed(channel_id, parent_id):
        lines.append(t(locale, "📍 Games may be opened here."))
    else:
        lines.append(
            t(
                locale,
                "📍 Games may not be opened here (this server's settings allow only {channels}).",
                channels=", ".join(f"<#{c}>" for c in settings.channels),
            )
        )
    return lines


class TabletopCommands(
    app_commands.Group,
    name="tabletop",
    description="This server's settings for games, and a check of the bot's permissions.",
    guild_only=True,
):
    """``/tabletop``: the server's admins (looking at the settings is for everyone)."""

    @app_commands.command(
        name="settings",
        description="See this server's settings for games; Manage Server may change them.",
    )
    @app_commands.describe(
        clock="Turn clock for new games: 12h, 24h, 3d, or none",
        missed="Missed turns in a row before the others may vote to keep or kick (1-20)",
        thread="Whether new games open in their own thread by default",
        enable="Turn a game on",
        disable="Turn a game off (it can no longer be opened here)",
        game_master="A role whose members have host powers in every game",
        allow_channel="Add a channel where games may be opened (the first limits them to it)",
        disallow_channel="Remove a channel from the game channels",
        pings="Whether turn messages and reminders ping the player or only name them",
        reset="Put a setting back to its default",
        language="The language of the games' messages here (default: the server's in Discord)",
    )
    @app_commands.choices(
        enable=game_choices(),
        disable=game_choices(),
        pings=[
            app_commands.Choice(name="mention (ping the player)", value="mention"),
            app_commands.Choice(name="name only (no ping)", value="name"),
        ],
        reset=[
            app_commands.Choice(name=clip(v, MAX_CHOICE_NAME), value=k) for k, v in RESETS.items()
        ],
        language=language_choices(),
    )
    async def settings(
        self,
        interaction: discord.Interaction[TabletopClient],
        clock: str | None = None,
        missed: app_commands.Range[int, 1, 20] | None = None,
        thread: bool | None = None,
        enable: str | None = None,
        disable: str | None = None,
        game_master: discord.Role | None = None,
        allow_channel: discord.TextChannel | None = None,
        disallow_channel: discord.TextChannel | None = None,
        pings: str | None = None,
        reset: str | None = None,
        language: str | None = None,
    ) -> None:
        locale = await private_locale(interaction)
        asked = SettingsAsked(
            clock=clock,
            missed=missed,
            thread=thread,
            enable=enable,
            disable=disable,
            game_master=game_master,
            allow_channel=allow_channel,
            disallow_channel=disallow_channel,
            pings=pings,
            reset=reset,
            language=language,
        )
        if all(v is None for v in asked.values()):
            await show(interaction, locale)
            return
        require_manage_server(interaction, locale)
        keeper = ss.keeper_of(interaction.client)
        with worded(locale):
            new = changed_settings(await keeper.fresh(interaction.guild_id), **asked)
            changes = await keeper.change(guild_id_of(interaction), interaction.user.id, new)
        if not changes:
            await show(
                interaction, locale, t(locale, "Nothing changed: those are the settings already.")
            )
            return
        saved = "; ".join(word(c, locale) for c in changes)
        await show(interaction, locale, t(locale, "Saved: {changes}.", changes=saved))

    @app_commands.command(
        name="check",
        description="Manage Server: which permissions the bot lacks in this channel, and why.",
    )
    async def check(self, interaction: discord.Interaction[TabletopClient]) -> None:
        locale = await private_locale(interaction)
        require_manage_server(interaction, locale, check=True)
        keeper = ss.keeper_of(interaction.client)
        channel = interaction.channel
        in_thread = isinstance(channel, discord.Thread)
        lines = check_lines(
            interaction.app_permissions,
            in_thread=in_thread,
            settings=keeper.server(interaction.guild_id),
            channel_id=channel_id_of(interaction),
            parent_id=getattr(channel, "parent_id", None) if in_thread else None,
            locale=locale,
        )
        await replies.private(interaction, "\n".join(lines))
