"""The final standings say how each score is made: Revenge and Science tokens, spent and
unspent, both counting at the end."""

from __future__ import annotations

from engines.cemetery.engine import ENGINE
from tests.cemetery.helpers import fresh


def test_each_players_score_is_broken_down_into_revenge_and_science_spent_and_unspent():
    state = fresh()
    state.over = True
    ada, brook = state.sides
    ada.revenge, ada.revenge_spent, ada.science, ada.science_spent = 3, 2, 1, 1
    brook.revenge, brook.science_spent = 4, 2
    report = ENGINE.final_report(state)
    assert report["Ada"] == "5 Revenge (2 spent) + 2 Science (1 spent) = 7 tokens"
    assert report["Brook"] == "4 Revenge (0 spent) + 2 Science (2 spent) = 6 tokens"
    assert ENGINE.result(state).scores == {"Ada": 7.0, "Brook": 6.0}  # the same totals


def test_the_breakdown_names_who_conceded():
    new, _ = ENGINE.remove_player(fresh(), "Ada")
    assert ENGINE.final_report(new)["Ada"].endswith("(conceded)")


def test_no_breakdown_while_the_game_runs():
    assert ENGINE.final_report(fresh()) == {}
