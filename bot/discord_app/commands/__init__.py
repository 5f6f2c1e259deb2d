"""The slash commands, grouped by who uses them, assembled into one tree in one place.

- ``/game`` (:mod:`.game`): one game's life in this channel, for everyone at the table;
- ``/play`` (:mod:`.play`): a move;
- ``/host`` (:mod:`.host`): the host's and moderators' powers over the game;
- ``/me`` (:mod:`.me`): a player's own things (games, away, zone, quiet hours, notices);
- ``/tabletop`` (:mod:`.admin`): the server's admins;
- ``/league`` (:mod:`.league`): leagues in the server (its game master opens them).

Each group is a class (an ``app_commands.Group`` whose methods are its subcommands); :func:`install`
adds one of each to a tree. Discord allows 25 subcommands a group; ours keep to
:data:`MAX_SUBCOMMANDS`, so every group has room to grow (a test holds them to it). Renaming or
moving a command changes the tree's payload, so the next start with sync mode ``auto`` syncs it
(see :mod:`bot.discord_app.sync`); the old names are gone at once. So does a changed translation:
every name, description and choice here is English, the msgid of the catalogs the tree's
translator reads (:mod:`bot.discord_app.translator`); after changing one, run ``python -m bot
languages update`` and translate it (docs/languages.md).

A command's interaction is a ``discord.Interaction[TabletopClient]``: inside it,
``interaction.client.table`` is the :class:`bot.table.Table` and
``clock_service_of(interaction.client)`` the :class:`bot.clock.service.ClockServices`; raise any
``TableError`` / ``BadInput`` / ``engines.IllegalAction`` to refuse: the tree's error handler
answers it ephemerally (see :mod:`bot.discord_app.replies`). Defer before slow work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.discord_app.commands.admin import TabletopCommands
from bot.discord_app.commands.game import GameCommands
from bot.discord_app.commands.host import HostCommands
from bot.discord_app.commands.league import LeagueCommands
from bot.discord_app.commands.me import MeCommands
from bot.discord_app.commands.play import play

if TYPE_CHECKING:
    from discord import app_commands

    from bot.discord_app.client import TabletopClient

#: the most subcommands a group of ours may hold (Discord's limit is 25): room to grow
MAX_SUBCOMMANDS = 20


def install(tree: app_commands.CommandTree[TabletopClient]) -> None:
    """Add every command to ``tree``: the groups in the order people meet them, then ``/play``."""
    groups = (GameCommands(), HostCommands(), MeCommands(), LeagueCommands(), TabletopCommands())
    for group in groups:
        tree.add_command(group)
    tree.add_command(play)
