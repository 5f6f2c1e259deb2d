"""Taking back a step at the table: saved and logged as its own entry, replayed exactly, and
refused (changing nothing) with nothing to undo, for someone else, or on a stale panel."""

from __future__ import annotations

import json
import random

import pytest

import engines
from bot.errors import BoardChanged, NothingToUndo
from bot.table.history import replay
from tests.engines import pick_toy  # noqa: F401  (registers the game)
from tests.table.conftest import ADA, BO, CHANNEL, running, snapshot


async def _picked(table):
    start = await running(table, engine="pick_toy")
    moved = await table.act(channel_id=CHANNEL, user_id=ADA, action_id="pick:2")
    return start, moved


async def test_a_player_takes_back_their_own_step_and_the_board_is_as_before(table):
    start, _ = await _picked(table)
    undone = await table.undo(channel_id=CHANNEL, user_id=ADA)
    assert [e.text for e in undone.events] == ["Ada took back: Pick 2"]
    assert [a.id for a in undone.awaited[ADA]] == [a.id for a in start.awaited[ADA]]


async def test_an_undo_is_its_own_log_entry_after_the_move(table):
    await _picked(table)
    await table.undo(channel_id=CHANNEL, user_id=ADA)
    lines = await table.log(channel_id=CHANNEL, limit=2)
    assert lines[-2].endswith("Ada picks 2.")
    assert lines[-1].endswith("Ada took back: Pick 2")


async def test_the_panel_offers_undo_only_after_a_step_that_can_be_taken_back(table):
    await running(table, engine="pick_toy")
    assert not await table.can_undo(channel_id=CHANNEL, user_id=ADA)
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="pick:1")
    assert await table.can_undo(channel_id=CHANNEL, user_id=ADA)
    assert not await table.can_undo(channel_id=CHANNEL, user_id=BO)


async def test_undo_with_nothing_to_undo_is_refused_and_changes_nothing(table, db_path):
    await running(table, engine="pick_toy")
    before = snapshot(db_path)
    with pytest.raises(NothingToUndo, match="nothing you can take back"):
        await table.undo(channel_id=CHANNEL, user_id=ADA)
    assert snapshot(db_path) == before


async def test_undo_after_the_point_of_no_return_is_refused(table, db_path):
    await _picked(table)
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take")
    before = snapshot(db_path)
    with pytest.raises(NothingToUndo):
        await table.undo(channel_id=CHANNEL, user_id=ADA)
    assert snapshot(db_path) == before


async def test_someone_else_cannot_take_back_a_player_s_step(table, db_path):
    await _picked(table)
    before = snapshot(db_path)
    with pytest.raises(NothingToUndo, match="Only the player who made a step"):
        await table.undo(channel_id=CHANNEL, user_id=BO)
    assert snapshot(db_path) == before


async def test_an_undo_from_a_stale_panel_is_refused_by_the_version_check(table, db_path):
    _, moved = await _picked(table)
    await table.undo(channel_id=CHANNEL, user_id=ADA)
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="pick:3")
    before = snapshot(db_path)
    with pytest.raises(BoardChanged):
        await table.undo(channel_id=CHANNEL, user_id=ADA, expected_version=moved.game.version)
    assert snapshot(db_path) == before


async def test_a_stand_in_s_step_cannot_be_taken_back(table, db_path):
    start = await running(table, engine="pick_toy")
    await table.play_for(
        game_id=start.game.id,
        user_id=ADA,
        rng=random.Random(1),
        expected_version=start.game.version,
    )
    with pytest.raises(NothingToUndo):
        await table.undo(channel_id=CHANNEL, user_id=ADA)


async def test_a_log_with_undos_replays_to_the_saved_state(table):
    await _picked(table)
    await table.undo(channel_id=CHANNEL, user_id=ADA)
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="pick:3")
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take")
    row = await table.store.latest_game(CHANNEL)
    eng = engines.get_engine("pick_toy")
    played = replay(eng, row, eng.load_state(row.state), await table.store.moves(row.id))
    assert played.complete
    assert played.turns[-1].state.pile == 18
    assert [t.text for t in played.turns][-3:] == [
        "Ada took back: Pick 2",
        "Ada picks 3.",
        "Ada takes 3; 18 left.",
    ]


async def test_a_button_drawn_before_an_undo_is_stale(table, db_path):
    """An undo changes the position: the panel drawn after the step is refused, like after
    any move, so its buttons cannot act on the board taken back."""
    _, moved = await _picked(table)
    await table.undo(channel_id=CHANNEL, user_id=ADA)
    before = snapshot(db_path)
    with pytest.raises(BoardChanged):
        await table.act(
            channel_id=CHANNEL,
            user_id=ADA,
            offered=0,
            own=True,
            expected_version=moved.game.version,
            expected_game_id=moved.game.id,
        )
    assert snapshot(db_path) == before


async def test_the_outcome_names_who_may_undo(table):
    start, moved = await _picked(table)
    assert start.undo_for is None
    assert moved.undo_for == ADA
    undone = await table.undo(channel_id=CHANNEL, user_id=ADA)
    assert undone.undo_for is None


async def test_a_stand_in_racing_an_undo_is_refused_by_the_version_check(table, db_path):
    """The clock fires for the board after Ada's step, but her undo lands first."""
    _, moved = await _picked(table)
    await table.undo(channel_id=CHANNEL, user_id=ADA)
    before = snapshot(db_path)
    with pytest.raises(BoardChanged):
        await table.play_for(
            game_id=moved.game.id,
            user_id=ADA,
            rng=random.Random(1),
            expected_version=moved.game.version,
        )
    assert snapshot(db_path) == before


async def test_an_undo_racing_a_stand_in_is_refused_by_the_version_check(table, db_path):
    _, moved = await _picked(table)
    await table.play_for(
        game_id=moved.game.id,
        user_id=ADA,
        rng=random.Random(1),
        expected_version=moved.game.version,
    )
    before = snapshot(db_path)
    with pytest.raises(BoardChanged):
        await table.undo(channel_id=CHANNEL, user_id=ADA, expected_version=moved.game.version)
    assert snapshot(db_path) == before


async def test_a_stand_in_s_search_is_never_given_the_steps_kept_for_taking_back(table):
    """Their snapshots hold true hidden things a searching bot must re-deal, never read."""
    _, moved = await _picked(table)
    given = []

    async def think(game, state_json, player, level, seed):
        given.append(state_json)
        return "take"

    await table.play_standin(
        game_id=moved.game.id, user_id=ADA, expected_version=moved.game.version, think=think
    )
    [shown] = given
    assert "takeback" not in json.loads(shown)
