"""A player on turn who leaves the game ends that turn: whatever ends a turn happens."""

from engines.anatomy_park.engine import ENGINE
from tests.anatomy_park.helpers import game


def test_a_character_cut_off_goes_home_when_the_player_on_turn_leaves_the_game():
    s = game(3)
    s.pos["Cy"] = "4,4"  # their tile was washed away by a Sphincter Dam this turn
    s, ev = ENGINE.remove_player(s, "Ada")
    assert s.current == "Bea"
    assert s.pos["Cy"] == "0,0"
    assert "Cy's character is cut off from the entrance and returns to it." in [e.text for e in ev]
