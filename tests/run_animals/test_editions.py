"""Editions of the designed data: a retuning applies to new games, while a game dealt with an
older edition plays on with it to its end, so nothing changes under its players."""

from __future__ import annotations

import json

import pytest

from engines.run_animals import data
from engines.run_animals.data import CURRENT_EDITION, EDITIONS, EditionsData, load
from engines.run_animals.engine import ENGINE, data_of
from engines.run_animals.scoring import goal_points
from tests.run_animals.helpers import PLAYERS

FIRST = next(e for e in EDITIONS.older if e.edition == 1)


@pytest.fixture(autouse=True)
def _read_afresh():
    """Each test reads the editions from the files itself: a copy cached by an earlier test
    would hide a change to how an edition is read."""
    data._load.cache_clear()
    yield
    data._load.cache_clear()


def _changed_goal():
    return next(g for g in FIRST.goals if g.points != load().goals[g.id].points)


def _changed_card():
    return next(c for c in FIRST.cards if c != load().cards[c.id])


def test_a_new_game_is_dealt_with_the_current_edition():
    state = ENGINE.setup(PLAYERS[:2], seed=1)
    assert state.edition == CURRENT_EDITION == 2


def test_a_game_saved_before_editions_existed_loads_as_the_first_edition():
    saved = json.loads(ENGINE.setup(PLAYERS[:2], seed=1).model_dump_json())
    del saved["edition"]
    saved["schema_version"] = 1
    assert ENGINE.load_state(json.dumps(saved)).edition == 1


def test_an_older_edition_has_exactly_the_entries_it_lists():
    old, new = load(1), load()
    listed_goals = {g.id: g.points for g in FIRST.goals}
    for gid, goal in new.goals.items():
        expected = listed_goals.get(gid, goal.points)
        assert old.goals[gid].points == expected
        assert old.goals[gid].need == goal.need
    listed_cards = {c.id: c for c in FIRST.cards}
    for cid, card in new.cards.items():
        assert old.cards[cid] == listed_cards.get(cid, card)
    assert [c.id for s in old.species.values() for c in s.cards] == list(new.cards)


def test_completed_goals_score_by_the_edition_the_game_was_dealt_with():
    goal = _changed_goal()
    state = ENGINE.setup(PLAYERS[:2], seed=1)
    state.seats["Ada"].completed = [goal.id]
    assert goal_points(state, data_of(state), "Ada") == load().goals[goal.id].points
    state.edition = 1
    assert goal_points(state, data_of(state), "Ada") == goal.points
    assert ENGINE.standing(state)["Ada"] == goal.points


def test_a_first_edition_game_shows_its_own_cards_in_hand():
    card = _changed_card()
    species = load().species[load().card_species[card.id]].name
    state = ENGINE.setup(PLAYERS[:2], seed=1, options={"species": {"Ada": species}})
    state.edition = 1
    hand = {c.id: c.name for c in ENGINE.view(state, "Ada").my_hand}
    assert hand[card.id] == card.name


def test_an_edition_that_does_not_exist_is_refused_clearly():
    with pytest.raises(ValueError, match="no edition 9"):
        load(9)


def test_an_older_edition_naming_an_unknown_card_is_refused_when_it_loads():
    broken = EDITIONS.model_dump()
    broken["older"][0]["cards"][0]["id"] = "nosuch1"
    edited = EditionsData.model_validate(broken)
    original = data.EDITIONS
    data.EDITIONS = edited
    try:
        with pytest.raises(ValueError, match="no cards"):
            data._older(1, load())
    finally:
        data.EDITIONS = original


def test_an_older_edition_naming_an_unknown_goal_is_refused_when_it_loads():
    broken = EDITIONS.model_dump()
    broken["older"][0]["goals"][0]["id"] = 99
    original = data.EDITIONS
    data.EDITIONS = EditionsData.model_validate(broken)
    try:
        with pytest.raises(ValueError, match="edition 1: no goal 99"):
            data._older(1, load())
    finally:
        data.EDITIONS = original


def test_older_editions_are_numbered_from_one_up_to_the_current():
    with pytest.raises(ValueError, match="numbered"):
        EditionsData.model_validate({"current": 3, "older": [FIRST.model_dump()]})
