"""The component data files: the rulebook's numbers, and a provenance on every entry."""

from __future__ import annotations

import json

import pytest

from engines.run_animals.data import DATA_DIR, load

DATA = load()

SPECIES_TABLE = {
    "Leopard Cat": (3, 5),
    "Formosa Black Bear": (2, 6),
    "Farmland Tree Frog": (4, 4),
    "Fairy Pitta": (3, 5),
    "Chinese Pangolin": (3, 6),
    "Black Kite": (2, 5),
    "Yellow-margined Box Turtle": (4, 5),
}


@pytest.mark.parametrize("name,meeples,cards", [(k, *v) for k, v in SPECIES_TABLE.items()])
def test_species_table_gives_meeples_and_action_cards(name, meeples, cards):
    species = DATA.species_by_name(name)
    assert species.meeples == meeples
    assert len(species.cards) == cards


def test_components_match_the_rulebook_list():
    assert len(DATA.map.tiles) == 16
    assert len(DATA.goals) == 20
    assert len(DATA.cards) == 36
    assert sum(s.meeples for s in DATA.species.values()) == 21
    supply = DATA.components.supply
    assert (supply.F, supply.N, supply.W) == (22, 18, 18)
    assert DATA.components.cement.count == 10


def test_graveyard_penalties_are_printed_on_the_back_cover():
    assert DATA.components.graveyard.penalties == [1, 2, 3, 3, 4, 5]


def test_d6_has_the_four_results_and_d20_rerolls_above_sixteen():
    effects = [(f.effect, f.cubes, f.reroll) for f in DATA.dice.d6]
    assert sorted(set(effects)) == [
        ("develop", 0, False),
        ("full", 0, False),
        ("produce", 1, True),
        ("produce", 2, True),
    ]
    assert (DATA.dice.d20.sides, DATA.dice.d20.reroll_above) == (20, 16)


def test_cleared_side_has_fewer_slots_than_forest_side():
    for tile in DATA.map.tiles:
        assert 0 < len(tile.cleared) < len(tile.forest)


def _entries(obj):
    if isinstance(obj, dict):
        if "provenance" in obj:
            yield obj
        for key, value in obj.items():
            if key != "provenance":
                yield from _entries(value)
    elif isinstance(obj, list):
        for item in obj:
            yield from _entries(item)


@pytest.mark.parametrize("name", ["map.json", "goals.json", "species.json", "dice.json"])
def test_every_list_entry_has_a_provenance_per_field(name):
    raw = json.loads((DATA_DIR / name).read_text())
    for value in raw.values():
        if isinstance(value, list):
            for entry in value:
                assert isinstance(entry.get("provenance"), dict) and entry["provenance"]
    assert list(_entries(raw))
