"""Past boards are rebuilt from the move log; a rebuilt board is the board the channel saw."""

from __future__ import annotations

import sqlite3

import pytest

import engines
import rendering
from bot.simulate import CHANNEL, DB_NAME, simulate
from bot.table import Table
from bot.table.history import replay
from storage import Store


async def _saved(path):
    store = await Store.open(path)
    try:
        row = await store.latest_game(CHANNEL)
        return row, await store.moves(row.id)
    finally:
        await store.close()


def _replayed(row, moves):
    eng = engines.get_engine(row.engine)
    return replay(eng, row, None if row.state is None else eng.load_state(row.state), moves)


@pytest.mark.parametrize("game", ["cemetery", "run_animals", "anatomy_park"])
async def test_every_turn_of_a_whole_game_replays_to_the_saved_state(tmp_path, game):
    await simulate(game, players=2, seed=5, out=tmp_path, images=False)
    row, moves = await _saved(tmp_path / DB_NAME)
    played = _replayed(row, moves)
    assert played.complete
    assert [t.seq for t in played.turns] == [m.seq for m in moves if m.kind in ("start", "move")]
    saved = engines.get_engine(game).load_state(row.state)
    assert played.turns[-1].state.model_dump_json() == saved.model_dump_json()


async def test_a_replayed_board_is_the_image_the_channel_was_shown(tmp_path):
    await simulate("cemetery", players=2, seed=2, out=tmp_path, max_moves=6)
    row, moves = await _saved(tmp_path / DB_NAME)
    played = _replayed(row, moves)
    eng = engines.get_engine("cemetery")
    for n, turn in enumerate(played.turns):
        shown = (tmp_path / f"move-{n:04d}.png").read_bytes()
        assert rendering.render_board("cemetery", eng.view(turn.state, None)) == shown


async def test_a_log_that_does_not_reach_the_saved_state_offers_only_the_latest_board(tmp_path):
    await simulate("toy", players=2, seed=1, out=tmp_path, max_moves=3, images=False)
    path = tmp_path / DB_NAME
    row, moves = await _saved(path)
    other = engines.get_engine("toy").setup(["Ada", "Bruno"], seed=99)
    with sqlite3.connect(path) as db:  # the saved state changed behind the log's back
        db.execute("UPDATE games SET state = ? WHERE id = ?", (other.model_dump_json(), row.id))
    row, moves = await _saved(path)
    played = _replayed(row, moves)
    assert not played.complete
    assert len(played.turns) == 1
    assert played.turns[0].state.model_dump_json() == other.model_dump_json()


async def test_a_concession_is_replayed(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    table = Table(store, render=False)
    await table.new_game(guild_id=1, channel_id=CHANNEL, user_id=1, user_name="Ada", engine="toy")
    for uid, name in ((2, "Bruno"), (3, "Chidi")):
        await table.join(channel_id=CHANNEL, user_id=uid, user_name=name)
    outcome = await table.start(channel_id=CHANNEL, user_id=1)
    await table.concede(channel_id=CHANNEL, user_id=outcome.to_act[0])
    await store.close()
    row, moves = await _saved(tmp_path / "t.sqlite3")
    played = _replayed(row, moves)
    assert played.complete and len(played.turns) == 2
    assert played.turns[-1].state.conceded == ["Ada"]


async def test_a_game_still_in_its_lobby_has_no_boards(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    table = Table(store, render=False)
    await table.new_game(guild_id=1, channel_id=CHANNEL, user_id=1, user_name="Ada", engine="toy")
    await store.close()
    row, moves = await _saved(tmp_path / "t.sqlite3")
    assert _replayed(row, moves).turns == []
