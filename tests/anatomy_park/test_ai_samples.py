"""A searching bot's samples of what it cannot see (``determinize``) in Anatomy Park's own
situations: the other players' master plans, a body reaction a rival is acting out, and the
reaction deck's one public structure (no heart attack among what is left of its top half)."""

import random

import pytest

from engines.anatomy_park import data
from engines.anatomy_park.engine import ENGINE
from engines.anatomy_park.state import Task
from tests.anatomy_park.helpers import NAMES, card, game

CARDS = data.reactions()
HALF = sum(r.kind != "heart" for r in CARDS.values()) // 2


def _samples(state, player, n=40):
    return [
        ENGINE.determinize(ENGINE.copy_state(state), player, random.Random(k)) for k in range(n)
    ]


def test_the_other_players_master_plans_are_redealt_never_as_the_viewer_s_own():
    state = ENGINE.setup(NAMES[:3], seed=1, options={"mode": "advanced"})
    mine = state.plans["Ada"]
    seen = set()
    for sample in _samples(state, "Ada"):
        assert sample.plans["Ada"] == mine
        others = [sample.plans["Bea"], sample.plans["Cy"]]
        assert mine not in others and len(set(others)) == 2
        seen.add(sample.plans["Bea"])
    assert len(seen) > 1  # Bea's plan is not given away


def test_the_body_reaction_a_rival_is_acting_out_is_redealt_as_a_body_reaction():
    state = game()
    acted = card("burp")
    state.reactions.remove(acted)
    state.tasks = [Task(kind="act_out", player="Bea", data={"card": acted})]
    seen = set()
    for sample in _samples(state, "Ada"):
        shown = sample.tasks[0].data["card"]
        assert CARDS[shown].kind == "reaction" and shown not in sample.reactions
        seen.add(shown)
    assert len(seen) > 1
    assert {s.tasks[0].data["card"] for s in _samples(state, "Bea", 3)} == {acted}


@pytest.mark.parametrize("drawn", [0, 4, HALF])
def test_only_what_is_left_of_the_top_half_is_kept_free_of_heart_attacks(drawn):
    state = ENGINE.setup(["Ada", "Bea"], seed=1)
    del state.reactions[len(state.reactions) - drawn :]  # drawn from the top (the list's end)
    left = HALF - drawn
    just_below = set()
    for sample in _samples(state, "Ada", 60):
        deck = sample.reactions
        assert all(CARDS[c].kind != "heart" for c in deck[len(deck) - left :])
        just_below.add(CARDS[deck[len(deck) - left - 1]].kind)
    assert "heart" in just_below  # the card under the top half may be a heart attack


def test_every_other_player_s_hand_is_redealt_and_the_viewer_s_kept():
    state = ENGINE.setup(NAMES[:3], seed=1)
    samples = _samples(state, "Ada")
    assert all(s.hands["Ada"] == state.hands["Ada"] for s in samples)
    for other in ("Bea", "Cy"):
        assert len({tuple(s.hands[other]) for s in samples}) > 1, other
