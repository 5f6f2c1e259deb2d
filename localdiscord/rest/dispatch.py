"""Every REST request: find its route, check the bot's token and the body (Discord's OpenAPI
schema and the rules beside it, :mod:`localdiscord.validate`), answer as Discord answers, and
record it (:class:`~localdiscord.records.ApiRequest`). Rate limits are Discord's
(:mod:`localdiscord.ratelimits`): checked once the route and the token are known, before the
body. Anything Discord would refuse is answered the way Discord answers it and also
appended to the state's ``errors``; with ``check_responses`` the answers are checked against
the spec too.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import BodyPartReader, web

from localdiscord import ratelimits, validate
from localdiscord.errors import DiscordError
from localdiscord.payloads import JsonObject, Upload
from localdiscord.records import ApiRequest
from localdiscord.spec import error_tree
from localdiscord.state import State

#: what a REST handler answers: a JSON body (200), (status, body), or None (204)
Answer = JsonObject | list[JsonObject] | tuple[int, JsonObject] | None
#: a REST handler: ``(request, *the path's groups, body=..., files=...)``; the groups differ by
#: route, hence the ``...``
Handler = Callable[..., Awaitable[Answer]]
#: (method, the spec's path without its leading "/", the pattern of the local path, handler)
Route = tuple[str, str, str, Handler]


class Rest:
    """The routes of every resource group, served as one aiohttp handler (``handle``)."""

    def __init__(self, state: State, routes: list[Route], limits: ratelimits.Limits):
        self.state = state
        self.limiter = ratelimits.RateLimiter(limits, state.application_id)
        for method, path, _, _ in routes:
            state.spec.operation(method, "/" + path)  # fails fast on a route the spec lacks
        #: (method, the spec's path, the compiled pattern, handler) per operation
        self.routes = [(m, "/" + path, re.compile(p + r"/?$"), h) for m, path, p, h in routes]
        self.in_flight = 0
        self.last_activity = 0.0
        self._hold: asyncio.Event | None = None
        self._hold_prefixes: tuple[str, ...] = ()
        self._drop_held = False
        self.held = 0

    # -- holding the bot's requests (to kill it at a chosen point) --------------------------------
    def hold(self, prefixes: tuple[str, ...]) -> None:
        self._hold = asyncio.Event()
        self._hold_prefixes = prefixes
        self._drop_held = False
        self.held = 0

    def release(self, *, drop: bool) -> None:
        if self._hold is not None:
            self._drop_held = drop
            self._hold.set()
            self._hold = None

    def idle_for(self) -> float:
        """Seconds since the last request ended (0 while one is in flight, or while a bucket
        the bot was told is empty has not reset: it may be holding a request back)."""
        now = asyncio.get_running_loop().time()
        if self.in_flight or now < self.limiter.held_until:
            return 0.0
        return now - max(self.last_activity, self.limiter.held_until)

    # -- answering --------------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        loop = asyncio.get_running_loop()
        state = self.state
        self.in_flight += 1
        self.last_activity = loop.time()
        tail = request.match_info["tail"]
        record = ApiRequest(
            request.method, tail, ratelimits.globally_limited(tail, state.application_id)
        )
        state.requests.append(record)
        headers: dict[str, str] = {}
        try:
            status, result = await self._answer(request, tail, headers)
            record.status = status
            if result is None:
                return web.Response(status=204, headers=_discord_headers(headers))
            return _json(result, status, headers)
        except DiscordError as exc:
            record.status = exc.status
            if isinstance(exc, ratelimits.RateLimited):
                headers = exc.headers
            return _json(exc.body(), exc.status, headers)
        finally:
            self.in_flight -= 1
            self.last_activity = loop.time()
            state.changed()

    async def _answer(
        self, request: web.Request, tail: str, headers: dict[str, str]
    ) -> tuple[int, Any]:
        """(status, body) of a request; ``headers`` gets its route's rate limit headers."""
        state = self.state
        for method, path, pattern, handler in self.routes:
            m = pattern.match(tail)
            if m and method == request.method:
                if not tail.startswith(("interactions/", "webhooks/")):
                    auth = request.headers.get("Authorization", "")
                    if auth != f"Bot {state.token}":
                        raise DiscordError(401, 0, "401: Unauthorized")
                now = asyncio.get_running_loop().time()
                headers.update(self.limiter.admit(method, path, tail, m.groups(), now))
                body, files = await _read_body(request)
                self._validate(method, path, body, files, m.groups())
                if self._hold is not None and tail.startswith(self._hold_prefixes):
                    self.held += 1
                    await self._hold.wait()
                    if self._drop_held:
                        raise DiscordError(503, 0, "dropped by the local Discord")
                answer = await handler(request, *m.groups(), body=body, files=files)
                status, result = answer if isinstance(answer, tuple) else (200, answer)
                if result is None:
                    status = 204
                if state.check_responses:
                    for problem in state.spec.response_errors(method, path, status, result):
                        state.errors.append(
                            f"the local Discord's answer to {method} /{tail} is off: {problem}"
                        )
                return status, result
        state.unhandled.append(f"{request.method} /{tail}")
        raise DiscordError(
            404, 0, f"404: Not Found (the local Discord has no {request.method} /{tail})"
        )

    def _validate(
        self, method: str, path: str, body: Any, files: list[Upload], groups: tuple[str, ...]
    ) -> None:
        """Refuse, as Discord would, a body that breaks the spec's schema or Discord's rules."""
        if method in ("GET", "DELETE"):
            return
        try:
            validate.check_request(method, path, body, [(name, data) for _, name, _, data in files])
        except validate.Refused as refused:
            record = None
            if path.startswith(("/interactions/", "/webhooks/")):
                interactions = self.state.interactions.values()
                record = next((i for i in interactions if i.token == groups[1]), None)
            where = f" (interaction {record.id}, {record.describe()})" if record else ""
            self.state.record_refusal(f"{method} {path}: {refused}{where}")
            raise DiscordError(
                400, refused.code, refused.message, error_tree(refused.problems)
            ) from None

    async def attachment(self, request: web.Request) -> web.Response:
        """``GET /attachments/{id}/{name}``: an uploaded file's bytes (Discord's CDN)."""
        aid = int(request.match_info["id"])
        for msg in self.state.messages.values():
            for a in msg.attachments:
                if a.id == aid:
                    return web.Response(
                        body=a.data, content_type=a.content_type or "application/octet-stream"
                    )
        raise web.HTTPNotFound()


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py decodes a body as JSON only when Content-Type is exactly application/json
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers=_discord_headers({"Content-Type": "application/json", **(headers or {})}),
    )


def _discord_headers(headers: dict[str, str]) -> dict[str, str]:
    """Discord's answers come through Google's front end; discord.py reads a 429 without
    ``Via`` as a Cloudflare ban (and gives up instead of waiting)."""
    return {"Via": "1.1 google", **headers}


async def _read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """The JSON body (Discord's shape, checked against its spec next) and the uploaded files."""
    files: list[Upload] = []
    if request.content_type.startswith("multipart/"):
        body: Any = {}
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):  # discord.py never nests multipart bodies
                raise DiscordError(400, 50035, "Invalid Form Body: a nested multipart part")
            name = part.name or ""
            raw = await part.read(decode=False)
            if name == "payload_json":
                body = _parse_json(raw)
            else:
                m = re.fullmatch(r"files\[(\d+)\]", name)
                index = int(m.group(1)) if m else len(files)
                files.append(
                    (
                        index,
                        part.filename or f"file{index}",
                        part.headers.get("Content-Type"),
                        bytes(raw),
                    )
                )
        return body, files
    raw = await request.read()
    return (_parse_json(raw) if raw else {}), files


def _parse_json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from None
