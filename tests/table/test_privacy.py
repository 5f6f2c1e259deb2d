"""Hidden information: private events reach only their owner, never a public output."""

from __future__ import annotations

import json
import logging

import pytest

import engines
from bot.errors import DamagedGame, EngineFailure, NotSeated, WrongStage
from tests.table.conftest import ADA, BO, CHANNEL, CY, lobby, raw, running


async def test_a_private_event_goes_only_to_its_owner(table):
    await running(table, engine="secret_toy")
    outcome = await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    assert all(e.private_to is None for e in outcome.events)
    assert not any("lucky number" in e.text for e in outcome.events)
    assert list(outcome.private_events) == [ADA]
    assert "your lucky number is" in outcome.private_events[ADA][0]


async def test_a_private_event_is_stored_marked_private(table, db_path):
    await running(table, engine="secret_toy")
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    with raw(db_path) as db:
        (events,) = db.execute("SELECT events FROM moves WHERE kind = 'move'").fetchone()
    private = [e for e in json.loads(events) if e["private_to"]]
    assert [e["private_to"] for e in private] == ["Ada"]


async def test_the_log_never_shows_private_events(table):
    await running(table, engine="secret_toy")
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    await table.act(channel_id=CHANNEL, user_id=BO, action_id="take:2")
    lines = await table.log(channel_id=CHANNEL, limit=None)
    assert lines[-2:] == ["4. Ada takes 1; 20 left.", "5. Bo takes 2; 18 left."]
    assert not any("lucky" in line for line in lines)


async def test_the_status_and_board_texts_hide_secrets(table):
    await running(table, engine="secret_toy")
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    _, text = await table.status(channel_id=CHANNEL)
    _, _, board_text = await table.board(channel_id=CHANNEL)
    assert "lucky" not in (text + board_text).lower()
    assert "my_secret" not in text + board_text


async def test_without_a_hand_picture_the_hand_is_the_private_part_as_text(table, store):
    await running(table, engine="secret_toy")
    game = await store.live_game(CHANNEL)
    secret = json.loads(game.state)["secrets"]["Ada"]
    _, png, text = await table.hand(channel_id=CHANNEL, user_id=ADA)
    assert png is None
    assert f"My secret: {secret}" in text
    assert "Pile" not in text  # what everyone sees is not repeated


async def test_with_a_hand_picture_the_hand_is_an_image(table):
    await running(table)
    _, png, text = await table.hand(channel_id=CHANNEL, user_id=ADA)
    assert png.startswith(b"\x89PNG") and "only you" in text


async def test_a_spectator_has_no_hand(table):
    await running(table)
    with pytest.raises(NotSeated):
        await table.hand(channel_id=CHANNEL, user_id=CY)


async def test_there_is_no_board_or_hand_in_the_lobby(table):
    await lobby(table)
    with pytest.raises(WrongStage, match="/game start"):
        await table.board(channel_id=CHANNEL)
    with pytest.raises(WrongStage):
        await table.hand(channel_id=CHANNEL, user_id=ADA)


SECRET_CARD = "queen of " + "hearts"


async def test_a_damaged_state_is_logged_without_quoting_it(table, db_path, caplog):
    await running(table)
    # pydantic's error message repeats the bad input: the log must not
    with raw(db_path) as db:
        db.execute("UPDATE games SET state = ?", (json.dumps({"players": SECRET_CARD}),))
    with caplog.at_level(logging.DEBUG), pytest.raises(DamagedGame):
        await table.status(channel_id=CHANNEL)
    assert "saved state does not load" in caplog.text
    assert SECRET_CARD not in caplog.text


async def test_an_engine_crash_is_logged_without_its_message_or_the_move(
    table, caplog, monkeypatch
):
    await running(table)

    def crash(*args):
        raise KeyError(f"Ada holds the {SECRET_CARD}")

    monkeypatch.setattr(engines.get_engine("toy"), "play", crash)
    with caplog.at_level(logging.DEBUG), pytest.raises(EngineFailure):
        await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:2")
    assert "KeyError" in caplog.text and "apply failed" in caplog.text
    assert SECRET_CARD not in caplog.text
    assert "take:2" not in caplog.text


async def test_a_crash_in_an_engine_view_is_logged_without_its_message(table, caplog, monkeypatch):
    await running(table)

    def crash(*args):
        raise ValueError(f"cannot draw {SECRET_CARD}")

    monkeypatch.setattr(engines.get_engine("toy"), "legal_actions", crash)
    with caplog.at_level(logging.DEBUG), pytest.raises(EngineFailure):
        await table.legal_actions(channel_id=CHANNEL, user_id=ADA)
    assert "ValueError" in caplog.text
    assert SECRET_CARD not in caplog.text
