"""The stand-in (``suggest``) plays sensibly for an absent player."""

from __future__ import annotations

import random

from engines.run_animals.engine import ENGINE
from tests.run_animals.helpers import game, give_goal, ids, set_tile

GOAL_2F_1N = 1


def test_stand_in_plays_a_card_that_acquires_a_needed_cube():
    state = game("cat", "bear")
    give_goal(state, "Ada", GOAL_2F_1N)
    state.seats["Ada"].hand = ["cat5", "cat1"]  # Warm Up, nothing to take back; Acquire food/nest
    for seed in range(10):
        assert ENGINE.suggest(state, "Ada", random.Random(seed)) == "play:cat1"


def test_stand_in_never_gives_up_an_animal_to_recycle():
    state = game("cat", "bear")
    state.seats["Ada"].discard = ["cat2", "cat3"]
    state.seats["Ada"].hand = ["cat1"]
    assert any(i.startswith("recycle:") for i in ids(state))
    for seed in range(20):
        assert not ENGINE.suggest(state, "Ada", random.Random(seed)).startswith("recycle:")


def test_stand_in_acquires_when_it_can():
    state = game("cat", "bear")
    give_goal(state, "Ada", GOAL_2F_1N)
    set_tile(state, 6, ["F", "W", "W", "N"])
    state.seats["Ada"].hand = ["cat3"]  # Move then Acquire food
    state, _ = ENGINE.apply(state, "Ada", "play:cat3")
    state, _ = ENGINE.apply(state, "Ada", "skip")
    assert ENGINE.suggest(state, "Ada", random.Random(1)) == "acq:F"


def test_stand_in_takes_the_face_up_goal_worth_more():
    state = game("cat", "bear")
    give_goal(state, "Ada", GOAL_2F_1N, {"F": 2})
    state.seats["Ada"].hand = ["cat1", "cat2"]
    state.face_up = [2, 18]
    state, _ = ENGINE.apply(state, "Ada", "play:cat1")
    state, _ = ENGINE.apply(state, "Ada", "acq:N")
    assert ENGINE.suggest(state, "Ada", random.Random(1)) == "goal:18"
