"""A board's buttons stay good while only notes follow it (a pause, a new clock, a stand-in's
note), up to NOTES_AT_MOST of them; after a move, or more notes than that, they are refused."""

from __future__ import annotations

import pytest

from bot.errors import BoardChanged
from bot.table.core import NOTES_AT_MOST
from tests.table.conftest import ADA, CHANNEL, running


async def _notes(table, game_id, count):
    for n in range(count):
        await table.note(game_id=game_id, kind="pause", user_id=None, text=f"Note {n}.")


async def test_a_board_followed_only_by_notes_still_takes_its_clicks(table):
    start = await running(table)
    await _notes(table, start.game.id, NOTES_AT_MOST)
    outcome = await table.act(
        channel_id=CHANNEL, user_id=ADA, offered=0, expected_version=start.game.version
    )
    assert outcome.action.id == "take:1"


async def test_a_board_followed_by_more_notes_than_are_looked_through_is_out_of_date(table):
    start = await running(table)
    await _notes(table, start.game.id, NOTES_AT_MOST + 1)
    with pytest.raises(BoardChanged):
        await table.act(
            channel_id=CHANNEL, user_id=ADA, offered=0, expected_version=start.game.version
        )


async def test_a_button_claiming_a_version_the_game_never_reached_is_refused(table):
    start = await running(table)
    with pytest.raises(BoardChanged):
        await table.act(
            channel_id=CHANNEL, user_id=ADA, offered=0, expected_version=start.game.version + 1
        )
