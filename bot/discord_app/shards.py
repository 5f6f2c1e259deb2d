"""Running some of the bot's shards in this process (``--shard-count N --shard-ids a-b``).

Discord sends each guild's events to one shard, ``(guild_id >> 22) % N``. A process runs a set
of shards with discord.py's :class:`~discord.AutoShardedClient` (one gateway connection each)
and shares the database with the processes that run the others. Each one answers only its own
guilds' interactions (Discord sends it no others; :func:`guard_interactions` ignores one that
arrives anyway, with a log line), fires only its own guilds' clocks and catches up only its
own games at start (the queries take the shards, :mod:`storage.shards`). Slash commands are
synced by the process that runs shard 0 only, so processes never upload over each other.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from storage.shards import Shards

log = logging.getLogger(__name__)


def syncs_commands(shards: Shards | None) -> bool:
    """Whether this process syncs the slash commands: an unsharded bot, or shard 0's process."""
    return shards is None or 0 in shards.ids


def guard_interactions(client: discord.Client, shards: Shards) -> None:
    """Put a check before discord.py reads an INTERACTION_CREATE: one for a guild of another
    process's shard is ignored (logged, never answered: its own process answers it)."""
    parsers: dict[str, Callable[[Any], None]] = client._connection.parsers
    parse = parsers["INTERACTION_CREATE"]

    def only_ours(data: Any) -> None:
        raw = data.get("guild_id") if isinstance(data, dict) else None
        guild_id = int(raw) if raw else None
        if not shards.owns(guild_id):
            log.warning(
                "Ignored an interaction for server %s: it belongs to shard %d, not to this "
                "process (%s)",
                guild_id,
                shards.of(guild_id),
                shards,
            )
            return
        parse(data)

    parsers["INTERACTION_CREATE"] = only_ours
