"""A store with finished games written straight into it, and the ratings kept beside it."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ratings.service import Ratings
from storage import Store
from storage.ratings import RatingStore
from storage.rows import MoveEntry, SeatRow

GUILD = 500


@pytest.fixture
async def store(db_location):
    store = await Store.open(db_location, now=1.0)
    yield store
    await store.close()


@pytest.fixture
async def rating_store(store):
    ratings = await RatingStore.open(store.path)
    yield ratings
    await ratings.close()


@pytest.fixture
def ratings(rating_store):
    return Ratings(rating_store, now=lambda: 5.0)


async def ended(
    store: Store,
    players: list[tuple[int, str]],
    *,
    winners: list[str],
    scores: dict[str, float] | None = None,
    out: tuple[int, ...] = (),
    status: str = "finished",
    at: float = 100.0,
    guild: int | None = GUILD,
    engine: str = "toy",
    channel: int | None = None,
) -> int:
    """A game of ``players`` (user id, name) ended at ``at``: finished with this result, or
    aborted; the users in ``out`` conceded or were removed. Its id."""
    seats = [SeatRow(i, user, name) for i, (user, name) in enumerate(players)]
    game = await store.create_game(
        guild_id=guild,
        channel_id=channel if channel is not None else int(at * 1000) + players[0][0],
        engine=engine,
        host_id=players[0][0],
        options={},
        seed=1,
        now=at - 10,
        seats=seats,
        entry=MoveEntry("new"),
    )
    result: dict[str, Any] | None = (
        {"winners": winners, "scores": scores or {}, "reason": "over"}
        if status == "finished"
        else None
    )
    final = [SeatRow(s.seat, s.user_id, s.name, {}, s.user_id not in out) for s in seats]
    await store.save(
        game.id,
        game.version,
        now=at,
        entry=MoveEntry("move"),
        status=status,
        state="{}",
        result=result,
        seats=final,
    )
    return game.id
