"""Replaying a game's log entry by entry: which entries make a board, what each one says, and
how a log that cannot be replayed is answered (the latest board only, and a warning naming the
game and the reason)."""

from __future__ import annotations

import dataclasses
import logging

import engines
from bot.table import Table
from bot.table.history import Replay, Turn, public_text, replay
from storage import MoveRow, Store
from tests.table.conftest import SECRET

CHANNEL = 40


def _entry(kind: str, events: list[dict], *, player: str | None = "Ada", readable=True):
    return MoveRow(1, 7, kind, 11, player, None, events, 3, 0.0, readable=readable)


def test_a_damaged_entry_says_so():
    assert public_text(_entry("move", [], readable=False)) == "(this log entry is damaged)"


def test_an_entry_says_its_public_events_in_order_one_space_apart():
    events = [{"text": "Ada rolls 3."}, {"text": "Psst.", "private_to": "Ada"}, {"text": "Done."}]
    assert public_text(_entry("move", events)) == "Ada rolls 3. Done."


def test_an_event_without_words_adds_none():
    assert public_text(_entry("move", [{"kind": "dice"}, {"text": "Ada rolls 3."}])) == (
        "Ada rolls 3."
    )


def test_an_entry_with_only_private_events_says_who_moved():
    private = [{"text": "Your card: 7.", "private_to": "Ada"}]
    assert public_text(_entry("move", private)) == "Ada moves."
    assert public_text(_entry("move", private, player=None)) == "Someone moves."


async def _played(tmp_path, engine: str, moves: int, **seats):
    """A two-player game of ``engine`` played ``moves`` moves in; its row and its log."""
    store = await Store.open(tmp_path / "t.sqlite3")
    table = Table(store, render=False)
    choices = seats.get("choices", {})
    await table.new_game(
        guild_id=1,
        channel_id=CHANNEL,
        user_id=1,
        user_name="Ada",
        engine=engine,
        choices=choices.get("Ada"),
    )
    await table.join(channel_id=CHANNEL, user_id=2, user_name="Bo", choices=choices.get("Bo"))
    outcome = await table.start(channel_id=CHANNEL, user_id=1)
    for _ in range(moves):
        [user] = outcome.to_act
        [first, *_] = await table.legal_actions(channel_id=CHANNEL, user_id=user)
        outcome = await table.act(channel_id=CHANNEL, user_id=user, action_id=first.id)
    row = await store.latest_game(CHANNEL)
    log = await store.moves(row.id)
    return store, table, row, log


def _replayed(row, log):
    eng = engines.get_engine(row.engine)
    return replay(eng, row, eng.load_state(row.state), log)


async def test_the_figures_players_chose_are_replayed(tmp_path):
    chosen = {"Ada": {"figure": "Plumbus"}, "Bo": {"figure": "Portal Gun"}}
    store, _, row, log = await _played(tmp_path, "monopoly", 3, choices=chosen)
    await store.close()
    played = _replayed(row, log)
    assert played.complete and len(played.turns) == 4


async def test_entries_that_change_no_position_make_no_board(tmp_path):
    store, _, row, log = await _played(tmp_path, "toy", 2)
    await store.close()
    start = next(i for i, m in enumerate(log) if m.kind == "start")
    note = dataclasses.replace(log[start], kind="pause", seq=log[start].seq)
    played = _replayed(row, [*log[: start + 1], note, *log[start + 1 :]])
    assert played.complete
    assert [t.seq for t in played.turns] == [m.seq for m in log if m.kind in ("start", "move")]


async def test_a_concession_the_game_could_not_go_on_after_replays_as_the_board_it_left(tmp_path):
    store, table, _, _ = await _played(tmp_path, SECRET.name, 1)
    await table.concede(channel_id=CHANNEL, user_id=2)
    row = await store.latest_game(CHANNEL)
    log = await store.moves(row.id)
    await store.close()
    played = _replayed(row, log)
    assert played.complete
    assert [m.kind for m in log if m.seq == played.turns[-1].seq] == ["concede"]
    assert played.turns[-1].state == played.turns[-2].state


def _only_the_latest(row, saved) -> Replay:
    return Replay(turns=[Turn(0, "The latest board.", saved)], complete=False)


async def test_a_move_entry_naming_no_move_offers_only_the_latest_board(tmp_path, caplog):
    store, _, row, log = await _played(tmp_path, "toy", 2)
    await store.close()
    broken = [dataclasses.replace(m, action_id=None) if m.kind == "move" else m for m in log]
    with caplog.at_level(logging.WARNING, logger="tabletop.table"):
        played = _replayed(row, broken)
    assert played == _only_the_latest(row, engines.get_engine("toy").load_state(row.state))
    [warning] = caplog.messages
    assert warning.startswith(f"game {row.id}: its log does not replay (ValueError")


async def test_a_concession_naming_no_player_offers_only_the_latest_board(tmp_path, caplog):
    store, table, _, _ = await _played(tmp_path, "toy", 1)
    await table.concede(channel_id=CHANNEL, user_id=2)
    row = await store.latest_game(CHANNEL)
    log = await store.moves(row.id)
    await store.close()
    broken = [dataclasses.replace(m, player=None) if m.kind == "concede" else m for m in log]
    with caplog.at_level(logging.WARNING, logger="tabletop.table"):
        played = _replayed(row, broken)
    assert not played.complete
    assert caplog.messages[0].startswith(f"game {row.id}: its log does not replay (ValueError")


async def test_a_log_without_its_start_offers_only_the_latest_board(tmp_path, caplog):
    store, _, row, log = await _played(tmp_path, "toy", 2)
    await store.close()
    with caplog.at_level(logging.WARNING, logger="tabletop.table"):
        played = _replayed(row, [m for m in log if m.kind != "start"])
    assert played == _only_the_latest(row, engines.get_engine("toy").load_state(row.state))
    assert caplog.messages == [f"game {row.id}: its replayed log does not reach the saved state"]
