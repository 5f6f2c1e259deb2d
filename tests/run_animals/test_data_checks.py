"""A data file that breaks one of the rulebook's numbers is refused when it loads, saying which
number: each check of ``_check`` with one thing wrong."""

from __future__ import annotations

import pytest

from engines.run_animals import data
from engines.run_animals.data import load

GOOD = load()


def _with(**changes):
    return GOOD.model_copy(update=changes)


def _species(code: str, **changes):
    species = dict(GOOD.species)
    species[code] = species[code].model_copy(update=changes)
    return species


def _components(**changes):
    return GOOD.components.model_copy(update=changes)


BROKEN = {
    "16 map tiles": lambda: _with(map=GOOD.map.model_copy(update={"tiles": GOOD.map.tiles[:15]})),
    "20 Survival goal cards": lambda: _with(goals={k: v for k, v in GOOD.goals.items() if k != 1}),
    "seven species": lambda: _with(species={k: v for k, v in GOOD.species.items() if k != "kite"}),
    "21 animal meeples": lambda: _with(species=_species("kite", meeples=3)),
    "36 animal action cards": lambda: _with(
        cards={k: v for k, v in GOOD.cards.items() if k != "kite1"}
    ),
    "58 resource cubes: food 22, nests 18, water 18": lambda: _with(
        components=_components(supply=GOOD.components.supply.model_copy(update={"F": 21}))
    ),
    "10 cement cubes": lambda: _with(
        components=_components(cement=GOOD.components.cement.model_copy(update={"count": 9}))
    ),
    "graveyard penalties -1,-2,-3,-3,-4,-5": lambda: _with(
        components=_components(
            graveyard=GOOD.components.graveyard.model_copy(update={"penalties": [1, 2, 3, 4, 4, 5]})
        )
    ),
    "the d6 has production, full production and development": lambda: _with(
        dice=GOOD.dice.model_copy(update={"d6": [f for f in GOOD.dice.d6 if f.effect != "develop"]})
    ),
    "Black Kite: at most one Warm Up": lambda: _with(
        species=_species(
            "kite", cards=[*GOOD.species["kite"].cards[:-2], *[GOOD.cards["kite5"]] * 2]
        )
    ),
}


@pytest.mark.parametrize("reason", list(BROKEN))
def test_data_breaking_a_rulebook_number_is_refused_saying_which(reason):
    with pytest.raises(ValueError) as refused:
        data._check(BROKEN[reason]())
    assert str(refused.value) == reason


def _four_player_food() -> int:
    """Food slots on the map at four players (no tile starts cleared): the most food at setup."""
    assert GOOD.cleared_at_setup(4) == []
    return sum(c == "F" for t in GOOD.map.tiles for c in t.forest)


def _map_with_more_food(extra: int):
    first = GOOD.map.tiles[0]
    tiles = [first.model_copy(update={"forest": [*first.forest, *["F"] * extra]})]
    return _with(map=GOOD.map.model_copy(update={"tiles": tiles + GOOD.map.tiles[1:]}))


def test_starting_cubes_may_use_the_whole_supply_but_no_more():
    room = GOOD.components.supply.F - _four_player_food()
    assert room >= 0
    data._check(_map_with_more_food(room))  # every food cube on the map at setup: fine
    with pytest.raises(ValueError, match="4 players: the starting food exceeds the supply"):
        data._check(_map_with_more_food(room + 1))


def test_the_shipped_data_passes_every_check():
    data._check(GOOD)
