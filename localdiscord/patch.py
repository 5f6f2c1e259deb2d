"""Point an unmodified discord.py at the local Discord.

discord.py builds every REST URL from ``discord.http.Route.BASE`` (a class attribute read when a
Route is made), and a plain ``Client`` opens its first gateway connection to
``DiscordWebSocket.DEFAULT_GATEWAY`` (it only asks ``/gateway/bot`` when sharded); after READY
it uses the ``resume_gateway_url`` the local Discord sends. It appends ``?v=10&encoding=json&
compress=zlib-stream`` itself; the local Discord answers with uncompressed text frames, which
discord.py accepts as they are.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route


def point_discord_at(api_base: str, gateway_url: str) -> None:
    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


@contextlib.contextmanager
def pointed_at(api_base: str, gateway_url: str) -> Iterator[None]:
    old = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    point_discord_at(api_base, gateway_url)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old
