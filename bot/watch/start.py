"""Turning the spectator pages on: the port is claimed at the bot's start (``--web-port``), so a
port that cannot be used stops the bot before it connects to Discord; the pages are then served
from the bot's own event loop with the bot's table, from the client's ``setup_hook`` until
``close_services``."""

from __future__ import annotations

import logging
import socket

from bot import watch
from bot.table import Table
from bot.watch.server import WatchServer

log = logging.getLogger(__name__)
HOST = "127.0.0.1"


def claim_port(port: int, url: str | None) -> str | None:
    """Claim ``127.0.0.1:port`` for the pages and turn them on (behind a proxy, ``url`` is the
    public address); returns what went wrong, or ``None``."""
    if not 1 <= port <= 65535:
        return f"--web-port must be a port number (1-65535), not {port}."
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as aiohttp's own sites do
        sock.bind((HOST, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        return f"cannot serve the spectator pages on port {port}: {exc.strerror or exc}"
    watch.enable(watch.WatchConfig(base_url=url or f"http://{HOST}:{port}", sock=sock))
    return None


async def serve(table: Table) -> WatchServer | None:
    """Serve the pages on the claimed port from this (the bot's) loop, if they are on."""
    config = watch.config()
    if config is None or config.sock is None:
        return None
    server = WatchServer(table, sock=config.sock)
    await server.start()
    log.info("Spectator pages at %s/watch/...", config.base_url.rstrip("/"))
    return server


async def stop(server: WatchServer | None, table: Table) -> None:
    """Stop serving the pages and close the table's watch links (at shutdown)."""
    if server is not None:
        await server.stop()
    await table.close_watching()
