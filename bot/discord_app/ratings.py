"""The ratings wired to the client: their tables opened beside the table's store, a listener
that rates each game as it finishes, and the backfill at start (the catch-up of
:class:`bot.ratings.service.Ratings`), run by shard 0's process alone, in the background, so
start-up does not wait for it."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bot.discord_app import shards
from bot.logsafe import failure
from bot.ratings.service import Ratings
from storage.ratings import RatingStore

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

log = logging.getLogger(__name__)


async def build(client: TabletopClient) -> Ratings:
    """The client's ratings, listening to its table; the backfill started (shard 0 only)."""
    ratings = Ratings(await RatingStore.open(client.table.store.path), now=client.table.now)
    client.table.subscribe(ratings.on_change)
    if shards.syncs_commands(client.own_shards):
        client.ratings_backfill = asyncio.create_task(_backfill(ratings))
    return ratings


async def _backfill(ratings: Ratings) -> None:
    try:
        await ratings.catch_up()
    except Exception as exc:  # the next start tries again: nothing is rated twice
        log.error("the ratings' catch-up stopped: %s", failure(exc))


async def stop(client: TabletopClient) -> None:
    """Stop the backfill and close the ratings' connection (at shutdown, before the store)."""
    task, client.ratings_backfill = client.ratings_backfill, None
    if task is not None and not task.done():
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    if client.ratings is not None:
        client.table.unsubscribe(client.ratings.on_change)
        await client.ratings.store.close()
        client.ratings = None


def ratings_of(client: TabletopClient) -> Ratings:
    """The client's ratings (built in ``setup_hook``)."""
    if client.ratings is None:
        raise RuntimeError("the ratings are opened in setup_hook, before any command")
    return client.ratings
