"""What one bystander can make the bot spend with 20 ``/game replay`` requests at once.

Run: ./tabletop test -m bench -s tests/bench/test_bench_replay_burst.py

The recorded 204-move Monopoly game (tests/golden) is played to its end through the table
without drawing, then the real bot (the Discord harness, boards drawn in threads as by default)
gets 20 ``/game replay`` interactions from someone not seated, all dispatched before any is
answered. One line: how many replays were drawn, how many were posted in the channel, how many
requests were refused privately, and the process's CPU seconds (every thread) for the burst.
Its cost is one replay's drawing, about 5 CPU seconds, plus a few seconds to load the game.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest

from bot.table import Table
from storage import Store
from tests.discord.harness import CHANNEL_ID, GUILD_ID, Harness

pytestmark = pytest.mark.bench

GAME = Path(__file__).parent.parent / "golden" / "games" / "monopoly-quick-2p.json"
REQUESTS = 20
POSTED = "The replay is posted in the channel."


async def play_recorded(db_path: Path, recorded: dict) -> None:
    """The recorded game, move by move through the table, in the harness's channel."""
    store = await Store.open(db_path)
    try:
        table = Table(store, render=False)
        users = {name: 900 + i for i, name in enumerate(recorded["players"])}
        first, *others = recorded["players"]
        await table.new_game(
            guild_id=GUILD_ID,
            channel_id=CHANNEL_ID,
            user_id=users[first],
            user_name=first,
            engine=recorded["game"],
            options={"mode": recorded["options"]["mode"]},
            seed=recorded["seed"],
        )
        for name in others:
            await table.join(channel_id=CHANNEL_ID, user_id=users[name], user_name=name)
        await table.start(channel_id=CHANNEL_ID, user_id=users[first])
        for actor, action in recorded["actions"]:
            await table.act(channel_id=CHANNEL_ID, user_id=users[actor], action_id=action)
    finally:
        await store.close()


async def test_bench_a_bystanders_burst_of_replay_requests(tmp_path):
    db_path = tmp_path / "burst.sqlite3"
    await play_recorded(db_path, json.loads(GAME.read_text()))
    async with Harness.open(db_path) as h:
        assert (await h.table.game(channel_id=CHANNEL_ID)).status == "finished"
        drawn = 0
        boards = h.table.replay_boards

        async def counted(**kwargs):
            nonlocal drawn
            drawn += 1
            return await boards(**kwargs)

        h.table.replay_boards = counted  # type: ignore[method-assign]
        eve = h.user("Eve")
        before = set(h.world.messages)
        cpu = time.process_time()
        await asyncio.gather(*(h.slash(eve, "game replay") for _ in range(REQUESTS)))
        cpu = time.process_time() - cpu
        new = [m for mid, m in h.world.messages.items() if mid not in before]
        posts = sum(1 for m in new if m.public and any(f == "replay.gif" for f, _ in m.files))
        answers = [m for m in new if m.ephemeral and not m.deleted and not m.loading]
        refused = sum(1 for m in answers if m.content != POSTED)
        print(
            f"\nreplay burst: requests={REQUESTS} drawn={drawn} posts={posts} "
            f"refused={refused} cpu_s={cpu:.1f}"
        )
