"""The spectator page promises no user ids: every host power, vote, stand-in and nudge names
people by their seat (or a seatless moderator by display name), and older log lines that still
hold a Discord mention are read out in words."""

from __future__ import annotations

import re

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.watch.server import WatchServer
from tests.clock.conftest import HOUR, FakeTime, Notifier, World

#: a Discord snowflake (a user, role, channel or guild id) written out
SNOWFLAKE = re.compile(rb"(?<![0-9])[0-9]{17,20}(?![0-9])")
GUILD, CHANNEL = 700_000_000_000_000_001, 700_000_000_000_000_010
ADA, BO, CY, DI = (800_000_000_000_000_001 + i for i in range(4))
MOD = 800_000_000_000_000_099  # a moderator with no seat
NAMES = {ADA: "Ada", BO: "Bo", CY: "Cy", DI: "Di"}


@pytest.fixture
async def world(tmp_path):
    w = await World(tmp_path / "t.sqlite3", FakeTime(), Notifier()).open()
    yield w
    await w.close()


@pytest.fixture
async def pages(world):
    client = TestClient(TestServer(WatchServer(world.table).app()))
    await client.start_server()
    yield client
    await client.close()
    await world.table.close_watching()


async def four_players(world) -> int:
    """A game of the toy engine with snowflake user ids, Ada hosting; its id."""
    game = await world.table.new_game(
        guild_id=GUILD, channel_id=CHANNEL, user_id=ADA, user_name="Ada", engine="toy", seed=7
    )
    await world.service.deadlines.configure(game.id, turn_seconds=24 * 3600)
    for user in (BO, CY, DI):
        await world.table.join(channel_id=CHANNEL, user_id=user, user_name=NAMES[user])
    await world.table.start(channel_id=CHANNEL, user_id=ADA)
    return game.id


async def every_response(client, token: str) -> list[bytes]:
    """The body of every route of the game's page: the page, its data, every board and the
    latest (the page is its only static file)."""
    bodies = [await (await client.get(f"/watch/{token}")).read()]
    data = await client.get(f"/watch/{token}/game.json")
    bodies.append(await data.read())
    turns = len((await data.json())["turns"])
    for n in [*range(turns), "latest"]:
        board = await client.get(f"/watch/{token}/board/{n}.png")
        assert board.status == 200
        bodies.append(await board.read())
    return bodies


async def test_no_watch_page_response_of_a_game_full_of_host_actions_holds_a_user_id(world, pages):
    game_id = await four_players(world)
    host = {"channel_id": CHANNEL, "can_manage": False}
    service = world.service
    await service.host.pause(channel_id=CHANNEL, user_id=MOD, can_manage=True, by_name="Mod Mia")
    await service.host.resume(**host, user_id=ADA)
    await service.host.set_clock(**host, user_id=ADA, turn_seconds=24 * 3600, missed_limit=1)
    await service.reminders.nudge(channel_id=CHANNEL, user_id=BO)
    await world.after(24 * HOUR)  # Ada's stand-in plays; a vote about her opens
    await service.votes.vote(channel_id=CHANNEL, user_id=BO, target_id=ADA, choice="kick")
    await service.votes.vote(channel_id=CHANNEL, user_id=CY, target_id=ADA, choice="kick")
    await service.host.hand_over(**host, user_id=BO, target_id=CY)
    await service.host.kick(**host, user_id=CY, target_id=DI)
    while (await world.table.game_by_id(game_id)).status == "running":
        [user] = await world.waiting(CHANNEL)
        await world.move(user, "take:1", CHANNEL)
    kinds = {m.kind for m in await world.store.moves(game_id)}
    assert {"host", "standin", "vote", "concede"} <= kinds

    token = await world.table.watch_token(game_id)
    data = await (await pages.get(f"/watch/{token}/game.json")).json()
    assert data["status"] == "finished" and data["complete"]
    for body in await every_response(pages, token):
        assert SNOWFLAKE.findall(body) == []


async def test_the_log_names_who_used_a_host_power_by_seat_or_display_name(world):
    await four_players(world)
    await world.service.host.pause(
        channel_id=CHANNEL, user_id=MOD, can_manage=True, by_name="Mod Mia"
    )
    await world.service.host.resume(channel_id=CHANNEL, user_id=ADA, can_manage=False)
    log = await world.table.log(channel_id=CHANNEL, limit=2)
    assert log[0].endswith("⏸️ Mod Mia paused the clock.")
    assert log[1].endswith("▶️ Ada resumed the clock.")


async def test_an_old_log_line_with_mentions_is_read_out_in_words_on_the_page(world, pages):
    game_id = await four_players(world)
    old = f"⏸️ <@{MOD}> paused the clock; <@!{BO}> and <@&{GUILD}> were told in <#{CHANNEL}>."
    await world.table.note(game_id=game_id, kind="host", user_id=MOD, text=old)
    token = await world.table.watch_token(game_id)
    data = await (await pages.get(f"/watch/{token}/game.json")).json()
    assert data["log"][-1].endswith(
        "⏸️ someone paused the clock; Bo and a role were told in a channel."
    )
    assert SNOWFLAKE.findall(await (await pages.get(f"/watch/{token}/game.json")).read()) == []
