"""What the table hands the spectator pages: public views and public words, never a state."""

from __future__ import annotations

import sqlite3

import engines
from bot.simulate import CHANNEL, DB_NAME, simulate
from bot.table import Table
from bot.table.history import replay
from storage import Store


async def test_every_watched_board_is_the_spectators_view_never_a_state(tmp_path):
    await simulate("cemetery", players=2, seed=4, out=tmp_path, images=False)
    store = await Store.open(tmp_path / DB_NAME)
    try:
        table = Table(store, render=False)
        game_id = (await table.game(channel_id=CHANNEL)).id
        watched = await table.watched(game_id)
        row, moves = await store.get_game(game_id), await store.moves(game_id)
    finally:
        await store.close()
    eng = engines.get_engine("cemetery")
    states = [t.state for t in replay(eng, row, eng.load_state(row.state), moves).turns]
    assert watched.complete and len(watched.turns) == len(states)
    for turn, state in zip(watched.turns, states, strict=True):
        assert not isinstance(turn.view, eng.state_type)
        assert turn.view == eng.view(state, None)
    # cemetery hides each player's hand: the spectator's view is not a player's
    last = states[-1]
    assert any(watched.turns[-1].view != eng.view(last, p) for p in last.players)


async def test_the_watched_log_keeps_only_public_events(tmp_path):
    await simulate("cemetery", players=2, seed=4, out=tmp_path, images=False)
    store = await Store.open(tmp_path / DB_NAME)
    try:
        table = Table(store, render=False)
        game_id = (await table.game(channel_id=CHANNEL)).id
        watched = await table.watched(game_id)
        moves = await store.moves(game_id)
    finally:
        await store.close()
    private = [e["text"] for m in moves for e in m.events if e.get("private_to") and e["text"]]
    assert private
    words = "\n".join(watched.log + [t.text for t in watched.turns] + [watched.result or ""])
    assert not [t for t in private if t in words]
    assert len(watched.log) == len(moves) and watched.result


async def test_a_game_in_its_lobby_has_a_log_and_no_boards(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        table = Table(store, render=False)
        game = await table.new_game(
            guild_id=1, channel_id=CHANNEL, user_id=1, user_name="Ada", engine="toy"
        )
        watched = await table.watched(game.id)
    finally:
        await store.close()
    assert watched.turns == [] and len(watched.log) == 1 and watched.result is None


async def test_a_game_whose_engine_is_gone_shows_its_log_without_boards(tmp_path):
    await simulate("toy", players=2, seed=1, out=tmp_path, max_moves=3, images=False)
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        db.execute("UPDATE games SET engine = 'uninstalled'")
    store = await Store.open(tmp_path / DB_NAME)
    try:
        game_id = (await store.latest_game(CHANNEL)).id
        watched = await Table(store, render=False).watched(game_id)
    finally:
        await store.close()
    assert watched.turns == [] and not watched.complete and watched.log
