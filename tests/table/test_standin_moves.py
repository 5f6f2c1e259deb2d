"""A stand-in's move for an absent player: the engine's suggestion, made through the same checks
and save as the player's own and marked as the stand-in's; refused, changing nothing, when the
board moved on, the game ended, the player has nothing to do or the suggestion is not legal."""

from __future__ import annotations

import random

import pytest

import engines
from bot.errors import BoardChanged, IllegalMove, NotYourTurn
from tests.table.conftest import ADA, BO, CHANNEL, running, snapshot


async def test_a_stand_in_plays_the_engines_suggestion_and_the_move_is_marked_as_its(table):
    start = await running(table)
    suggested = await table.suggest(channel_id=CHANNEL, user_id=ADA, rng=random.Random(4))
    heard = []

    async def listen(change):
        heard.append(change)

    table.subscribe(listen)
    outcome = await table.play_for(
        game_id=start.game.id,
        user_id=ADA,
        rng=random.Random(4),
        expected_version=start.game.version,
    )
    assert outcome.action.id == suggested
    assert outcome.by_standin is True
    assert outcome.game.version == start.game.version + 1
    assert outcome.to_act == [BO]
    assert [(c.kind, c.actor_id, c.by_standin) for c in heard] == [("move", ADA, True)]
    taken = suggested.split(":")[1]
    assert (await table.log(channel_id=CHANNEL, limit=1))[0].endswith(
        f"Ada takes {taken}; {21 - int(taken)} left."
    )


async def test_a_stand_in_for_a_board_that_moved_on_changes_nothing(table, db_path):
    start = await running(table)
    moved = await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    before = snapshot(db_path)
    with pytest.raises(BoardChanged):
        await table.play_for(
            game_id=moved.game.id,
            user_id=BO,
            rng=random.Random(1),
            expected_version=start.game.version,
        )
    assert snapshot(db_path) == before


async def test_a_stand_in_for_a_game_that_has_ended_changes_nothing(table, db_path):
    await running(table)
    ended = await table.concede(channel_id=CHANNEL, user_id=BO)
    assert ended.game.status == "finished"
    before = snapshot(db_path)
    with pytest.raises(BoardChanged):
        await table.play_for(
            game_id=ended.game.id,
            user_id=ADA,
            rng=random.Random(1),
            expected_version=ended.game.version,
        )
    assert snapshot(db_path) == before


async def test_a_stand_in_for_a_player_with_nothing_to_do_is_refused_in_the_engines_words(
    table, db_path
):
    start = await running(table)
    before = snapshot(db_path)
    with pytest.raises(NotYourTurn) as refused:
        await table.play_for(
            game_id=start.game.id,
            user_id=BO,
            rng=random.Random(1),
            expected_version=start.game.version,
        )
    assert refused.value.message == "Bo has nothing to do now."
    assert snapshot(db_path) == before


async def test_a_stand_in_whose_suggestion_is_not_a_legal_move_makes_none(
    table, db_path, monkeypatch
):
    start = await running(table)
    before = snapshot(db_path)
    monkeypatch.setattr(engines.get_engine("toy"), "suggest", lambda state, player, rng: "take:9")
    with pytest.raises(IllegalMove) as refused:
        await table.play_for(
            game_id=start.game.id,
            user_id=ADA,
            rng=random.Random(1),
            expected_version=start.game.version,
        )
    assert refused.value.message == "The stand-in's suggestion is not a legal move."
    assert snapshot(db_path) == before
