"""Movement phase rules the other movement tests leave open: whose card limits a walk, where
a walk may end, and how a two-space tile move reads."""

from engines.anatomy_park.engine import ENGINE
from engines.anatomy_park.state import Ongoing
from tests.anatomy_park.helpers import card, game, ids, put


def test_hiccups_drawn_by_a_rival_leave_your_movement_alone():
    s = game(chars=["Roger", "Rick"])
    put(s, "1,0", "Aorta Arcade")
    put(s, "2,0", "Spleen Mountain")
    s.ongoing.append(Ongoing(card=card("hiccups"), owner="Bea", since_turn=s.turn_no))
    assert "go:2,0" in ids(s, "Ada")


def test_a_walk_never_ends_on_the_tile_it_starts_from():
    s = game()
    put(s, "1,0", "Lymph Lift")  # a transport: stepping back onto the entrance is the question
    put(s, "2,0", "Aorta Arcade")
    walks = [a for a in ids(s, "Ada") if a.startswith("go:")]
    assert walks and "go:0,0" not in walks


def test_rogers_two_space_tile_move_says_two_spaces():
    s = game(chars=["Roger", "Rick"])
    put(s, "1,0", "Aorta Arcade")
    labels = {a.id: a.label for a in ENGINE.legal_actions(s, "Ada")}
    assert labels["mtile:1,0:N2"] == "Move Aorta Arcade (1,0) 2 up (body reaction)"


def test_a_walk_says_how_many_movement_points_it_costs():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    put(s, "2,0", "Spleen Mountain")
    labels = {a.id: a.label for a in ENGINE.legal_actions(s, "Ada")}
    assert labels["go:1,0"] == "Walk to Aorta Arcade (1,0) (1 move)"
    assert labels["go:2,0"] == "Walk to Spleen Mountain (2,0) (2 moves)"
