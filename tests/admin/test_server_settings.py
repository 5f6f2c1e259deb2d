"""Server settings as values: defaults, refusals of values that cannot work, what they allow."""

from __future__ import annotations

import pytest

import engines
from bot.errors import NotAllowed
from bot.server_settings import (
    DEFAULT_MISSED_LIMIT,
    DEFAULT_TURN_SECONDS,
    BadSetting,
    ServerSettings,
    describe_changes,
    validated,
)

GAMES = engines.names()


def test_a_server_that_set_nothing_gets_a_24h_clock_mentions_and_every_game_everywhere():
    s = ServerSettings()
    assert s.turn_seconds == DEFAULT_TURN_SECONDS and s.missed_limit == DEFAULT_MISSED_LIMIT
    assert not s.pings_quietly and not s.thread_default
    assert all(s.game_enabled(g) for g in GAMES)
    assert s.channel_allowed(123)


def test_a_missed_turn_limit_outside_1_to_20_is_refused():
    with pytest.raises(BadSetting, match="from 1 to 20"):
        validated(ServerSettings(), missed_limit=0)
    with pytest.raises(BadSetting):
        validated(ServerSettings(), missed_limit=21)


def test_turning_every_game_off_is_refused():
    with pytest.raises(BadSetting, match="At least one game"):
        validated(ServerSettings(), disabled_games=tuple(engines.names()))


def test_an_unknown_game_cannot_be_turned_off():
    with pytest.raises(BadSetting, match="no game called"):
        validated(ServerSettings(), disabled_games=("chess",))


def test_a_game_turned_off_cannot_be_opened_and_the_refusal_lists_the_others():
    s = validated(ServerSettings(), disabled_games=(GAMES[0],))
    with pytest.raises(NotAllowed) as refused:
        s.check_new_game(GAMES[0], 1)
    assert "turned off" in refused.value.message
    assert engines.get_engine(GAMES[1]).title in refused.value.message
    s.check_new_game(GAMES[1], 1)


def test_with_game_channels_a_game_opens_only_there_or_in_their_threads():
    s = validated(ServerSettings(), channels=(10, 11))
    s.check_new_game(GAMES[0], 10)
    s.check_new_game(GAMES[0], 99, parent_id=11)  # a thread of an allowed channel
    with pytest.raises(NotAllowed, match="<#10>, <#11>"):
        s.check_new_game(GAMES[0], 12)


def test_every_change_is_described_in_words_and_no_change_is_nothing():
    old = ServerSettings()
    new = validated(old, turn_seconds=12 * 3600, pings="name", game_master_role=5)
    words = describe_changes(old, new)
    assert "turn clock 1d -> 12h" in words
    assert "turn pings -> name" in words
    assert "game master role -> <@&5>" in words
    assert describe_changes(new, new) == []


def test_settings_survive_json_and_damaged_json_falls_back_to_the_defaults():
    from bot.server_settings import parse

    s = validated(ServerSettings(), channels=(3,), pings="name", turn_seconds=None)
    assert parse(s.model_dump_json(), "x") == s
    assert parse("{not json", "x") == ServerSettings()
