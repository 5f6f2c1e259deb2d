"""The host's endpoint (``--metrics-port``): ``/metrics`` in Prometheus' text format,
``/healthz`` and ``/readyz``, served by aiohttp (discord.py's own HTTP library) from the bot's
event loop, as the spectator pages are: no thread, and a loop too busy to answer is itself what
the host should see.

The port is claimed at start (:func:`claim_port`), so one that cannot be used stops the bot
before it connects. While it is served, the event loop's lag is measured (a task that sleeps
and notes how late it woke) and every line logged at ERROR or above is counted.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
from collections.abc import Awaitable, Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.ops.health import Check, Health, judge
from bot.ops.metrics import ErrorCounter
from bot.ops.prometheus import PrometheusMetrics

log = logging.getLogger(__name__)
DEFAULT_HOST = "127.0.0.1"
#: seconds between two looks at the event loop's lag
LAG_EVERY = 0.5


def claim_port(host: str, port: int) -> socket.socket | str:
    """A listening socket on ``host:port``, or what went wrong."""
    if not 1 <= port <= 65535:
        return f"--metrics-port must be a port number (1-65535), not {port}."
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
    except OSError as exc:
        return f"cannot serve the metrics on {host}:{port}: {exc.strerror or exc}"
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as aiohttp's sites do
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        return f"cannot serve the metrics on {host}:{port}: {exc.strerror or exc}"
    return sock


class OpsServer:
    def __init__(
        self,
        metrics: PrometheusMetrics,
        health: Health,
        *,
        sock: socket.socket,
        live_games: Callable[[], Awaitable[dict[str, int]]],
    ) -> None:
        self.metrics = metrics
        self.health = health
        self.sock = sock
        self.live_games = live_games
        self._runner: web.AppRunner | None = None
        self._lag: asyncio.Task[None] | None = None
        self._errors = ErrorCounter(metrics)

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/readyz", self._readyz)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.SockSite(self._runner, self.sock).start()
        logging.getLogger().addHandler(self._errors)
        self._lag = asyncio.create_task(self._watch_loop(), name="event-loop-lag")
        host, port = self.sock.getsockname()[:2]
        log.info("Metrics at http://%s:%s/metrics (and /healthz, /readyz)", host, port)

    async def stop(self) -> None:
        logging.getLogger().removeHandler(self._errors)
        if self._lag is not None:
            self._lag.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._lag
            self._lag = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _watch_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(LAG_EVERY)
            self.metrics.loop_lag(loop.time() - before - LAG_EVERY)

    async def _metrics(self, _request: web.Request) -> web.Response:
        try:
            self.metrics.live_games(await self.live_games())
        except Exception as exc:  # the rest is still worth reading; the failure is logged
            log.error("counting the live games for /metrics failed: %s", type(exc).__name__)
        return web.Response(body=self.metrics.text(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _healthz(self, _request: web.Request) -> web.Response:
        return await _answer(self.health.live)

    async def _readyz(self, _request: web.Request) -> web.Response:
        return await _answer(self.health.ready)


async def _answer(checks: dict[str, Check]) -> web.Response:
    """200 and ``{"status": "ok", ...}`` when every check passed; 503 naming the failed ones."""
    answers = await judge(checks)
    failed = [name for name, ok in answers.items() if not ok]
    body: dict[str, object] = {"status": "failing" if failed else "ok", "checks": answers}
    if failed:
        body["failed"] = failed
    return web.Response(
        status=503 if failed else 200, text=json.dumps(body), content_type="application/json"
    )
