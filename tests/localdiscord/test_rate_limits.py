"""Discord's rate limits in the local Discord (its "Rate Limits" topic), one behaviour per test,
over raw HTTP as a bot would send it; the last test checks discord.py waits on them."""

from __future__ import annotations

import asyncio
import time

import pytest
from discord.http import HTTPClient, Route

from localdiscord.patch import point_discord_at
from localdiscord.ratelimits import Limits, Window
from localdiscord.server import LocalDiscord
from tests.localdiscord.rest import callback, interaction, send_raw

#: long windows, so nothing resets while a test runs unless it waits on purpose
SLOW = Window(2, 60.0)
HEADERS = (
    "X-RateLimit-Limit",
    "X-RateLimit-Remaining",
    "X-RateLimit-Reset",
    "X-RateLimit-Reset-After",
    "X-RateLimit-Bucket",
)


def world(limits: Limits) -> LocalDiscord:
    server = LocalDiscord(rate_limits=limits).start()
    server.ada = server.add_user("Ada")
    server.chan = server.add_channel("games")
    return server


@pytest.fixture()
def server():
    s = world(Limits(global_limit=1000, routes={"messages.post": SLOW}))
    yield s
    s.stop()


def post(server: LocalDiscord, channel_id: int | None = None):
    return send_raw(
        server, "POST", f"channels/{channel_id or server.chan.id}/messages", {"content": "hi"}
    )


def test_an_answer_on_a_limited_route_carries_the_rate_limit_headers(server):
    status, _, headers = post(server)
    assert status == 200
    assert [headers.get(h) is not None for h in HEADERS] == [True] * len(HEADERS)
    assert (headers["X-RateLimit-Limit"], headers["X-RateLimit-Remaining"]) == ("2", "1")
    assert 0 < float(headers["X-RateLimit-Reset-After"]) <= 60
    assert abs(float(headers["X-RateLimit-Reset"]) - time.time() - 60) < 5


def test_every_answer_comes_through_googles_front_end_as_discords_do(server):
    """discord.py reads a 429 without ``Via`` as a Cloudflare ban and gives up."""
    assert post(server)[2].get("Via") == "1.1 google"


def test_a_request_over_its_routes_bucket_is_answered_429_for_that_route(server):
    post(server), post(server)
    status, body, headers = post(server)
    assert status == 429
    assert body is not None
    assert (body["message"], body["global"]) == ("You are being rate limited.", False)
    assert 0 < body["retry_after"] <= 60
    assert headers["Retry-After"] == str(int(-(-body["retry_after"] // 1)))
    assert (headers["X-RateLimit-Scope"], headers["X-RateLimit-Remaining"]) == ("user", "0")
    assert headers.get("X-RateLimit-Global") is None


def test_a_rate_limited_request_does_nothing(server):
    post(server), post(server)
    post(server)
    assert len(server.channel_messages(server.chan.id)) == 2


def test_each_channel_has_its_own_bucket(server):
    other = server.add_channel("other")
    post(server), post(server)
    status, _, headers = post(server, other.id)
    assert (status, headers["X-RateLimit-Remaining"]) == (200, "1")


def test_posts_and_edits_are_different_buckets(server):
    _, message, _ = post(server)
    post(server)
    assert message is not None
    status, _, headers = send_raw(
        server, "PATCH", f"channels/{server.chan.id}/messages/{message['id']}", {"content": "x"}
    )
    assert status == 200
    assert headers["X-RateLimit-Bucket"] != post(server)[2]["X-RateLimit-Bucket"]


def test_a_bucket_resets_after_its_window():
    server = world(Limits(routes={"messages.post": Window(1, 0.3)}))
    try:
        post(server)
        assert post(server)[0] == 429
        time.sleep(0.4)
        status, _, headers = post(server)
        assert (status, headers["X-RateLimit-Remaining"]) == (200, "0")
    finally:
        server.stop()


@pytest.fixture()
def tight():
    """A global limit of two requests a minute; routes far from theirs."""
    s = world(Limits(global_limit=2, global_per=60.0))
    yield s
    s.stop()


def test_a_request_over_the_global_limit_is_answered_429_globally(tight):
    other = tight.add_channel("other")
    post(tight), post(tight)
    status, body, headers = post(tight, other.id)
    assert status == 429
    assert body is not None and body["global"] is True
    assert (headers["X-RateLimit-Global"], headers["X-RateLimit-Scope"]) == ("true", "global")
    assert 0 < float(headers["Retry-After"]) <= 60


def test_interaction_callbacks_and_their_webhook_are_not_globally_limited(tight):
    post(tight), post(tight)
    record = interaction(tight)
    assert callback(tight, record, {"type": 5})[0] == 200
    app = tight.state.application_id
    status, _, _ = send_raw(tight, "POST", f"webhooks/{app}/{record.token}", {"content": "done"})
    assert status == 200
    status, _, _ = send_raw(
        tight, "PATCH", f"webhooks/{app}/{record.token}/messages/@original", {"content": "ok"}
    )
    assert status == 200


def test_the_record_tells_which_requests_counted_against_the_global_limit(tight):
    post(tight)
    record = interaction(tight)
    callback(tight, record, {"type": 5})
    app = tight.state.application_id
    send_raw(tight, "POST", f"webhooks/{app}/{record.token}", {"content": "done"})
    counted = tight.call(lambda: [(r.method, r.global_limited) for r in tight.state.requests])
    assert counted == [("POST", True), ("POST", False), ("POST", False)]


def test_discord_py_waits_for_an_empty_bucket_instead_of_failing():
    """discord.py reads the headers: after ``Remaining: 0`` it holds the next request until the
    bucket resets, and a 429 is waited out and retried."""
    server = world(Limits(routes={"messages.post": Window(2, 0.5)}))
    point_discord_at(server.api_base, server.gateway_url)

    async def six_posts() -> None:
        http = HTTPClient(asyncio.get_running_loop())
        await http.static_login(server.state.token)
        try:
            route = Route("POST", "/channels/{channel_id}/messages", channel_id=server.chan.id)
            await asyncio.gather(*(http.request(route, json={"content": str(n)}) for n in range(6)))
        finally:
            await http.close()

    try:
        asyncio.run(six_posts())
        assert len(server.channel_messages(server.chan.id)) == 6
    finally:
        server.stop()


def test_discord_py_waits_out_a_global_429_and_retries():
    server = world(Limits(global_limit=3, global_per=0.5))
    point_discord_at(server.api_base, server.gateway_url)
    channels = [server.add_channel(f"c{n}") for n in range(6)]

    async def one_post_each() -> None:
        http = HTTPClient(asyncio.get_running_loop())
        await http.static_login(server.state.token)
        try:
            await asyncio.gather(
                *(
                    http.request(
                        Route("POST", "/channels/{channel_id}/messages", channel_id=c.id),
                        json={"content": "hi"},
                    )
                    for c in channels
                )
            )
        finally:
            await http.close()

    try:
        asyncio.run(one_post_each())
        statuses = server.call(lambda: [r.status for r in server.state.requests])
        assert 429 in statuses
        assert all(len(server.channel_messages(c.id)) == 1 for c in channels)
    finally:
        server.stop()
