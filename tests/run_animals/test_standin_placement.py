"""The stand-in places an absent player's animals where the cubes are."""

import random

from engines.run_animals.engine import ENGINE


def test_the_stand_in_places_an_animal_on_a_tile_with_three_or_more_cubes():
    state = ENGINE.setup(["Ada", "Brook"], seed=1, options={"species": {"Ada": "Leopard Cat"}})
    for tile in state.tiles:
        tile.slots = ["F", "N"]  # two cubes: not rich
    state.tiles[4].slots = ["F", "F", "F"]  # tile 5: three cubes of one colour
    player = state.current
    picks = {ENGINE.suggest(state, player, random.Random(seed)) for seed in range(12)}
    assert picks == {"place:5"}
