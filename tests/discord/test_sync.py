"""Slash commands are synced only when their payload changed (or when told to)."""

from __future__ import annotations

import discord
import pytest

from bot.discord_app.sync import hash_path_for, payload_hash
from tests.discord.harness import Harness


async def start(tmp_path, mode="auto", **kw):
    db = tmp_path / "db.sqlite"
    harness = Harness.open(db, sync_mode=mode, hash_path=hash_path_for(db), **kw)
    h = await harness.__aenter__()
    return harness, h


async def stop(harness):
    await harness.__aexit__(None, None, None)


async def test_first_start_in_auto_mode_syncs_and_stores_the_hash(tmp_path):
    harness, h = await start(tmp_path)
    try:
        assert len(h.world.synced) == 1
        guild, payload = h.world.synced[0]
        assert guild is None and {c["name"] for c in payload} == {"game", "play"}
        stored = hash_path_for(tmp_path / "db.sqlite").read_text().strip()
        assert stored == payload_hash(h.client.tree)
    finally:
        await stop(harness)


async def test_auto_mode_skips_the_sync_when_nothing_changed(tmp_path):
    harness, _ = await start(tmp_path)
    await stop(harness)
    harness, h = await start(tmp_path)
    try:
        assert h.world.synced == []
    finally:
        await stop(harness)


async def test_auto_mode_syncs_again_when_the_commands_changed(tmp_path):
    harness, _ = await start(tmp_path)
    await stop(harness)
    hash_file = hash_path_for(tmp_path / "db.sqlite")
    hash_file.write_text("an older command tree\n")
    harness, h = await start(tmp_path)
    try:
        assert len(h.world.synced) == 1
        assert hash_file.read_text().strip() == payload_hash(h.client.tree)
    finally:
        await stop(harness)


def test_the_hash_changes_when_a_command_is_added():
    from bot.discord_app.client import TabletopClient

    client = TabletopClient(table=None)
    before = payload_hash(client.tree)

    @client.game_group.command(name="extra", description="A new subcommand")
    async def extra(interaction: discord.Interaction):
        await interaction.response.send_message("hi")

    assert payload_hash(client.tree) != before


def test_the_hash_is_stable_across_builds():
    from bot.discord_app.client import TabletopClient

    assert payload_hash(TabletopClient(None).tree) == payload_hash(TabletopClient(None).tree)


async def test_always_mode_syncs_at_every_start(tmp_path):
    harness, _ = await start(tmp_path, "always")
    await stop(harness)
    harness, h = await start(tmp_path, "always")
    try:
        assert len(h.world.synced) == 1
    finally:
        await stop(harness)


async def test_never_mode_never_syncs(tmp_path):
    harness, h = await start(tmp_path, "never")
    try:
        assert h.world.synced == []
        assert not hash_path_for(tmp_path / "db.sqlite").exists()
    finally:
        await stop(harness)


async def test_a_dev_guild_gets_the_commands_instead_of_a_global_sync(tmp_path):
    harness, h = await start(tmp_path, dev_guild_id=4242)
    try:
        [(guild, payload)] = h.world.synced
        assert guild == 4242 and {c["name"] for c in payload} == {"game", "play"}
    finally:
        await stop(harness)


async def test_switching_the_dev_guild_resyncs(tmp_path):
    harness, _ = await start(tmp_path, dev_guild_id=4242)
    await stop(harness)
    harness, h = await start(tmp_path)
    try:
        assert [g for g, _ in h.world.synced] == [None]
    finally:
        await stop(harness)


def test_an_unknown_sync_mode_is_rejected():
    from pathlib import Path

    from bot.discord_app.sync import needs_sync

    with pytest.raises(ValueError):
        needs_sync("sometimes", "x", Path("nowhere"))
