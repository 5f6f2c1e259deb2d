"""``--shard-count N --shard-ids a-b`` (or TABLETOP_SHARD_COUNT / TABLETOP_SHARD_IDS): which
shards this process runs, checked before the bot starts."""

from __future__ import annotations

import pytest

from bot.__main__ import build_parser
from bot.config import ConfigError, load_config
from storage.shards import Shards


@pytest.fixture
def clean_env(monkeypatch):
    for name in ("TABLETOP_SHARD_COUNT", "TABLETOP_SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_without_a_shard_count_the_bot_is_not_sharded(tmp_path, clean_env):
    assert load_config(cwd=tmp_path).shards is None


@pytest.mark.parametrize(
    ("ids", "expected"),
    [("0-1", {0, 1}), ("2,3", {2, 3}), ("0-1,3", {0, 1, 3}), ("2", {2}), (" 1 , 3 ", {1, 3})],
)
def test_shard_ids_are_a_range_a_list_or_both(tmp_path, clean_env, ids, expected):
    assert load_config(cwd=tmp_path, shard_count="4", shard_ids=ids).shards == Shards(4, expected)


def test_a_shard_count_alone_runs_every_shard(tmp_path, clean_env):
    assert load_config(cwd=tmp_path, shard_count=3).shards == Shards(3, {0, 1, 2})


def test_the_environment_gives_the_shards_and_flags_win(tmp_path, clean_env):
    clean_env.setenv("TABLETOP_SHARD_COUNT", "2")
    clean_env.setenv("TABLETOP_SHARD_IDS", "1")
    assert load_config(cwd=tmp_path).shards == Shards(2, {1})
    assert load_config(cwd=tmp_path, shard_ids="0").shards == Shards(2, {0})


@pytest.mark.parametrize(
    ("count", "ids", "says"),
    [
        (None, "0-1", "needs TABLETOP_SHARD_COUNT"),
        ("0", None, "from 1 up"),
        ("two", None, "from 1 up"),
        ("2", "0-2", "2 is outside"),
        ("2", "1-0", "runs backwards"),
        ("2", "a", "shard numbers"),
        ("2", "0-", "shard numbers"),
        ("2", "-1", "shard numbers"),
    ],
)
def test_shard_settings_that_cannot_work_are_clear_usage_errors(
    tmp_path, clean_env, count, ids, says
):
    with pytest.raises(ConfigError, match=says):
        load_config(cwd=tmp_path, shard_count=count, shard_ids=ids)


def test_the_run_command_takes_shard_flags():
    args = build_parser().parse_args(["--shard-count", "2", "--shard-ids", "0-1"])
    assert (args.shard_count, args.shard_ids) == ("2", "0-1")


def test_the_shards_read_as_ranges_in_the_log():
    assert str(Shards(8, {0, 1, 2, 5})) == "shards 0-2,5 of 8"
    assert str(Shards(2, {1})) == "shard 1 of 2"
