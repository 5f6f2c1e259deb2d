"""Stopping the bot lets work under way finish before the database closes."""

from __future__ import annotations

import asyncio

from bot.discord_app import _settle_other_tasks


async def test_work_under_way_finishes_before_the_store_closes():
    finished = []

    async def announce():
        await asyncio.sleep(0.01)
        finished.append("announced")

    task = asyncio.create_task(announce())
    await _settle_other_tasks(grace=2.0)
    assert task.done() and finished == ["announced"]


async def test_work_that_outlives_the_grace_period_is_cancelled():
    async def forever():
        await asyncio.sleep(3600)

    task = asyncio.create_task(forever())
    await _settle_other_tasks(grace=0.01)
    assert task.cancelled()
