"""What the engine tells the bot beside the moves: the result, how the game ended, the
standing, the status line, who is seated, and a player conceding."""

import pytest

from engines.cemetery.engine import ENGINE
from engines.cemetery.state import TurnNote
from engines.core import IllegalAction
from tests.cemetery.helpers import fresh


def _tokens(state, ada, brook):
    state.sides[0].revenge, state.sides[0].science_spent = ada
    state.sides[1].revenge, state.sides[1].science_spent = brook


def test_a_draw_is_reported_with_both_players_scores():
    state = fresh()
    _tokens(state, (3, 2), (4, 1))
    state.over = True
    result = ENGINE.result(state)
    assert result.winners == ["Ada", "Brook"] and result.reason == "draw"
    assert result.scores == {"Ada": 5.0, "Brook": 5.0}
    assert ENGINE.ending(state) == "draw"


def test_the_player_with_more_tokens_wins_most_tokens():
    state = fresh()
    _tokens(state, (3, 3), (4, 1))
    state.over = True
    assert ENGINE.ending(state) == "most tokens"


def test_a_concession_is_reported_with_the_scores_so_far():
    state = fresh()
    _tokens(state, (3, 3), (1, 0))
    state, events = ENGINE.remove_player(state, "Ada")
    result = ENGINE.result(state)
    assert result.winners == ["Brook"] and result.reason == "Ada conceded"
    assert result.scores == {"Ada": 6.0, "Brook": 1.0}
    assert ENGINE.ending(state) == "a player conceded"
    assert [(e.text, e.kind) for e in events] == [("Ada leaves the game; Brook wins.", "end")]


def test_the_standing_counts_spent_and_unspent_tokens():
    state = fresh()
    _tokens(state, (3, 2), (0, 4))
    assert ENGINE.standing(state) == {"Ada": 5.0, "Brook": 4.0}


def test_only_the_two_players_are_seated():
    state = fresh()
    assert ENGINE.seated(state, "Ada") and not ENGINE.seated(state, "Zed")


def test_the_status_line_names_the_turn_phase_tokens_and_supply():
    state = fresh()
    _tokens(state, (3, 2), (0, 0))
    assert ENGINE.summary(state) == (
        "Turn 1: Ada, Draft. Ada 5 (R 3+0 spent, S 0+2 spent) · "
        "Brook 0 (R 0+0 spent, S 0+0 spent). supply R 20 / S 20."
    )


def test_the_status_line_marks_the_final_round():
    state = fresh()
    state.final_round = True
    assert ENGINE.summary(state).startswith("Turn 1: Ada, Draft · final round. ")


def test_the_status_line_at_the_end_gives_the_result():
    state = fresh()
    _tokens(state, (3, 3), (4, 1))
    state.over = True
    assert ENGINE.summary(state).startswith("Game over (most tokens (6 to 5)). Ada 6 (")


@pytest.mark.parametrize("players", [["Ada"], ["Ada", "Brook", "Cy"]])
def test_cemetery_creatures_is_for_exactly_two_players(players):
    with pytest.raises(IllegalAction, match=r"^Cemetery Creatures is for exactly 2 players\.$"):
        ENGINE.setup(players, seed=1)


def test_cemetery_creatures_has_no_options_to_set():
    with pytest.raises(IllegalAction, match="Unknown option"):
        ENGINE.setup(["Ada", "Brook"], seed=1, options={"mode": "quick"})


def test_the_status_line_ends_with_the_last_turn_in_full():
    state = fresh()
    state.last_turn = TurnNote(player="Brook", line="Brook drafted 5, stitched 2", marks=())
    assert ENGINE.summary(state).endswith(" Last turn: Brook drafted 5, stitched 2.")
