"""The slash commands, one module per area, assembled into one tree in one place.

Each module in :data:`MODULES` defines

    def register(
        game: discord.app_commands.Group,
        tree: discord.app_commands.CommandTree[TabletopClient],
    ) -> None

adding subcommands to ``game`` (``@game.command(name=..., description=...)``) or top-level
commands to ``tree``; every command is defined once, in one module. To add an area, write its
module and add it to :data:`MODULES`. Discord allows at most 25 subcommands in a group. The
command tree's payload changes, so the next start with sync mode ``auto`` syncs it (see
:mod:`bot.discord_app.sync`).

A command's interaction is a ``discord.Interaction[TabletopClient]``: inside it,
``interaction.client.table`` is the :class:`bot.table.Table` and
``clock_service_of(interaction.client)`` the :class:`bot.clock.service.ClockServices`; raise any
``TableError`` / ``BadInput`` / ``engines.IllegalAction`` to refuse: the tree's error handler
answers it ephemerally (see :mod:`bot.discord_app.replies`). Defer before slow work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands

from bot.discord_app.commands import admin, clock, info, lobby, play, watch

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

#: the command modules, in the order their commands are registered (``admin``: ``/tabletop``; ``watch`` only when the spectator pages are on)
MODULES = (info, lobby, play, clock, admin, watch)


def game_group() -> app_commands.Group:
    return app_commands.Group(
        name="game",
        description="Board games in this channel: start, join, look, leave.",
        guild_only=True,
    )


def install(tree: app_commands.CommandTree[TabletopClient]) -> app_commands.Group:
    """Build ``/game`` and every other command from :data:`MODULES` onto ``tree``."""
    game = game_group()
    for module in MODULES:
        module.register(game, tree)
    tree.add_command(game)
    return game
