"""``/healthz`` (gateway connected, database reachable, render workers alive) and ``/readyz``
(commands synced, recovery done): 200 with a short JSON body when every check passes, 503
naming the checks that failed otherwise. One test per state, each with the real check."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import signal

from bot.discord_app import TabletopClient
from bot.ops import health
from bot.table import Table
from bot.table.renders import ProcessRenderer, ThreadRenderer
from storage import Store
from tests.discord.harness import Harness
from tests.ops.serving import get, passing, served


def _connected(checks: health.Health) -> health.Health:
    """The checks with the gateway taken as connected (no gateway runs in this process; the
    real bot's is checked in tests/e2e/test_ops.py)."""
    return dataclasses.replace(checks, live={**checks.live, "gateway": passing})


async def _answer(base: str, path: str) -> tuple[int, dict]:
    status, text = await get(base + path)
    return status, json.loads(text)


async def test_healthz_is_200_when_the_gateway_database_and_workers_are_fine(tmp_path):
    async with Harness.open(tmp_path / "db.sqlite") as h:
        checks = _connected(health.of_client(h.client, h.store, ThreadRenderer()))
        async with served(checks) as base:
            status, body = await _answer(base, "/healthz")
    assert status == 200
    assert body["status"] == "ok"
    assert body["checks"] == {"gateway": True, "database": True, "render_workers": True}


async def test_healthz_is_503_naming_the_database_when_it_cannot_be_reached(tmp_path):
    async with Harness.open(tmp_path / "db.sqlite") as h:
        gone = await Store.open(tmp_path / "other.sqlite")
        await gone.close()  # a connection that no longer answers
        checks = _connected(health.of_client(h.client, gone, ThreadRenderer()))
        async with served(checks) as base:
            status, body = await _answer(base, "/healthz")
    assert status == 503
    assert body["failed"] == ["database"]


async def test_healthz_is_503_naming_the_gateway_when_it_is_not_connected(tmp_path):
    store = await Store.open(tmp_path / "db.sqlite")
    try:
        client = TabletopClient(Table(store))  # made, never connected
        assert not health.gateway_connected(client)
        async with served(health.of_client(client, store, ThreadRenderer())) as base:
            status, body = await _answer(base, "/healthz")
        await client.close()
    finally:
        await store.close()
    assert status == 503
    assert body["failed"] == ["gateway"]


async def test_healthz_is_503_naming_the_render_workers_when_they_are_dead(tmp_path):
    renderer = ProcessRenderer(workers=1)
    renderer.start()
    try:
        async with Harness.open(tmp_path / "db.sqlite") as h:
            checks = _connected(health.of_client(h.client, h.store, renderer))
            for _ in range(600):
                if renderer.ready:
                    break
                await asyncio.sleep(0.05)
            async with served(checks) as base:
                alive, _ = await _answer(base, "/healthz")
                assert renderer._pool is not None
                for pid in list(renderer._pool._processes):
                    os.kill(pid, signal.SIGKILL)
                for _ in range(100):  # until the pool notices its worker is gone
                    if not renderer.alive():
                        break
                    await asyncio.sleep(0.05)
                status, body = await _answer(base, "/healthz")
    finally:
        renderer.close()
    assert alive == 200
    assert status == 503
    assert body["failed"] == ["render_workers"]


async def test_readyz_is_503_naming_the_commands_until_they_are_synced(tmp_path):
    store = await Store.open(tmp_path / "db.sqlite")
    try:
        client = TabletopClient(Table(store))  # setup_hook (where commands sync) not run yet
        client.recovered = True
        async with served(health.of_client(client, store, ThreadRenderer())) as base:
            status, body = await _answer(base, "/readyz")
        await client.close()
    finally:
        await store.close()
    assert status == 503
    assert body["failed"] == ["commands_synced"]


async def test_readyz_is_503_naming_recovery_until_it_is_done_then_200(tmp_path):
    async with Harness.open(tmp_path / "db.sqlite", sync_mode="auto") as h:
        checks = health.of_client(h.client, h.store, ThreadRenderer())
        async with served(checks) as base:
            before = await _answer(base, "/readyz")
            await h.client.on_ready()  # connected: saved moves announced, bots woken
            after = await _answer(base, "/readyz")
    assert before[0] == 503
    assert before[1]["failed"] == ["recovery_done"]
    assert after == (
        200,
        {"status": "ok", "checks": {"commands_synced": True, "recovery_done": True}},
    )
