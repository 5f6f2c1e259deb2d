"""Runs a discord.py client in its own thread and event loop against the local Discord (for tests of
the local Discord itself; the product bot runs as a real subprocess, see ``launch_bot``)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import discord

from localdiscord.patch import point_discord_at
from localdiscord.server import LocalDiscord


class ClientThread:
    def __init__(self, server: LocalDiscord, factory: Callable[[], discord.Client]):
        self.server = server
        self.factory = factory
        self.client: discord.Client | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.error: BaseException | None = None
        self._thread: threading.Thread | None = None

    def start(self, timeout: float = 20.0) -> ClientThread:
        point_discord_at(self.server.api_base, self.server.gateway_url)
        ready = threading.Event()

        def run() -> None:
            self.loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self.loop)

            async def main() -> None:
                self.client = self.factory()

                @self.client.event
                async def on_ready() -> None:
                    ready.set()

                await self.client.start(self.server.state.token)

            try:
                self.loop.run_until_complete(main())
            except BaseException as exc:  # surfaced to the test by start()/stop()
                self.error = exc
                ready.set()
            finally:
                self.loop.close()

        self._thread = threading.Thread(target=run, name="discord-client", daemon=True)
        self._thread.start()
        if not ready.wait(timeout):
            raise TimeoutError("the client did not become ready")
        if self.error:
            raise self.error
        return self

    def stop(self) -> None:
        if self.client is not None and self.loop is not None and not self.loop.is_closed():
            # start() returns once the client is closed, which ends the thread's loop; so do
            # not wait on this future, wait for the thread
            asyncio.run_coroutine_threadsafe(self.client.close(), self.loop)
        if self._thread:
            self._thread.join(15)

    def __enter__(self) -> ClientThread:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
