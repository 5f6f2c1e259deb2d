"""The slash commands, one module per area, assembled into one tree in one place.

Extension point (for new areas such as issue 7's clocks, reminders and host powers): add a module
``bot/discord_app/commands/<area>.py`` defining

    def register(game: discord.app_commands.Group, tree: discord.app_commands.CommandTree) -> None

and add subcommands to ``game`` (``@game.command(name=..., description=...)``) or top-level
commands to ``tree``. :func:`install` discovers every module of this package and calls its
``register`` in ``(ORDER, module name)`` order, where a module may set ``ORDER: int`` (default
50; the core modules here use 10); no other file needs editing. A later module may replace a
core subcommand: ``game.remove_command("new")`` then define its own, reusing the core logic
(e.g. ``lobby.open_game(interaction, lobby.read_new_game(...), channel_id=thread.id)`` to open a game in a thread). Discord allows at most 25 subcommands
in a group (``/game`` uses 11 here). The command tree's payload changes, so the next start with
sync mode ``auto`` syncs it (see :mod:`bot.discord_app.sync`).

Inside a command, ``interaction.client.table`` is the :class:`bot.table.Table`; raise any
``TableError`` / ``BadInput`` / ``engines.IllegalAction`` to refuse: the tree's error handler
answers it ephemerally (see :mod:`bot.discord_app.replies`). Defer before slow work.
"""

from __future__ import annotations

import importlib
import pkgutil

from discord import app_commands

DEFAULT_ORDER = 50


def game_group() -> app_commands.Group:
    return app_commands.Group(
        name="game",
        description="Board games in this channel: start, join, look, leave.",
        guild_only=True,
    )


def install(tree: app_commands.CommandTree) -> app_commands.Group:
    """Build ``/game`` and every other command from this package's modules onto ``tree``."""
    game = game_group()
    modules = [
        importlib.import_module(f"{__name__}.{info.name}")
        for info in pkgutil.iter_modules(__path__)
    ]
    modules.sort(key=lambda m: (getattr(m, "ORDER", DEFAULT_ORDER), m.__name__))
    for module in modules:
        register = getattr(module, "register", None)
        if register is not None:
            register(game, tree)
    tree.add_command(game)
    return game
