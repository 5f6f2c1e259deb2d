"""discord.py's HTTP requests, counted by route template and status, with rate-limit waits.

Two small hooks, nothing copied from discord.py:

- its ``request`` methods (the client's :class:`discord.http.HTTPClient`, and the webhook adapter
  that answers interactions) are wrapped to note the route's *template*
  (``POST /channels/{channel_id}/messages``: never an id or a token) for the requests they make;
- an :class:`aiohttp.TraceConfig` on the client's session (discord.py's ``http_trace``) sees
  every HTTP exchange, retries included, with its status and duration.

A call's time not spent in an HTTP exchange is time it waited: for a rate-limit bucket, after a
429, or backing off after a 5xx; more than :data:`MIN_WAIT` of it counts as a rate-limit wait.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
from discord.webhook.async_ import async_context

from bot.ops.metrics import Metrics

#: seconds of a call outside its HTTP exchanges that count as a wait (less is the client's own
#: work: encoding the body, reading the answer)
MIN_WAIT = 0.05
#: the route label of an exchange made outside discord.py's request methods (the gateway's)
OTHER = "other"


@dataclass
class _Call:
    """One call of a request method: its route, and the time its exchanges took."""

    route: str
    answered: float = 0.0
    metrics: Metrics | None = None  # the session's, learnt from its first exchange


_call: ContextVar[_Call | None] = ContextVar("tabletop_discord_call", default=None)


def instrument(client: discord.Client, metrics: Metrics) -> None:
    """Count ``client``'s requests into ``metrics`` (before it logs in: the session is made
    then)."""
    client.http.http_trace = tracer(metrics)
    client.http.request = _noting_route(client.http.request)  # type: ignore[method-assign,assignment]
    adapter = async_context.get()  # the process's one webhook adapter (interaction answers)
    if not getattr(adapter.request, "notes_route", False):
        adapter.request = _noting_route(adapter.request)  # type: ignore[method-assign,assignment]


def _noting_route(request: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    @functools.wraps(request)
    async def noted(route: Any, *args: Any, **kwargs: Any) -> Any:
        call = _Call(f"{route.method} {route.path}")
        token = _call.set(call)
        started = time.perf_counter()
        try:
            return await request(route, *args, **kwargs)
        finally:
            _call.reset(token)
            waited = time.perf_counter() - started - call.answered
            if call.metrics is not None and waited >= MIN_WAIT:
                call.metrics.discord_wait(call.route, waited)

    noted.notes_route = True  # type: ignore[attr-defined]
    return noted


def tracer(metrics: Metrics) -> aiohttp.TraceConfig:
    """Every HTTP exchange of the session, counted into ``metrics`` by route and status."""
    trace = aiohttp.TraceConfig()

    async def started(
        _session: aiohttp.ClientSession, ctx: SimpleNamespace, _params: object
    ) -> None:
        ctx.started = time.perf_counter()

    async def ended(seconds: float, status: str) -> None:
        call = _call.get()
        if call is not None:
            call.answered += seconds
            call.metrics = metrics
        metrics.discord_request(call.route if call is not None else OTHER, status, seconds)

    async def answered(
        _session: aiohttp.ClientSession, ctx: SimpleNamespace, params: aiohttp.TraceRequestEndParams
    ) -> None:
        await ended(time.perf_counter() - ctx.started, str(params.response.status))

    async def failed(
        _session: aiohttp.ClientSession, ctx: SimpleNamespace, _params: object
    ) -> None:
        await ended(time.perf_counter() - ctx.started, "error")

    trace.on_request_start.append(started)
    trace.on_request_end.append(answered)
    trace.on_request_exception.append(failed)
    trace.freeze()
    return trace
