"""Setup: map, cubes, goals, species from the lobby, and placing meeples in turn order."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction
from engines.run_animals.engine import DATA, ENGINE
from engines.run_animals.state import FRONT
from tests.run_animals.helpers import PLAYERS, act, cube_total, ids


@pytest.mark.parametrize("n,cleared", [(2, {1, 4, 13, 16}), (3, {1, 16}), (4, set())])
def test_tiles_for_two_and_three_players_start_cleared(n, cleared):
    state = ENGINE.setup(PLAYERS[:n], seed=1)
    assert {t.number for t in state.tiles if t.side == "cleared"} == cleared
    assert [t.number for t in state.tiles] == list(range(1, 17))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_slot_gets_a_cube_of_its_colour_and_the_rest_is_supply(n):
    state = ENGINE.setup(PLAYERS[:n], seed=1)
    for tile in state.tiles:
        spec = DATA.tile(tile.number)
        assert tile.slots == list(spec.cleared if tile.side == "cleared" else spec.forest)
    assert cube_total(state) == {"F": 22, "N": 18, "W": 18}
    assert state.cement == 10


@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_player_gets_a_goal_and_two_goals_lie_face_up(n):
    state = ENGINE.setup(PLAYERS[:n], seed=4)
    goals = [state.seats[p].goal for p in state.players]
    assert all(g is not None for g in goals)
    assert len(state.face_up) == 2
    assert len(state.goal_deck) == 20 - n - 2
    assert len(set(goals + state.face_up + state.goal_deck)) == 20


def test_lobby_species_choice_gives_hand_and_meeples():
    state = ENGINE.setup(PLAYERS[:2], seed=1, options={"species": {"Ada": "Black Kite"}})
    kite = DATA.species["kite"]
    assert state.seats["Ada"].species == "kite"
    assert state.seats["Ada"].hand == [c.id for c in kite.cards]
    assert sum(m.owner == "Ada" for m in state.meeples) == kite.meeples
    assert all(m.tile == FRONT for m in state.meeples)


def test_players_who_choose_none_get_a_random_free_species():
    for seed in range(20):
        state = ENGINE.setup(PLAYERS, seed=seed, options={"species": {"Ada": "Fairy Pitta"}})
        species = [state.seats[p].species for p in PLAYERS]
        assert species[0] == "pitta"
        assert len(set(species)) == 4


def test_two_players_cannot_choose_the_same_species():
    with pytest.raises(IllegalAction, match="same"):
        ENGINE.setup(
            PLAYERS[:2], seed=1, options={"species": {"Ada": "Black Kite", "Brook": "Black Kite"}}
        )


def test_species_option_is_per_player_and_unique():
    (spec,) = ENGINE.options
    assert spec.per_player and spec.unique
    assert sorted(spec.choices) == sorted(s.name for s in DATA.species.values())


def test_meeples_are_placed_one_at_a_time_in_turn_order_from_the_starting_player():
    options = {"species": {"Ada": "Formosa Black Bear", "Brook": "Farmland Tree Frog"}}
    state = ENGINE.setup(PLAYERS[:2], seed=1, options=options)
    order = []
    start = state.start
    while state.phase == "place":
        order.append(state.current)
        state, _ = act(state, "place:3")
    first, other = state.players[start], state.players[1 - start]
    # the Bear's two meeples run out first; the Frog places its last two alone
    assert order == [first, other, first, other, "Brook", "Brook"]


def test_a_meeple_may_go_on_any_tile_even_a_crowded_one():
    state = ENGINE.setup(PLAYERS[:4], seed=2)
    assert ids(state) == [f"place:{t}" for t in range(1, 17)]
    while state.phase == "place":
        state, _ = act(state, "place:11")
    assert all(m.tile == 11 for m in state.meeples)


def test_after_placement_the_starting_player_takes_the_first_turn_without_a_roll():
    state = ENGINE.setup(PLAYERS[:3], seed=5)
    start = state.players[state.start]
    while state.phase == "place":
        state, _ = act(state, "place:2")
    assert state.phase == "turn"
    assert state.current == start
    assert state.last_roll == []
    assert state.round == 1
