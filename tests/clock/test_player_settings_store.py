"""A player's settings and mutes are kept per user, on SQLite and PostgreSQL, and every shard
reads the same ones; today's direct-message switch became the setting "both"."""

from __future__ import annotations

import sqlite3

import pytest

from storage import Store
from storage.clock import ClockStore
from storage.player_settings import PlayerSettings

ADA, BO = 11, 12
NIGHTS = PlayerSettings(
    zone="Europe/Berlin", quiet_start=23 * 60, quiet_end=7 * 60, notify="dm", digest_at=8 * 60
)


@pytest.fixture
async def ds(db_location):
    store = await ClockStore.open(db_location)
    yield store
    await store.close()


async def test_a_player_who_never_set_anything_reads_the_defaults(ds):
    assert await ds.player_settings(ADA) == PlayerSettings()


async def test_settings_are_kept_whole_and_per_user(ds):
    await ds.set_player_settings(ADA, NIGHTS)
    assert await ds.player_settings(ADA) == NIGHTS
    assert await ds.player_settings(BO) == PlayerSettings()


async def test_settings_set_again_replace_the_old_ones(ds):
    await ds.set_player_settings(ADA, NIGHTS)
    await ds.set_player_settings(ADA, PlayerSettings(notify="none"))
    assert await ds.player_settings(ADA) == PlayerSettings(notify="none")


async def test_the_direct_message_switch_follows_the_setting(ds):
    await ds.set_player_settings(ADA, NIGHTS)
    assert (await ds.notify(ADA))[0] is True
    await ds.set_player_settings(ADA, PlayerSettings(notify="mention"))
    assert (await ds.notify(ADA))[0] is False


async def test_a_mute_is_per_user_and_per_game(ds):
    await ds.set_muted(ADA, 7, True)
    assert await ds.muted(ADA, 7)
    assert not await ds.muted(ADA, 8)
    assert not await ds.muted(BO, 7)
    await ds.set_muted(ADA, 7, False)
    assert not await ds.muted(ADA, 7)


async def test_muting_twice_is_one_mute(ds):
    await ds.set_muted(ADA, 7, True)
    await ds.set_muted(ADA, 7, True)
    await ds.set_muted(ADA, 7, False)
    assert not await ds.muted(ADA, 7)


async def test_two_processes_on_one_database_read_the_same_settings(db_location):
    """Settings are global: a process running other shards reads what this one kept."""
    one, two = await ClockStore.open(db_location), await ClockStore.open(db_location)
    try:
        await one.set_player_settings(ADA, NIGHTS)
        await one.set_muted(ADA, 7, True)
        assert await two.player_settings(ADA) == NIGHTS
        assert await two.muted(ADA, 7)
    finally:
        await two.close()
        await one.close()


async def test_direct_messages_on_before_the_upgrade_become_both(tmp_path):
    """Migration 0150 keeps today's switch: DM on is "both" (the mention was always sent)."""
    path = tmp_path / "old.sqlite3"
    store = await Store.open(path)
    await store.close()
    with sqlite3.connect(path) as db:  # a database from before 0150, with two DM settings
        db.execute("DELETE FROM schema_version WHERE version = 150")
        db.execute("DROP TABLE player_settings")
        db.execute("INSERT INTO days_notify (user_id, dm_on) VALUES (?, 1), (?, 0)", (ADA, BO))
    store = await Store.open(path)
    await store.close()
    ds = await ClockStore.open(path)
    try:
        assert (await ds.player_settings(ADA)).notify == "both"
        assert (await ds.player_settings(BO)).notify == "mention"
    finally:
        await ds.close()
