"""Whom a game awaits, as the clocks ask it: everyone the engine names, nobody for a game that
cannot be loaded or whose engine cannot say (logged, so the clocks leave it alone), and the
failure itself for a caller that marks damaged games."""

from __future__ import annotations

import logging

import pytest

import engines
from bot.errors import DamagedGame, EngineFailure
from bot.table import Table
from tests.table import council
from tests.table.conftest import ADA, BO, CHANNEL, raw, running


@pytest.fixture
def council_game():
    """The Council game (everyone decides at once), registered for the test."""
    with council.registered() as engine:
        yield engine


def _messages(caplog, level):
    return [r.getMessage() for r in caplog.records if r.levelno == level]


async def test_a_game_awaits_everyone_its_engine_names_by_user(store, council_game):
    table = Table(store, render=False)
    start = await running(table, engine="council")
    assert await table.awaited(start.game.id) == {ADA: "Ada", BO: "Bo"}
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="pass")
    assert await table.awaited(start.game.id) == {BO: "Bo"}


async def test_a_game_whose_state_does_not_load_awaits_no_one_and_the_log_says_so(
    table, db_path, caplog
):
    start = await running(table)
    with raw(db_path) as db:
        db.execute("UPDATE games SET state = '{oops'")
    with caplog.at_level(logging.WARNING, logger="tabletop.table"):
        assert await table.awaited(start.game.id) == {}
    assert _messages(caplog, logging.WARNING) == [
        f"game {start.game.id} cannot be loaded; it awaits no one"
    ]


async def test_a_caller_that_marks_damaged_games_hears_that_the_state_does_not_load(table, db_path):
    start = await running(table)
    with raw(db_path) as db:
        db.execute("UPDATE games SET state = '{oops'")
    with pytest.raises(DamagedGame):
        await table.awaited(start.game.id, damaged_ok=False)


async def test_an_engine_that_cannot_say_who_acts_leaves_its_game_awaiting_no_one(
    table, monkeypatch, caplog
):
    """Whatever goes wrong working it out (here the engine's answer is no list at all)."""
    start = await running(table)
    monkeypatch.setattr(engines.get_engine("toy"), "to_act", lambda state: None)
    with caplog.at_level(logging.WARNING, logger="tabletop.table"):
        assert await table.awaited(start.game.id) == {}
    [error] = _messages(caplog, logging.ERROR)
    assert error.startswith(f"game {start.game.id}: who acts cannot be worked out: TypeError\n")
    assert _messages(caplog, logging.WARNING) == [
        f"game {start.game.id} cannot be loaded; it awaits no one"
    ]


async def test_a_caller_that_marks_damaged_games_hears_that_the_engine_failed(table, monkeypatch):
    start = await running(table)
    monkeypatch.setattr(engines.get_engine("toy"), "to_act", lambda state: None)
    with pytest.raises(EngineFailure):
        await table.awaited(start.game.id, damaged_ok=False)
