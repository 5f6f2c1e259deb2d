"""Wiring the clock services into the Discord client.

:func:`build` makes the client's clock services (:class:`~bot.clock.service.ClockServices`)
in ``setup_hook`` (``client.clock_service``): they listen to the table themselves; here they
also hear of every posted turn message (the latest board for ``/me turns``) and of channel,
thread, server and member removals (bad endings). :func:`start_scheduler` starts the one task
that fires reminders and deadlines (and the one that sends the daily digests); it runs on
``on_connect``, so the clocks only run while the bot can post. :func:`stop` ends both at
shutdown.

The notifier words each notice for its readers: a channel post in the server's language
(:func:`~bot.discord_app.locales.public_locale`), a direct message in the player's
(:func:`~bot.discord_app.locales.player_locale`: their ``/me language``, else their client's at
their latest interaction, else the game's server's).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.clock.ports import ChannelGone, DmFailed
from bot.clock.records import MineEntry
from bot.clock.scheduler import Scheduler
from bot.clock.service import ClockServices
from bot.discord_app import clock_texts, server_settings
from bot.discord_app.channels import PostChannel, channel_of
from bot.discord_app.locales import player_locale, public_locale
from bot.discord_app.turns import publish_to_channel, retire_game
from bot.table import GameInfo, Outcome
from bot.table.ai_seats import Think
from i18n.say import say, word
from storage.clock import ClockStore

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

log = logging.getLogger(__name__)

GONE = say("its channel was deleted")
#: the start-up sweep for games an engine can no longer play rests nine times as long as it
#: works, so the moves keep most of the machine while it looks through many games
SWEEP_IDLE = 9.0
NO_ACCESS = say("the bot can no longer post in its channel")


class DiscordNotifier:
    """The clock service's way out: channel posts, turn messages and direct messages, worded
    here (:mod:`bot.discord_app.clock_texts`)."""

    def __init__(self, client: TabletopClient) -> None:
        self.client = client

    def _channel(self, channel_id: int) -> PostChannel:
        # a partial channel needs no fetch: a deleted channel or lost access shows on send
        return channel_of(self.client, channel_id)

    async def _say(self, channel_id: int, text: str, mention: Sequence[int] = ()) -> None:
        """A plain message in the channel that may ping only ``mention``."""
        channel = self._channel(channel_id)
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(id=u) for u in mention]
        )
        try:
            await channel.send(text, allowed_mentions=allowed)
        except discord.NotFound:
            raise ChannelGone(GONE) from None
        except discord.Forbidden:
            raise ChannelGone(NO_ACCESS) from None

    async def _public(self, game: GameInfo) -> str:
        """The language of the game's channel."""
        return await public_locale(self.client, game.guild_id)

    async def _pinged(self, game: GameInfo, users: Sequence[int]) -> Sequence[int]:
        """Whom a notice about ``game`` may ping: nobody if it names players without a ping."""
        return () if await server_settings.names_only(self.client, game) else users

    async def remind(
        self, game: GameInfo, user_id: int, *, kind: str, due_at: float, left: float
    ) -> None:
        text = clock_texts.reminder(game, user_id, kind, due_at, await self._public(game))
        await self._say(game.channel_id, text, await self._pinged(game, [user_id]))

    async def vote_opened(
        self, game: GameInfo, *, player: str, missed: int, voters: Sequence[int]
    ) -> None:
        text = clock_texts.vote_opened(player, missed, await self._public(game))
        await self._say(game.channel_id, text, await self._pinged(game, voters))

    async def closed(self, game: GameInfo, reason: str) -> None:
        await retire_game(self.client, game)
        await self._say(game.channel_id, clock_texts.closed(game, reason, await self._public(game)))

    async def dm_failed(self, game: GameInfo, user_id: int) -> None:
        await self._say(game.channel_id, clock_texts.dm_failed(user_id, await self._public(game)))

    async def damaged(self, game: GameInfo) -> None:
        await self._say(game.channel_id, clock_texts.damaged(game, await self._public(game)))

    async def standin_turn(
        self, game: GameInfo, outcome: Outcome, *, player: str, kept: bool
    ) -> int | None:
        headline = clock_texts.standin_headline(player, kept=kept, locale=await self._public(game))
        return await self.post_turn(game, outcome, headline=headline)

    async def post_turn(self, game: GameInfo, outcome: Outcome, *, headline: str) -> int | None:
        channel = self._channel(game.channel_id)
        headline = word(headline, await self._public(game))  # a removal's reason, said
        try:
            message = await publish_to_channel(self.client, channel, outcome, headline=headline)
        except discord.NotFound:
            raise ChannelGone(GONE) from None
        except discord.Forbidden:
            raise ChannelGone(NO_ACCESS) from None
        return message.id if message is not None else None

    async def woke(self, game: GameInfo, user_id: int) -> None:
        text = clock_texts.woke(game, user_id, await self._public(game))
        await self._say(game.channel_id, text, await self._pinged(game, [user_id]))

    async def woke_dm(self, user_id: int, games: Sequence[GameInfo]) -> None:
        guild_id = games[0].guild_id if games else None
        locale = await player_locale(self.client, user_id, guild_id)
        await self._dm(user_id, clock_texts.woke_dm(games, locale))

    async def is_member(self, guild_id: int, user_id: int) -> bool:
        guild = self.client.get_guild(guild_id)
        if guild is None:
            return True  # not sure: never remove a player on a guess
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            return False
        except discord.HTTPException:
            return True
        return True

    async def turn_dm(
        self,
        user_id: int,
        game: GameInfo,
        *,
        due_at: float | None = None,
        nudged: bool = False,
    ) -> None:
        locale = await player_locale(self.client, user_id, game.guild_id)
        text = clock_texts.turn_dm(game, due_at=due_at, nudged=nudged, locale=locale)
        await self._dm(user_id, text)

    async def _dm(self, user_id: int, text: str) -> None:
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            raise DmFailed(str(exc)) from None

    async def digest(self, user_id: int, turns: Sequence[MineEntry]) -> None:
        guild_id = turns[0].guild_id if turns else None
        text = clock_texts.digest(turns, await player_locale(self.client, user_id, guild_id))
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            raise DmFailed(str(exc)) from None


def clock_service_of(client: TabletopClient) -> ClockServices:
    """The client's clock services (built in ``setup_hook``)."""
    if client.clock_service is None:
        raise RuntimeError("the clock service is built in setup_hook, before any command")
    return client.clock_service


async def build(client: TabletopClient, *, think: Think | None = None) -> ClockServices:
    """The client's clock services on the table's database (called once, from ``setup_hook``,
    with the bots' search for the stand-ins): they listen to the table; here they also hear of
    every posted board (for ``/me turns``) and of channels, threads, servers and members going
    away (bad endings)."""
    table = client.table
    clocks = await ClockStore.open(table.store.path)
    clocks.on_trip = table.metrics.trips("clock")
    service = ClockServices.build(
        table,
        clocks,
        DiscordNotifier(client),
        now=table.now,
        shards=client.own_shards,
        think=think,
    )

    async def on_outcome(outcome: Outcome, message: discord.Message | None) -> None:
        if message is not None:
            await service.outbox.board_posted(outcome.game.id, message.channel.id, message.id)

    client.outcome_listeners.append(on_outcome)
    _listen(client, service)
    return service


async def start_scheduler(client: TabletopClient) -> Scheduler:
    """Re-arm what a restart interrupted and start the one scheduler task (idempotent)."""
    service = clock_service_of(client)
    scheduler = client.clock_scheduler
    if scheduler is None:
        scheduler = Scheduler(service.firing, now=service.now, alarm=service.alarm)
        client.clock_scheduler = scheduler
        await service.deadlines.recover_due()
        sweep = service.deadlines.sweep(idle=SWEEP_IDLE)
        client.clock_sweep = asyncio.create_task(sweep, name="clock-sweep")
    scheduler.start()
    digests = client.digest_scheduler
    if digests is None:
        digest = service.digests
        digests = Scheduler(digest, now=service.now, alarm=digest.alarm)
        client.digest_scheduler = digests
    digests.start()
    return scheduler


async def stop(client: TabletopClient) -> None:
    """Stop the scheduler and close the clock tables' connection (at shutdown)."""
    for scheduler in (client.clock_scheduler, client.digest_scheduler):
        if scheduler is not None:
            await scheduler.stop()
    sweep = client.clock_sweep
    if sweep is not None:
        sweep.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sweep
    service = client.clock_service
    if service is not None:
        service.detach()
        await service.clocks.close()


def _listen(client: TabletopClient, service: ClockServices) -> None:
    """Gateway events that end games badly. Each is a plain ``client.event`` handler."""

    async def on_guild_channel_delete(channel: discord.abc.GuildChannel) -> None:
        await service.closing.channel_gone(channel.id, GONE)

    async def on_raw_thread_delete(payload: discord.RawThreadDeleteEvent) -> None:
        await service.closing.channel_gone(payload.thread_id, say("its thread was deleted"))

    async def on_guild_remove(guild: discord.Guild) -> None:
        await service.closing.guild_gone(guild.id, say("the bot was removed from the server"))

    async def on_raw_member_remove(payload: discord.RawMemberRemoveEvent) -> None:
        # needs the members intent; without it, a player who left is found at their deadline
        await service.removals.member_left(guild_id=payload.guild_id, user_id=payload.user.id)

    for handler in (
        on_guild_channel_delete,
        on_raw_thread_delete,
        on_guild_remove,
        on_raw_member_remove,
    ):
        if not hasattr(type(client), handler.__name__):
            client.event(handler)
