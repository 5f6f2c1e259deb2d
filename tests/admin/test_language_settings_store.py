"""The server's and each player's language as the store keeps them: another process's change is
seen within ``FRESH_SECONDS`` (each process keeps what it read in memory), this process's at
once; the settings log reads in each reader's language."""

from __future__ import annotations

import pytest

from bot.server_settings import (
    FRESH_SECONDS,
    BadSetting,
    ServerSettings,
    SettingsKeeper,
    log_line,
    validated,
)
from storage import Store
from storage.server_settings import SettingsStore

GUILD, ADA = 7, 42


class SteadyNow:
    def __init__(self) -> None:
        self.at = 100.0

    def __call__(self) -> float:
        return self.at


@pytest.fixture
async def path(tmp_path):
    path = tmp_path / "tabletop.sqlite3"
    store = await Store.open(path)  # applies the numbered migrations
    yield path
    await store.close()


@pytest.fixture
async def two(path):
    """Two processes (two keepers on their own connections) on one database, one steady time source."""
    steady_now = SteadyNow()
    keepers = [
        await SettingsKeeper.open(await SettingsStore.open(path), steady_now=steady_now)
        for _ in range(2)
    ]
    yield steady_now, keepers
    for keeper in keepers:
        await keeper.store.close()


async def test_a_server_language_set_in_one_process_is_seen_in_another_within_the_bound(two):
    steady_now, (here, there) = two
    await here.change(GUILD, ADA, validated(ServerSettings(), language="de"))
    assert (await here.fresh(GUILD)).language == "de"  # at once where it was set
    assert (await there.fresh(GUILD)).language is None  # kept, not yet read again
    steady_now.at += FRESH_SECONDS
    assert (await there.fresh(GUILD)).language == "de"


async def test_a_player_language_chosen_in_one_process_is_seen_in_another_within_the_bound(two):
    steady_now, (here, there) = two
    assert await there.players.chosen(ADA) is None
    await here.players.choose(ADA, "pt-BR")
    assert await here.players.chosen(ADA) == "pt-BR"
    assert await there.players.chosen(ADA) is None
    steady_now.at += FRESH_SECONDS
    assert await there.players.chosen(ADA) == "pt-BR"


async def test_a_language_nobody_offers_is_refused(two):
    _, (here, _) = two
    with pytest.raises(BadSetting):
        await here.players.choose(ADA, "fr")
    with pytest.raises(BadSetting):
        validated(ServerSettings(), language="fr")


async def test_the_settings_log_reads_in_each_readers_language(two):
    _, (here, _) = two
    await here.change(GUILD, ADA, validated(ServerSettings(), missed_limit=5, language="es"))
    kept = [c.text for c in await here.history(GUILD)]
    assert [log_line(k, "en-US") for k in kept] == [
        "missed-turn limit 3 -> 5",
        "language -> Español",
    ]
    assert [log_line(k, "de") for k in kept] == [
        "Grenze verpasster Züge 3 -> 5",
        "Sprache -> Español",
    ]


def test_a_log_line_kept_before_lines_were_data_reads_as_its_english():
    assert log_line("turn clock 1d -> 6h", "de") == "turn clock 1d -> 6h"
    assert log_line("{not json", "de") == "{not json"
