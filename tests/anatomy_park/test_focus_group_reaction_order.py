"""A tile placed with a focus group that draws a body reaction: placing the tile comes first,
with everything its card sets off (acting it out, then the card's own effect), and only then
the focus group's reward (its text is "place a tile, then gain the reward")."""

import pytest

from tests.anatomy_park.helpers import act, disease, game, give, ids, put, top_reaction

HAUNTED_LIVER_VP = 4
FOCUS_VP = 2  # Focus Group: Red Attraction


def _liver_by_focus_group(effect: str):
    """Ada stands on a red attraction and plays the focus group with the Haunted Liver (a tile
    that draws a body reaction); the card on top of the deck is ``effect``."""
    s = game()
    s.phase = "action"
    put(s, "1,0", "Aorta Arcade")
    put(s, "3,0", "Spleen Mountain")
    put(s, "4,0", "Oxygen Bar")
    s.pos["Ada"] = "1,0"
    focus, liver, _ = give(
        s, "Ada", "Focus Group: Red Attraction", "Haunted Liver", "Lung Lift-Off"
    )
    if effect == "hep_c":
        disease(s, "gonorrhea", "4,0")  # something for Hepatitis C to kill
    top_reaction(s, effect)
    s, _ = act(s, "Ada", f"focus:{focus}:{liver}:2,0")
    return s


def test_a_card_to_act_out_comes_before_the_focus_group_reward():
    s = _liver_by_focus_group("burp")
    assert ids(s, "Ada") == ["acted", "penalty"]
    assert s.vp["Ada"] == HAUNTED_LIVER_VP
    s, _ = act(s, "Ada", "acted")
    assert s.vp["Ada"] == HAUNTED_LIVER_VP + FOCUS_VP


@pytest.mark.parametrize(
    ("effect", "asked"),
    [("hep_c", "kill:"), ("gonorrhea", "pass:"), ("hep_a", "discard:"), ("plague", "discard:")],
)
def test_a_disease_drawn_for_the_tile_acts_before_the_focus_group_reward(effect, asked):
    s = _liver_by_focus_group(effect)
    assert ids(s, "Ada") and all(a.startswith(asked) for a in ids(s, "Ada"))
    assert s.vp["Ada"] == HAUNTED_LIVER_VP


def test_a_disease_discard_is_made_before_the_focus_group_reward_arrives():
    s = _liver_by_focus_group("hep_a")
    (discard,) = ids(s, "Ada")
    s, _ = act(s, "Ada", discard)
    assert s.vp["Ada"] == HAUNTED_LIVER_VP + FOCUS_VP


@pytest.mark.parametrize(
    ("effect", "asked"),
    [
        ("liquid_stool", "shift:"),
        ("acute_diarrhea", "shift:"),
        ("flatulence", "to:"),
        ("sneezing", "to:"),
    ],
)
def test_an_acted_out_card_takes_effect_before_the_focus_group_reward(effect, asked):
    s = _liver_by_focus_group(effect)
    s, _ = act(s, "Ada", "acted")
    assert ids(s, "Ada") and all(a.startswith(asked) for a in ids(s, "Ada"))
    assert s.vp["Ada"] == HAUNTED_LIVER_VP
