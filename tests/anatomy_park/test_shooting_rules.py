"""Shooting: who an ongoing card stops from shooting."""

from engines.anatomy_park.state import Ongoing
from tests.anatomy_park.helpers import card, disease, game, ids


def test_itching_drawn_by_a_rival_does_not_stop_you_shooting():
    s = game()
    s.phase = "action"
    disease(s, "hep_a", "0,0")
    s.ongoing.append(Ongoing(card=card("itch"), owner="Bea", since_turn=s.turn_no))
    assert "shoot:hep_a" in ids(s, "Ada")
