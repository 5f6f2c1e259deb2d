"""The view's count of final turns after Ruben's first heart attack: two for each character
then in the park, none for one who had already left it (nobody waits for them)."""

from engines.anatomy_park.engine import ENGINE
from tests.anatomy_park.helpers import act, game, trigger


def _final_turns_shown(s):
    return {p.name: p.final_turns_left for p in ENGINE.view(s, None).players}


def test_no_final_turns_are_counted_before_the_first_heart_attack():
    assert set(_final_turns_shown(game(3)).values()) == {None}


def test_a_character_already_out_of_the_park_has_no_final_turns_left():
    s = game(3)
    s.left.append("Cy")
    del s.pos["Cy"]
    s, _ = trigger(s, "heart_attack")
    s, _ = act(s, "Ada", "acted", "noaction")
    assert s.final_turns == {"Ada": 2, "Bea": 2}
    assert _final_turns_shown(s) == {"Ada": 2, "Bea": 2, "Cy": 0}
    assert ENGINE.to_act(s) == ["Bea"]
