"""The move path: checks, one transaction with the version check, refusals changing nothing,
damaged saves, and a restart in the middle of a game."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3

import pytest

import engines
import storage.store
from bot.errors import (
    BoardChanged,
    DamagedGame,
    EngineFailure,
    IllegalMove,
    NoGame,
    NotSeated,
    NotYourTurn,
    SaveFailed,
    WrongStage,
)
from bot.table import Table
from storage import Store
from tests.table.conftest import ADA, BO, CHANNEL, CY, lobby, raw, running, snapshot


async def test_a_legal_move_is_saved_and_says_who_is_next(table):
    start = await running(table)
    outcome = await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:2")
    assert outcome.game.version == start.game.version + 1
    assert [e.text for e in outcome.events] == ["Ada takes 2; 19 left."]
    assert outcome.to_act == [BO]
    assert outcome.result is None
    assert outcome.board_png.startswith(b"\x89PNG")


async def test_moving_in_the_lobby_is_refused(table, db_path):
    await lobby(table)
    before = snapshot(db_path)
    with pytest.raises(WrongStage, match="/game start"):
        await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    assert snapshot(db_path) == before


async def test_a_spectator_cannot_move(table, db_path):
    await running(table)
    before = snapshot(db_path)
    with pytest.raises(NotSeated):
        await table.act(channel_id=CHANNEL, user_id=CY, action_id="take:1")
    assert snapshot(db_path) == before


async def test_moving_out_of_turn_names_whose_turn_it_is(table, db_path):
    await running(table)
    before = snapshot(db_path)
    with pytest.raises(NotYourTurn, match="waiting for Ada"):
        await table.act(channel_id=CHANNEL, user_id=BO, action_id="take:1")
    assert snapshot(db_path) == before


@pytest.mark.parametrize("action_id", ["take:4", "take:0", "", "x" * 500, "take:1;DROP TABLE"])
async def test_an_illegal_move_is_refused_and_changes_nothing(table, db_path, action_id):
    await running(table)
    before = snapshot(db_path)
    with pytest.raises(IllegalMove):
        await table.act(channel_id=CHANNEL, user_id=ADA, action_id=action_id)
    assert snapshot(db_path) == before


async def test_a_move_made_for_an_old_board_is_refused(table, db_path):
    start = await running(table)
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    before = snapshot(db_path)
    with pytest.raises(BoardChanged, match="board changed"):
        await table.act(
            channel_id=CHANNEL, user_id=BO, action_id="take:1", expected_version=start.game.version
        )
    assert snapshot(db_path) == before


async def test_a_button_from_an_earlier_game_is_refused(table):
    start = await running(table)
    with pytest.raises(BoardChanged, match="earlier game"):
        await table.act(
            channel_id=CHANNEL, user_id=ADA, action_id="take:1", expected_game_id=start.game.id + 1
        )


async def test_two_moves_against_the_same_version_only_one_lands(table, monkeypatch):
    """Both players load the same board before either saves: the version check decides."""
    await running(table)
    both_loaded = asyncio.Barrier(2)
    real_live = table._live

    async def live_then_wait(channel_id):
        row = await real_live(channel_id)
        await both_loaded.wait()
        return row

    monkeypatch.setattr(table, "_live", live_then_wait)
    results = await asyncio.gather(
        table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1"),
        table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:3"),
        return_exceptions=True,
    )
    kinds = sorted(type(r).__name__ for r in results)
    assert kinds == ["BoardChanged", "Outcome"]
    monkeypatch.undo()
    moves = [line for line in await table.log(channel_id=CHANNEL) if "takes" in line]
    assert len(moves) == 1


async def test_a_failure_in_the_middle_of_saving_a_move_leaves_the_game_as_it_was(
    table, store, db_path, monkeypatch
):
    await running(table)
    before = snapshot(db_path)

    def failing_insert(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(storage.store, "_append_move", failing_insert)
    with pytest.raises(SaveFailed, match="nothing changed"):
        await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:2")
    assert snapshot(db_path) == before
    monkeypatch.undo()
    outcome = await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:2")
    assert outcome.events[0].text == "Ada takes 2; 19 left."


async def test_an_engine_crash_is_a_clear_refusal_and_changes_nothing(table, db_path, monkeypatch):
    import engines

    await running(table)
    before = snapshot(db_path)

    def crash(*args):
        raise ZeroDivisionError("bug")

    monkeypatch.setattr(engines.get_engine("toy"), "play", crash)
    with pytest.raises(EngineFailure, match="nothing changed"):
        await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:2")
    assert snapshot(db_path) == before


@pytest.mark.parametrize("bad_state", ["{not json", '{"players": "nope"}', "[]"])
async def test_a_damaged_saved_state_gives_a_clear_error_and_changes_nothing(
    table, db_path, bad_state
):
    await running(table)
    with raw(db_path) as db:
        db.execute("UPDATE games SET state = ?", (bad_state,))
    before = snapshot(db_path)
    for call in (
        table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1"),
        table.legal_actions(channel_id=CHANNEL, user_id=ADA),
        table.board(channel_id=CHANNEL),
        table.hand(channel_id=CHANNEL, user_id=ADA),
        table.concede(channel_id=CHANNEL, user_id=BO),
        table.status(channel_id=CHANNEL),
        table.waiting_for(channel_id=CHANNEL),
    ):
        with pytest.raises(DamagedGame, match="saved state is damaged"):
            await call
    assert snapshot(db_path) == before


async def test_a_state_saved_by_a_newer_bot_marks_the_game_damaged_and_changes_nothing(
    table, db_path
):
    await running(table)
    with raw(db_path) as db:
        (state,) = db.execute("SELECT state FROM games").fetchone()
        future = {**json.loads(state), "schema_version": 99}
        db.execute("UPDATE games SET state = ?", (json.dumps(future),))
    before = snapshot(db_path)
    for call in (
        table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1"),
        table.legal_actions(channel_id=CHANNEL, user_id=ADA),
        table.board(channel_id=CHANNEL),
        table.status(channel_id=CHANNEL),
    ):
        with pytest.raises(DamagedGame, match="saved state is damaged"):
            await call
    assert snapshot(db_path) == before
    game = await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    assert game.status == "aborted"


async def test_a_damaged_game_can_still_be_aborted(table, db_path):
    await running(table)
    with raw(db_path) as db:
        db.execute("UPDATE games SET state = '{oops'")
    game = await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    assert game.status == "aborted"


async def test_a_game_whose_engine_is_gone_says_so(table, db_path):
    await running(table)
    with raw(db_path) as db:
        db.execute("UPDATE games SET engine = 'retired_game'")
    with pytest.raises(DamagedGame, match="not installed"):
        await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")


async def test_a_game_goes_on_after_a_restart(db_path):
    store = await Store.open(db_path)
    table = Table(store)
    await running(table)
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:3")
    before = await table.game(channel_id=CHANNEL)
    await store.close()

    store = await Store.open(db_path)
    try:
        table = Table(store)
        after = await table.game(channel_id=CHANNEL)
        assert after == before
        outcome = await table.act(
            channel_id=CHANNEL, user_id=BO, action_id="take:1", expected_version=before.version
        )
        assert outcome.events[0].text == "Bo takes 1; 17 left."
        assert len(await table.log(channel_id=CHANNEL)) == 5
    finally:
        await store.close()


async def test_a_finished_game_records_its_result_and_frees_the_channel(table):
    outcome = await running(table, options={"pile": "11"})
    rng = random.Random(3)
    while outcome.result is None:
        user = outcome.to_act[0]
        action = await table.suggest(channel_id=CHANNEL, user_id=user, rng=rng)
        outcome = await table.act(channel_id=CHANNEL, user_id=user, action_id=action)
    assert outcome.game.status == "finished"
    assert outcome.to_act == []
    assert outcome.events[-1].kind == "end"
    game = await table.game(channel_id=CHANNEL)
    assert game.result == outcome.result
    with pytest.raises(NoGame, match="has ended"):
        await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    _, png, text = await table.board(channel_id=CHANNEL)  # the final board stays visible
    assert png.startswith(b"\x89PNG") and "is over" in text
    await lobby(table, users=(CY, ADA))


async def test_legal_actions_are_the_players_own(table):
    await running(table)
    assert [a.id for a in await table.legal_actions(channel_id=CHANNEL, user_id=ADA)] == [
        "take:1",
        "take:2",
        "take:3",
    ]
    assert await table.legal_actions(channel_id=CHANNEL, user_id=BO) == []
    assert await table.waiting_for(channel_id=CHANNEL) == [ADA]


async def test_the_log_reads_like_a_story(table):
    await running(table)
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:2")
    assert await table.log(channel_id=CHANNEL) == [
        "1. Ada opens a game of Race to 21 (test game).",
        "2. Bo joins.",
        "3. The game begins: Ada, Bo.",
        "4. Ada takes 2; 19 left.",
    ]
    assert await table.log(channel_id=CHANNEL, limit=1) == ["4. Ada takes 2; 19 left."]


async def test_the_table_without_rendering_returns_no_image(store):
    table = Table(store, render=False)
    outcome = await running(table)
    assert outcome.board_png is None


async def test_ten_clicks_on_the_same_button_make_one_move(table):
    start = await running(table)
    results = await asyncio.gather(
        *(
            table.act(
                channel_id=CHANNEL,
                user_id=ADA,
                action_id="take:1",
                expected_version=start.game.version,
            )
            for _ in range(10)
        ),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, BoardChanged) for r in results if isinstance(r, Exception))
    assert (await table.game(channel_id=CHANNEL)).version == start.game.version + 1


async def test_a_move_loads_the_game_once_parses_its_state_once_and_saves_once(table, monkeypatch):
    """The outcome carries who acts next and their moves: nothing is loaded a second time."""
    await running(table)
    calls: list[str] = []
    for name in ("live_game", "latest_game", "get_game", "games", "save"):
        original = getattr(table.store, name)

        def counted(*args, _name=name, _original=original, **kwargs):
            calls.append(_name)
            return _original(*args, **kwargs)

        monkeypatch.setattr(table.store, name, counted)
    engine = type(engines.get_engine("toy"))
    load_state = engine.load_state
    parses: list[int] = []

    def counted_load(self, data):
        parses.append(1)
        return load_state(self, data)

    monkeypatch.setattr(engine, "load_state", counted_load)
    outcome = await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    assert calls == ["live_game", "save"] and len(parses) == 1
    assert outcome.to_act == [BO] and [a.id for a in outcome.awaited[BO]][:1] == ["take:1"]


@pytest.mark.parametrize(
    "how",
    [
        {"offered": 0},  # a button of the public turn message
        {"offered": 0, "own": True},  # a button of the player's private panel
        {"action_id": "take:1"},  # /play
    ],
)
async def test_a_move_asks_the_engine_for_each_players_moves_once_a_position(
    table, monkeypatch, how
):
    """Validate once: the table finds the move among the player's legal moves and applies it
    through the engine's trusting path; the next position's moves are asked once, for the
    outcome (the turn message and the panels take them from there)."""
    start = await running(table)
    engine = type(engines.get_engine("toy"))
    legal_actions = engine.legal_actions
    asked: list[tuple[str, str]] = []

    def counted(self, state, player):
        asked.append((state.model_dump_json(), player))
        return legal_actions(self, state, player)

    monkeypatch.setattr(engine, "legal_actions", counted)
    outcome = await table.act(
        channel_id=CHANNEL, user_id=ADA, expected_version=start.game.version, **how
    )
    assert outcome.action is not None and outcome.action.id == "take:1"
    assert len(asked) == len(set(asked)) == 2  # Ada's moves before, Bo's after
