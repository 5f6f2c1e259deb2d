"""The spectator pages: a token opens one game's public page; nothing else gets in."""

from __future__ import annotations

import re

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.errors import NoGame
from bot.simulate import CHANNEL, DB_NAME, simulate
from bot.table import Table
from bot.watch.server import WatchServer
from storage import Store


@pytest.fixture
async def watched(tmp_path):
    """A finished game of Cemetery Creatures (players draw cards privately), its table, and a
    client of the pages served with that table."""
    await simulate("cemetery", players=2, seed=4, out=tmp_path, images=False)
    store = await Store.open(tmp_path / DB_NAME)
    table = Table(store, render=False)
    game_id = (await table.game(channel_id=CHANNEL)).id
    client = TestClient(TestServer(WatchServer(table).app()))
    await client.start_server()
    yield client, table, game_id
    await client.close()
    await table.close_watching()
    await store.close()


async def test_a_game_keeps_one_unguessable_token(watched):
    _, table, game_id = watched
    token = await table.watch_token(game_id)
    assert await table.watch_token(game_id) == token
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", token)  # 16 random bytes
    assert (await table.game_for_token(token)).id == game_id


async def test_a_game_that_does_not_exist_gets_no_token(watched):
    _, table, game_id = watched
    with pytest.raises(NoGame):
        await table.watch_token(game_id + 1)


async def test_the_page_and_its_data_open_with_the_token(watched):
    client, table, game_id = watched
    token = await table.watch_token(game_id)
    page = await client.get(f"/watch/{token}")
    assert page.status == 200 and "<title>" in await page.text()
    data = await (await client.get(f"/watch/{token}/game.json")).json()
    assert data["status"] == "finished" and data["complete"]
    assert data["players"] == ["Ada", "Bruno"]
    moves = await table.store.moves(game_id)
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
    client, table, game_id = watched
    await table.watch_token(game_id)  # a link exists, just not this one
    assert (await client.get(path)).status == 404


async def test_the_page_shows_no_private_event(watched):
    client, table, game_id = watched
    token = await table.watch_token(game_id)
    moves = await table.store.moves(game_id)
    private = [
        e["text"] for m in moves for e in m.events if e.get("private_to") is not None and e["text"]
    ]
    assert private, "cemetery tells a player privately what they draw"
    body = await (await client.get(f"/watch/{token}/game.json")).text()
    assert not [t for t in private if t in body]


async def test_the_page_never_names_the_seed(tmp_path):
    """Every roll is public, so the seed would give every hidden card away."""
    store = await Store.open(tmp_path / "t.sqlite3")
    table = Table(store, render=False)
    client = TestClient(TestServer(WatchServer(table).app()))
    await client.start_server()
    try:
        game = await table.new_game(
            guild_id=1, channel_id=CHANNEL, user_id=1, user_name="Ada", engine="toy"
        )
        await table.join(channel_id=CHANNEL, user_id=2, user_name="Bruno")
        await table.start(channel_id=CHANNEL, user_id=1)
        token = await table.watch_token(game.id)
        body = await (await client.get(f"/watch/{token}/game.json")).text()
        assert game.seed.bit_length() > 64 and str(game.seed) not in body
        assert "seed" not in body.lower()
        assert not hasattr(await table.game_for_token(token), "seed")
        assert not hasattr((await table.watched(game.id)).game, "seed")
    finally:
        await client.close()
        await table.close_watching()
        await store.close()


async def test_a_turn_past_the_end_is_not_found(watched):
    client, table, game_id = watched
    token = await table.watch_token(game_id)
    data = await (await client.get(f"/watch/{token}/game.json")).json()
    assert (await client.get(f"/watch/{token}/board/{len(data['turns'])}.png")).status == 404


async def test_each_board_is_the_public_board_the_channel_was_shown(tmp_path):
    await simulate("anatomy_park", players=2, seed=3, out=tmp_path, max_moves=3)
    store = await Store.open(tmp_path / DB_NAME)
    table = Table(store)
    game_id = (await table.game(channel_id=CHANNEL)).id
    client = TestClient(TestServer(WatchServer(table).app()))
    await client.start_server()
    try:
        token = await table.watch_token(game_id)
        for n in range(4):
            served = await (await client.get(f"/watch/{token}/board/{n}.png")).read()
            assert served == (tmp_path / f"move-{n:04d}.png").read_bytes(), n
    finally:
        await client.close()
        await table.close_watching()
        await store.close()
