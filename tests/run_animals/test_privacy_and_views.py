"""Hands are private; discard piles, goals and the map are public."""

from __future__ import annotations

import random

import pytest

from engines.core import IllegalAction
from engines.run_animals.engine import ENGINE
from tests.run_animals.helpers import PLAYERS, act, game


def _quoted(card_ids):
    return [f'"{c}"' for c in card_ids]


def test_a_players_own_view_shows_their_hand():
    state = game("cat", "bear")
    view = ENGINE.view(state, "Ada")
    assert [c.id for c in view.my_hand] == state.seats["Ada"].hand


def test_spectators_and_other_players_never_see_a_hand():
    state = game("cat", "bear")
    state, _ = act(state, "play:cat5")  # Warm Up with nothing to take back
    hand = state.seats["Ada"].hand
    for viewer in (None, "Brook"):
        view = ENGINE.view(state, viewer)
        dumped = view.model_dump_json()
        assert view.my_hand is None or viewer == "Brook"
        for card in _quoted(hand):
            assert card not in dumped
    assert ENGINE.view(state, None).players[0].hand_count == len(hand)


def test_discard_piles_goals_and_map_are_public():
    state = game("cat", "bear")
    state, _ = act(state, "play:cat5")
    view = ENGINE.view(state, None)
    assert [c.id for c in view.players[0].discard] == ["cat5"]
    assert view.players[0].goal is not None
    assert len(view.face_up) == 2
    assert len(view.tiles) == 16


def test_only_the_player_to_act_has_legal_actions():
    state = game("cat", "bear")
    assert ENGINE.legal_actions(state, "Brook") == []
    with pytest.raises(IllegalAction, match="waiting for Ada"):
        ENGINE.apply(state, "Brook", "play:bear1")


def test_public_events_only_name_cards_already_public():
    """A card is named only when it is played (face up) or warmed up from the public discard."""
    state = ENGINE.setup(PLAYERS[:3], seed=11)
    rng = random.Random(11)
    while ENGINE.result(state) is None:
        player = ENGINE.to_act(state)[0]
        state, events = ENGINE.apply(state, player, ENGINE.suggest(state, player, rng))
        for e in events:
            assert e.private_to is None
            if "'" in e.text.replace("'s ", ""):
                assert " plays '" in e.text or " warms up: '" in e.text, e.text


def test_summary_gives_scores_and_graveyard_but_no_hand():
    state = game("cat", "bear")
    text = ENGINE.summary(state)
    assert "Ada" in text and "Graveyard 0/4" in text
    assert "cat1" not in text


def test_illegal_moves_are_refused_with_a_reason_and_change_nothing():
    state = game("cat", "bear")
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="not a move"):
        ENGINE.apply(state, "Ada", "play:bear1")
    with pytest.raises(IllegalAction, match="not playing"):
        ENGINE.apply(state, "Zed", "play:cat1")
    assert state.model_dump_json() == before


def test_a_finished_game_refuses_every_action():
    state = game("cat", "bear")
    state, _ = ENGINE.remove_player(state, "Brook")
    with pytest.raises(IllegalAction, match="over"):
        ENGINE.apply(state, "Ada", "play:cat1")


def test_the_status_line_lists_the_public_discard_piles():
    state = game("cat", "bear")
    state.seats["Brook"].discard = ["bear4", "bear6"]
    text = ENGINE.summary(state)
    assert "Discard piles: Brook: Move then Move, Warm Up." in text
    assert "Ada:" not in text.split("Discard piles:")[1].split(".")[0]
