"""The spectator pages' tokens: a game's first token is its token for good."""

from __future__ import annotations

from storage import Store
from storage.watch_links import WatchLinks


async def _links(tmp_path) -> WatchLinks:
    await (await Store.open(tmp_path / "t.sqlite3")).close()  # the migrations made the table
    return await WatchLinks.open(tmp_path / "t.sqlite3")


async def test_the_first_token_a_game_gets_stays_its_token(tmp_path):
    links = await _links(tmp_path)
    try:
        assert await links.token(7, new="first-token-aaaaaaaa", now=1.0) == "first-token-aaaaaaaa"
        assert await links.token(7, new="other-token-bbbbbbbb", now=2.0) == "first-token-aaaaaaaa"
        assert await links.game_of("first-token-aaaaaaaa") == 7
        assert await links.game_of("other-token-bbbbbbbb") is None
    finally:
        await links.close()


async def test_tokens_survive_a_restart(tmp_path):
    links = await _links(tmp_path)
    await links.token(3, new="kept-token-cccccccccc", now=1.0)
    await links.close()
    await links.close()  # a second close does nothing
    again = await WatchLinks.open(tmp_path / "t.sqlite3")
    try:
        assert await again.game_of("kept-token-cccccccccc") == 3
    finally:
        await again.close()
