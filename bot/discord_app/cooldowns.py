"""Per-user cooldowns for the commands that make the bot draw or read a whole game.

``/game board`` draws a board, ``/game log`` and its Older/Newer buttons read the whole move
log, and ``/game replay`` draws every turn of a game (seconds of CPU on a long one). Anyone in
the channel may ask, seated or not, so each user gets a small allowance per kind: a token
bucket of ``count`` requests that refills evenly over ``per`` seconds. A request beyond it is
refused privately (:class:`TooSoon`, saying when to ask again) and changes nothing.

The limits are constants rather than configuration: they bound abuse, not play, and are set well
above what a player does in a game (see :data:`LIMITS`); ``TabletopClient.cooldowns`` can be
given other ones. Memory stays bounded: a bucket that has refilled is the same as no bucket,
so such buckets are dropped every :data:`PRUNE_EVERY` seconds.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from bot.errors import TableError
from i18n.say import Say, marked


@dataclass(frozen=True)
class Limit:
    """At most ``count`` requests at once, the allowance coming back over ``per`` seconds."""

    count: int
    per: float
    #: the refusal when none is left: "{when}" is when to ask again (Discord's relative
    #: timestamp), a whole sentence a kind, so each language words it whole
    refusal: str

    @property
    def rate(self) -> float:
        """Requests regained a second."""
        return self.count / self.per


#: A player looks at the board a few times a turn and pages the log a few pages back; 5 boards
#: or 10 log pages in quick succession, regained over 30 s, never stops that. A replay is the
#: whole game drawn again (seconds of CPU, a large upload in the channel): one a minute each.
LIMITS: dict[str, Limit] = {
    "board": Limit(
        5,
        30.0,
        marked(
            "Not so fast: you can ask for the board again {when} (at most {count} every {per} "
            "seconds each, so the bot stays quick for everyone)."
        ),
    ),
    "log": Limit(
        10,
        30.0,
        marked(
            "Not so fast: you can ask for log pages again {when} (at most {count} every {per} "
            "seconds each, so the bot stays quick for everyone)."
        ),
    ),
    "replay": Limit(
        1,
        60.0,
        marked(
            "Not so fast: you can ask for a replay again {when} (at most {count} every {per} "
            "seconds each, so the bot stays quick for everyone)."
        ),
    ),
}
#: how often (in seconds of the clock) refilled buckets are dropped
PRUNE_EVERY = 300.0


class TooSoon(TableError):
    """A request over the user's allowance: refused, nothing done."""

    def __init__(self, limit: Limit, at: float):
        per = int(limit.per) if float(limit.per).is_integer() else limit.per
        when = f"<t:{math.ceil(at)}:R>"
        super().__init__(Say(limit.refusal, {"when": when, "count": limit.count, "per": per}))
        self.at = at


class Cooldowns:
    """Token buckets by (kind, user id). ``clock`` gives Unix seconds (for Discord's relative
    timestamps in the refusal); tests hand in their own."""

    def __init__(
        self,
        limits: Mapping[str, Limit] = LIMITS,
        *,
        now: Callable[[], float] = time.time,
        prune_every: float = PRUNE_EVERY,
    ) -> None:
        self.limits = dict(limits)
        self.now = now
        self.prune_every = prune_every
        self._buckets: dict[tuple[str, int], tuple[float, float]] = {}  # tokens, when counted
        self._pruned = now()

    def __len__(self) -> int:
        """How many buckets are kept (users who asked recently, by kind)."""
        return len(self._buckets)

    def take(self, kind: str, user_id: int) -> None:
        """Spend one of ``user_id``'s ``kind`` requests, or raise :class:`TooSoon` (and spend
        nothing) when none is left. A kind without a limit is always allowed."""
        limit = self.limits.get(kind)
        if limit is None:
            return
        now = self.now()
        if now - self._pruned >= self.prune_every:
            self.prune(now)
        tokens = self._tokens(kind, limit, user_id, now)
        if tokens < 1:
            raise TooSoon(limit, now + (1 - tokens) / limit.rate)
        self._buckets[(kind, user_id)] = (tokens - 1, now)

    def prune(self, now: float | None = None) -> None:
        """Drop every bucket that has refilled (it allows exactly what no bucket allows)."""
        now = self.now() if now is None else now
        self._pruned = now
        for key in [k for k in self._buckets if self._full(k, now)]:
            del self._buckets[key]

    def _tokens(self, kind: str, limit: Limit, user_id: int, now: float) -> float:
        kept = self._buckets.get((kind, user_id))
        if kept is None:
            return float(limit.count)
        tokens, then = kept
        return min(float(limit.count), tokens + max(0.0, now - then) * limit.rate)

    def _full(self, key: tuple[str, int], now: float) -> bool:
        limit = self.limits[key[0]]
        return self._tokens(key[0], limit, key[1], now) >= limit.count
