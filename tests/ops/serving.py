"""The host's endpoint served in this process, on a port of its own, and read like a host would."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import AsyncIterator

import aiohttp

from bot.ops.health import Health
from bot.ops.prometheus import PrometheusMetrics
from bot.ops.server import OpsServer


async def passing() -> bool:
    return True


def listening() -> socket.socket:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    return sock


@contextlib.asynccontextmanager
async def served(
    health: Health, metrics: PrometheusMetrics | None = None, live_games=None
) -> AsyncIterator[str]:
    """The endpoint's base URL while it is served."""

    async def no_games() -> dict[str, int]:
        return {}

    sock = listening()
    server = OpsServer(
        metrics or PrometheusMetrics(), health, sock=sock, live_games=live_games or no_games
    )
    await server.start()
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        await server.stop()
        sock.close()


async def get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, await response.text()
