"""A player the game no longer counts (bankrupt in Monopoly) while their seat is still taken:
leaving again is refused and changes nothing; the others play on."""

from __future__ import annotations

import pytest

import engines
from bot.errors import NotSeated
from engines.monopoly.money import go_bankrupt
from tests.table.conftest import ADA, BO, CHANNEL, CY, raw, running, snapshot


@pytest.fixture
async def cy_bankrupt(table, db_path):
    """Three seats of Monopoly, Cy bankrupt to the Bank (as after an unpaid debt)."""
    outcome = await running(table, users=(ADA, BO, CY), engine="monopoly")
    eng = engines.get_engine("monopoly")
    row = await table.store.get_game(outcome.game.id)
    state = eng.load_state(row.state)
    go_bankrupt(state, [], "Cy", None)
    with raw(db_path) as db:
        db.execute("UPDATE games SET state = ? WHERE id = ?", (state.model_dump_json(), row.id))
    return outcome.game


async def test_a_bankrupt_player_who_concedes_is_told_they_are_out_and_nothing_changes(
    table, db_path, cy_bankrupt
):
    before = snapshot(db_path)
    with pytest.raises(NotSeated, match="^You are bankrupt and out of the game.$"):
        await table.concede(channel_id=CHANNEL, user_id=CY)
    assert snapshot(db_path) == before
    assert (await table.game(channel_id=CHANNEL)).status == "running"


async def test_a_bankrupt_player_cannot_be_voted_out_a_second_time(table, db_path, cy_bankrupt):
    before = snapshot(db_path)
    with pytest.raises(NotSeated, match="^Cy is no longer playing in this game.$"):
        await table.remove_player(game_id=cy_bankrupt.id, user_id=CY, reason="was voted out")
    assert snapshot(db_path) == before


async def test_the_players_still_in_the_game_can_still_concede(table, cy_bankrupt):
    outcome = await table.concede(channel_id=CHANNEL, user_id=BO)
    assert outcome.result is not None and outcome.result.winners == ["Ada"]


async def test_a_bankrupt_player_s_move_is_refused_with_the_reason(table, db_path, cy_bankrupt):
    before = snapshot(db_path)
    with pytest.raises(NotSeated, match="^You are bankrupt and out of the game.$"):
        await table.act(channel_id=CHANNEL, user_id=CY, action_id="roll")
    assert snapshot(db_path) == before
