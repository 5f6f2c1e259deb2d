"""Transport tiles, control markers and victory points for tiles."""

from engines.anatomy_park import data
from engines.anatomy_park.scoring import final_scores
from tests.anatomy_park.helpers import act, game, give, ids, put, tid


def _place(s, name, space):
    s.phase = "action"
    (t,) = give(s, "Ada", name)
    return act(s, "Ada", f"place:{t}:{space}")


def test_transport_lays_closed_tiles_in_the_direction_that_fits_the_most():
    s = game()
    put(s, "1,-1", "Aorta Arcade")  # north: nothing fits
    put(s, "1,2", "Spleen Mountain")  # south: 1 fits
    top = s.stack[-2:]
    s, _ = _place(s, "Lymph Lift", "1,0")  # lays 2
    assert s.park["2,0"].closed and s.park["3,0"].closed
    assert {s.park["2,0"].tile, s.park["3,0"].tile} == set(top)


def test_transport_tie_between_directions_is_the_players_choice():
    s = game()
    s, _ = _place(s, "Lymph Lift", "1,0")
    assert set(ids(s, "Ada")) == {"dir:N", "dir:E", "dir:S"}
    s, _ = act(s, "Ada", "dir:N")
    assert s.park["1,-1"].closed and s.park["1,-2"].closed


def test_transport_places_as_many_as_fit_and_the_rest_stay_on_the_stack():
    s = game()
    put(s, "1,-1", "Aorta Arcade")
    put(s, "1,1", "Oxygen Bar")
    put(s, "4,0", "Spleen Mountain")  # east: only 2 of The Bone Train's 3 fit
    (train,) = give(s, "Ada", "The Bone Train")
    before, third = len(s.stack), s.stack[-3]
    s.phase = "action"
    s, _ = act(s, "Ada", f"place:{train}:1,0")
    assert s.park["2,0"].closed and s.park["3,0"].closed
    assert len(s.stack) == before - 2 and s.stack[-1] == third


def test_transport_next_to_the_entrance_gains_its_bonus():
    s = game()
    s, _ = _place(s, "Lymph Lift", "1,0")
    assert s.vp["Ada"] == 1 + 2


def test_transport_away_from_the_entrance_gains_only_its_vp():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    s.pos["Ada"] = "1,0"
    s, _ = _place(s, "Lymph Lift", "2,0")
    assert s.vp["Ada"] == 1


def test_a_tile_needing_a_marker_gets_one_and_scores_for_its_controller_at_the_end():
    s = game()
    s, _ = _place(s, "Plasma Plunge", "1,0")
    assert s.park["1,0"].marker == "Ada" and s.markers_left["Ada"] == 4
    assert s.vp["Ada"] == 0  # its VP come at the end
    assert final_scores(s)["Ada"] == 4


def test_a_tile_without_a_marker_belongs_to_no_one():
    s = game()
    put(s, "1,0", "Plasma Plunge")
    assert final_scores(s) == {"Ada": 0, "Bea": 0}


def test_out_of_control_markers_you_move_one_already_placed():
    s = game()
    put(s, "0,-1", "Artery Express", marker="Ada")
    put(s, "-1,0", "Diaphragm Drop", marker="Ada")
    s.markers_left["Ada"] = 0
    s, _ = _place(s, "Plasma Plunge", "1,0")
    assert set(ids(s, "Ada")) == {"mfrom:0,-1", "mfrom:-1,0"}
    s, _ = act(s, "Ada", "mfrom:-1,0")
    assert s.park["1,0"].marker == "Ada" and s.park["-1,0"].marker is None
    assert sum(c.marker == "Ada" for c in s.park.values()) == 2


def test_star_vp_at_placement_counts_touching_tiles_once():
    s = game()
    put(s, "1,-1", "Aorta Arcade")
    put(s, "1,1", "Vein Drain Slide")
    put(s, "2,0", "Lung Lift-Off")
    s, _ = _place(s, "Clot Coaster", "1,0")  # 1 VP + 1 per touching red tile (2)
    assert s.vp["Ada"] == 1 + 2
    s.pos["Ada"], s.current, s.tasks = "1,-1", "Ada", []
    s, _ = _place(s, "Blood Bank Bistro", "0,-1")  # another red tile later: nothing more
    assert s.vp["Ada"] == 3 + 2


def test_end_of_game_star_vp_go_to_the_controller():
    s = game()
    put(s, "1,0", "Villi Vittles", marker="Ada")  # 1 VP + 1 per touching brown at the end
    put(s, "2,0", "Spleen Mountain")
    put(s, "1,1", "Gastric Grill")
    assert final_scores(s)["Ada"] == 1 + 2


def test_an_end_bonus_by_type_counts_only_touching_tiles_of_that_type():
    s = game()
    put(s, "1,0", "Platelet Pantry", marker="Ada")  # its VP + 1 per touching attraction
    put(s, "2,0", "Spleen Mountain")  # an attraction
    put(s, "1,1", "Gastric Grill")  # a cafe: not counted
    vp = data.tile(tid("Platelet Pantry")).vp
    assert final_scores(s)["Ada"] == vp + 1


def test_closed_tiles_laid_before_the_stack_runs_out_are_still_announced():
    s, _ = _place(game(), "Lymph Lift", "1,0")  # 2 closed tiles, but 1 left in the stack
    s.stack = s.stack[-1:]
    s.discard = []
    s, ev = act(s, "Ada", "dir:E")
    assert "Ada lays 1 closed transport tile(s) from (1,0)." in [e.text for e in ev]
    assert s.park["2,0"].closed and "3,0" not in s.park


def test_diagonal_tiles_are_not_adjacent():
    s = game()
    put(s, "1,1", "Spleen Mountain")  # diagonal to the character's tile and to (0,-1)
    s.phase = "action"
    give(s, "Ada", "Sucker Carousel")
    assert f"place:{tid('Sucker Carousel')}:0,-1" not in ids(s, "Ada")
