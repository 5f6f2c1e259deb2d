"""Playing an action card: "then" and "or", and the five actions.

Ada plays first; every meeple starts on tile 6 (forest: food, water, water, nest), whose
neighbours are 2 (up), 10 (down), 5 (left) and 7 (right).
"""

from __future__ import annotations

from engines.run_animals.engine import ENGINE
from tests.run_animals.helpers import act, game, give_goal, ids, move_all, set_tile

GOAL_2F_1N = 1
GOAL_ALL_TWO = 18


def test_playing_a_card_puts_it_in_the_discard_pile_and_passes_the_turn():
    state = game("cat", "bear")
    give_goal(state, "Ada", GOAL_2F_1N)
    state, _ = act(state, "play:cat1", "acq:F")
    assert state.seats["Ada"].discard == ["cat1"]
    assert "cat1" not in state.seats["Ada"].hand
    assert state.current == "Brook"


def test_then_card_offers_only_its_first_action_first():
    state = game("cat", "bear")
    give_goal(state, "Ada", GOAL_2F_1N)
    state, _ = act(state, "play:cat3")  # Move then Acquire food
    assert ids(state) == ["move:2", "move:10", "move:5", "move:7", "skip"]


def test_then_card_second_action_happens_after_the_first_on_the_new_tile():
    state = game("cat", "bear")
    give_goal(state, "Ada", GOAL_2F_1N)
    state, _ = act(state, "play:cat3", "move:7")
    assert ids(state) == ["acq:F", "skip"]
    state, _ = act(state, "acq:F")
    assert state.tiles[6].slots[0] == ""
    assert state.tiles[5].slots[0] == "F"
    assert state.seats["Ada"].goal_cubes["F"] == 1


def test_then_card_may_skip_the_first_action_and_still_do_the_second():
    state = game("cat", "bear")
    give_goal(state, "Ada", GOAL_2F_1N)
    state, _ = act(state, "play:cat3", "skip", "acq:F")
    assert state.seats["Ada"].goal_cubes["F"] == 1
    assert state.tiles[5].slots[0] == ""


def test_then_card_cannot_do_the_second_action_before_the_first():
    state = game("cat", "bear", edition=1)
    state, _ = act(state, "play:cat4")  # the first edition's Move then Expel, bears on the tile
    assert "expel" not in ids(state)
    state, _ = act(state, "skip")
    assert "expel" in ids(state)
    assert not any(i.startswith("move:") for i in ids(state))


def test_or_card_offers_both_actions_but_allows_only_one():
    state = game("turtle", "cat")
    give_goal(state, "Ada", GOAL_ALL_TWO)
    state, _ = act(state, "play:turtle3")  # Acquire nest or Move
    assert set(ids(state)) == {"acq:N", "move:2", "move:10", "move:5", "move:7", "skip"}
    state, _ = act(state, "move:7")
    assert state.current == "Brook"
    assert state.seats["Ada"].goal_cubes == {"F": 0, "N": 0, "W": 0}
    assert state.seats["Ada"].discard == ["turtle3"]


def test_or_card_after_acquiring_cannot_also_move():
    state = game("turtle", "cat")
    give_goal(state, "Ada", GOAL_ALL_TWO)
    state, _ = act(state, "play:turtle3", "acq:N")
    assert state.current == "Brook"
    assert all(m.tile == 6 for m in state.meeples if m.owner == "Ada")


def test_acquire_takes_only_colours_the_goal_needs():
    state = game("cat", "bear")
    give_goal(state, "Ada", GOAL_2F_1N)
    state, _ = act(state, "play:cat2")  # Acquire food/water; tile 6 has both
    assert ids(state) == ["acq:F", "skip"]


def test_acquire_choices_name_the_cube_and_the_tile():
    state = game("cat", "bear")
    give_goal(state, "Ada", GOAL_ALL_TWO)
    state, _ = act(state, "play:cat1")  # Acquire food/nest on tile 6
    labels = [a.label for a in ENGINE.legal_actions(state, "Ada")]
    assert labels[:2] == ["Acquire food from tile 6", "Acquire nest from tile 6"]


def test_a_player_left_without_a_goal_acquires_and_steals_nothing():
    state = game("frog", "cat")
    state.seats["Ada"].goal = None
    state, _ = act(state, "play:frog2")  # Acquire nest/water; tile 6 has both
    assert state.current == "Brook" and state.seats["Ada"].discard == ["frog2"]
    state = game("frog", "cat")
    state.seats["Ada"].goal = None
    state, _ = act(state, "play:frog4")  # Steal
    assert state.current == "Brook" and state.boxed == []


def test_acquire_never_exceeds_the_goal():
    state = game("cat", "bear")
    give_goal(state, "Ada", GOAL_2F_1N, {"F": 2})
    state, _ = act(state, "play:cat2")  # food is full, water not on the goal
    assert state.current == "Brook"
    assert state.seats["Ada"].goal_cubes["F"] == 2
    assert state.tiles[5].slots == ["F", "W", "W", "N"]


def test_acquire_is_limited_to_the_colours_on_the_card():
    state = game("frog", "cat")
    give_goal(state, "Ada", GOAL_ALL_TWO)
    state, _ = act(state, "play:frog1")  # Acquire food/water; tile 6 also has a nest
    assert ids(state) == ["acq:F", "acq:W", "skip"]


def test_acquire_takes_from_the_chosen_meeples_tile():
    state = game("cat", "bear")
    give_goal(state, "Ada", GOAL_2F_1N)
    state.meeples[0].tile = 7
    set_tile(state, 6, ["", "W", "W", ""])
    state, _ = act(state, "play:cat1")
    assert ids(state) == ["at:6", "at:7"]
    state, _ = act(state, "at:7")
    assert ids(state) == ["acq:F", "acq:N", "skip"]
    state, _ = act(state, "acq:N")
    assert state.tiles[6].slots == ["F", "F", "", "W"]


def test_move_goes_only_up_down_left_or_right():
    state = game("bear", "cat", tile=1)
    state, _ = act(state, "play:bear4")  # Move then Move
    assert ids(state) == ["move:5", "move:2", "skip"]
    state, _ = act(state, "move:5")
    assert ids(state) == ["move:1", "move:9", "move:6", "skip"]


def test_move_may_join_a_tile_with_other_animals():
    state = game("bear", "cat")
    move_all(state, "Brook", 7)
    state.meeples[1].tile = 7
    state.meeples[0].tile = 6
    state, _ = act(state, "play:bear4", "at:6", "move:7", "skip")
    assert sum(m.tile == 7 for m in state.meeples) == 5


def test_expel_lets_the_player_send_each_animal_where_they_choose():
    state = game("bear", "kite")
    state, _ = act(state, "play:bear5", "expel")  # Move or Expel
    assert state.phase == "expel"
    assert [a for a in ids(state) if a.startswith("to:")] == ["to:2", "to:10", "to:5", "to:7"]
    state, _ = act(state, "to:2", "to:7", "to:10")
    tiles = {(m.owner, m.tile) for m in state.meeples}
    assert tiles == {("Ada", 6), ("Ada", 2), ("Brook", 7), ("Brook", 10)}
    assert state.current == "Brook"


def test_expel_says_how_many_other_animals_go():
    state = game("bear", "kite")
    state, _ = act(state, "play:bear5")  # Move or Expel; 3 other animals on tile 6
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "Ada")}
    assert labels["expel"] == "Expel the 3 other animals from tile 6"
    state, events = act(state, "expel")
    assert events[-1].text == "Ada expels 3 animals from tile 6."


def test_expel_of_a_single_other_animal_says_animal():
    state = game("bear", "kite")
    move_all(state, "Brook", 7)
    state.meeples[3].tile = 6  # one kite stays on tile 6 with Ada's first bear
    state.meeples[1].tile = 5
    state, _ = act(state, "play:bear5", "at:6")
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "Ada")}
    assert labels["expel"] == "Expel the 1 other animal from tile 6"
    state, events = act(state, "expel")
    assert events[-1].text == "Ada expels 1 animal from tile 6."


def test_expel_also_sends_away_the_players_own_other_meeples():
    state = game("bear", "kite")
    state, _ = act(state, "play:bear5", "expel")
    first = state.meeples[state.pending.expel_queue[0]]
    assert first.owner == "Ada"
    state, _ = act(state, "all:5")
    assert sorted(m.tile for m in state.meeples if m.owner == "Ada") == [5, 6]
    assert [m.tile for m in state.meeples if m.owner == "Brook"] == [5, 5]


def test_expel_is_not_offered_with_no_other_animal_on_the_tile():
    state = game("pangolin", "kite")
    move_all(state, "Brook", 7)
    state.meeples[1].tile = 5
    state.meeples[2].tile = 5
    state, _ = act(state, "play:pangolin5", "at:6")  # Expel: alone on tile 6
    assert state.current == "Brook"


def test_expel_then_acquire_acquires_after_the_expulsion():
    state = game("bear", "kite")
    give_goal(state, "Ada", GOAL_2F_1N)
    state, _ = act(state, "play:bear3", "expel", "all:2")  # Expel then Acquire
    assert ids(state) == ["acq:F", "acq:N", "skip"]


def test_steal_takes_a_needed_cube_from_the_supply_and_the_card_leaves_the_game():
    state = game("frog", "cat")
    give_goal(state, "Ada", GOAL_2F_1N)
    supply_food = state.supply["F"]
    state, events = act(state, "play:frog4")
    assert ids(state) == ["steal:F", "steal:N", "skip"]
    state, events = act(state, "steal:F")
    assert state.supply["F"] == supply_food - 1
    assert state.seats["Ada"].goal_cubes["F"] == 1
    assert state.boxed == ["frog4"]
    assert "frog4" not in state.seats["Ada"].discard + state.seats["Ada"].hand
    assert any("leaves the game" in e.text for e in events)


def test_steal_choices_name_the_cube_and_that_the_card_leaves():
    state = game("frog", "cat")
    give_goal(state, "Ada", GOAL_2F_1N)
    state, _ = act(state, "play:frog4")
    labels = [a.label for a in ENGINE.legal_actions(state, "Ada")]
    assert labels[:2] == [
        "Steal a food cube (card leaves the game)",
        "Steal a nest cube (card leaves the game)",
    ]


def test_steal_only_offers_colours_left_in_the_supply():
    state = game("frog", "cat")
    give_goal(state, "Ada", GOAL_2F_1N)
    state.supply["F"] = 0
    state, _ = act(state, "play:frog4")
    assert ids(state) == ["steal:N", "skip"]


def test_a_skipped_steal_card_goes_to_the_discard_pile():
    state = game("frog", "cat")
    give_goal(state, "Ada", GOAL_2F_1N)
    state, _ = act(state, "play:frog4", "skip")
    assert state.boxed == []
    assert state.seats["Ada"].discard == ["frog4"]


def test_warm_up_takes_a_discarded_card_back_to_hand():
    state = game("cat", "bear")
    state.seats["Ada"].hand = ["cat5", "cat2"]
    state.seats["Ada"].discard = ["cat1", "cat3"]
    state, _ = act(state, "play:cat5")
    assert ids(state) == ["warm:cat1", "warm:cat3", "skip"]
    state, _ = act(state, "warm:cat3")
    assert sorted(state.seats["Ada"].hand) == ["cat2", "cat3"]
    assert state.seats["Ada"].discard == ["cat1", "cat5"]


def test_warm_up_never_takes_back_a_warm_up_card():
    state = game("cat", "bear")
    state.seats["Ada"].hand = ["cat5", "cat2"]
    state.seats["Ada"].discard = ["cat5", "cat1"]  # crafted: a Warm Up lying in the discards
    state, _ = act(state, "play:cat5")
    assert ids(state) == ["warm:cat1", "skip"]


def test_warm_up_with_an_empty_discard_pile_does_nothing():
    state = game("cat", "bear")
    state.seats["Ada"].hand = ["cat5", "cat2"]
    state, _ = act(state, "play:cat5")
    assert state.current == "Brook"
    assert state.seats["Ada"].hand == ["cat2"]
    assert state.seats["Ada"].discard == ["cat5"]


def test_cards_without_a_meeple_action_skip_choosing_a_meeple():
    state = game("frog", "cat")
    state.meeples[0].tile = 7
    state, _ = act(state, "play:frog4")
    assert state.phase == "step"
