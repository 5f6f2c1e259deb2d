"""Completing goals, recycling cards, the graveyard, and the three ways the game ends."""

from __future__ import annotations

import pytest

from engines.run_animals.engine import DATA, ENGINE
from engines.run_animals.graveyard import bury, end_game
from engines.run_animals.state import GRAVE
from tests.run_animals.helpers import act, game, give_goal, ids

GOAL_2F_1N = 1


def _ready_to_complete(state):
    give_goal(state, "Ada", GOAL_2F_1N, {"F": 2})
    state.seats["Ada"].hand = ["cat1", "cat2"]
    state.seats["Ada"].discard = ["cat3", "cat4"]
    return state


def test_removing_a_meeple_before_playing_recycles_the_discard_pile():
    state = game("cat", "bear")
    state.seats["Ada"].hand = ["cat1"]
    state.seats["Ada"].discard = ["cat2", "cat3"]
    assert "recycle:6" in ids(state)
    state, _ = act(state, "recycle:6")
    assert state.graveyard[0] == "Ada"
    assert sorted(state.seats["Ada"].hand) == ["cat1", "cat2", "cat3"]
    assert state.seats["Ada"].discard == []
    assert state.current == "Ada" and state.phase == "turn"
    assert not any(i.startswith("recycle:") for i in ids(state))


def test_recycling_is_not_offered_with_an_empty_discard_pile():
    state = game("cat", "bear")
    assert not any(i.startswith("recycle:") for i in ids(state))


def test_completing_a_goal_returns_its_cubes_and_scores_its_points():
    state = _ready_to_complete(game("cat", "bear"))
    supply = dict(state.supply)
    state, events = act(state, "play:cat1", "acq:N")
    seat = state.seats["Ada"]
    assert seat.completed == [GOAL_2F_1N]
    assert seat.goal_cubes == {"F": 0, "N": 0, "W": 0}
    assert state.supply == {"F": supply["F"] + 2, "N": supply["N"] + 1, "W": supply["W"]}
    assert ENGINE.view(state, None).players[0].goal_points == DATA.goals[GOAL_2F_1N].points
    assert any(e.kind == "goal" for e in events)


def test_after_a_goal_the_player_chooses_one_of_the_two_face_up_goals():
    state = _ready_to_complete(game("cat", "bear"))
    state, _ = act(state, "play:cat1", "acq:N")
    assert state.phase == "goal"
    assert ids(state) == [f"goal:{g}" for g in state.face_up]


def test_the_taken_goal_is_replaced_from_the_deck_and_all_discards_return_to_hand():
    state = _ready_to_complete(game("cat", "bear"))
    state, _ = act(state, "play:cat1", "acq:N")
    left, right = state.face_up
    top = state.goal_deck[0]
    state, _ = act(state, f"goal:{right}")
    seat = state.seats["Ada"]
    assert seat.goal == right
    assert state.face_up == [left, top]
    assert sorted(seat.hand) == ["cat1", "cat2", "cat3", "cat4"]
    assert seat.discard == []
    assert state.current == "Brook"


def test_with_one_face_up_goal_left_it_is_taken_without_asking():
    state = _ready_to_complete(game("cat", "bear"))
    state.face_up = state.face_up[:1]
    state.goal_deck = []
    only = state.face_up[0]
    state, _ = act(state, "play:cat1", "acq:N")
    assert state.seats["Ada"].goal == only
    assert state.face_up == []
    assert state.current == "Brook"


def test_an_empty_hand_without_a_completed_goal_forces_a_meeple_into_the_graveyard():
    state = game("cat", "bear")
    state.meeples[0].tile = 7
    state.seats["Ada"].hand = ["cat5"]
    state.seats["Ada"].discard = ["cat1", "cat2"]
    state, events = act(state, "play:cat5", "skip")
    assert state.phase == "forced"
    assert ids(state) == ["grave:6", "grave:7"]
    state, _ = act(state, "grave:7")
    assert state.graveyard[0] == "Ada"
    assert state.meeples[0].tile == GRAVE
    assert sorted(state.seats["Ada"].hand) == ["cat1", "cat2", "cat5"]
    assert state.current == "Brook"


def test_no_forced_removal_when_the_last_card_completes_the_goal():
    state = _ready_to_complete(game("cat", "bear"))
    state.seats["Ada"].hand = ["cat1"]
    state, _ = act(state, "play:cat1", "acq:N")
    assert state.phase == "goal"
    assert state.graveyard == [None] * 6


def test_graveyard_fills_the_empty_slot_with_the_lowest_penalty_first():
    state = game("frog", "turtle", "cat", "pitta")
    order = [0, 4, 1, 5, 8]  # meeples of Ada, Brook, Ada, Brook, Cy
    for i in order:
        bury(state, DATA, i)
    assert state.graveyard == ["Ada", "Brook", "Ada", "Brook", "Cy", None]
    view = ENGINE.view(state, None)
    assert [p.penalty for p in view.players] == [1 + 3, 2 + 3, 4, 0]


@pytest.mark.parametrize(
    "species,end",
    [
        (("frog", "turtle"), 4),
        (("frog", "turtle", "cat"), 5),
        (("frog", "turtle", "cat", "pitta"), 6),
    ],
)
def test_the_game_ends_when_the_graveyard_slot_for_the_player_count_fills(species, end):
    state = game(*species)
    owners = [m.owner for m in state.meeples]
    victims = []
    for k in range(end):  # spread the removals so no species dies out
        owner = state.players[k % len(state.players)]
        victims.append(next(i for i, o in enumerate(owners) if o == owner and i not in victims))
    for i in victims[:-1]:
        bury(state, DATA, i)
    assert state.phase != "over"
    bury(state, DATA, victims[-1])
    assert state.phase == "over"
    assert "graveyard is full" in ENGINE.result(state).reason


def test_a_species_with_no_meeple_left_is_extinct_and_its_player_eliminated():
    state = game("bear", "frog")
    state.seats["Ada"].completed = [18, 19]  # 10 points: more than Brook, still eliminated
    bury(state, DATA, 0)
    assert state.phase != "over"
    bury(state, DATA, 1)
    assert state.phase == "over"
    assert state.seats["Ada"].eliminated
    result = ENGINE.result(state)
    assert result.winners == ["Brook"]
    assert "extinct" in result.reason
    assert ENGINE.to_act(state) == []


def test_voluntarily_removing_the_last_meeple_also_makes_the_species_extinct():
    state = game("bear", "frog")
    bury(state, DATA, 0)
    state.seats["Ada"].discard = ["bear1"]
    state, _ = act(state, "recycle:6")
    assert state.phase == "over"
    assert ENGINE.result(state).winners == ["Brook"]


def test_reaching_twenty_points_ends_the_game_at_once():
    state = _ready_to_complete(game("cat", "bear"))
    state.seats["Ada"].completed = [18, 13]  # 10 + 8 points
    state, events = act(state, "play:cat1", "acq:N")  # a goal worth 4
    assert state.phase == "over"
    result = ENGINE.result(state)
    assert result.winners == ["Ada"]
    assert result.scores["Ada"] == 22
    assert "22 points" in result.reason


def test_the_first_player_who_gets_20_points_wins_even_below_another_after_penalties():
    state = _ready_to_complete(game("cat", "bear"))
    state.seats["Ada"].completed = [18, 13]  # 18 points, then 22
    state.graveyard[:3] = ["Ada", "Ada", "Ada"]  # -1 -2 -3
    state.seats["Brook"].completed = [19, 14]  # 18 points, no penalty
    state, _ = act(state, "play:cat1", "acq:N")
    result = ENGINE.result(state)
    assert result.scores["Ada"] < result.scores["Brook"]
    assert result.winners == ["Ada"]


def test_final_score_is_goal_points_minus_graveyard_penalties():
    state = game("frog", "turtle")
    state.seats["Ada"].completed = [18, 1]  # 10 + 4
    state.seats["Brook"].completed = [13]  # 8
    bury(state, DATA, 0)  # Ada -1
    bury(state, DATA, 1)  # Ada -2
    bury(state, DATA, 4)  # Brook -3
    state.phase, state.over = "over", True
    result = ENGINE.result(state)
    assert result.scores == {"Ada": 11.0, "Brook": 5.0}
    assert result.winners == ["Ada"]


def test_equal_best_scores_share_the_win():
    state = game("frog", "turtle")
    state.phase, state.over = "over", True
    assert ENGINE.result(state).winners == ["Ada", "Brook"]


def test_a_player_who_leaves_makes_their_species_extinct_and_the_game_ends():
    state = game("cat", "bear", "frog")
    state.seats["Brook"].completed = [18]
    new, events = ENGINE.remove_player(state, "Brook")
    assert new.phase == "over"
    assert new.seats["Brook"].eliminated
    assert all(m.tile == GRAVE for m in new.meeples if m.owner == "Brook")
    result = ENGINE.result(new)
    assert "Brook" not in result.winners
    assert set(result.winners) == {"Ada", "Cy"}
    assert state.phase == "turn"  # the input is untouched


def test_a_burial_names_the_owner_the_species_the_slot_and_its_penalty():
    state = game("frog", "turtle")
    events = bury(state, DATA, 0)
    assert [e.text for e in events] == ["☠ One of Ada's Tree Frogs goes to graveyard slot 1 (-1)."]
    assert state.meeples[0].tile == GRAVE


def test_a_burial_that_fills_the_graveyard_and_kills_a_species_gives_both_reasons():
    state = game("bear", "frog")
    state.graveyard = ["Brook", "Brook", None, None, None, None]
    bury(state, DATA, 0)
    events = bury(state, DATA, 1)  # slot 4 of 4 for two players, and Ada's last bear
    assert state.end_reason == (
        "the graveyard is full (4 slots): all the animals lost to humankind; "
        "Ada's Black Bear is extinct and Ada is eliminated"
    )
    assert events[-1].kind == "end"
    assert events[-1].text == f"The game ends: {state.end_reason}."


def test_the_end_of_the_game_drops_the_card_being_played():
    state = _ready_to_complete(game("cat", "bear"))
    state, _ = act(state, "play:cat1")
    assert state.pending is not None
    end_game(state, "a test ending")
    assert (state.phase, state.pending, state.end_reason) == ("over", None, "a test ending")
    assert ENGINE.to_act(state) == []


def test_a_running_game_has_no_result():
    assert ENGINE.result(game("frog", "turtle")) is None


def test_when_every_species_is_extinct_nobody_wins():
    state = game("frog", "turtle")
    for seat in state.seats.values():
        seat.eliminated = True
    end_game(state, "everyone is gone")
    assert ENGINE.result(state).winners == []
