"""One process of a sharded bot: it answers its own shards' guilds only, and only the process
of shard 0 syncs the slash commands."""

from __future__ import annotations

import logging

from storage.shards import Shards
from tests.discord.harness import CHANNEL_ID, GUILD_ID, Harness

#: the harness's guild is on this shard of 2 (Discord: ``(guild_id >> 22) % 2``)
OURS = (GUILD_ID >> 22) % 2
OTHER = 1 - OURS


async def test_an_interaction_for_another_shards_guild_is_ignored_with_a_log_line(tmp_path, caplog):
    async with Harness.open(tmp_path / "db.sqlite", own_shards=Shards(2, {OTHER})) as h:
        caplog.set_level(logging.WARNING, logger="bot.discord_app.shards")
        reply = await h.slash(h.user("Ada"), "game new", game="toy")
        assert reply.messages == [] and reply.callback_type is None
        assert await h.table.live_game(CHANNEL_ID) is None
        [line] = [r.getMessage() for r in caplog.records if "Ignored an interaction" in r.msg]
        assert f"server {GUILD_ID}" in line and f"shard {OURS}" in line


async def test_an_interaction_for_its_own_shards_guild_is_answered(tmp_path):
    async with Harness.open(tmp_path / "db.sqlite", own_shards=Shards(2, {OURS})) as h:
        reply = await h.slash(h.user("Ada"), "game new", game="toy")
        assert reply.public and await h.table.live_game(CHANNEL_ID) is not None


async def test_only_the_process_of_shard_zero_syncs_the_commands(tmp_path):
    async with Harness.open(
        tmp_path / "one.sqlite", sync_mode="always", own_shards=Shards(2, {1})
    ) as h:
        assert h.world.synced == []
    async with Harness.open(
        tmp_path / "zero.sqlite", sync_mode="always", own_shards=Shards(2, {0})
    ) as h:
        assert len(h.world.synced) == 1


async def test_at_start_a_process_announces_only_its_own_shards_moves(running, h, ada):
    await h.table.act(channel_id=CHANNEL_ID, user_id=ada.id, action_id="take:1")  # then a crash
    await h.restart(own_shards=Shards(2, {OTHER}))
    assert await h.catch_up() == 0  # the game's own process announces it
    await h.restart(own_shards=Shards(2, {OURS}))
    assert await h.catch_up() == 1


async def test_at_start_a_process_announces_only_its_own_shards_endings(running, h, ada):
    await h.table.abort(channel_id=CHANNEL_ID, user_id=ada.id, is_moderator=False)  # then a crash
    await h.restart(own_shards=Shards(2, {OTHER}))
    assert await h.catch_up() == 0
    await h.restart(own_shards=Shards(2, {OURS}))
    assert await h.catch_up() == 1
