"""The spectator pages: a token opens one game's public page; nothing else gets in."""

from __future__ import annotations

import re

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.simulate import CHANNEL, DB_NAME, simulate
from bot.watch import WatchSettings, links
from bot.watch.server import WatchServer
from storage import Store


@pytest.fixture
async def watched(tmp_path):
    """A finished game of Cemetery Creatures (players draw cards privately)."""
    await simulate("cemetery", players=2, seed=4, out=tmp_path, images=False)
    path = tmp_path / DB_NAME
    store = await Store.open(path)
    game_id = (await store.latest_game(CHANNEL)).id
    await store.close()
    server = WatchServer(WatchSettings(db_path=path, base_url="http://example.test"))
    await server.start()
    client = TestClient(TestServer(server.app()))
    await client.start_server()
    yield client, path, game_id
    await client.close()
    await server.stop()


async def test_a_game_keeps_one_unguessable_token(watched):
    _, path, game_id = watched
    token = await links.token_for(path, game_id)
    assert await links.token_for(path, game_id) == token
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", token)  # 16 random bytes
    assert await links.game_of(path, token) == game_id


async def test_the_page_and_its_data_open_with_the_token(watched):
    client, path, game_id = watched
    token = await links.token_for(path, game_id)
    page = await client.get(f"/watch/{token}")
    assert page.status == 200 and "<title>" in await page.text()
    data = await (await client.get(f"/watch/{token}/game.json")).json()
    assert data["status"] == "finished" and data["complete"]
    assert data["players"] == ["Ada", "Bruno"]
    store = await Store.open(path)
    moves = await store.moves(game_id)
    await store.close()
    assert len(data["log"]) == len(moves)
    assert len(data["turns"]) == len([m for m in moves if m.kind in ("start", "move")])
    board = await client.get(f"/watch/{token}/board/0.png")
    assert board.status == 200 and (await board.read())[:4] == b"\x89PNG"
    assert (await client.get(f"/watch/{token}/board/latest.png")).status == 200


@pytest.mark.parametrize(
    "path",
    [
        "/watch/AAAAAAAAAAAAAAAAAAAAAA",
        "/watch/AAAAAAAAAAAAAAAAAAAAAA/game.json",
        "/watch/AAAAAAAAAAAAAAAAAAAAAA/board/0.png",
        "/watch/1/game.json",  # a game id is not a token
        "/watch/..%2F..%2Fetc/game.json",
    ],
)
async def test_a_wrong_token_opens_nothing(watched, path):
    client, _, _ = watched
    assert (await client.get(path)).status == 404


async def test_the_page_shows_no_private_event(watched):
    client, path, game_id = watched
    token = await links.token_for(path, game_id)
    store = await Store.open(path)
    moves = await store.moves(game_id)
    await store.close()
    private = [
        e["text"] for m in moves for e in m.events if e.get("private_to") is not None and e["text"]
    ]
    assert private, "cemetery tells a player privately what they draw"
    body = await (await client.get(f"/watch/{token}/game.json")).text()
    assert not [t for t in private if t in body]


async def test_a_turn_past_the_end_is_not_found(watched):
    client, path, game_id = watched
    token = await links.token_for(path, game_id)
    data = await (await client.get(f"/watch/{token}/game.json")).json()
    assert (await client.get(f"/watch/{token}/board/{len(data['turns'])}.png")).status == 404


async def test_each_board_is_the_public_board_the_channel_was_shown(tmp_path):
    await simulate("anatomy_park", players=2, seed=3, out=tmp_path, max_moves=3)
    path = tmp_path / DB_NAME
    store = await Store.open(path)
    game_id = (await store.latest_game(CHANNEL)).id
    await store.close()
    server = WatchServer(WatchSettings(db_path=path, base_url="http://example.test"))
    await server.start()
    client = TestClient(TestServer(server.app()))
    await client.start_server()
    try:
        token = await links.token_for(path, game_id)
        for n in range(4):
            served = await (await client.get(f"/watch/{token}/board/{n}.png")).read()
            assert served == (tmp_path / f"move-{n:04d}.png").read_bytes(), n
    finally:
        await client.close()
        await server.stop()
