"""Moves that name tiles in hand by their letters ("Place tile A at ...") declare it, so the
player's panel shows the hand picture those letters are drawn on (issue #29); the others do
not."""

from engines.anatomy_park.engine import ENGINE
from tests.anatomy_park.helpers import game, give, put


def _naming(s, player: str) -> dict[str, bool]:
    return {a.id.split(":")[0]: a.names_hand for a in ENGINE.legal_actions(s, player)}


def test_placing_a_tile_from_the_hand_names_the_hand():
    s = game()
    s.phase = "action"
    put(s, "1,0", "Aorta Arcade")
    give(s, "Ada", "Spleen Mountain")
    assert _naming(s, "Ada")["place"] is True


def test_taking_tiles_from_the_stack_names_nothing_in_the_hand():
    s = game()
    s.phase = "action"
    assert _naming(s, "Ada")["take"] is False
