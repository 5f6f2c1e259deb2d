"""Server settings on a real SQLite file: kept across restarts, every change logged, and a game
keeps the settings it opened with."""

from __future__ import annotations

import pytest

from bot.server_settings import ServerSettings, SettingsKeeper, log_line, validated
from storage import Store
from storage.server_settings import SettingsStore

GUILD = 7


@pytest.fixture
async def path(tmp_path):
    path = tmp_path / "tabletop.sqlite3"
    store = await Store.open(path)  # applies the numbered migrations
    yield path
    await store.close()


async def _keeper(path, now=1000.0) -> SettingsKeeper:
    return await SettingsKeeper.open(await SettingsStore.open(path), now=lambda: now)


async def test_settings_are_kept_across_a_restart(path):
    keeper = await _keeper(path)
    new = validated(ServerSettings(), turn_seconds=3600, thread_default=True)
    await keeper.change(GUILD, 42, new)
    await keeper.store.close()
    again = await _keeper(path)
    assert again.server(GUILD) == new
    assert again.server(GUILD + 1) == ServerSettings()
    await again.store.close()


async def test_each_change_is_logged_with_who_and_when(path):
    keeper = await _keeper(path, now=5000.0)
    await keeper.change(GUILD, 42, validated(ServerSettings(), missed_limit=5, pings="name"))
    changes = await keeper.history(GUILD)
    assert [(c.user_id, c.at, log_line(c.text, "en-US")) for c in changes] == [
        (42, 5000.0, "missed-turn limit 3 -> 5"),
        (42, 5000.0, "turn pings -> name"),
    ]
    assert await keeper.change(GUILD, 42, keeper.server(GUILD)) == []  # nothing: no log line
    assert len(await keeper.history(GUILD)) == 2
    await keeper.store.close()


async def test_a_game_keeps_the_settings_it_opened_with(path):
    keeper = await _keeper(path)
    quiet = validated(ServerSettings(), pings="name")
    await keeper.change(GUILD, 42, quiet)
    await keeper.remember_game(1, GUILD, keeper.server(GUILD))
    await keeper.change(GUILD, 42, validated(quiet, pings="mention"))
    assert (await keeper.of_game(1, GUILD)).pings_quietly
    await keeper.store.close()
    again = await _keeper(path)  # and after a restart too
    assert (await again.of_game(1, GUILD)).pings_quietly
    assert not (await again.of_game(2, GUILD)).pings_quietly  # a game opened before: now's
    await again.store.close()
