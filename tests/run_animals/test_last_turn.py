"""What the last finished turn changed, for the board: recorded as turns end, worded and
marked in the public view (``last_turn``)."""

from __future__ import annotations

import json

from engines.run_animals import production
from engines.run_animals.engine import DATA, ENGINE
from engines.run_animals.migrations import start_without_a_last_turn
from tests.run_animals.helpers import act, game, give_goal, set_tile

FULL = next(f for f in DATA.dice.d6 if f.effect == "full")


def _last(state):
    return ENGINE.view(state, None).last_turn


def _move_ada(state):
    state.seats["Ada"].hand = ["cat3", "cat5"]  # Move then Acquire food; Warm Up
    set_tile(state, 7, ["", "", "", ""])
    return act(state, "play:cat3", "move:7")[0]


def test_a_finished_turn_names_its_player_the_card_and_both_ends_of_the_move():
    last = _last(_move_ada(game("cat", "bear")))
    assert last.player == "Ada"
    assert last.line == "Ada played Move then Acquire food: moved 6 to 7"
    assert last.marks == ["tile:6", "tile:7"]


def test_the_last_turn_stays_until_the_next_player_s_turn_ends():
    state = _move_ada(game("cat", "bear"))
    state.seats["Brook"].hand = ["bear4", "bear6"]  # Move then Move; Warm Up
    state, _ = act(state, "play:bear4", "move:7")  # Brook's turn is not over yet
    assert state.current == "Brook"
    assert _last(state).player == "Ada"
    state, _ = act(state, "move:8")
    assert _last(state).player == "Brook"
    assert _last(state).marks[:3] == ["tile:6", "tile:7", "tile:8"]  # then the roll


def test_a_cube_taken_marks_its_tile_and_the_player():
    state = game("cat", "bear")
    give_goal(state, "Ada", 1, {})  # 2 food, 1 nest
    set_tile(state, 6, ["F", "", "", ""])
    state.seats["Ada"].hand = ["cat1", "cat5"]  # Acquire food/nest
    state, _ = act(state, "play:cat1", "acq:F")
    last = _last(state)
    assert "took food on 6" in last.line
    assert {"tile:6", "player:Ada"} <= set(last.marks)


def test_the_roll_that_starts_a_round_joins_the_turn_before_it(monkeypatch):
    state = _move_ada(game("cat", "bear"))
    monkeypatch.setattr(production, "roll_d6", lambda s, d: FULL)
    monkeypatch.setattr(production, "roll_d20", lambda s, d: 12)
    state.seats["Brook"].hand = ["bear4", "bear6"]
    state, _ = act(state, "play:bear4", "move:7", "move:8")  # the round ends: Brook rolls
    last = _last(state)
    assert last.player == "Brook"
    assert "roll:12" in last.marks
    assert last.line.endswith("· Brook rolled tile 12")


def test_an_animal_lost_marks_its_graveyard_slot_and_tile():
    state = game("cat", "bear")
    state.seats["Ada"].hand = ["cat1"]
    state.seats["Ada"].discard = ["cat2"]
    set_tile(state, 6, ["", "", "", ""])  # nothing to acquire: the card does nothing
    state, _ = act(state, "recycle:6", "play:cat1")
    assert state.current == "Brook"
    last = _last(state)
    assert {"grave:1", "tile:6", "player:Ada"} <= set(last.marks)
    assert "lost an animal on 6 (−1)" in last.line


def test_the_turn_that_ends_the_game_is_the_last_turn():
    state = game("cat", "bear")
    for slot in range(3):
        state.graveyard[slot] = "Brook"
    state.seats["Ada"].hand = ["cat1"]
    state.seats["Ada"].discard = ["cat2"]
    state, _ = act(state, "recycle:6")  # the fourth slot fills: the game ends
    assert state.over
    assert "grave:4" in _last(state).marks


def test_before_any_turn_there_is_no_last_turn():
    state = ENGINE.setup(["Ada", "Brook"], seed=1)
    assert _last(state) is None


def test_3_to_4_a_saved_game_loads_without_a_last_turn():
    state = game("cat", "bear")
    raw = json.loads(state.model_dump_json())
    del raw["turn_marks"], raw["last_turn"]
    raw["schema_version"] = 3
    assert start_without_a_last_turn(dict(raw))["last_turn"] is None
    loaded = ENGINE.load_state(json.dumps(raw))
    assert loaded.last_turn is None and loaded.schema_version == len(ENGINE.migrations)
