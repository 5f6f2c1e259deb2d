"""The local Discord shards as Discord does: IDENTIFY's ``shard`` is checked, each connection
hears only its shard's guilds, ``(guild_id >> 22) % count``, and direct messages belong to
shard 0."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from localdiscord.records import shard_of
from localdiscord.server import LocalDiscord
from tests.localdiscord.rest import send


@pytest.fixture()
def server():
    with LocalDiscord(check_responses=True) as s:
        yield s


class Shard:
    """One raw gateway connection, identified as ``shard`` (or without one if None)."""

    def __init__(self, server: LocalDiscord, shard: list | None):
        self.server, self.shard = server, shard
        self.events: list[dict] = []
        self.close_code: int | None = None

    async def open(self, http: aiohttp.ClientSession) -> Shard:
        self.ws = await http.ws_connect(self.server.gateway_url)
        await self.ws.receive_json()  # hello
        identify: dict = {"token": self.server.state.token, "intents": 1, "properties": {}}
        if self.shard is not None:
            identify["shard"] = self.shard
        await self.ws.send_json({"op": 2, "d": identify})
        return self

    async def read(self, quiet: float = 0.3) -> list[dict]:
        """Every event until the connection has been quiet for ``quiet`` seconds."""
        while True:
            try:
                msg = await self.ws.receive(timeout=quiet)
            except TimeoutError:
                return self.events
            if msg.type != aiohttp.WSMsgType.TEXT:
                self.close_code = self.ws.close_code
                return self.events
            self.events.append(json.loads(msg.data))

    def names(self, event: str) -> list[str]:
        return [e["d"]["id"] if "id" in e["d"] else e["d"] for e in self.events if e["t"] == event]

    def guilds_of(self, event: str) -> set[int]:
        return {int(e["d"]["guild_id"]) for e in self.events if e["t"] == event}


def _two_guilds(server: LocalDiscord) -> tuple[int, int]:
    return (
        server.add_guild("Even", shard=0, shard_count=2),
        server.add_guild("Odd", shard=1, shard_count=2),
    )


async def _connect(server: LocalDiscord, *shards: list | None) -> list[Shard]:
    http = aiohttp.ClientSession()
    try:
        opened = [await Shard(server, s).open(http) for s in shards]
        for shard in opened:
            await shard.read()
        return opened
    finally:
        await http.close()


def _run(coro):
    return asyncio.run(coro)


def test_a_guild_made_on_a_shard_hashes_to_it(server):
    for count in (2, 3, 5):
        for shard in range(count):
            gid = server.add_guild(f"g{shard}", shard=shard, shard_count=count)
            assert (gid >> 22) % count == shard == shard_of(gid, count)
    assert shard_of(None, 4) == 0  # direct messages: shard 0


@pytest.mark.parametrize("shard", [[2, 2], [0, 0], [-1, 2], [0], ["0", "2"], [True, 2], "0,2"])
def test_identify_with_an_invalid_shard_is_closed_4010(server, shard):
    async def go():
        async with aiohttp.ClientSession() as http:
            conn = await Shard(server, shard).open(http)
            await conn.read()
            await conn.ws.close()
            return conn

    conn = _run(go())
    assert conn.close_code == 4010
    assert not [e for e in conn.events if e["t"] == "READY"]
    assert server.call(lambda: server.state.errors.pop()).startswith(
        "IDENTIFY with an invalid shard"
    )


def test_ready_and_guild_create_list_only_the_connections_shard(server):
    even, odd = _two_guilds(server)
    first = server.state.guild_id

    async def go():
        shards = await _connect(server, [0, 2], [1, 2])
        for s in shards:
            await s.ws.close()
        return shards

    zero, one = _run(go())
    for conn, mine in ((zero, even), (one, odd)):
        ready = next(e["d"] for e in conn.events if e["t"] == "READY")
        listed = {int(g["id"]) for g in ready["guilds"]}
        created = {int(e["d"]["id"]) for e in conn.events if e["t"] == "GUILD_CREATE"}
        expected = {g for g in (first, even, odd) if shard_of(g, 2) == conn.shard[0]}
        assert mine in listed
        assert listed == created == expected
        assert ready["shard"] == conn.shard
    server.wait_until(
        lambda: all(s.ws is None for s in server.gateway.shards.values()), 5, "both shards to close"
    )
    assert server.connected_shards() == []


def test_without_a_shard_one_connection_hears_every_guild(server):
    even, odd = _two_guilds(server)

    async def go():
        (conn,) = await _connect(server, None)
        await conn.ws.close()
        return conn

    conn = _run(go())
    created = {int(e["d"]["id"]) for e in conn.events if e["t"] == "GUILD_CREATE"}
    assert created == {server.state.guild_id, even, odd}
    assert "shard" not in next(e["d"] for e in conn.events if e["t"] == "READY")


def test_interactions_go_only_to_their_guilds_shard(server):
    even, odd = _two_guilds(server)
    users = {g: server.add_user(f"u{g}", guild_id=g) for g in (even, odd)}
    channels = {g: server.add_channel(f"c{g}", guild_id=g) for g in (even, odd)}

    async def go():
        http = aiohttp.ClientSession()
        try:
            shards = [await Shard(server, s).open(http) for s in ([0, 2], [1, 2])]
            for s in shards:
                await s.read()
                s.events.clear()
            for g in (even, odd):
                server.create_interaction(
                    type=2, user=users[g], channel_id=channels[g].id, data={"name": "x"}
                )
            for s in shards:
                await s.read()
                await s.ws.close()
            return shards
        finally:
            await http.close()

    zero, one = _run(go())
    assert zero.guilds_of("INTERACTION_CREATE") == {even}
    assert one.guilds_of("INTERACTION_CREATE") == {odd}
    member = next(e["d"]["member"] for e in one.events if e["t"] == "INTERACTION_CREATE")
    assert member["user"]["id"] == str(users[odd].id)


def test_channel_and_thread_events_go_only_to_their_guilds_shard(server):
    even, odd = _two_guilds(server)

    async def go():
        http = aiohttp.ClientSession()
        try:
            shards = [await Shard(server, s).open(http) for s in ([0, 2], [1, 2])]
            for s in shards:
                await s.read()
                s.events.clear()
            channel = server.add_channel("odd-only", guild_id=odd)
            status, _ = await asyncio.to_thread(
                send,
                server,
                "POST",
                f"channels/{channel.id}/threads",
                {"name": "a thread", "type": 11},
            )
            assert status == 201
            for s in shards:
                await s.read()
                await s.ws.close()
            return shards
        finally:
            await http.close()

    zero, one = _run(go())
    assert [e["t"] for e in zero.events] == []
    assert [e["t"] for e in one.events] == ["CHANNEL_CREATE", "THREAD_CREATE"]
    assert one.guilds_of("THREAD_CREATE") == {odd}


def test_an_interaction_for_a_shard_that_is_down_is_refused(server):
    even, odd = _two_guilds(server)
    user = server.add_user("Ada", guild_id=odd)
    channel = server.add_channel("odd", guild_id=odd)

    async def go():
        (zero,) = await _connect(server, [0, 2])
        try:
            with pytest.raises(RuntimeError, match="shard of guild"):
                server.create_interaction(
                    type=2, user=user, channel_id=channel.id, data={"name": "x"}
                )
        finally:
            await zero.ws.close()

    _run(go())


def test_direct_messages_belong_to_shard_zero(server):
    async def go():
        http = aiohttp.ClientSession()
        try:
            shards = [await Shard(server, s).open(http) for s in ([0, 2], [1, 2])]
            for s in shards:
                await s.read()
            routed = server.call(lambda: [s.shard for s in server.gateway.routed(None)])
            for s in shards:
                await s.ws.close()
            return routed
        finally:
            await http.close()

    assert _run(go()) == [(0, 2)]


def test_gateway_bot_recommends_one_shard_per_thousand_guilds(server):
    status, body = send(server, "GET", "gateway/bot")
    assert (status, body["shards"]) == (200, 1)
    for n in range(1000):
        server.add_guild(f"g{n}")
    status, body = send(server, "GET", "gateway/bot")
    assert body["shards"] == 2
    server.state.recommended_shards = 16
    assert send(server, "GET", "gateway/bot")[1]["shards"] == 16
