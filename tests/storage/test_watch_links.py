"""The spectator pages' tokens: a game's first token is its token for good."""

from __future__ import annotations

from storage import Store
from storage.watch_links import WatchLinks
from tests.storage.test_store import new_game


async def _links(location, games: int = 7) -> WatchLinks:
    store = await Store.open(location)  # the migrations made the table
    for channel in range(games):  # games 1 to 7 (PostgreSQL keeps the link's foreign key)
        await new_game(store, channel_id=channel)
    await store.close()
    return await WatchLinks.open(location)


async def test_the_first_token_a_game_gets_stays_its_token(db_location):
    links = await _links(db_location)
    try:
        assert await links.token(7, new="first-token-aaaaaaaa", now=1.0) == "first-token-aaaaaaaa"
        assert await links.token(7, new="other-token-bbbbbbbb", now=2.0) == "first-token-aaaaaaaa"
        assert await links.game_of("first-token-aaaaaaaa") == 7
        assert await links.game_of("other-token-bbbbbbbb") is None
    finally:
        await links.close()


async def test_tokens_survive_a_restart(db_location):
    links = await _links(db_location)
    await links.token(3, new="kept-token-cccccccccc", now=1.0)
    await links.close()
    await links.close()  # a second close does nothing
    again = await WatchLinks.open(db_location)
    try:
        assert await again.game_of("kept-token-cccccccccc") == 3
    finally:
        await again.close()
