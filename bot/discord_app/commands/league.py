"""``/league``: leagues in this server. The server's game master (its game master role, or
Manage Server) opens one for one game and pauses, resumes or closes it; players sign up with
the button on its message and may leave; anyone may read its rules and standings.

The league itself (rounds, seating, scoring) is :mod:`bot.leagues`; this is its Discord front.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.clock.durations import BadDuration, parse_clock, parse_duration
from bot.discord_app import replies
from bot.discord_app.commands.opening import NO_THREADS, game_choices
from bot.discord_app.components import league_view
from bot.discord_app.leagues import leagues_of, message_text, refresh_message, standings_messages
from bot.discord_app.locales import private_locale, public_locale
from bot.discord_app.replies import BadInput
from bot.discord_app.server_settings import is_game_master, keeper_of
from bot.discord_app.text import clip
from bot.discord_limits import MAX_MESSAGE
from bot.errors import NotAllowed
from bot.leagues import texts
from bot.leagues.service import NoLeague
from i18n import lookup, t
from i18n.say import say, word
from storage.leagues import LeagueRow

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

LEAGUE_OPTION = "The league's number (default: this server's latest)"
#: how many leagues ``/league info`` lists
LISTED = 10


async def require_game_master(interaction: discord.Interaction[TabletopClient], what: str) -> None:
    """Refuse ``what`` (open, start, pause, resume, close) to anyone but a game master, in the
    asker's language."""
    perms = interaction.permissions
    if bool(perms and perms.manage_guild) or is_game_master(interaction):
        return
    locale = await private_locale(interaction)
    refusals = {
        "open": t(
            locale,
            "Only the server's game master (its game master role, or Manage Server) can open "
            "a league.",
        ),
        "start": t(
            locale,
            "Only the server's game master (its game master role, or Manage Server) can start "
            "a league.",
        ),
        "pause": t(
            locale,
            "Only the server's game master (its game master role, or Manage Server) can pause "
            "a league.",
        ),
        "resume": t(
            locale,
            "Only the server's game master (its game master role, or Manage Server) can resume "
            "a league.",
        ),
        "close": t(
            locale,
            "Only the server's game master (its game master role, or Manage Server) can close "
            "a league.",
        ),
    }
    raise NotAllowed(refusals[what])


def seconds(text: str, option: str, locale: str = "en-US") -> int:
    """``text``, typed into ``option`` (``length`` or ``signup``), as seconds; a refusal names
    the option as the reader's client shows it."""
    try:
        return parse_duration(text)
    except BadDuration as exc:
        shown = lookup(locale, option, "option name") or option
        raise BadInput(f"`{shown}`: {word(exc.args[0], locale) if exc.args else exc}") from None


async def chosen(interaction: discord.Interaction[TabletopClient], number: int | None) -> LeagueRow:
    """The league asked for, or the server's latest; refused when there is none here."""
    service = leagues_of(interaction.client)
    if number is not None:
        return await service.get(number, interaction.guild_id)
    mine = await service.store.of_guild(interaction.guild_id or 0)
    if not mine:
        raise NoLeague(NO_LEAGUE_YET.word(await private_locale(interaction)))
    return mine[0]


NO_LEAGUE_YET = say("This server has no league yet. A game master opens one with /league open.")


class LeagueCommands(
    app_commands.Group,
    name="league",
    description="Leagues in this server: open one, sign up, standings, leave.",
    guild_only=True,
):
    """``/league``."""

    @app_commands.command(name="open", description="Game master: open a league for one game.")
    @app_commands.describe(
        game="Which game the league plays",
        players="Players per table (2: Swiss pairings)",
        rounds="How many rounds",
        length="How long a round lasts at most, e.g. 3d, 1w",
        signup="How long sign-up stays open, e.g. 2d",
        clock="Time per turn, e.g. 12h, 24h, none (default: the server's)",
    )
    @app_commands.choices(game=game_choices())
    async def open(
        self,
        interaction: discord.Interaction[TabletopClient],
        game: str,
        players: app_commands.Range[int, 2, 10],
        rounds: app_commands.Range[int, 1, 20],
        length: str = "7d",
        signup: str = "2d",
        clock: str | None = None,
    ) -> None:
        await require_game_master(interaction, "open")
        defaults = keeper_of(interaction.client).server(interaction.guild_id)
        try:
            turn = defaults.turn_seconds if clock is None else parse_clock(clock)
        except BadDuration as exc:
            raise BadInput(str(exc)) from None
        locale = await private_locale(interaction)
        round_s, signup_s = seconds(length, "length", locale), seconds(signup, "signup", locale)
        if not isinstance(interaction.channel, discord.TextChannel):
            raise BadInput(
                t(locale, "A league opens in a text channel: its games get threads there.")
            )
        mine = interaction.app_permissions
        if not (mine.create_public_threads and mine.send_messages_in_threads):
            raise BadInput(t(locale, NO_THREADS))
        service = leagues_of(interaction.client)
        league = await service.open(
            guild_id=interaction.guild_id or 0,
            channel_id=interaction.channel.id,
            host_id=interaction.user.id,
            engine=game,
            table_size=players,
            rounds=rounds,
            turn_seconds=turn,
            round_seconds=round_s,
            signup_seconds=signup_s,
        )
        await interaction.response.send_message(
            await message_text(interaction.client, league),
            view=league_view(league.id),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        message = await interaction.original_response()
        await service.store.set_message(league.id, message.id)

    @app_commands.command(name="start", description="Game master: end sign-up now; round 1 begins.")
    @app_commands.describe(league=LEAGUE_OPTION)
    async def start(
        self, interaction: discord.Interaction[TabletopClient], league: int | None = None
    ) -> None:
        await require_game_master(interaction, "start")
        row = await chosen(interaction, league)
        await interaction.response.defer(thinking=True)
        row = await leagues_of(interaction.client).start_now(row.id, interaction.guild_id or 0)
        await self._said(interaction, row, "started")

    @app_commands.command(name="info", description="A league's rules and state, or the list.")
    @app_commands.describe(league=LEAGUE_OPTION)
    async def info(
        self, interaction: discord.Interaction[TabletopClient], league: int | None = None
    ) -> None:
        service = leagues_of(interaction.client)
        locale = await private_locale(interaction)
        if league is None:
            mine = (await service.store.of_guild(interaction.guild_id or 0))[:LISTED]
            if not mine:
                await replies.private(interaction, NO_LEAGUE_YET.word(locale))
                return
            lines = [
                t(
                    locale,
                    "#{number} {title}: {status}",
                    number=str(row.id),
                    title=texts.title(row).word(locale),
                    status=texts.worded(texts.status(row), locale),
                )
                for row in mine
            ]
            latest = await message_text(interaction.client, mine[0], locale)
            text = "\n".join(lines) + "\n\n" + latest
            await replies.private(interaction, clip(text, MAX_MESSAGE))
            return
        row = await chosen(interaction, league)
        await replies.private(interaction, await message_text(interaction.client, row, locale))

    @app_commands.command(name="standings", description="A league's standings (picture and text).")
    @app_commands.describe(league=LEAGUE_OPTION)
    async def standings(
        self, interaction: discord.Interaction[TabletopClient], league: int | None = None
    ) -> None:
        row = await chosen(interaction, league)
        locale = await private_locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await leagues_of(interaction.client).standings(row)
        headline = t(
            locale,
            "🏆 {title}: standings after round {round} of {rounds}.",
            title=texts.title(row).word(locale),
            round=row.round,
            rounds=row.rounds,
        )
        none = discord.AllowedMentions.none()
        for part in await standings_messages(row, headline, table, locale):
            if part.png is None:
                await interaction.followup.send(part.content, ephemeral=True, allowed_mentions=none)
            else:
                await interaction.followup.send(
                    part.content, file=part.file(), ephemeral=True, allowed_mentions=none
                )

    @app_commands.command(
        name="leave", description="Leave a league (your running game is conceded)."
    )
    @app_commands.describe(league=LEAGUE_OPTION)
    async def leave(
        self, interaction: discord.Interaction[TabletopClient], league: int | None = None
    ) -> None:
        row = await chosen(interaction, league)
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await leagues_of(interaction.client).leave(
            row.id, interaction.guild_id or 0, interaction.user.id
        )
        await refresh_message(interaction.client, row)
        locale = await private_locale(interaction)
        await replies.private(
            interaction, t(locale, "You have left {league}.", league=texts.title(row).word(locale))
        )

    @app_commands.command(name="pause", description="Game master: stop a league's round clock.")
    @app_commands.describe(league=LEAGUE_OPTION)
    async def pause(
        self, interaction: discord.Interaction[TabletopClient], league: int | None = None
    ) -> None:
        await require_game_master(interaction, "pause")
        row = await chosen(interaction, league)
        row = await leagues_of(interaction.client).pause(row.id, interaction.guild_id or 0)
        await self._said(interaction, row, "paused")

    @app_commands.command(name="resume", description="Game master: resume a paused league.")
    @app_commands.describe(league=LEAGUE_OPTION)
    async def resume(
        self, interaction: discord.Interaction[TabletopClient], league: int | None = None
    ) -> None:
        await require_game_master(interaction, "resume")
        row = await chosen(interaction, league)
        await interaction.response.defer(thinking=True)
        row = await leagues_of(interaction.client).resume(row.id, interaction.guild_id or 0)
        await self._said(interaction, row, "resumed")

    @app_commands.command(name="close", description="Game master: end a league now.")
    @app_commands.describe(league=LEAGUE_OPTION)
    async def close(
        self, interaction: discord.Interaction[TabletopClient], league: int | None = None
    ) -> None:
        await require_game_master(interaction, "close")
        row = await chosen(interaction, league)
        await interaction.response.defer(thinking=True)
        row = await leagues_of(interaction.client).close(row.id, interaction.guild_id or 0)
        await self._said(interaction, row, "closed")

    async def _said(
        self,
        interaction: discord.Interaction[TabletopClient],
        row: LeagueRow,
        done: str,
    ) -> None:
        """What the game master ``done`` (started, paused, resumed, closed) to the league,
        said in its channel (in the server's language)."""
        await refresh_message(interaction.client, row)
        locale = await public_locale(interaction.client, interaction.guild_id)
        title = texts.title(row).word(locale)
        if done == "started" and row.status == "running":
            text = t(locale, "🏆 {title} is under way.", title=title)
        elif done == "paused":
            text = t(
                locale,
                "🏆 {title} is paused: no new round starts until it is resumed.",
                title=title,
            )
        elif done == "resumed":
            text = t(locale, "🏆 {title} is resumed.", title=title)
        elif done == "closed" or row.status == "closed":
            text = t(locale, "🏆 {title} is closed.", title=title)
        else:
            status = texts.worded(texts.status(row), locale)
            text = t(locale, "🏆 {title} is {status}.", title=title, status=status)
        none = discord.AllowedMentions.none()
        if interaction.response.is_done():
            await interaction.followup.send(text, allowed_mentions=none)
        else:
            await interaction.response.send_message(text, allowed_mentions=none)
