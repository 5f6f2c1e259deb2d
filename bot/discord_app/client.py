"""The discord.py client: the guilds intent (and the members intent if the operator turned it
on), one command tree, persistent action components.

Services are built in ``setup_hook``: the clock services (``client.clock_service``, see
:mod:`bot.discord_app.clock_runtime`), which listens to the table; its scheduler starts on
``on_connect``; the server settings (``client.server_settings``, see
:mod:`bot.discord_app.server_settings`), read before any command arrives; and, when the operator
turned them on, the spectator pages (``client.watch_server``, see :mod:`bot.watch`), served
from this loop with this client's table. As each server
becomes available (or adds the bot) the permissions the bot lacks there are logged, once.
Extension points:
- commands' words in each user's language: the tree's translator (set in ``setup_hook``, before
  the sync), :mod:`bot.discord_app.translator`.
- commands: see :mod:`bot.discord_app.commands` (an explicit list of modules).
- after every published turn message, each coroutine in ``client.outcome_listeners`` is awaited
  with ``(outcome, message)`` (e.g. to remember the latest board message); a failing listener
  is logged and does not affect the others.
- components: the classes of :mod:`bot.discord_app.clicks` are registered here; each click
  calls its use case directly (no method of the client stands in between).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot import heap
from bot.ai_seats.driver import AiSeatDriver
from bot.clock.scheduler import Alarm, Scheduler
from bot.clock.service import ClockServices
from bot.discord_app import (
    ai_seats,
    clicks,
    clock_runtime,
    commands,
    leagues,
    patience,
    ratings,
    replies,
    server_settings,
    shards,
)
from bot.discord_app.cooldowns import Cooldowns
from bot.discord_app.locales import public_locale
from bot.discord_app.replay import Replays
from bot.discord_app.resume import Announcements, catch_up
from bot.discord_app.sync import HashKeeper, sync_commands
from bot.discord_app.tokens import Editors, Panels
from bot.discord_app.translator import CatalogTranslator
from bot.discord_app.turn_book import TurnBook
from bot.leagues.service import Leagues
from bot.logsafe import failure
from bot.ratings.service import Ratings
from bot.server_settings import SettingsKeeper
from bot.table import Outcome, Table
from bot.watch import start as watch_pages
from bot.watch.server import WatchServer
from storage.shards import Shards

log = logging.getLogger(__name__)

OutcomeListener = Callable[[Outcome, "discord.Message | None"], Awaitable[None]]


def intents(*, members: bool = False) -> discord.Intents:
    """The guilds intent: slash commands and components need nothing privileged. ``members``
    (the privileged server members intent, if the operator enabled it) adds member removals,
    so a player who leaves the server leaves their games at once."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.members = members
    return wanted


# The bot never joins voice: silence discord.py's start-up warnings about voice libraries.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False


class TabletopTree(app_commands.CommandTree["TabletopClient"]):
    async def on_error(
        self,
        interaction: discord.Interaction[TabletopClient],
        error: app_commands.AppCommandError,
    ) -> None:
        await replies.answer_error(interaction, error)


class TabletopClient(discord.Client):
    def __init__(
        self,
        table: Table,
        *,
        sync_mode: str = "auto",
        command_hash: HashKeeper | None = None,
        announcements: Announcements | None = None,
        dev_guild_id: int | None = None,
        members_intent: bool = False,
        own_shards: Shards | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(intents=intents(members=members_intent), **kwargs)
        patience.install(self.http)  # a burst's 429s never lose a turn message
        #: the shards this process runs (None: unsharded, every guild)
        self.own_shards = own_shards
        if own_shards is not None:
            shards.guard_interactions(self, own_shards)
        self.table = table
        if table is not None:  # the table draws a server's boards in its channels' language
            table.public_locale = functools.partial(public_locale, self)
        self.sync_mode = sync_mode
        self.command_hash = command_hash
        self.announcements = announcements
        if announcements is not None:
            announcements.shards = own_shards
        self._caught_up = False
        #: start-up's steps are done (``/readyz``): the commands synced (or left to shard 0's
        #: process, or to nobody), the moves saved but never posted announced
        self.commands_synced = False
        self.recovered = False
        self.dev_guild_id = dev_guild_id
        self.tree = TabletopTree(self)
        commands.install(self.tree)
        self.outcome_listeners: list[OutcomeListener] = []
        self.clock_service: ClockServices | None = None
        self.clock_scheduler: Scheduler | None = None
        self.digest_scheduler: Scheduler | None = None  # the daily digests' (clock_runtime)
        self.clock_sweep: asyncio.Task[None] | None = None  # the start-up sweep (clock_runtime)
        self.ai_seat_driver: AiSeatDriver | None = None
        self.leagues: Leagues | None = None  # the league service (bot.discord_app.leagues)
        self.league_scheduler: Scheduler | None = None
        self.league_alarm = Alarm()
        self.turn_book = TurnBook(table.store) if table is not None else None
        self.server_settings: SettingsKeeper | None = None
        self.watch_server: WatchServer | None = None  # the spectator pages, when they are on
        self.ratings: Ratings | None = None  # rated as games finish (bot.discord_app.ratings)
        self.ratings_backfill: asyncio.Task[None] | None = None  # rating games ended before
        self.permissions_checked: set[int] = set()  # servers whose permissions were logged
        self.cooldowns = Cooldowns()  # each user's allowance of boards, log pages, replays
        self.replays = Replays()  # ended games' replays, and the games being drawn now
        self.editors = Editors()  # clicks' tokens that edit turn messages outside the budget
        self.panels = Panels()  # each player's one private panel per game

    async def setup_hook(self) -> None:
        # before the sync: the payload (and its hash) carries every shipped language's words
        await self.tree.set_translator(CatalogTranslator())
        self.add_dynamic_items(*clicks.HANDLERS)
        if self.server_settings is None:
            self.server_settings = await server_settings.build(self)
        if self.ai_seat_driver is None:
            self.ai_seat_driver = ai_seats.install(self)
        if self.clock_service is None:  # its stand-ins think with the bots' search
            think = self.ai_seat_driver.thinker.choose
            self.clock_service = await clock_runtime.build(self, think=think)
        if self.watch_server is None:
            self.watch_server = await watch_pages.serve(self.table)
        if self.ratings is None and self.table is not None:
            self.ratings = await ratings.build(self)
        if self.leagues is None:  # its standings tie-break by the ratings
            self.leagues = await leagues.build(self)
        if self.command_hash is not None and not shards.syncs_commands(self.own_shards):
            log.info("Slash commands are synced by the process that runs shard 0, not this one")
        elif self.command_hash is not None:
            await sync_commands(
                self.tree,
                mode=self.sync_mode,
                keeper=self.command_hash,
                dev_guild_id=self.dev_guild_id,
            )
        self.commands_synced = True

    async def on_connect(self) -> None:
        await clock_runtime.start_scheduler(self)
        leagues.start(self)

    async def close_services(self) -> None:
        """Stop the scheduler and the spectator pages and close the clock and settings tables
        (at shutdown, before the store), and stop the bots thinking."""
        await watch_pages.stop(self.watch_server, self.table)
        self.watch_server = None
        await leagues.stop(self)
        await clock_runtime.stop(self)
        await server_settings.stop(self)
        await ratings.stop(self)
        if self.ai_seat_driver is not None:
            await self.ai_seat_driver.close()

    async def on_guild_available(self, guild: discord.Guild) -> None:
        server_settings.log_missing_permissions(self, guild)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        server_settings.log_missing_permissions(self, guild)

    async def on_ready(self) -> None:
        log.info(
            "Connected as %s to %d guilds%s",
            self.user,
            len(self.guilds),
            f" ({self.own_shards})" if self.own_shards is not None else "",
        )
        if self.announcements is not None and not self._caught_up:
            self._caught_up = True
            await catch_up(self, self.announcements)
            if self.ai_seat_driver is not None:
                await self.ai_seat_driver.wake_all()
            heap.settle()  # start-up is over: what it made lives as long as the bot
        self.recovered = True

    async def on_interaction(self, interaction: discord.Interaction[TabletopClient]) -> None:
        if not await clicks.amount_submitted(interaction):
            await clicks.answer_unreadable(interaction)

    async def notify_outcome(self, outcome: Outcome, message: discord.Message | None) -> None:
        if self.announcements is not None and message is not None:
            try:
                await self.announcements.record(outcome.game.id, outcome.game.version)
            except Exception as exc:
                log.error(
                    "Could not note the announcement of game %s: %s", outcome.game.id, failure(exc)
                )
        for listener in list(self.outcome_listeners):
            try:
                await listener(outcome, message)
            except Exception as exc:
                log.error(
                    "An outcome listener failed for game %s: %s", outcome.game.id, failure(exc)
                )
