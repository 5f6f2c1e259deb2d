"""The Discord front end of Tabletop: slash commands, turn messages, persistent buttons.

``run(config, sync=...)`` is what ``python -m bot`` calls. Everything game-related goes through
:class:`bot.table.Table`; this package only talks to Discord. Layout:

- ``client.py``      the client, its tree and error handler, extension hooks
- ``commands/``      one module per area of slash commands (see its docstring to add one)
- ``moves.py``       the move path (clicks and /play) and publishing outcomes
- ``posts.py``       pure builders of the public messages (turn, lobby, board)
- ``components.py``  persistent buttons / select menus and their custom ids
- ``options.py``     ``key=value`` game options and per-player choices
- ``replies.py``     ephemeral answers; refusals and failures -> private messages
- ``sync.py``        sync slash commands only when their payload changed
- ``text.py``        Discord's size limits and clipping helpers
"""

from __future__ import annotations

import asyncio
import logging
import sys

import aiohttp
import discord

from bot.discord_app.client import TabletopClient
from bot.discord_app.resume import Announcements
from bot.discord_app.sync import MetaHash

log = logging.getLogger(__name__)

__all__ = ["TabletopClient", "run"]


async def _serve(config, sync: str) -> None:
    from bot.table import Table
    from storage import Store

    store = await Store.open(config.db_path)
    try:
        client = TabletopClient(
            Table(store),
            sync_mode=sync,
            command_hash=MetaHash(store),
            announcements=Announcements(store),
            dev_guild_id=getattr(config, "dev_guild", None),
        )
        async with client:
            await client.start(config.token)
    finally:
        await store.close()


def run(config, sync: str | None = None) -> int:
    """Run the bot until interrupted; returns the process exit status.

    ``config`` is :class:`bot.config.Config` (token, db_path, sync, dev_guild, log_level);
    ``sync`` (auto|always|never) overrides ``config.sync``.
    """
    mode = sync or getattr(config, "sync", None) or "auto"
    try:
        asyncio.run(_serve(config, mode))
    except KeyboardInterrupt:
        log.info("Stopped by the operator")
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
