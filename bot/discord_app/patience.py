"""Discord's 429s waited out however many come in a row.

discord.py waits out a 429 and sends the request again, but five times at most; then it
raises. In a burst at Discord's global limit every request in flight is refused at once and
each retries after the same wait, so one request can meet five refusals, and the turn message
it carried would never be shown (the move itself is saved). A refused request did nothing
(Discord's rule), so sending it again can neither lose nor double anything. Interaction
answers go through discord.py's webhook adapter and are not globally limited.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord.http import HTTPClient, Route

log = logging.getLogger(__name__)

#: rounds of discord.py's own five tries before a refusal stands
ROUNDS = 6


def retry_after(exc: discord.HTTPException) -> float:
    """The wait Discord names in a 429's ``Retry-After`` (whole seconds), else one second."""
    try:
        return max(float(exc.response.headers.get("Retry-After", 1.0)), 0.0)
    except (AttributeError, ValueError):
        return 1.0


def install(http: HTTPClient) -> None:
    """Make ``http.request`` send a request again after discord.py gave up on its 429s."""
    request = http.request

    async def patiently(
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Any = None,
        **kwargs: Any,
    ) -> Any:
        for _ in range(ROUNDS - 1):
            try:
                return await request(route, files=files, form=form, **kwargs)
            except discord.HTTPException as exc:
                if exc.status != 429:
                    raise
                wait = retry_after(exc)
                log.info(
                    "%s %s still rate limited; again in %.1f s", route.method, route.path, wait
                )
                await asyncio.sleep(wait)
                for f in files or ():
                    f.reset()  # discord.py rewinds a file only from its own second try on
        return await request(route, files=files, form=form, **kwargs)

    http.request = patiently  # type: ignore[method-assign]
