"""What the engine tells the bot beside the moves: the final report, the standing, the status
line, how a game ended, and what a player leaving does."""

import pytest

from engines.core import IllegalAction
from engines.run_animals.engine import ENGINE
from tests.run_animals.helpers import game


def _over(state, reason, *, reached=None):
    state.phase, state.over = "over", True
    state.end_reason = reason
    state.reached_target = reached
    return state


def test_the_final_report_waits_for_the_end():
    assert ENGINE.final_report(game("cat", "bear")) == {}


def test_the_final_report_shows_goal_points_goals_and_penalties():
    state = game("cat", "bear")
    state.seats["Ada"].completed = [1, 4]  # 4 + 4 points
    state.seats["Brook"].completed = [1]
    state.graveyard[:3] = ["Ada", "Brook", "Ada"]  # -1 -2 -3
    report = ENGINE.final_report(_over(state, "the graveyard is full"))
    assert report == {"Ada": "8 from 2 goals − 4 penalty", "Brook": "4 from 1 goal − 2 penalty"}


def test_the_standing_is_goal_points_less_penalties():
    state = game("cat", "bear")
    state.seats["Ada"].completed = [1]  # 4 points
    state.graveyard[:2] = ["Brook", "Ada"]  # -1 Brook, -2 Ada
    assert ENGINE.standing(state) == {"Ada": 2.0, "Brook": -1.0}


def test_the_status_line_while_animals_are_placed():
    state = ENGINE.setup(["Ada", "Brook"], seed=1, options={"species": {"Ada": "Leopard Cat"}})
    assert ENGINE.summary(state).startswith("placing animals; ")


def test_the_status_line_names_the_round_the_scores_and_the_graveyard():
    state = game("cat", "bear")
    state.seats["Brook"].completed = [1]
    state.graveyard[0] = "Ada"
    assert ENGINE.summary(state) == (
        "round 1; Ada to act. Scores: Ada (Leopard Cat) -1, Brook (Black Bear) 4. Graveyard 1/4."
        " Last turn: Ada placed a Leopard Cat on tile 6."
    )


def test_the_status_line_at_the_end_names_the_reason():
    state = _over(game("cat", "bear"), "Brook reached 20 points", reached="Brook")
    assert ENGINE.summary(state) == (
        "Game over: Brook reached 20 points. Scores: Ada (Leopard Cat) 0, Brook (Black Bear) 0."
        " Last turn: Ada placed a Leopard Cat on tile 6."
    )


@pytest.mark.parametrize(
    ("reason", "reached", "ending"),
    [
        ("Brook reached 20 points", "Brook", "20 points"),
        ("Ada left: their Leopard Cat is extinct and they are eliminated", None, "a player left"),
        (
            "the graveyard is full (4 slots): all the animals lost to humankind",
            None,
            "graveyard full",
        ),
        ("Ada's Leopard Cat is extinct and Ada is eliminated", None, "extinction"),
        (
            "the graveyard is full (4 slots): all the animals lost to humankind; "
            "Ada's Leopard Cat is extinct and Ada is eliminated",
            None,
            "graveyard full and extinction",
        ),
    ],
)
def test_the_ending_names_what_ended_the_game(reason, reached, ending):
    state = _over(game("cat", "bear"), reason, reached=reached)
    assert ENGINE.ending(state) == ending


def test_an_ending_without_a_known_cause_is_its_reason():
    state = _over(game("cat", "bear"), "something else")
    assert ENGINE.ending(state) == "something else"


def test_a_player_leaving_makes_their_species_extinct_and_ends_the_game():
    state = game("cat", "bear")
    state, events = ENGINE.remove_player(state, "Ada")
    reason = "Ada left: their Leopard Cat is extinct and they are eliminated"
    assert state.over and state.end_reason == reason
    assert [(e.text, e.kind) for e in events if e.kind == "end"] == [
        (f"The game ends: {reason}.", "end")
    ]


@pytest.mark.parametrize("players", [["Ada"], ["A", "B", "C", "D", "E"]])
def test_run_animals_is_for_two_to_four_players(players):
    with pytest.raises(IllegalAction, match=r"^Run Animals, Run! is for 2 to 4 players\.$"):
        ENGINE.setup(players, seed=1)


def test_each_seat_s_choice_is_its_species_name():
    assert ENGINE.seat_choices(game("turtle", "kite")) == {
        "Ada": "Yellow-margined Box Turtle",
        "Brook": "Black Kite",
    }
