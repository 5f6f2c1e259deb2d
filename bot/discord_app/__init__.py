"""The Discord front end of Tabletop: slash commands, turn messages, persistent buttons.

``run(config, sync=...)`` is what ``python -m bot`` calls. Everything game-related goes through
:class:`bot.table.Table`; this package only talks to Discord. Layout:

- ``client.py``      the client, its tree and error handler; services built in ``setup_hook``
- ``clock_runtime.py`` the clock service wired to Discord (posts, DMs, bad endings, scheduler)
- ``clock_texts.py``  how the clock service's answers and notices are worded
- ``commands/``      one class per command group, by who uses it (``install`` in its ``__init__``)
- ``clicks.py``      what a click does: the registered component classes, calling the use case
- ``turns.py``       the move path (clicks and /play) and publishing turn messages
- ``rematch.py``     the Rematch button: a lobby for the players still seated at the end
- ``posts.py``       pure builders of the public messages (turn, lobby, board)
- ``components.py``  persistent buttons / select menus, drawn (no callbacks)
- ``custom_ids.py``  the components' custom ids: made, and read back with every number checked
- ``options.py``     ``key=value`` game options and per-player choices
- ``replies.py``     ephemeral answers; refusals and failures -> private messages
- ``resume.py``      at start, announce moves saved but never posted (a crash in between)
- ``checks.py``      who has host powers besides the host (Manage Messages, game master role)
- ``server_settings.py`` the server's settings as the bot uses them (``/game new``'s defaults
                     and refusals, the game master role, ping style, the permissions log)
- ``sync.py``        sync slash commands only when their payload changed
- ``text.py``        Discord's size limits and clipping helpers
"""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
from typing import TYPE_CHECKING, TypedDict

import aiohttp
import discord

from bot.config import Config
from bot.discord_app.client import TabletopClient
from bot.discord_app.resume import Announcements
from bot.discord_app.sync import MetaHash
from storage.shards import Shards

if TYPE_CHECKING:
    from bot.ops.server import OpsServer

log = logging.getLogger(__name__)

__all__ = ["ShardedTabletopClient", "TabletopClient", "run"]


class ShardedTabletopClient(TabletopClient, discord.AutoShardedClient):
    """The same client, running the shards ``own_shards`` (one gateway connection each)."""


class _Sharding(TypedDict, total=False):
    """The sharded client's own arguments (none for an unsharded one)."""

    own_shards: Shards
    shard_count: int
    shard_ids: list[int]


async def _serve(config: Config, sync: str, ops_socket: socket.socket | None = None) -> None:
    from bot.table import Table
    from bot.table.renders import ProcessRenderer
    from storage import Store

    store = await Store.open(config.db_path)
    renderer = ProcessRenderer()
    client: TabletopClient | None = None
    ops: OpsServer | None = None
    try:
        renderer.start()
        table = Table(store, renderer=renderer)
        own = config.shards
        sharding: _Sharding = (
            {"own_shards": own, "shard_count": own.count, "shard_ids": sorted(own.ids)}
            if own is not None
            else {}
        )
        client = (ShardedTabletopClient if own is not None else TabletopClient)(
            table,
            sync_mode=sync,
            command_hash=MetaHash(store),
            announcements=Announcements(store),
            dev_guild_id=config.dev_guild,
            members_intent=config.members_intent,
            **sharding,
        )
        if config.token is None:  # `python -m bot` refuses to start without one first
            raise discord.LoginFailure("no Discord bot token")
        if ops_socket is not None:
            ops = await _serve_ops(client, ops_socket)
        async with client:
            await client.start(config.token)
    finally:
        if ops is not None:
            await ops.stop()
        if client is not None:
            await client.close_services()
        await _settle_other_tasks()
        renderer.close()
        await store.close()


async def _serve_ops(client: TabletopClient, sock: socket.socket) -> OpsServer:
    """Count what the bot does and serve it, with the health checks, on ``sock`` (claimed at
    start by ``--metrics-port``), from this loop, before the client logs in."""
    from bot.ops import discord_http, health
    from bot.ops.prometheus import PrometheusMetrics
    from bot.ops.server import OpsServer

    metrics = PrometheusMetrics()
    table = client.table
    table.metrics = table.renderer.metrics = metrics
    table.store.measure_trips(metrics.trips("game"))
    discord_http.instrument(client, metrics)
    server = OpsServer(
        metrics,
        health.of_client(client, table.store, table.renderer),
        sock=sock,
        live_games=table.store.running_counts,
    )
    await server.start()
    return server


async def _settle_other_tasks(grace: float = 1.0) -> None:
    """Let work already under way (a move being announced, a listener) finish before the store
    closes, then cancel what is left: on a stop, nothing may touch a closed database. A move is
    one transaction, so a cancelled one is simply not saved."""
    current = asyncio.current_task()
    others = [t for t in asyncio.all_tasks() if t is not current and not t.done()]
    if not others:
        return
    _, pending = await asyncio.wait(others, timeout=grace)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)


def run(config: Config, sync: str | None = None, *, ops_socket: socket.socket | None = None) -> int:
    """Run the bot until interrupted; returns the process exit status.

    ``config`` is :class:`bot.config.Config` (token, db_path, sync, dev_guild, log_level);
    ``sync`` (auto|always|never) overrides ``config.sync``; ``ops_socket``, when given, serves
    the metrics and health checks (:mod:`bot.ops`).
    """
    mode = sync or config.sync or "auto"
    try:
        asyncio.run(_serve(config, mode, ops_socket))
    except KeyboardInterrupt:
        log.info("Stopped by the operator")
    except discord.PrivilegedIntentsRequired:
        print(
            "tabletop: Discord refused the server members intent. Turn on Server Members Intent "
            "at https://discord.com/developers/applications -> your app -> Bot, or leave "
            "TABLETOP_MEMBERS_INTENT off.",
            file=sys.stderr,
        )
        return 2
    except discord.LoginFailure:
        print(
            "tabletop: Discord refused the bot token. Check DISCORD_TOKEN (environment or .env); "
            "get a new one at https://discord.com/developers/applications -> your app -> Bot.",
            file=sys.stderr,
        )
        return 2
    except (aiohttp.ClientError, OSError) as exc:
        print(
            f"tabletop: cannot reach Discord ({exc}). Check the network and retry.", file=sys.stderr
        )
        return 1
    return 0
