"""Wiring the days service (issue 7) into the Discord client.

:func:`attach` builds one :class:`bot.days.service.Days` per client (``client.days``) on the
table's database, listens to every published turn message (to restart clocks and remember the
latest board message for ``/game mine``) and to channel, thread, server and member removals
(bad endings), and marks the seats a stand-in keeps in every turn message, board and
``/game status`` (``client.public_notes``). :func:`start_scheduler` starts the one task that fires reminders and deadlines;
it runs on ``on_connect``, so the clocks only run while the bot can post.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

import discord

from bot.days.ports import ChannelGone, DmFailed
from bot.days.scheduler import Scheduler
from bot.days.service import Days
from bot.discord_app import server_settings
from bot.discord_app.moves import publish_to_channel
from bot.table import Outcome
from storage.days import DaysStore

log = logging.getLogger(__name__)

GONE = "its channel was deleted"
NO_ACCESS = "the bot can no longer post in its channel"


class DiscordNotifier:
    """The days service's way out: channel posts, turn messages and direct messages."""

    def __init__(self, client: discord.Client):
        self.client = client

    def _channel(self, channel_id: int):
        # a partial channel needs no fetch: a deleted channel or lost access shows on send
        return self.client.get_channel(channel_id) or self.client.get_partial_messageable(
            channel_id
        )

    async def post_text(self, channel_id: int, text: str, *, mention: Sequence[int] = ()) -> None:
        channel = self._channel(channel_id)
        mention = await server_settings.reminder_mentions(self.client, channel_id, mention)
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(id=u) for u in mention]
        )
        try:
            await channel.send(text, allowed_mentions=allowed)
        except discord.NotFound:
            raise ChannelGone(GONE) from None
        except discord.Forbidden:
            raise ChannelGone(NO_ACCESS) from None

    async def post_turn(self, channel_id: int, outcome: Outcome, *, headline: str) -> int | None:
        channel = self._channel(channel_id)
        try:
            message = await publish_to_channel(self.client, channel, outcome, headline=headline)
        except discord.NotFound:
            raise ChannelGone(GONE) from None
        except discord.Forbidden:
            raise ChannelGone(NO_ACCESS) from None
        return message.id

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

    async def dm(self, user_id: int, text: str) -> None:
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            raise DmFailed(str(exc)) from None


async def attach(client: discord.Client, *, clock: Callable[[], float] | None = None) -> Days:
    """The client's days service, created (with its listeners) on first call."""
    existing = getattr(client, "days", None)
    if existing is not None:
        return existing
    table = client.table
    ds = await DaysStore.open(table.store.path)
    kwargs = {"clock": clock} if clock is not None else {}
    days = Days(table, table.store, ds, DiscordNotifier(client), **kwargs)
    if getattr(client, "days", None) is not None:  # another caller won while we opened
        table.end_listeners.remove(days.game_ended)
        await ds.close()
        return client.days
    client.days = days

    async def on_outcome(outcome: Outcome, message: discord.Message | None) -> None:
        if message is not None:
            await days.board_posted(outcome.game.id, message.channel.id, message.id)
        await days.after_change(outcome)

    client.outcome_listeners.append(on_outcome)
    client.public_notes.append(days.standin_note)
    _listen(client, days)
    return days


async def start_scheduler(client: discord.Client) -> Scheduler:
    """Re-arm what a restart interrupted and start the one scheduler task (idempotent)."""
    days = await attach(client)
    scheduler = getattr(client, "days_scheduler", None)
    if scheduler is None:
        scheduler = Scheduler(days, clock=days.clock)
        days.wake = scheduler.wake
        client.days_scheduler = scheduler
        await days.recover()
    scheduler.start()
    return scheduler


def _listen(client: discord.Client, days: Days) -> None:
    """Gateway events that end games badly. Each is a plain ``client.event`` handler."""

    async def on_guild_channel_delete(channel) -> None:
        await days.channel_gone(channel.id, GONE)

    async def on_raw_thread_delete(payload) -> None:
        await days.channel_gone(payload.thread_id, "its thread was deleted")

    async def on_guild_remove(guild) -> None:
        for row in await days.store.games(("lobby", "running")):
            if row.guild_id == guild.id:
                await days.close(row.id, "the bot was removed from the server", tell=False)

    async def on_raw_member_remove(payload) -> None:
        # needs the members intent; without it, a player who left is found at their deadline
        await days.member_left(guild_id=payload.guild_id, user_id=payload.user.id)

    for handler in (
        on_guild_channel_delete,
        on_raw_thread_delete,
        on_guild_remove,
        on_raw_member_remove,
    ):
        if not hasattr(type(client), handler.__name__):
            client.event(handler)
