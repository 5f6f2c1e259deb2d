"""Component data: the 40 spaces and 32 cards load, validate, and carry their provenance."""

import json

import pytest
from pydantic import ValidationError

from engines.monopoly import data


def test_the_board_has_forty_spaces_and_twenty_eight_properties():
    assert len(data.SPACES) == 40 and len(data.PROPERTIES) == 28
    assert len(data.LOCATIONS) == 22 and data.TRANSPORTS == [5, 15, 25, 35]


def test_a_location_s_name_is_from_the_unofficial_list_and_its_numbers_from_the_standard_board():
    garage = data.SPACES[39]
    assert garage.origin("name") == "unofficial-list:course-project-list"
    for field in ("price", "rents", "build_cost", "group"):
        assert garage.origin(field) == "published:standard-board"
    assert data.SPACES[5].origin("name") == "rulebook"
    assert data.SPACES[5].origin("price") == "published:standard-board"


def test_a_card_s_effect_is_the_standard_one_and_its_words_are_ours():
    for card in data.CARDS.values():
        assert card.origin("effect") == "published:standard-cards-2008"
        assert card.origin("text") == "designed" and card.note


def test_mortgage_values_are_half_the_price():
    assert data.SPACES[39].mortgage_value == 200 and data.SPACES[12].mortgage_value == 75


def test_each_deck_has_sixteen_cards_with_one_get_out_of_jail_free():
    for deck in ("schwifty", "cable"):
        cards = [c for c in data.CARDS.values() if c.deck == deck]
        assert len(cards) == 16
        assert sum(c.effect.kind == "goojf" for c in cards) == 1


def test_a_location_without_its_rent_ladder_is_rejected():
    raw = json.loads((data.DATA_DIR / "board.json").read_text())
    del raw["spaces"][1]["rents"]
    with pytest.raises(ValidationError, match="6 rents"):
        data.Board.model_validate(raw)


def test_a_deck_with_a_missing_card_is_rejected():
    raw = json.loads((data.DATA_DIR / "cards.json").read_text())
    raw["cards"].pop()
    with pytest.raises(ValidationError, match="16 cards"):
        data.Cards.model_validate(raw)
