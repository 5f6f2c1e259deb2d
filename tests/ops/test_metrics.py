"""What ``/metrics`` counts, each at the place the bot does it: moves (made, refused by kind)
and their latency, drawn images, database round trips, Discord's requests by route template
and status with rate-limit waits, errors logged, the event loop's lag and the live games. Label
values are kinds, never ids."""

from __future__ import annotations

import asyncio
import json
import logging
import re

import discord
import pytest
from aiohttp import web
from discord.http import Route
from prometheus_client.parser import text_string_to_metric_families

from bot.errors import NoGame, NotYourTurn
from bot.ops import discord_http, server
from bot.ops.health import Health
from bot.ops.metrics import OFF, ErrorCounter
from bot.ops.prometheus import PrometheusMetrics
from bot.table import Table
from localdiscord.patch import pointed_at
from storage import Store
from tests.ops.serving import get, listening, served

GUILD, CHANNEL, OTHER_CHANNEL = 934857293847592837, 834759283475928374, 734592834759283745
ADA, BO = 634592834759283741, 534592834759283742
#: a Discord id's size: 17 to 20 digits (not the fraction of a sample's value)
SNOWFLAKE = re.compile(r"(?<![0-9.])[0-9]{17,20}(?![0-9])")


def value(metrics: PrometheusMetrics, sample: str, **labels: str) -> float:
    """One sample's value (0 when absent), as a scraper would read it."""
    found = metrics.registry.get_sample_value(sample, labels)
    return found or 0.0


@pytest.fixture
async def table(tmp_path):
    store = await Store.open(tmp_path / "db.sqlite")
    table = Table(store)
    table.metrics = table.renderer.metrics = PrometheusMetrics()
    yield table
    await store.close()


async def running(table: Table) -> None:
    await table.new_game(
        guild_id=GUILD, channel_id=CHANNEL, user_id=ADA, user_name="Ada", engine="toy", seed=5
    )
    await table.join(channel_id=CHANNEL, user_id=BO, user_name="Bo")
    await table.start(channel_id=CHANNEL, user_id=ADA)


async def test_a_made_move_is_counted_and_timed_by_its_game(table):
    await running(table)
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:2")
    assert value(table.metrics, "tabletop_moves_total", game="toy", outcome="made") == 1
    assert value(table.metrics, "tabletop_move_seconds_count", game="toy") == 1


async def test_a_refused_move_is_counted_by_the_kind_of_refusal(table):
    await running(table)
    with pytest.raises(NotYourTurn):
        await table.act(channel_id=CHANNEL, user_id=BO, action_id="take:2")
    with pytest.raises(NoGame):
        await table.act(channel_id=OTHER_CHANNEL, user_id=BO, action_id="take:2")
    assert value(table.metrics, "tabletop_moves_total", game="toy", outcome="NotYourTurn") == 1
    assert value(table.metrics, "tabletop_moves_total", game="none", outcome="NoGame") == 1
    assert value(table.metrics, "tabletop_moves_total", game="toy", outcome="made") == 0


async def test_every_board_drawn_is_counted_and_timed(table):
    await running(table)  # the opening board
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:2")
    assert value(table.metrics, "tabletop_renders_total", kind="board", result="ok") == 2
    assert value(table.metrics, "tabletop_render_seconds_count", kind="board") == 2


async def test_every_round_trip_to_the_database_is_counted(table):
    await running(table)
    table.store.measure_trips(table.metrics.trips("game"))
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:2")
    trips = value(table.metrics, "tabletop_db_round_trip_seconds_count", store="game")
    assert trips >= 2  # a move loads its game and saves it, at least


async def test_the_live_games_are_counted_from_the_database_at_each_scrape(table):
    health = Health(live={}, ready={})
    async with served(health, table.metrics, table.store.running_counts) as base:
        before = (await get(base + "/metrics"))[1]
        await running(table)
        after = (await get(base + "/metrics"))[1]
    assert 'tabletop_live_games{game="toy"}' not in before
    assert 'tabletop_live_games{game="toy"} 1.0' in after


async def test_no_label_of_the_endpoint_carries_a_discord_id(table):
    await running(table)
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:2")
    with pytest.raises(NotYourTurn):
        await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    text = table.metrics.text().decode()
    assert 'outcome="made"' in text
    assert SNOWFLAKE.findall(text) == []


def test_lines_logged_at_error_are_counted_by_their_logger():
    metrics = PrometheusMetrics()
    counter = ErrorCounter(metrics)
    logger = logging.getLogger("tabletop.table")
    logger.addHandler(counter)
    try:
        logger.error("a note source failed for game %s", 12)
        logger.warning("only a warning")
    finally:
        logger.removeHandler(counter)
    assert value(metrics, "tabletop_errors_total", kind="tabletop.table") == 1


async def test_the_event_loop_lag_is_measured_while_the_endpoint_is_served(monkeypatch):
    monkeypatch.setattr(server, "LAG_EVERY", 0.01)
    metrics = PrometheusMetrics()
    async with served(Health(live={}, ready={}), metrics):
        for _ in range(500):
            if value(metrics, "tabletop_event_loop_lag_seconds_count"):
                break
            await asyncio.sleep(0.01)
    assert value(metrics, "tabletop_event_loop_lag_seconds_count") >= 1


def test_two_bots_in_one_process_count_apart():
    first, second = PrometheusMetrics(), PrometheusMetrics()
    first.standin("toy")
    assert value(first, "tabletop_standins_total", game="toy") == 1
    assert value(second, "tabletop_standins_total", game="toy") == 0


def test_with_metrics_off_nothing_is_counted_and_no_connection_is_told():
    assert not OFF.enabled
    assert OFF.trips("game") is None


def _json(body: dict, status: int = 200, headers: dict | None = None) -> web.Response:
    """JSON as Discord sends it (discord.py reads a body as JSON only under exactly this type)."""
    return web.Response(
        body=json.dumps(body).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


class LimitedDiscord:
    """A stand-in for Discord's REST API that answers a channel's first message with a 429
    (as Discord does, through its proxy: a ``Via`` header and a JSON body), then accepts."""

    def __init__(self):
        self.posts = 0

    async def me(self, _request: web.Request) -> web.Response:
        return _json({"id": str(ADA), "username": "bot", "discriminator": "0"})

    async def post(self, _request: web.Request) -> web.Response:
        self.posts += 1
        if self.posts == 1:
            body = {"message": "You are being rate limited.", "retry_after": 0.2, "global": False}
            return _json(body, status=429, headers={"Via": "1.1 google"})
        return _json({})


async def test_discord_requests_are_counted_by_route_template_and_status_with_rate_limit_waits():
    fake = LimitedDiscord()
    app = web.Application()
    app.router.add_get("/api/v10/users/@me", fake.me)
    app.router.add_post("/api/v10/channels/{channel_id}/messages", fake.post)
    runner = web.AppRunner(app)
    await runner.setup()
    sock = listening()
    await web.SockSite(runner, sock).start()
    base = f"http://127.0.0.1:{sock.getsockname()[1]}/api/v10"
    metrics = PrometheusMetrics()
    client = discord.Client(intents=discord.Intents.none())
    discord_http.instrument(client, metrics)
    try:
        with pointed_at(base, "ws://127.0.0.1:9/gateway"):
            await client.http.static_login("token")
            route = Route("POST", "/channels/{channel_id}/messages", channel_id=CHANNEL)
            await client.http.request(route, json={"content": "hello"})
    finally:
        await client.http.close()
        await runner.cleanup()
        sock.close()
    posted = "POST /channels/{channel_id}/messages"
    assert value(metrics, "tabletop_discord_requests_total", route=posted, status="429") == 1
    assert value(metrics, "tabletop_discord_requests_total", route=posted, status="200") == 1
    assert value(metrics, "tabletop_discord_requests_total", route="GET /users/@me", status="200")
    assert value(metrics, "tabletop_discord_ratelimit_waits_total", route=posted) == 1
    assert value(metrics, "tabletop_discord_ratelimit_wait_seconds_total", route=posted) >= 0.2
    families = {f.name for f in text_string_to_metric_families(metrics.text().decode())}
    assert "tabletop_discord_requests" in families
    assert SNOWFLAKE.findall(metrics.text().decode()) == []
