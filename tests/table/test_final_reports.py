"""When a game ends, the engine's account of each player's score comes with the outcome; an
engine that fails to give one leaves it out (logged) and the game still ends."""

from __future__ import annotations

import logging

import pytest

import engines
from bot.table import Table
from tests.table import council
from tests.table.conftest import ADA, BO, CHANNEL, running


@pytest.fixture
async def quiet(store):
    with council.registered():
        yield Table(store, render=False)


async def _bid_and_pass(table):
    await running(table, engine="council")
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="bid:5")
    return await table.act(channel_id=CHANNEL, user_id=BO, action_id="pass")


async def test_the_last_move_brings_each_players_account_of_their_score(quiet):
    ended = await _bid_and_pass(quiet)
    assert ended.result.winners == ["Ada"]
    assert ended.report == {"Ada": "bid 5", "Bo": "no bid"}


async def test_a_failing_account_is_left_out_and_logged_and_the_game_still_ends(
    quiet, monkeypatch, caplog
):
    secret = "Ada's " + "bid"  # built at run time: only a message could carry it into the log

    def broken(state):
        raise KeyError(secret)

    monkeypatch.setattr(engines.get_engine("council"), "final_report", broken)
    with caplog.at_level(logging.ERROR, logger="tabletop.table"):
        ended = await _bid_and_pass(quiet)
    assert ended.game.status == "finished" and ended.report == {}
    [line] = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert line.startswith("council: final_report failed: KeyError\n")
    assert secret not in line
