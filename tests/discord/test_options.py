"""Reading game options and per-player choices as typed, and suggesting them."""

from __future__ import annotations

import pytest

from bot.discord_app.options import parse, suggest
from bot.discord_app.replies import BadInput
from engines import OptionSpec

MODE = OptionSpec(key="mode", label="Rules", choices=["classic", "quick"], default="classic")
SPECIES = OptionSpec(
    key="species", label="Species", choices=["Cat", "Hot Dog"], default="Cat", per_player=True
)


def read(text, specs=(MODE, SPECIES)):
    return parse(text, list(specs), title="Game")


def test_key_value():
    assert read("mode=quick") == {"mode": "quick"}


def test_label_as_key_and_any_case():
    assert read("RULES=Quick") == {"mode": "quick"}


def test_bare_value_when_one_option_takes_it():
    assert read("quick") == {"mode": "quick"}


def test_values_may_contain_spaces():
    assert read("species=Hot Dog") == {"species": "Hot Dog"}
    assert read("mode=quick species=hot dog") == {"mode": "quick", "species": "Hot Dog"}
    assert read("species=Hot Dog, mode=quick") == {"mode": "quick", "species": "Hot Dog"}


def test_a_bare_value_with_spaces():
    assert read("Hot Dog") == {"species": "Hot Dog"}


def test_nothing_typed_means_no_options():
    assert read("") == {} and read(None) == {}


def test_an_unknown_key_is_refused_with_the_valid_ones():
    with pytest.raises(BadInput, match="no option 'speed'.*mode"):
        read("speed=fast")


def test_an_unknown_value_is_refused_with_the_choices():
    with pytest.raises(BadInput, match="classic, quick"):
        read("mode=slow")


def test_an_unreadable_word_is_refused():
    with pytest.raises(BadInput, match="key=value"):
        read("banana")


def test_suggestions_offer_every_key_value_when_nothing_is_typed():
    values = [c.value for c in suggest("", [MODE, SPECIES])]
    assert values == ["mode=classic", "mode=quick", "species=Cat", "species=Hot Dog"]


def test_suggestions_filter_by_the_piece_being_typed():
    assert [c.value for c in suggest("qu", [MODE])] == ["mode=quick"]


def test_suggestions_keep_what_was_typed_and_add_the_next_option():
    values = [c.value for c in suggest("mode=quick ", [MODE, SPECIES])]
    assert values == ["mode=quick species=Cat", "mode=quick species=Hot Dog"]


def test_bare_suggestions_for_a_single_choice():
    values = [c.value for c in suggest("hot", [SPECIES], bare=True)]
    assert values == ["Hot Dog"]


def test_every_suggestion_is_read_back_as_offered():
    for choice in suggest("", [MODE, SPECIES]):
        assert read(choice.value)
    for choice in suggest("", [SPECIES], bare=True):
        assert read(choice.value, [SPECIES]) == {"species": choice.value}


def test_a_bare_value_may_follow_a_keyed_one():
    assert read("mode=quick Hot Dog") == {"mode": "quick", "species": "Hot Dog"}


def test_suggestions_after_a_complete_value_start_a_new_piece():
    values = [c.value for c in suggest("mode=quick ho", [MODE, SPECIES])]
    assert values == ["mode=quick species=Hot Dog"]


def test_a_key_that_matches_only_ignoring_case_rules_is_refused_as_unknown():
    # "specİes" (a Turkish capital İ) matches "species" for the regular expression's
    # case-insensitive search but is not the key when case-folded: a clear refusal, no crash
    with pytest.raises(BadInput, match="no option 'specİes'"):
        read("specİes=Cat")


def test_suggestions_for_such_a_key_offer_nothing_without_failing():
    assert suggest("specİes=", [SPECIES]) == []


LEOPARD = OptionSpec(
    key="species",
    label="Species",
    choices=["Leopard Cat", "Formosa Black Bear", "Black Kite"],
    default="Leopard Cat",
    per_player=True,
)
PARASITES = OptionSpec(key="parasites", label="Parasites", choices=["100", "200"], default="200")


def test_a_value_naming_one_choice_in_part_is_that_choice():
    assert read("species=cat", [LEOPARD]) == {"species": "Leopard Cat"}


def test_a_bare_value_naming_one_choice_in_part_is_that_choice():
    assert read("cat", [MODE, LEOPARD]) == {"species": "Leopard Cat"}


def test_a_value_naming_several_choices_lists_the_candidates():
    with pytest.raises(BadInput, match="more than one Species: Formosa Black Bear, Black Kite"):
        read("species=black", [LEOPARD])


def test_a_value_naming_no_choice_lists_the_choices():
    with pytest.raises(
        BadInput, match="Choose one of: Leopard Cat, Formosa Black Bear, Black Kite"
    ):
        read("species=dog", [LEOPARD])


def test_a_number_names_a_choice_only_in_full():
    with pytest.raises(BadInput, match="Choose one of: 100, 200"):
        read("parasites=20", [PARASITES])


def test_suggestions_for_a_per_player_pick_name_no_default_as_none_is_dealt_at_random():
    names = [c.name for c in suggest("", [SPECIES], bare=True)]
    assert names == ["Species: Cat", "Species: Hot Dog"]


def test_suggestions_for_a_game_option_name_its_default():
    assert [c.name for c in suggest("", [MODE])][0] == "Rules: classic (default)"


def test_a_refusal_listing_a_per_player_pick_says_none_is_dealt_at_random():
    with pytest.raises(BadInput, match=r"species \(Cat\|Hot Dog, a random one if none\)"):
        read("banana")
