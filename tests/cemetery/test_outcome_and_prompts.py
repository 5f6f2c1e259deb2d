"""What the view says in words: how the game ended (who won, by how much, who conceded) and
what the awaited player is choosing now."""

from __future__ import annotations

import pytest

from engines.cemetery.engine import ENGINE
from tests.cemetery.helpers import PLAYERS, fresh, play
from tests.cemetery.test_behaviours import _steal_with_too_many_places
from tests.cemetery.test_stitch import _stitch_with_too_many_places


@pytest.mark.parametrize("leaver", PLAYERS)
def test_a_player_who_leaves_concedes_and_the_view_names_the_other_the_winner(leaver):
    other = next(p for p in PLAYERS if p != leaver)
    state, events = ENGINE.remove_player(fresh(), leaver)
    shown = ENGINE.view(state, None)
    assert shown.outcome == f"{other} wins: {leaver} conceded"
    assert shown.prompt == f"The game is over. {other} wins: {leaver} conceded."
    assert shown.finished and shown.waiting_for == []
    assert [e.text for e in events] == [f"{leaver} leaves the game; {other} wins."]


@pytest.mark.parametrize("winner", [0, 1])
def test_the_view_names_the_player_with_more_tokens_the_winner(winner):
    state = fresh()
    state.over = True
    state.sides[winner].revenge, state.sides[winner].science_spent = 3, 2
    state.sides[1 - winner].science = 4
    name = PLAYERS[winner]
    assert ENGINE.view(state, None).outcome == f"{name} wins, 5 tokens to 4"


def test_the_view_calls_equal_totals_a_draw():
    state = fresh()
    state.over = True
    state.sides[0].revenge = state.sides[1].science_spent = 4
    assert ENGINE.view(state, "Ada").outcome == "Draw: 4 tokens each"


def test_no_outcome_is_shown_while_the_game_runs():
    assert ENGINE.view(fresh(), None).outcome is None


def test_the_prompt_says_where_the_picked_part_is_to_be_stitched():
    state = fresh()
    _stitch_with_too_many_places(state)
    state, _ = play(state, "hand:3")
    assert ENGINE.view(state, "Brook").prompt == "Ada: choose where to stitch the Part"


def test_the_prompt_says_where_the_stolen_part_is_to_be_attached():
    state = fresh()
    _steal_with_too_many_places(state)
    assert ENGINE.view(state, None).prompt == "Ada: Steal — choose a Part from the Cemetery"
    state, _ = play(state, "steal:M-arm-1")
    assert state.pending.kind == "steal_place"
    assert ENGINE.view(state, None).prompt == "Ada: Steal — choose where to attach it"


def test_the_prompt_counts_the_draft_picks_left():
    state = fresh()
    assert ENGINE.view(state, None).prompt == "Ada: Draft (5 picks left)"
    state, _ = play(state, "core", "part", "part", "part")
    assert ENGINE.view(state, None).prompt == "Ada: Draft (1 pick left)"
