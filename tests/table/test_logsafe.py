"""Failure log lines name the exception and where it happened, never its message."""

from __future__ import annotations

import pytest

from bot.logsafe import failure

CARD = "ace of " + "spades"  # built at run time: only a message could carry it into the log


def raise_secret(card: str):
    raise KeyError(f"Ada's hand: {card}")


def test_a_failure_line_names_the_type_and_the_place_but_not_the_message():
    try:
        raise_secret(CARD)
    except KeyError as exc:
        line = failure(exc)
    assert line.startswith("KeyError")
    assert "raise_secret" in line and "test_logsafe.py" in line
    assert CARD not in line


def test_a_failure_line_names_the_cause_it_was_raised_from():
    try:
        try:
            raise_secret(CARD)
        except KeyError as inner:
            raise RuntimeError(str(inner)) from inner
    except RuntimeError as exc:
        line = failure(exc)
    assert line.startswith("RuntimeError (from KeyError)")
    assert CARD not in line


async def test_a_failed_save_logs_the_database_s_reason_and_no_game_content(table, store, caplog):
    from bot.errors import SaveFailed
    from tests.table.conftest import ADA, CHANNEL, running

    await running(table, engine="secret_toy")
    state = (await store.live_game(CHANNEL)).state
    if store.postgres:  # the server now refuses every write
        await store._db.execute("SET default_transaction_read_only = on")
    else:
        await store._db.execute("PRAGMA query_only = 1")  # SQLite now refuses every write
    with pytest.raises(SaveFailed):
        await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    line = "\n".join(r.getMessage() for r in caplog.records)
    if store.postgres:
        assert "ReadOnlySqlTransaction: SQLSTATE 25006" in line
    else:
        assert "SQLITE_READONLY" in line and "readonly database" in line
    assert state not in line and "lucky" not in line
