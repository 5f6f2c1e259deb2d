"""The checks behind ``/healthz`` (is the process working: gateway, database, render workers)
and ``/readyz`` (has it finished starting: commands synced, missed announcements recovered).

Each check is a coroutine answering True or False; :func:`judge` runs a set of them and says
which failed. A check that raises or takes longer than :data:`TIMEOUT` failed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.table.renders import ThreadRenderer
from storage import Store

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

#: seconds a check may take before it counts as failed (a database that hangs is not healthy)
TIMEOUT = 3.0

Check = Callable[[], Awaitable[bool]]


@dataclass(frozen=True)
class Health:
    live: dict[str, Check]  # /healthz
    ready: dict[str, Check]  # /readyz


async def judge(checks: dict[str, Check]) -> dict[str, bool]:
    """Every check's answer, all run at once."""

    async def one(check: Check) -> bool:
        try:
            return await asyncio.wait_for(check(), TIMEOUT)
        except Exception:  # any failure of a check is the check failing, said by its name
            return False

    names = list(checks)
    answers = await asyncio.gather(*(one(checks[n]) for n in names))
    return dict(zip(names, answers, strict=True))


def gateway_connected(client: discord.Client) -> bool:
    """The client's gateway connection (each of its shards') is open."""
    if client.is_closed():
        return False
    if isinstance(client, discord.AutoShardedClient):
        shards = client.shards
        return bool(shards) and not any(s.is_closed() for s in shards.values())
    ws = client.ws
    return ws is not None and ws.open


async def database_reachable(store: Store) -> bool:
    await store.ping()
    return True


def of_client(client: TabletopClient, store: Store, renderer: ThreadRenderer) -> Health:
    """The bot's checks."""

    async def gateway() -> bool:
        return gateway_connected(client)

    async def database() -> bool:
        return await database_reachable(store)

    async def workers() -> bool:
        return renderer.alive()

    async def commands() -> bool:
        return client.commands_synced

    async def recovery() -> bool:
        return client.recovered

    return Health(
        live={"gateway": gateway, "database": database, "render_workers": workers},
        ready={"commands_synced": commands, "recovery_done": recovery},
    )
