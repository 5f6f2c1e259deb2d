"""The discord.py client: guilds intent only, one command tree, persistent action components.

Extension points:
- commands: see :mod:`bot.discord_app.commands` (one module per area, discovered).
- after every published turn message, each coroutine in ``client.outcome_listeners`` is awaited
  with ``(outcome, message)`` (e.g. to restart turn clocks or remember the latest board message);
  a failing listener is logged and does not affect the others.
- ``client.public_notes``: coroutines called with a running game's :class:`GameInfo` that return
  public lines about it (e.g. which seats a stand-in plays), added to every turn message, board
  and ``/game status``; a failing one is logged and left out (see :func:`moves.public_notes`).
- ``client.handle_action`` is where a button/select click goes (:func:`moves.handle_click`);
  ``client.handle_moves`` answers the private "choose your move" button.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from bot.discord_app import commands, moves, replies
from bot.discord_app.components import ActionButton, ActionSelect, MovesButton
from bot.discord_app.resume import Announcements, catch_up
from bot.discord_app.sync import HashKeeper, sync_commands
from bot.logsafe import failure
from bot.table import GameInfo, Outcome, Table

log = logging.getLogger(__name__)

OutcomeListener = Callable[[Outcome, "discord.Message | None"], Awaitable[None]]
NoteSource = Callable[[GameInfo], Awaitable[list[str]]]


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


class TabletopTree(app_commands.CommandTree):
    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
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
        **kwargs,
    ):
        super().__init__(intents=intents(members=members_intent), **kwargs)
        self.table = table
        self.sync_mode = sync_mode
        self.command_hash = command_hash
        self.announcements = announcements
        self._caught_up = False
        self.dev_guild_id = dev_guild_id
        self.tree = TabletopTree(self)
        self.game_group = commands.install(self.tree)
        self.outcome_listeners: list[OutcomeListener] = []
        self.public_notes: list[NoteSource] = []

    async def setup_hook(self) -> None:
        self.add_dynamic_items(ActionButton, ActionSelect, MovesButton)
        if self.command_hash is not None:
            await sync_commands(
                self.tree,
                mode=self.sync_mode,
                keeper=self.command_hash,
                dev_guild_id=self.dev_guild_id,
            )

    async def on_ready(self) -> None:
        log.info("Connected as %s to %d guilds", self.user, len(self.guilds))
        if self.announcements is not None and not self._caught_up:
            self._caught_up = True
            await catch_up(self, self.announcements)

    async def handle_action(
        self, interaction: discord.Interaction, game_id: int, version: int, action_id: str
    ) -> None:
        await moves.handle_click(interaction, game_id, version, action_id)

    async def handle_moves(
        self, interaction: discord.Interaction, game_id: int, version: int
    ) -> None:
        await moves.handle_moves(interaction, game_id, version)

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
