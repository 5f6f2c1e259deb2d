"""Leagues wired to Discord: the league service (:class:`bot.leagues.service.Leagues`) built in
``setup_hook`` on the table's database, with its own scheduler (started on ``on_connect``, like
the clocks'); its notifier (threads for the games, their first turn messages, the round and
standings posts); the league's message with its Sign up / Withdraw buttons; and the standings
as a picture with the same content in words for screen readers."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.clock.scheduler import Alarm, Scheduler
from bot.discord_app import replies
from bot.discord_app.channels import channel_of
from bot.discord_app.clock_runtime import clock_service_of
from bot.discord_app.components import league_view
from bot.discord_app.locales import private_locale, public_locale
from bot.discord_app.ratings import ratings_of
from bot.discord_app.server_settings import keeper_of
from bot.discord_app.text import clip
from bot.discord_app.turns import publish_to_channel, retire_game
from bot.discord_limits import MAX_ALT_TEXT, MAX_MESSAGE, MAX_THREAD_NAME
from bot.errors import TableError
from bot.leagues import texts
from bot.leagues.render_standings import standings_png
from bot.leagues.service import Leagues, ratings_from
from bot.leagues.standings import Standing
from bot.table import GameInfo, Outcome
from i18n import t
from i18n.say import word
from i18n.speaking import speaking
from storage.leagues import LeagueRow, LeagueStore

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

log = logging.getLogger(__name__)

STANDINGS_FILE = "standings.png"


class DiscordLeagueNotifier:
    def __init__(self, client: TabletopClient) -> None:
        self.client = client

    async def open_thread(self, league: LeagueRow, name: str) -> int:
        channel = self.client.get_channel(league.channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(league.channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise RuntimeError("a league's channel must be a text channel")
        locale = await public_locale(self.client, league.guild_id)
        thread = await channel.create_thread(
            name=clip(texts.worded(name, locale), MAX_THREAD_NAME),
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,
        )
        return thread.id

    async def publish(self, outcome: Outcome) -> None:
        channel = channel_of(self.client, outcome.game.channel_id)
        locale = await public_locale(self.client, outcome.game.guild_id)
        headline = t(locale, "🏆 A league game.")
        await publish_to_channel(self.client, channel, outcome, headline=headline)

    async def game_closed(self, game: GameInfo, text: str) -> None:
        await retire_game(self.client, game)
        locale = await public_locale(self.client, game.guild_id)
        await channel_of(self.client, game.channel_id).send(
            texts.worded(text, locale), allowed_mentions=discord.AllowedMentions.none()
        )

    async def announce(self, league: LeagueRow, text: str, table: list[Standing]) -> None:
        channel = channel_of(self.client, league.channel_id)
        none = discord.AllowedMentions.none()
        locale = await public_locale(self.client, league.guild_id)
        headline = texts.worded(text, locale)
        for part in await standings_messages(league, headline, table, locale):
            if part.png is None:
                await channel.send(part.content, allowed_mentions=none)
            else:
                await channel.send(part.content, file=part.file(), allowed_mentions=none)
        await refresh_message(self.client, league)


@dataclass(frozen=True)
class Part:
    """One message of the standings: words, and the picture on the first."""

    content: str
    png: bytes | None = None
    alt: str = ""

    def file(self) -> discord.File:
        assert self.png is not None
        return discord.File(io.BytesIO(self.png), filename=STANDINGS_FILE, description=self.alt)


async def standings_messages(
    league: LeagueRow, headline: str, table: Sequence[Standing], locale: str = "en-US"
) -> list[Part]:
    """``headline`` with the standings picture (its alt text the standings in words, as far as
    an alt text holds), then the standings in words, in as many messages as they take; all in
    ``locale``'s language."""
    words = texts.standings_text(table, locale)
    title = word(texts.title(league), locale)
    with speaking(locale):  # the picture's words (the worker thread copies the context)
        png = await asyncio.to_thread(standings_png, title, table)
    out = [Part(clip(headline, MAX_MESSAGE), png, clip(words, MAX_ALT_TEXT))]
    chunk = ""
    for line in words.splitlines():
        if len(chunk) + len(line) + 1 > MAX_MESSAGE:
            out.append(Part(chunk))
            chunk = ""
        chunk = f"{chunk}\n{line}" if chunk else line
    if chunk:
        out.append(Part(chunk))
    return out


async def message_text(client: TabletopClient, league: LeagueRow, locale: str | None = None) -> str:
    """What the league's own message says: during sign-up, who signed up; after, its state.
    In ``locale``'s language; by default the server's (the message is the channel's)."""
    if locale is None:
        locale = await public_locale(client, league.guild_id)
    players = await leagues_of(client).store.players(league.id)
    if league.status == "signup":
        said = texts.signup(league, [p.name for p in players])
    else:
        said = texts.info(league, len(players))
    return clip(said.word(locale), MAX_MESSAGE)


async def refresh_message(client: TabletopClient, league: LeagueRow) -> None:
    """Bring the league's message up to date (its buttons go when sign-up ends)."""
    if league.message_id is None:
        return
    channel = channel_of(client, league.channel_id)
    view = league_view(league.id) if league.status == "signup" else None
    try:
        message = channel.get_partial_message(league.message_id)
        await message.edit(content=await message_text(client, league), view=view)
    except discord.HTTPException as exc:
        log.info("league %s: its message could not be updated: %s", league.id, exc)


def leagues_of(client: TabletopClient) -> Leagues:
    if client.leagues is None:
        raise RuntimeError("the leagues are built in setup_hook, before any command")
    return client.leagues


async def build(client: TabletopClient) -> Leagues:
    """The client's league service (from ``setup_hook``, after the clock services): league
    games get their turn clock from the clock's deadlines, with the server's missed-turn
    limit; standings tie-break by the server's ratings (built before); it hears every change
    of the table."""
    table = client.table
    store = await LeagueStore.open(table.store.path)
    clock = clock_service_of(client)
    alarm = Alarm()

    async def configure(game_id: int, turn_seconds: int | None) -> None:
        game = await table.game_by_id(game_id)
        limit = keeper_of(client).server(game.guild_id).missed_limit
        await clock.deadlines.configure(game_id, turn_seconds=turn_seconds, missed_limit=limit)

    service = Leagues(
        table,
        store,
        DiscordLeagueNotifier(client),
        table.now,
        ratings=ratings_from(ratings_of(client).store),
        configure_clock=configure,
        shards=client.own_shards,
        wake=alarm.ring,
    )
    client.league_alarm = alarm
    table.subscribe(service.on_change)
    return service


def start(client: TabletopClient) -> None:
    """Start the leagues' scheduler (idempotent; on ``on_connect``)."""
    service = leagues_of(client)
    if client.league_scheduler is None:
        client.league_scheduler = Scheduler(service, now=service.now, alarm=client.league_alarm)
    client.league_scheduler.start()


async def stop(client: TabletopClient) -> None:
    if client.league_scheduler is not None:
        await client.league_scheduler.stop()
    service = client.leagues
    if service is not None:
        client.table.unsubscribe(service.on_change)
        await service.idle()
        await service.store.close()


async def handle_sign_up(
    interaction: discord.Interaction[TabletopClient], kind: str, league_id: int
) -> None:
    """A Sign up (``j``) or Withdraw (``w``) click on a league's message: answered privately,
    and the message shows the new list."""
    service = leagues_of(interaction.client)
    user = interaction.user
    locale = await private_locale(interaction)
    try:
        await service.get(league_id, interaction.guild_id)  # another server's is not found
        if kind == "j":
            league = await service.sign_up(league_id, user.id, user.display_name)
            done = t(
                locale, "You are signed up for {league}.", league=texts.title(league).word(locale)
            )
        else:
            league = await service.withdraw(league_id, user.id)
            done = t(
                locale, "You have withdrawn from {league}.", league=texts.title(league).word(locale)
            )
    except TableError as refusal:
        await replies.private(interaction, word(refusal.message, locale))
        return
    await interaction.response.edit_message(
        content=await message_text(interaction.client, league), view=league_view(league.id)
    )
    await interaction.followup.send(done, ephemeral=True)
