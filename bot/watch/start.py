"""Turning the spectator pages on at the bot's start (``--web-port``)."""

from __future__ import annotations

import logging
from pathlib import Path

from bot import watch
from bot.watch.server import WatchServer

log = logging.getLogger(__name__)


def start_watch_pages(db_path: Path, port: int, url: str | None) -> str | None:
    """Serve the pages on 127.0.0.1:``port`` (behind a proxy, ``url`` is the public address);
    returns what went wrong, or ``None``."""
    if not 1 <= port <= 65535:
        return f"--web-port must be a port number (1-65535), not {port}."
    settings = watch.WatchSettings(db_path=db_path, base_url=url or f"http://127.0.0.1:{port}")
    try:
        WatchServer(settings, "127.0.0.1", port).start_in_thread()
    except OSError as exc:
        return f"cannot serve the spectator pages on port {port}: {exc.strerror or exc}"
    watch.enable(settings)
    log.info("Spectator pages at %s/watch/...", settings.base_url.rstrip("/"))
    return None
