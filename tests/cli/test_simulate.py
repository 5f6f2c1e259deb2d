"""``python -m bot simulate``: a whole random game through the Table into a folder."""

from __future__ import annotations

import sqlite3

import pytest

import engines
from bot.__main__ import main
from bot.simulate import simulate


def test_simulate_plays_the_toy_game_to_the_end_and_writes_boards_and_log(tmp_path, capsys):
    out = tmp_path / "demo"
    assert main(["simulate", "toy", "--players", "3", "--seed", "4", "--out", str(out)]) == 0
    summary = capsys.readouterr().out
    assert "Winner:" in summary and "Moves:" in summary
    pngs = sorted(out.glob("move-*.png"))
    assert pngs[0].name == "move-0000.png"
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pngs)
    log = (out / "log.txt").read_text().splitlines()
    assert log[0] == "1. Ada opens a game of Race to 21 (test game)."
    assert "wins" in log[-1]
    moves = len(pngs) - 1
    assert f"Moves: {moves} " in summary
    with sqlite3.connect(out / "simulation.sqlite3") as db:
        assert db.execute("SELECT status FROM games").fetchone() == ("finished",)
        assert db.execute("SELECT COUNT(*) FROM moves WHERE kind = 'move'").fetchone() == (moves,)


async def test_the_same_seed_plays_the_same_game(tmp_path):
    first = await simulate("toy", players=2, seed=9, out=tmp_path / "a", images=False)
    second = await simulate("toy", players=2, seed=9, out=tmp_path / "b", images=False)
    assert first.lines == second.lines
    assert first.images == 0


async def test_a_rerun_in_the_same_folder_replaces_the_old_output(tmp_path):
    await simulate("toy", players=4, seed=1, out=tmp_path, max_moves=30)
    second = await simulate("toy", players=2, seed=1, out=tmp_path, max_moves=2)
    assert len(list(tmp_path.glob("move-*.png"))) == second.images == 3


def test_stopping_at_max_moves_is_reported(tmp_path, capsys):
    assert main(["simulate", "toy", "--out", str(tmp_path), "--max-moves", "2"]) == 0
    assert "Stopped after 2 moves without a result." in capsys.readouterr().out


def test_an_unknown_game_lists_the_valid_ones(tmp_path, capsys):
    assert main(["simulate", "chess", "--out", str(tmp_path)]) == 2
    assert "Valid games:" in capsys.readouterr().err


def test_a_player_count_the_game_does_not_allow_is_refused(tmp_path, capsys):
    assert main(["simulate", "toy", "--players", "9", "--out", str(tmp_path)]) == 2
    assert "takes 2-4 players" in capsys.readouterr().err


@pytest.mark.parametrize("game", [n for n in engines.names() if n != "toy"])
async def test_every_registered_game_simulates_to_the_end(tmp_path, game):
    engine = engines.get_engine(game)
    sim = await simulate(game, players=engine.min_players, seed=1, out=tmp_path, images=False)
    assert sim.result is not None


def test_a_negative_seed_is_refused(tmp_path, capsys):
    assert main(["simulate", "toy", "--seed", "-1", "--out", str(tmp_path)]) == 2
    assert "--seed" in capsys.readouterr().err
