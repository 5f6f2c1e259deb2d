"""The rulebook's Frequently Asked Questions, one test each."""

from engines.anatomy_park.engine import ENGINE
from engines.anatomy_park.state import Ongoing
from tests.anatomy_park.helpers import act, card, disease, game, give, ids, put, tid, trigger


def test_faq_hepatitis_c_cannot_kill_itself():
    s = game()
    s, ev = trigger(s, "hep_c")
    assert [d.effect for d in s.diseases] == ["hep_c"]
    assert "Hepatitis C finds no other disease to kill." in [e.text for e in ev]


def test_faq_hepatitis_c_kill_gives_the_killed_diseases_reward():
    s = game()
    disease(s, "tuberculosis", "0,0")
    disease(s, "plague", "0,0")
    s, _ = trigger(s, "hep_c")
    labels = {a.id: a.label for a in ENGINE.legal_actions(s, "Ada")}
    assert labels == {
        "kill:tuberculosis": "Hepatitis C kills Tuberculosis",
        "kill:plague": "Hepatitis C kills Bubonic Plague",
    }
    s, _ = act(s, "Ada", "kill:plague")
    assert s.vp["Ada"] == 4 and {d.effect for d in s.diseases} == {"hep_c", "tuberculosis"}


def test_faq_hepatitis_c_kill_gives_poncho_his_extra_reward():
    s = game(chars=["Poncho", "Rick"])
    disease(s, "tuberculosis", "0,0")
    s, _ = trigger(s, "hep_c")
    s, _ = act(s, "Ada", "kill:tuberculosis")
    assert s.vp["Ada"] == 3 + 2


def test_faq_gonorrhea_no_tiles_pass_nothing_but_receive():
    s = game(2)
    give(s, "Ada")
    b = give(s, "Bea", "Spleen Mountain")
    s, _ = trigger(s, "gonorrhea")
    s, _ = act(s, "Bea", f"pass:{b[0]}")
    assert s.hands["Ada"] == b and s.hands["Bea"] == []


def test_faq_sphincter_dam_removes_diseases_without_reward_and_spares_the_entrance():
    s = game()
    put(s, "0,-1", "Aorta Arcade")
    put(s, "0,-2", "Spleen Mountain", marker="Bea")
    disease(s, "tuberculosis", "0,-2")
    s.pos["Ada"] = "0,-1"
    s.phase = "action"
    (dam,) = give(s, "Ada", "Sphincter Dam")
    s, _ = act(s, "Ada", f"place:{dam}:1,-1")
    labels = {a.id: a.label for a in ENGINE.legal_actions(s, "Ada")}
    assert labels == {"dam:W": "Wash away 1 tile(s) left"}
    s, _ = act(s, "Ada", "dam:W")  # washes (0,-1) and (-1,-1): only (0,-1) holds a tile
    assert "0,-1" not in s.park and "0,-2" in s.park
    s2 = game()
    put(s2, "1,0", "Aorta Arcade")
    s2.pos["Ada"] = "1,0"
    s2.phase = "action"
    (dam,) = give(s2, "Ada", "Sphincter Dam")
    s2, _ = act(s2, "Ada", f"place:{dam}:2,0")
    assert "dam:W" in ids(s2, "Ada")
    s2, _ = act(s2, "Ada", "dam:W")
    assert s2.park["0,0"].tile == "E00" and "1,0" not in s2.park


def test_faq_sphincter_dam_kills_diseases_there_with_no_reward():
    s = game()
    put(s, "0,-1", "Aorta Arcade")
    disease(s, "tuberculosis", "0,-1")
    s.phase = "action"
    (dam,) = give(s, "Ada", "Sphincter Dam")
    put(s, "1,-1", "Oxygen Bar")
    s.pos["Ada"] = "1,-1"
    s, _ = act(s, "Ada", f"place:{dam}:2,-1")
    assert ids(s, "Ada") == ["dam:W"]
    s, _ = act(s, "Ada", "dam:W")
    assert not s.diseases and s.vp["Ada"] == 3  # the Dam's own VP only
    assert len(s.out) == 2 and tid("Aorta Arcade") in s.out  # washed out of the game


def test_faq_sphincter_dam_character_on_a_washed_tile_goes_to_the_entrance_at_end_of_turn():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    s.pos["Bea"] = "1,0"
    s.phase = "action"
    (dam,) = give(s, "Ada", "Sphincter Dam")
    s, _ = act(s, "Ada", f"place:{dam}:0,1")  # from (0,1): east would hit (1,1),(2,1): empty
    assert "dam:N" not in ids(s, "Ada")  # north is the entrance: never washed
    s3 = game()
    put(s3, "1,0", "Aorta Arcade")
    put(s3, "1,1", "Oxygen Bar")
    s3.pos["Bea"] = "1,1"
    s3.phase = "action"
    (dam,) = give(s3, "Ada", "Sphincter Dam")
    s3, _ = act(s3, "Ada", f"place:{dam}:0,1", "dam:E")
    assert "1,1" not in s3.park and s3.pos["Bea"] == "0,0"


def test_faq_xenon_bloom_steps_before_drawing_the_body_reaction_and_not_by_transport():
    s = game(chars=["Dr. Xenon Bloom", "Rick"])
    put(s, "-1,0", "Lymph Lift")
    put(s, "-2,0", "Vein Gondola")
    s.phase = "action"
    (liver,) = give(s, "Ada", "Haunted Liver")  # draws a body reaction
    s.reactions.append(card("burp"))
    s, _ = act(s, "Ada", f"place:{liver}:1,0")
    assert set(ids(s, "Ada")) == {"xstep:E", "xstep:W", "xstay"}  # one space, no ride
    labels = {a.id: a.label for a in ENGINE.legal_actions(s, "Ada")}
    assert labels["xstay"] == "Stay where you are"
    assert [t.kind for t in s.tasks] == ["xenon", "draw_reaction"]
    s, _ = act(s, "Ada", "xstep:E")
    assert s.pos["Ada"] == "1,0" and s.tasks[0].kind == "act_out"


def test_faq_liquid_stool_moves_a_tile_touching_only_one_other_even_the_entrance():
    s = game()
    put(s, "1,0", "Lymph Lift")
    s, _ = trigger(s, "liquid_stool")
    s, _ = act(s, "Ada", "acted")
    legal = ids(s, "Ada")
    assert "shift:0,0:W" in legal and "shift:1,0:E" in legal  # the entrance and a transport


def test_faq_liquid_stool_never_moves_a_tile_touching_two_others():
    s = game()
    put(s, "1,0", "Lymph Lift")
    put(s, "2,0", "Vein Gondola")
    s, _ = trigger(s, "liquid_stool")
    s, _ = act(s, "Ada", "acted")
    assert ids(s, "Ada") == [
        "shift:0,0:N",
        "shift:0,0:S",
        "shift:0,0:W",
        "shift:2,0:N",
        "shift:2,0:E",
        "shift:2,0:S",
    ]


def test_faq_liquid_stool_is_skipped_when_no_tile_touches_only_one_other():
    s = game()
    s, _ = trigger(s, "liquid_stool")
    s, ev = act(s, "Ada", "acted")
    assert "No tile can be moved that way: skipped." in [e.text for e in ev]
    assert s.phase == "action" and not s.tasks


def test_faq_flatulence_moves_characters_farther_from_the_entrance_or_skips():
    s = game()
    put(s, "1,0", "Lymph Lift")
    put(s, "2,0", "Vein Gondola")
    s.pos["Bea"] = "2,0"  # nowhere farther to go
    s, _ = trigger(s, "flatulence")
    s, ev = act(s, "Ada", "acted")
    assert ids(s, "Ada") == ["to:1,0"]  # one tile, not a transport ride
    s, ev = act(s, "Ada", "to:1,0")
    assert any("Bea's character cannot move" in e.text for e in ev)
    assert s.pos == {"Ada": "1,0", "Bea": "2,0"}


def test_faq_acute_diarrhea_moves_only_edge_tiles_in_the_chosen_direction():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    put(s, "2,0", "Spleen Mountain")
    s, _ = trigger(s, "acute_diarrhea")
    s, _ = act(s, "Ada", "acted")
    legal = ids(s, "Ada")
    assert "shift:2,0:E" in legal and "shift:1,0:E" not in legal
    assert "shift:0,0:W" in legal  # the entrance may move this way


def test_faq_pirates_of_the_pancreas_takes_a_marker_from_a_previous_tile_when_out():
    s = game()
    put(s, "0,-1", "Artery Express", marker="Ada")
    s.markers_left["Ada"] = 0
    s.phase = "action"
    (pirates,) = give(s, "Ada", "Pirates of the Pancreas")
    s, ev = act(s, "Ada", f"place:{pirates}:1,0")
    assert s.park["1,0"].marker == "Ada" and s.park["0,-1"].marker is None
    assert [e.text for e in ev][-2:] == [
        "Ada moves a control marker from Artery Express to Pirates of the Pancreas.",
        "Turn: Bea.",
    ]
    assert s.current == "Bea"


def test_faq_pirates_out_of_markers_the_player_chooses_which_placed_marker_to_take():
    s = game()
    put(s, "0,-1", "Artery Express", marker="Ada")
    put(s, "-1,0", "Spleen Mountain", marker="Ada")
    s.markers_left["Ada"] = 0
    s.phase = "action"
    (pirates,) = give(s, "Ada", "Pirates of the Pancreas")
    s, _ = act(s, "Ada", f"place:{pirates}:1,0")
    labels = {a.id: a.label for a in ENGINE.legal_actions(s, "Ada")}
    assert labels == {
        "mfrom:0,-1": "Move your marker from Artery Express (0,-1)",
        "mfrom:-1,0": "Move your marker from Spleen Mountain (-1,0)",
    }


def test_faq_xenon_bloom_steps_before_choosing_which_marker_to_take():
    s = game(chars=["Dr. Xenon Bloom", "Rick"])
    put(s, "0,-1", "Artery Express", marker="Ada")
    put(s, "-1,0", "Spleen Mountain", marker="Ada")
    s.markers_left["Ada"] = 0
    s.phase = "action"
    (pirates,) = give(s, "Ada", "Pirates of the Pancreas")
    s, _ = act(s, "Ada", f"place:{pirates}:1,0")
    assert [t.kind for t in s.tasks] == ["xenon", "marker_from"]
    assert ids(s, "Ada") == ["xstep:N", "xstep:E", "xstep:W", "xstay"]


def test_faq_sphincter_dam_says_which_disease_and_tile_it_washes_away():
    s = game()
    put(s, "0,-1", "Aorta Arcade")
    disease(s, "tuberculosis", "0,-1")
    s.pos["Ada"] = "0,-1"
    s.phase = "action"
    (dam,) = give(s, "Ada", "Sphincter Dam")
    s, _ = act(s, "Ada", f"place:{dam}:1,-1")
    s, ev = act(s, "Ada", "dam:W")
    assert [e.text for e in ev][:2] == [
        "Tuberculosis is washed away (no reward).",
        "The Sphincter Dam washes away Aorta Arcade at (0,-1).",
    ]
    assert s.dead_diseases == ["tuberculosis"] and s.current == "Bea"


def test_faq_pirates_controller_loses_vp_when_a_player_moves_it():
    s = game()
    put(s, "1,0", "Pirates of the Pancreas", marker="Bea")
    s.vp["Bea"] = 5
    s.reactions.append(card("burp"))
    s, _ = act(s, "Ada", "mtile:1,0:S")
    assert s.vp["Bea"] == 3


def test_faq_pirates_controller_loses_vp_when_a_body_reaction_moves_it():
    s = game()
    put(s, "1,0", "Pirates of the Pancreas", marker="Bea")
    s.vp["Bea"] = 5
    s, _ = trigger(s, "liquid_stool")
    s, _ = act(s, "Ada", "acted", "shift:1,0:E")
    assert s.vp["Bea"] == 3


def test_faq_adjacent_means_sharing_a_side_not_a_corner():
    s = game()
    put(s, "1,1", "Aorta Arcade")
    assert "go:1,1" not in ids(s, "Ada")


def test_faq_sneezing_moves_exactly_three_spaces_never_revisiting():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    put(s, "2,0", "Spleen Mountain")
    s, _ = trigger(s, "sneezing")
    s, ev = act(s, "Ada", "acted")  # only 2 tiles beyond: cannot move exactly 3
    assert s.pos["Ada"] == "0,0" and not s.tasks
    s = game()
    for i, name in enumerate(["Aorta Arcade", "Lymph Lift", "Vein Gondola"], start=1):
        put(s, f"{i},0", name)
    s, _ = trigger(s, "sneezing")
    s, _ = act(s, "Ada", "acted")
    assert ids(s, "Ada") == ["to:3,0"]  # 3 spaces, transports count as spaces


def test_faq_ongoing_effects_include_body_reactions_and_permanent_diseases():
    s = game()
    s.ongoing.append(Ongoing(card=card("cramp"), owner="Bea", since_turn=s.turn_no))
    put(s, "1,0", "Lymph Lift")
    put(s, "2,0", "Vein Gondola")
    put(s, "3,0", "Tendon Tram")
    assert "go:3,0" not in ids(s, "Ada")  # Cramp: rides are not free


def test_faq_a_skipped_liquid_stool_drawn_by_the_turn_s_action_ends_the_turn():
    s, _ = trigger(game(), "liquid_stool", phase="end")  # drawn by the turn's action
    s, ev = act(s, "Ada", "acted")
    assert [e.text for e in ev][-2:] == ["No tile can be moved that way: skipped.", "Turn: Bea."]
    assert (s.current, s.phase, s.tasks) == ("Bea", "move", [])
