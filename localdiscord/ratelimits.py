"""Discord's rate limits, as the local Discord enforces them (Discord's "Rate Limits" topic).

* **Global**: ``Limits.global_limit`` requests per second (50, Discord's figure) across every
  route, except the interaction endpoints: the callback and the interaction's webhook
  (``webhooks/{application_id}/{token}``: follow-ups and ``@original``), which Discord documents
  as "not bound to the bot's Global Rate Limit". A request over it gets 429 with
  ``X-RateLimit-Global: true``, ``X-RateLimit-Scope: global`` and ``"global": true``.
* **Per route**: each bucket (:data:`DEFAULT_ROUTES`) counts per top-level resource (the major
  parameter: channel id, guild id, webhook id + token), so two channels never share one. Every
  answer on a limited route carries ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset`` (epoch
  seconds), ``-Reset-After`` and ``-Bucket``; a request over the bucket gets 429 with them,
  ``Retry-After`` (whole seconds, rounded up) and ``X-RateLimit-Scope: user``.

Windows are fixed: a bucket's window starts with its first request and resets ``per`` seconds
later. A refused request spends nothing. The per-route figures are Discord-like, not Discord's
(it does not publish them and says they change): 5 per 5 s per channel for posting and for
editing messages, as bots observe. Resource ("shared") limits are not modelled.

Every answer also carries ``Via: 1.1 google`` as Discord's do: discord.py takes a 429 without
it for a Cloudflare ban and gives up instead of waiting.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from localdiscord.errors import DiscordError
from localdiscord.payloads import JsonObject


@dataclass(frozen=True)
class Window:
    """``limit`` requests per ``per`` seconds."""

    limit: int
    per: float


#: the per-route buckets: name -> window (the name is hashed into ``X-RateLimit-Bucket``)
DEFAULT_ROUTES: Mapping[str, Window] = {
    "messages.post": Window(5, 5.0),
    "messages.edit": Window(5, 5.0),
    "messages.delete": Window(5, 1.0),
    "messages.read": Window(50, 1.0),
    "threads": Window(10, 10.0),
    "typing": Window(5, 5.0),
    "interaction.callback": Window(5, 1.0),
    "interaction.webhook": Window(5, 2.0),
    "commands": Window(10, 10.0),
    "other": Window(50, 1.0),
}

#: Discord's global limit: requests per second for a bot
GLOBAL_LIMIT = 50


@dataclass(frozen=True)
class Limits:
    """What the local Discord enforces. ``Limits.off()`` enforces nothing; tests lower them
    with ``Limits(global_limit=..., routes={"messages.edit": Window(2, 1.0)})`` (buckets not
    named keep their defaults)."""

    global_limit: int = GLOBAL_LIMIT
    global_per: float = 1.0
    routes: Mapping[str, Window] = field(default_factory=dict)
    enabled: bool = True

    @classmethod
    def off(cls) -> Limits:
        return cls(enabled=False)

    @classmethod
    def simulated_pace(cls) -> Limits:
        """Discord's limits for simulated users, who move several times a second in one
        channel (people take seconds): the global limit and every bucket as Discord's but the
        channel's message posts and edits, 20 a second instead of 5 per 5 s. At Discord's pace
        discord.py would hold each handler whose edit empties the bucket until it resets (it
        sleeps inside the request), and a whole game would take four times as long."""
        pace = Window(20, 1.0)
        return cls(routes={"messages.post": pace, "messages.edit": pace})

    def window(self, bucket: str) -> Window:
        return self.routes.get(bucket) or DEFAULT_ROUTES[bucket]


def bucket_of(method: str, path: str) -> str:
    """The per-route bucket of a request to the spec's ``path``."""
    if path.startswith("/interactions/"):
        return "interaction.callback"
    if path.startswith("/webhooks/"):
        return "interaction.webhook"
    if path.startswith("/channels/{channel_id}/messages"):
        if path.endswith("/threads"):
            return "threads"
        if method == "POST":
            return "messages.post"
        if method == "PATCH":
            return "messages.edit"
        if method == "DELETE":
            return "messages.delete"
        return "messages.read"
    if path.endswith("/threads"):
        return "threads"
    if path.endswith("/typing"):
        return "typing"
    if path.endswith("/commands"):
        return "commands"
    return "other"


def major_parameter(path: str, groups: tuple[str | None, ...]) -> str:
    """The top-level resource a route's limit is counted per: the channel, the guild, or the
    webhook (id and token); empty for routes without one."""
    values = [g or "" for g in groups]
    if path.startswith(("/channels/", "/guilds/")):
        return values[0]
    if path.startswith(("/webhooks/", "/interactions/")):
        return ":".join(values[:2])
    if path.startswith("/applications/{application_id}/guilds/"):
        return values[1]
    return ""


def globally_limited(tail: str, application_id: int) -> bool:
    """Whether a request (its path under ``/api/v10/``) counts against the global limit: all do
    but the interaction endpoints (the callback, and the webhook of an interaction's token)."""
    if tail.startswith("interactions/"):
        return False
    return not tail.startswith(f"webhooks/{application_id}/")


@dataclass
class _Count:
    """One fixed window of one bucket."""

    window: Window
    used: int = 0
    resets: float = 0.0  # loop time

    def roll(self, now: float) -> None:
        if now >= self.resets:
            self.used, self.resets = 0, now + self.window.per

    @property
    def remaining(self) -> int:
        return max(0, self.window.limit - self.used)


class RateLimited(DiscordError):
    """A 429, with Discord's headers and body."""

    def __init__(self, retry_after: float, *, is_global: bool, headers: dict[str, str]):
        super().__init__(429, 0, "You are being rate limited.")
        self.retry_after = retry_after
        self.is_global = is_global
        self.headers = {**headers, "Retry-After": str(math.ceil(retry_after))}
        if is_global:
            self.headers["X-RateLimit-Global"] = "true"
        self.headers["X-RateLimit-Scope"] = "global" if is_global else "user"

    def body(self) -> JsonObject:
        return {
            "message": "You are being rate limited.",
            "retry_after": round(self.retry_after, 3),
            "global": self.is_global,
        }


class RateLimiter:
    """The buckets, on the server's loop: ``admit`` each request (it raises
    :class:`RateLimited` or returns the headers the answer carries)."""

    def __init__(self, limits: Limits, application_id: int):
        self.limits = limits
        self.application_id = application_id
        self._global = _Count(Window(limits.global_limit, limits.global_per))
        self._routes: dict[tuple[str, str], _Count] = {}
        #: loop time until which the bot was told a bucket is empty (it may be holding a
        #: request back until then)
        self.held_until = 0.0
        self.refused = 0  # 429s answered

    def admit(
        self, method: str, path: str, tail: str, groups: tuple[str | None, ...], now: float
    ) -> dict[str, str]:
        if not self.limits.enabled:
            return {}
        name = bucket_of(method, path)
        key = (name, major_parameter(path, groups))
        count = self._routes.get(key)
        if count is None:
            count = self._routes[key] = _Count(self.limits.window(name))
        count.roll(now)
        counts_globally = globally_limited(tail, self.application_id)
        if counts_globally:
            self._global.roll(now)
            if self._global.remaining == 0:
                self._refuse(self._global.resets)
                raise RateLimited(self._global.resets - now, is_global=True, headers={})
        if count.remaining == 0:
            self._refuse(count.resets)
            raise RateLimited(
                count.resets - now, is_global=False, headers=self._headers(name, count, now)
            )
        count.used += 1
        if counts_globally:
            self._global.used += 1
        if count.remaining == 0:
            self.held_until = max(self.held_until, count.resets)
        return self._headers(name, count, now)

    def _refuse(self, resets: float) -> None:
        self.refused += 1
        self.held_until = max(self.held_until, resets)

    @staticmethod
    def _headers(name: str, count: _Count, now: float) -> dict[str, str]:
        after = count.resets - now
        return {
            "X-RateLimit-Limit": str(count.window.limit),
            "X-RateLimit-Remaining": str(count.remaining),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha256(name.encode()).hexdigest()[:32],
        }
