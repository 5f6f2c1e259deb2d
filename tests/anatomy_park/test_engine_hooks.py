"""What the engine tells the bot beside the moves: the final report, the standing, the status
line, the seats, and who may sit down."""

import pytest

from engines.anatomy_park.engine import ENGINE
from engines.core import IllegalAction
from tests.anatomy_park.helpers import game, put


def _ended(s, *, ruben_alive=False, left=()):
    s.over = True
    s.ruben_alive = ruben_alive
    s.left = list(left)
    return s


def _one_blue_around_red(s):
    """Ada's master plan (Blue around Red, in a 2-player advanced game on seed 1) once."""
    assert s.plans["Ada"] == "P3"
    put(s, "1,0", "Aorta Arcade")  # red
    put(s, "1,-1", "Lung Lift-Off")  # blue
    put(s, "1,1", "Windpipe Wheel")  # blue


def test_the_final_report_waits_for_the_end():
    assert ENGINE.final_report(game()) == {}


def test_the_final_report_counts_tokens_and_controlled_tiles():
    s = game()
    s.vp["Ada"] = 5
    put(s, "1,0", "Pirates of the Pancreas", marker="Ada")
    report = ENGINE.final_report(_ended(s))
    assert report["Ada"] == "5 VP tokens + 5 from controlled tiles"
    assert report["Bea"] == "0 VP tokens + 0 from controlled tiles"


def test_the_final_report_leaves_out_players_who_left_the_game():
    s = game(3)
    s.removed.append("Ada")
    assert set(ENGINE.final_report(_ended(s))) == {"Bea", "Cy"}


def test_the_final_report_shows_a_master_plan_scored_by_a_player_who_got_out():
    s = game(mode="advanced")
    _one_blue_around_red(s)
    report = ENGINE.final_report(_ended(s, left=["Ada"]))
    assert report["Ada"] == (
        "0 VP tokens + 0 from controlled tiles + 2 from master plan Blue around Red (1 pattern)"
    )


def test_the_final_report_says_why_a_master_plan_did_not_score():
    s = game(mode="advanced")
    _one_blue_around_red(s)
    report = ENGINE.final_report(_ended(s))
    assert report["Ada"].endswith(
        "+ 0 from master plan Blue around Red (1 pattern (not scored: still in the park and Ruben died))"
    )


def test_a_master_plan_scores_inside_a_ruben_who_lives():
    s = game(mode="advanced")
    _one_blue_around_red(s)
    report = ENGINE.final_report(_ended(s, ruben_alive=True))
    assert "+ 2 from master plan Blue around Red (1 pattern)" in report["Ada"]


def test_the_final_report_counts_patterns_in_the_plural():
    s = game(mode="advanced")
    _one_blue_around_red(s)
    put(s, "3,0", "Haunted Liver")  # red
    put(s, "3,-1", "Oxygen Bar")  # blue
    put(s, "3,1", "Bronchi Bumper Cars")  # blue
    report = ENGINE.final_report(_ended(s, left=["Ada"]))
    assert report["Ada"].endswith("+ 4 from master plan Blue around Red (2 patterns)")


def test_the_standing_is_every_player_s_score_so_far():
    s = game()
    s.vp["Ada"] = 3
    put(s, "1,0", "Pirates of the Pancreas", marker="Ada")
    assert ENGINE.standing(s) == {"Ada": 3.0 + 5.0, "Bea": 0.0}


def test_the_seats_show_each_player_s_character():
    s = game(chars=["Poncho", "Annie"])
    assert ENGINE.seat_choices(s) == {"Ada": "Poncho", "Bea": "Annie"}


def test_a_player_who_left_the_game_is_no_longer_seated():
    s = game(3)
    s, _ = ENGINE.remove_player(s, "Bea")
    assert not ENGINE.seated(s, "Bea") and ENGINE.seated(s, "Ada")
    assert not ENGINE.seated(s, "Zed")


@pytest.mark.parametrize("players", [["Ada"], [f"P{i}" for i in range(7)]])
def test_anatomy_park_is_for_two_to_six_players(players):
    with pytest.raises(IllegalAction, match=r"^Anatomy Park is for 2 to 6 players\.$"):
        ENGINE.setup(players, seed=1)


def test_the_status_line_names_the_turn_the_park_and_the_vp():
    s = game()
    s.vp["Ada"] = 4
    assert ENGINE.summary(s) == (
        "Turn 1 - Ada: movement phase. Park 1 tiles, stack 48, discard 0. VP: Ada 4, Bea 0."
        " Tiles: Ent (0,0) Entrance."
    )


def test_the_status_line_pairs_each_tile_code_the_board_shows_with_its_name_and_space():
    s = game()
    put(s, "1,0", "Haunted Liver")
    put(s, "0,-1", "Aorta Arcade")
    put(s, "2,0", "Spleen Mountain", closed=True)
    assert ENGINE.summary(s).endswith(
        " Tiles: Aor (0,-1) Aorta Arcade, Ent (0,0) Entrance, Hau (1,0) Haunted Liver."
    )


def test_the_status_line_marks_players_out_of_the_park_and_ruben_s_last_rounds():
    s = game(3)
    s.left.append("Bea")
    s.final_turns = {"Ada": 2, "Cy": 2}
    assert "VP: Ada 0, Bea 0 (out), Cy 0. Ruben had a heart attack: final rounds!" in (
        ENGINE.summary(s)
    )


def test_the_status_line_at_the_end_names_the_reason_and_the_winners():
    s = game(3)
    s.over, s.end_reason, s.winners = True, "the second heart attack killed Ruben", ["Ada", "Cy"]
    assert ENGINE.summary(s).startswith(
        "Game over: the second heart attack killed Ruben. Winner: Ada, Cy."
    )


def test_a_player_who_left_the_game_is_left_out_of_the_status_line():
    s = game(3)
    s, _ = ENGINE.remove_player(s, "Cy")
    assert "Cy" not in ENGINE.summary(s).split("VP:")[1]
