"""Rounds, the starting player marker, and every Production & Development result.

Tile 6 is Forest (food, water, water, nest) with a Cleared side (food, water); in a 2-player
game tile 13 starts Cleared (water, nest).
"""

from __future__ import annotations

from engines.core import Rng
from engines.run_animals import production
from engines.run_animals.engine import DATA
from tests.run_animals.helpers import act, game, set_tile

FACE = {(f.effect, f.cubes): f for f in DATA.dice.d6}
PROD_1 = FACE[("produce", 1)]
PROD_2 = FACE[("produce", 2)]
FULL = FACE[("full", 0)]
DEVELOP = FACE[("develop", 0)]


def _pass_turn(state):
    """The player to act plays a Warm Up-free card and does nothing with it."""
    card = next(c for c in state.seats[state.current].hand if not DATA.cards[c].is_warm_up)
    state, _ = act(state, f"play:{card}")
    while state.phase in ("meeple", "step"):
        choice = "skip" if state.phase == "step" else f"at:{state.tiles_of(state.current)[0]}"
        state, _ = act(state, choice)
    return state


def test_players_take_turns_to_the_left_of_the_starting_player():
    state = game("cat", "bear", "frog", start=1)
    order = []
    for _ in range(3):
        order.append(state.current)
        state = _pass_turn(state)
    assert order == ["Brook", "Cy", "Ada"]


def test_the_starting_player_marker_passes_left_after_every_round():
    state = game("cat", "bear", "frog", start=2)
    for _ in range(3):
        state = _pass_turn(state)
    assert state.round == 2
    assert state.players[state.start] == "Ada"
    assert state.current == "Ada"


def test_the_new_starting_player_rolls_the_dice_at_the_start_of_a_round():
    state = game("cat", "bear")
    assert state.last_roll == []
    state = _pass_turn(_pass_turn(state))
    assert state.roller == "Brook"
    assert state.last_roll
    assert all(1 <= r.tile <= 16 for r in state.last_roll)


def test_d20_results_above_sixteen_are_rolled_again():
    seed = next(s for s in range(1000) if Rng(seed=s).randint(1, 20) > 16)
    state = game("cat", "bear")
    state.rng = Rng(seed=seed)
    assert production.roll_d20(state, DATA) <= 16
    assert state.rng.draws >= 2


def test_production_one_fills_the_left_most_empty_slot():
    state = game("cat", "bear")
    set_tile(state, 6, ["F", "", "", "N"])
    water = state.supply["W"]
    production.apply_result(state, DATA, PROD_1, 6)
    assert state.tiles[5].slots == ["F", "W", "", "N"]
    assert state.supply["W"] == water - 1


def test_production_two_fills_the_two_left_most_empty_slots():
    state = game("cat", "bear")
    set_tile(state, 6, ["", "", "", ""])
    production.apply_result(state, DATA, PROD_2, 6)
    assert state.tiles[5].slots == ["F", "W", "", ""]


def test_the_production_results_roll_both_dice_again(monkeypatch):
    state = game("cat", "bear")
    faces = iter([PROD_1, PROD_2, FULL])
    tiles = iter([3, 5, 7])
    monkeypatch.setattr(production, "roll_d6", lambda s, d: next(faces))
    monkeypatch.setattr(production, "roll_d20", lambda s, d: next(tiles))
    events = production.production_round(state, DATA, "Ada")
    assert [r.tile for r in state.last_roll] == [3, 5, 7]
    assert len(events) == 3


def test_full_production_fills_every_empty_slot():
    state = game("cat", "bear")
    set_tile(state, 6, ["", "W", "", ""])
    production.apply_result(state, DATA, FULL, 6)
    assert state.tiles[5].slots == ["F", "W", "W", "N"]


def test_full_production_does_not_roll_again(monkeypatch):
    state = game("cat", "bear")
    monkeypatch.setattr(production, "roll_d6", lambda s, d: FULL)
    monkeypatch.setattr(production, "roll_d20", lambda s, d: 4)
    production.production_round(state, DATA, "Ada")
    assert len(state.last_roll) == 1


def test_development_flips_a_forest_tile_returning_its_cubes_and_fills_the_cleared_side():
    state = game("cat", "bear", "frog", "pitta")
    set_tile(state, 6, ["F", "", "W", "N"])
    supply = dict(state.supply)
    production.apply_result(state, DATA, DEVELOP, 6)
    tile = state.tiles[5]
    assert tile.side == "cleared"
    assert tile.slots == ["F", "W"]
    assert state.supply == {"F": supply["F"], "N": supply["N"] + 1, "W": supply["W"]}
    assert state.cement == 10


def test_development_keeps_the_animals_on_a_flipped_tile():
    state = game("cat", "bear", "frog", "pitta")
    production.apply_result(state, DATA, DEVELOP, 6)
    assert all(m.tile == 6 for m in state.meeples)


def test_development_on_a_cleared_tile_pours_cement_on_the_left_most_slot():
    state = game("cat", "bear")  # tile 13 is Cleared: water, nest
    water = state.supply["W"]
    production.apply_result(state, DATA, DEVELOP, 13)
    assert state.tiles[12].slots == ["C", "N"]
    assert state.cement == 9
    assert state.supply["W"] == water + 1


def test_development_then_fills_the_empty_slots_right_of_the_cement():
    state = game("cat", "bear")
    set_tile(state, 13, ["W", ""])
    production.apply_result(state, DATA, DEVELOP, 13)
    assert state.tiles[12].slots == ["C", "N"]


def test_cement_covers_slots_left_to_right_and_a_full_tile_stops_producing():
    state = game("cat", "bear")
    production.apply_result(state, DATA, DEVELOP, 13)
    production.apply_result(state, DATA, DEVELOP, 13)
    assert state.tiles[12].slots == ["C", "C"]
    assert state.cement == 8
    for face in (PROD_1, PROD_2, FULL, DEVELOP):
        text = production.apply_result(state, DATA, face, 13)
        assert "produces nothing" in text
    assert state.tiles[12].slots == ["C", "C"]
    assert state.cement == 8


def test_development_without_cement_left_only_refills_the_tile():
    state = game("cat", "bear")
    state.cement = 0
    set_tile(state, 13, ["", ""])
    production.apply_result(state, DATA, DEVELOP, 13)
    assert state.tiles[12].slots == ["W", "N"]
    assert state.cement == 0


def test_production_passes_over_a_colour_missing_from_the_supply():
    state = game("cat", "bear")
    set_tile(state, 6, ["", "", "", ""])
    state.supply["W"] = 0
    production.apply_result(state, DATA, PROD_2, 6)
    assert state.tiles[5].slots == ["F", "", "", "N"]
