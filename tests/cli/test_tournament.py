"""``python -m bot tournament`` and ``python -m bot balance``: bots against bots, no Discord."""

from __future__ import annotations

import re

import pytest

from bot.__main__ import main
from bot.tournament import seatings

LAST_LINE = re.compile(
    r"^tournament (\w+): (\w+) won (\d+) of (\d+), (\w+) won (\d+) of \4, draws (\d+)$"
)


def test_a_tournament_ends_with_the_totals_line_and_they_add_up(capsys):
    code = main(
        [
            "tournament",
            "cemetery",
            "--games",
            "2",
            "--seed",
            "3",
            "--levels",
            "normal,easy",
            "--iterations",
            "5",
            "--quiet",
        ]
    )
    assert code == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    m = LAST_LINE.match(last)
    assert m, last
    game, a, a_won, n, b, b_won, draws = m.groups()
    assert (game, a, b, n) == ("cemetery", "normal", "easy", "2")
    assert int(a_won) + int(b_won) + int(draws) == 2


def test_seats_alternate_so_each_level_starts_as_often():
    assert seatings(("hard", "easy"), 2, 4) == [
        ["hard", "easy"],
        ["easy", "hard"],
        ["hard", "easy"],
        ["easy", "hard"],
    ]
    assert seatings(("hard", "easy"), 3, 2) == [["hard", "easy", "hard"], ["easy", "hard", "easy"]]


def test_a_tournament_with_the_same_seed_plays_the_same_games(capsys):
    args = [
        "tournament",
        "run_animals",
        "--games",
        "2",
        "--seed",
        "5",
        "--levels",
        "normal,easy",
        "--iterations",
        "5",
    ]
    main(args)
    first = capsys.readouterr().out
    main(args)
    assert capsys.readouterr().out == first


def test_a_bad_tournament_request_is_refused_clearly(capsys):
    assert main(["tournament", "chess", "--games", "2"]) == 2
    assert "Unknown game 'chess'" in capsys.readouterr().err
    assert main(["tournament", "cemetery", "--levels", "hard,godlike"]) == 2
    assert "Unknown bot level" in capsys.readouterr().err
    assert main(["tournament", "cemetery", "--players", "3"]) == 2
    assert "takes 2-2 players" in capsys.readouterr().err
    assert main(["tournament", "monopoly", "--options", "mode=slow"]) == 2
    assert "not a choice" in capsys.readouterr().err


def test_the_balance_report_states_level_sample_and_endings(tmp_path):
    out = tmp_path / "balance.md"
    code = main(
        [
            "balance",
            "--level",
            "easy",
            "--games",
            "3",
            "--games-only",
            "run_animals",
            "--max-players",
            "2",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    text = out.read_text()
    assert "`easy` bots" in text and "played 3 times" in text
    assert "Run Animals, Run!, 2 players (3 games)" in text
    assert "First player to act wins" in text
    assert "how the game ended" in text
    assert "Length in moves" in text
    assert "| 20 points |" in text, "an ending that never happened still shows, as 0"


def always_a(work):
    """A stand-in for a played game: the level in seat 1 of ``work`` never wins."""
    from engines.ai.matches import Match

    game, levels, seed, _, _ = work
    players = [f"p{k}" for k in range(len(levels))]
    named = dict(zip(players, levels, strict=True))
    winner = next(p for p in players if named[p] == "hard")
    return Match(game, seed, players, named, players[0], winners=[winner], finished=True)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_sequential_tournament_stops_on_the_game_the_test_decides(monkeypatch, jobs):
    from bot import tournament
    from engines.ai.sprt import Sprt

    played = []
    real = tournament.matches_in_order

    def counted(work, jobs):
        for match in real(work, jobs, play=always_a):
            played.append(match.seed)
            yield match

    monkeypatch.setattr(tournament, "matches_in_order", counted)
    tally = tournament.run(
        "cemetery", ("hard", "easy"), 2, 200, 10, {}, {}, jobs=jobs, sprt=Sprt(0.5, 0.7)
    )
    # nine straight wins cross ln(19) at ln(1.4) each: the test stops at game 9
    assert (tally.games, tally.a_won, tally.decision) == (9, 9, "H1")
    assert played == list(range(10, 19))  # in seed order, also when played two at once


def test_a_sequential_tournament_ends_with_the_decision(capsys):
    code = main(
        [
            "tournament",
            "cemetery",
            "--games",
            "2",
            "--seed",
            "3",
            "--levels",
            "normal,easy",
            "--iterations",
            "5",
            "--quiet",
            "--sprt",
            "0.5,0.7",
            "--jobs",
            "1",
        ]
    )
    assert code == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.match(
        r"^tournament cemetery: normal won \d+ of 2, easy won \d+ of 2, draws \d+, "
        r"sprt=undecided$",
        last,
    ), last


def test_a_bad_sprt_is_refused_without_playing(capsys):
    code = main(["tournament", "cemetery", "--sprt", "0.7,0.5"])
    assert code == 2
    assert "P0,P1" in capsys.readouterr().err


def test_a_tournament_stopped_by_hand_keeps_the_games_played_so_far(monkeypatch):
    from bot import tournament
    from engines.ai.sprt import Sprt

    real = tournament.matches_in_order

    def interrupted(work, jobs):
        for n, match in enumerate(real(work, jobs, play=always_a)):
            if n == 3:
                raise KeyboardInterrupt
            yield match

    monkeypatch.setattr(tournament, "matches_in_order", interrupted)
    tally = tournament.run(
        "cemetery", ("hard", "easy"), 2, 200, 10, {}, {}, jobs=1, sprt=Sprt(0.5, 0.7)
    )
    assert (tally.games, tally.a_won, tally.stopped, tally.decision) == (3, 3, True, "undecided")


def test_sigterm_stops_a_running_tournament_with_its_totals_line():
    import os
    import signal
    import subprocess
    import sys

    command = [sys.executable, "-m", "bot", "tournament", "cemetery", "--levels", "easy,easy"]
    command += ["--games", "100000", "--jobs", "2"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env) as run:
        assert run.stdout is not None
        for line in run.stdout:
            if line.startswith("game 3:"):
                break
        run.send_signal(signal.SIGTERM)
        rest, _ = run.communicate(timeout=60)
    assert run.returncode == 0
    lines = rest.strip().splitlines()
    assert any(re.fullmatch(r"stopped by hand after \d+ games", x) for x in lines), rest[-500:]
    assert re.fullmatch(
        r"tournament cemetery: easy won \d+ of \d+, easy won \d+ of \d+, draws \d+",
        lines[-1],
    ), lines[-1]
