"""``--log-format json``: one JSON object a line, with the time, level, logger and message, and
the game and guild ids where the line is about a game."""

from __future__ import annotations

import asyncio
import io
import json
import logging

import pytest

from bot import logsafe
from bot.ops import context


@pytest.fixture
def json_log():
    root = logging.getLogger()
    level = root.level
    stream = io.StringIO()
    handler = logsafe.configure("INFO", stream, log_format="json")
    yield stream
    root.removeHandler(handler)
    root.setLevel(level)


def _lines(stream: io.StringIO) -> list[dict]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_each_line_is_one_json_object_with_time_level_logger_and_message(json_log):
    logging.getLogger("tabletop.table").warning("two\nlines in %s", "one")
    [line] = _lines(json_log)
    assert line["level"] == "WARNING"
    assert line["logger"] == "tabletop.table"
    assert line["message"] == "two\nlines in one"
    assert line["time"].endswith("Z") and line["time"][:2] == "20"


async def test_a_line_about_a_game_names_the_game_and_its_guild(json_log):
    async def a_task_about_a_game() -> None:
        context.note_game(42, 1234, "toy")
        logging.getLogger("tabletop.table").error("apply failed")

    await asyncio.create_task(a_task_about_a_game())  # as each interaction runs: a task
    logging.getLogger("tabletop.table").error("about no game")  # another task's game is not ours
    first, second = _lines(json_log)
    assert (first["game_id"], first["guild_id"]) == (42, 1234)
    assert "game_id" not in second and "guild_id" not in second


def test_ids_given_with_the_line_win(json_log):
    logging.getLogger("bot.clock").info("fired", extra={"game_id": 7, "guild_id": 8})
    [line] = _lines(json_log)
    assert (line["game_id"], line["guild_id"]) == (7, 8)
