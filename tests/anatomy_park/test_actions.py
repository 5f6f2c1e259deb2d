"""The action phase: take tiles, place, focus groups, leave, shoot; the hand limit."""

from engines.anatomy_park.engine import ENGINE
from engines.anatomy_park.state import Ongoing
from tests.anatomy_park.helpers import act, card, disease, game, give, ids, put, tid


def _action_phase(s):
    s.phase = "action"
    return s


def test_take_two_tiles_from_the_top_of_the_stack():
    s = _action_phase(game())
    top2 = s.stack[-2:]
    s, ev = act(s, "Ada", "take")
    assert set(top2) <= set(s.hands["Ada"]) and len(s.hands["Ada"]) == 5
    private = [e for e in ev if e.private_to == "Ada"]
    assert private and all(e.private_to is None for e in ev if e not in private)


def test_morty_takes_three_tiles():
    s = _action_phase(game(chars=["Morty", "Rick"]))
    s, _ = act(s, "Ada", "take")
    assert len(s.hands["Ada"]) == 6
    assert s.tasks[0].data["reason"] == "hand limit"  # over the limit: discard at end of turn


def test_morty_may_take_only_two_tiles():
    s = _action_phase(game(chars=["Morty", "Rick"]))
    s, _ = act(s, "Ada", "take2")
    assert len(s.hands["Ada"]) == 5 and s.current == "Bea"


def test_hand_limit_is_five_at_the_end_of_the_turn():
    s = _action_phase(game(chars=["Morty", "Rick"]))
    s, _ = act(s, "Ada", "take")
    assert s.current == "Ada"
    s, _ = act(s, "Ada", f"discard:{s.hands['Ada'][0]}")
    assert len(s.hands["Ada"]) == 5 and s.current == "Bea"


def test_yawn_lowers_the_drawers_hand_limit_to_four():
    s = _action_phase(game())
    s.ongoing.append(Ongoing(card=card("yawn"), owner="Ada", since_turn=s.turn_no))
    give(
        s, "Ada", "Aorta Arcade", "Spleen Mountain", "Oxygen Bar", "Gastric Grill", "Lung Lift-Off"
    )
    s, _ = act(s, "Ada", "noaction")
    assert s.tasks[0].kind == "discard" and s.tasks[0].data["count"] == 1


def test_place_a_tile_only_on_an_empty_space_next_to_your_characters_tile():
    s = _action_phase(game())
    put(s, "1,0", "Aorta Arcade")
    (spleen,) = give(s, "Ada", "Spleen Mountain")
    spaces = {a.split(":")[2] for a in ids(s, "Ada") if a.startswith("place:")}
    assert spaces == {"0,-1", "-1,0", "0,1"}
    s, _ = act(s, "Ada", f"place:{spleen}:0,1")
    assert s.park["0,1"].tile == spleen and s.vp["Ada"] == 2


def test_tile_with_a_requirement_needs_a_matching_adjacent_tile():
    s = _action_phase(game())
    (vortex,) = give(s, "Ada", "Ventricle Vortex")  # needs a cafe next to it
    assert not any(a.startswith("place:") for a in ids(s, "Ada"))
    put(s, "1,-1", "Oxygen Bar")
    spaces = {a.split(":")[2] for a in ids(s, "Ada") if a.startswith("place:")}
    assert spaces == {"0,-1", "1,0"}  # both touch the cafe; (-1,0) and (0,1) do not


def test_requirement_may_be_met_on_the_other_side_of_a_gap():
    s = _action_phase(game())
    give(s, "Ada", "Ventricle Vortex")
    put(s, "0,-2", "Oxygen Bar")  # (0,-1) is empty between them
    assert f"place:{tid('Ventricle Vortex')}:0,-1" in ids(s, "Ada")


def test_one_tile_can_meet_both_a_colour_and_a_type_requirement():
    s = _action_phase(game())
    give(s, "Ada", "Sucker Carousel")  # brown + attraction
    put(s, "1,-1", "Spleen Mountain")  # a brown attraction
    assert f"place:{tid('Sucker Carousel')}:0,-1" in ids(s, "Ada")


def test_two_requirements_are_not_met_by_one_tile_of_the_wrong_colour():
    s = _action_phase(game())
    give(s, "Ada", "Sucker Carousel")
    put(s, "1,-1", "Aorta Arcade")  # red attraction: no brown tile
    assert not any(a.startswith("place:") for a in ids(s, "Ada"))


def test_focus_group_needs_its_type_and_colour_and_places_another_tile_for_its_reward():
    s = _action_phase(game())
    focus = tid("Focus Group: Red Attraction")  # reward: 2 VP
    give(s, "Ada", "Focus Group: Red Attraction", "Spleen Mountain")
    assert not any(a.startswith("focus:") for a in ids(s, "Ada"))
    put(s, "1,0", "Aorta Arcade")  # a red attraction next to (1,-1)... and the character
    s.pos["Ada"] = "1,0"
    legal = [a for a in ids(s, "Ada") if a.startswith("focus:")]
    assert legal and all(a.split(":")[2] == tid("Spleen Mountain") for a in legal)
    s, _ = act(s, "Ada", f"focus:{focus}:{tid('Spleen Mountain')}:2,0")
    assert s.park["2,0"].tile == tid("Spleen Mountain")
    assert focus in s.discard and s.vp["Ada"] == 2 + 2


def test_focus_group_requirements_may_be_met_by_two_different_tiles():
    s = _action_phase(game())
    give(s, "Ada", "Focus Group: Blue Cafe", "Spleen Mountain")  # blue + cafe
    put(s, "1,-1", "Lung Lift-Off")  # blue attraction
    put(s, "-1,-1", "Gastric Grill")  # brown cafe
    legal = {a.split(":")[3] for a in ids(s, "Ada") if a.startswith("focus:")}
    assert legal == {"0,-1"}  # the only space next to both (and to the character)


def test_focus_group_reward_take_tiles():
    s = _action_phase(game())
    f = tid("Focus Group: Blue Attraction")  # reward: take 2 tiles
    give(s, "Ada", "Focus Group: Blue Attraction", "Spleen Mountain")
    put(s, "1,-1", "Lung Lift-Off")
    s, _ = act(s, "Ada", f"focus:{f}:{tid('Spleen Mountain')}:0,-1")
    assert len(s.hands["Ada"]) == 2


def test_a_focus_group_tile_cannot_be_placed_in_the_park_itself():
    s = _action_phase(game())
    put(s, "1,0", "Aorta Arcade")  # a red attraction: the focus group's own requirements
    s.pos["Ada"] = "1,0"
    (focus,) = give(s, "Ada", "Focus Group: Red Attraction")
    assert not [i for i in ids(s, "Ada") if i.startswith(f"place:{focus}")]


def test_a_taken_over_tile_has_no_controller_while_its_taker_chooses_a_marker_to_move():
    s = _action_phase(game())
    f = tid("Focus Group: Brown Attraction")  # reward: move a control marker
    give(s, "Ada", "Focus Group: Brown Attraction", "Oxygen Bar")
    put(s, "1,0", "Stomach Spiral", marker="Bea")
    put(s, "2,1", "Spleen Mountain")
    put(s, "0,-1", "Artery Express", marker="Ada")
    put(s, "-1,0", "Aorta Arcade", marker="Ada")
    s.pos["Ada"] = "1,0"
    s.markers_left["Ada"] = 0
    s, _ = act(s, "Ada", f"focus:{f}:{tid('Oxygen Bar')}:1,1")
    assert ids(s, "Ada") == ["mfrom:0,-1", "mfrom:-1,0"]
    (cell,) = [c for c in ENGINE.view(s, None).cells if (c.x, c.y) == (1, 0)]
    assert cell.controller is None and cell.controller_seat is None


def test_focus_group_marker_reward_needs_a_marker_tile_under_you_else_take_one_tile():
    s = _action_phase(game())
    f = tid("Focus Group: Brown Attraction")  # reward: move a control marker
    give(s, "Ada", "Focus Group: Brown Attraction", "Oxygen Bar")
    put(s, "1,1", "Spleen Mountain")
    s, _ = act(s, "Ada", f"focus:{f}:{tid('Oxygen Bar')}:0,1")
    assert len(s.hands["Ada"]) == 1  # the entrance mentions no marker: 1 tile instead


def test_focus_group_marker_reward_takes_over_the_tile_you_stand_on():
    s = _action_phase(game())
    f = tid("Focus Group: Brown Attraction")
    give(s, "Ada", "Focus Group: Brown Attraction", "Oxygen Bar")
    put(s, "1,0", "Stomach Spiral", marker="Bea")  # a brown slide with a marker
    put(s, "2,1", "Spleen Mountain")
    s.pos["Ada"] = "1,0"
    s, ev = act(s, "Ada", f"focus:{f}:{tid('Oxygen Bar')}:1,1")
    assert s.park["1,0"].marker == "Ada" and s.markers_left["Bea"] == 5
    assert [e.text for e in ev][2:4] == [
        "Bea's control marker on Stomach Spiral goes back.",
        "Ada puts a control marker on Stomach Spiral.",
    ]


def test_leave_the_park_only_from_an_exit_and_gain_three_vp_in_the_basic_game():
    s = _action_phase(game())
    assert "leave" not in ids(s, "Ada")
    put(s, "1,0", "Nostril Exit")
    s.pos["Ada"] = "1,0"
    s, _ = act(s, "Ada", "leave")
    assert "Ada" in s.left and "Ada" not in s.pos and s.vp["Ada"] == 3
    assert s.current == "Bea"


def test_leaving_in_the_advanced_game_gives_no_exit_bonus():
    s = _action_phase(game(mode="advanced"))
    put(s, "1,0", "Nostril Exit")
    s.pos["Ada"] = "1,0"
    s, _ = act(s, "Ada", "leave")
    assert s.vp["Ada"] == 0


def test_a_closed_tile_is_not_an_exit():
    s = _action_phase(game())
    put(s, "1,0", "Nostril Exit", closed=True)
    s.pos["Ada"] = "1,0"
    assert "leave" not in ids(s, "Ada")


def test_after_leaving_you_skip_all_future_turns():
    s = _action_phase(game(3))
    put(s, "1,0", "Nostril Exit")
    s.pos["Ada"] = "1,0"
    s, _ = act(s, "Ada", "leave")
    s, _ = act(s, "Bea", "nomove", "noaction")
    s, _ = act(s, "Cy", "nomove", "noaction")
    assert s.current == "Bea"


def test_shoot_range_counts_along_tiles_without_diagonals():
    s = _action_phase(game(chars=["Morty", "Rick"]))  # Range 2
    put(s, "1,0", "Aorta Arcade")
    put(s, "1,1", "Spleen Mountain")
    put(s, "2,1", "Oxygen Bar")
    disease(s, "hep_a", "1,1")  # 2 steps along tiles (diagonal is 1,1)
    disease(s, "tuberculosis", "2,1")  # 3 steps
    targets = [a for a in ids(s, "Ada") if a.startswith("shoot:")]
    assert targets == ["shoot:hep_a"]


def test_cannot_shoot_across_an_empty_space():
    s = _action_phase(game(chars=["Rick", "Morty"]))  # Range 3
    put(s, "2,0", "Aorta Arcade")
    disease(s, "hep_a", "2,0")
    assert "shoot:hep_a" not in ids(s, "Ada")


def test_a_disease_on_your_own_tile_is_in_range():
    s = _action_phase(game())
    disease(s, "hep_a", "0,0")
    assert "shoot:hep_a" in ids(s, "Ada")


def test_a_six_kills_the_disease_and_gives_its_reward(dice):
    s = _action_phase(game(chars=["Morty", "Rick"]))
    disease(s, "tuberculosis", "0,0")
    dice.append([2, 6])
    s, _ = act(s, "Ada", "shoot:tuberculosis")
    assert not s.diseases and "tuberculosis" in s.dead_diseases and s.vp["Ada"] == 3


def test_a_miss_lets_you_move_the_disease_per_3_4_5_then_draw_a_body_reaction(dice):
    s = _action_phase(game(chars=["Morty", "Rick"]))
    put(s, "1,0", "Aorta Arcade")
    put(s, "2,0", "Spleen Mountain")
    put(s, "3,0", "Oxygen Bar")
    disease(s, "hep_a", "0,0")
    s.reactions.append(card("burp"))
    dice.append([3, 5])  # two steps
    s, _ = act(s, "Ada", "shoot:hep_a")
    assert s.tasks[0].kind == "shot_move"
    s, _ = act(s, "Ada", "dmove:E", "dmove:E")
    assert s.diseases[0].pos == "2,0"
    assert s.tasks[0].kind == "act_out"  # the body reaction after the moves


def test_a_missed_disease_need_not_be_moved(dice):
    s = _action_phase(game(chars=["Morty", "Rick"]))
    put(s, "1,0", "Aorta Arcade")
    disease(s, "hep_a", "0,0")
    s.reactions.append(card("burp"))
    dice.append([4, 1])
    s, _ = act(s, "Ada", "shoot:hep_a", "dmove:stay")
    assert s.diseases[0].pos == "0,0" and s.tasks[0].kind == "act_out"


def test_rick_may_reroll_all_dice_of_a_missed_shot_once_per_turn(dice):
    s = _action_phase(game(chars=["Rick", "Morty"]))
    disease(s, "hep_a", "0,0")
    dice.extend([[1, 1, 2], [6, 1, 1]])
    s, _ = act(s, "Ada", "shoot:hep_a")
    assert set(ids(s, "Ada")) == {"reroll", "keep"}
    s, _ = act(s, "Ada", "reroll")
    assert not s.diseases


def test_rick_s_reroll_choice_is_worded_and_not_offered_twice_in_a_turn(dice):
    s = _action_phase(game(chars=["Rick", "Morty"]))
    disease(s, "hep_a", "0,0")
    s.reactions.append(card("burp"))
    dice.extend([[1, 1, 2], [1, 2, 2]])
    s, _ = act(s, "Ada", "shoot:hep_a")
    labels = {a.id: a.label for a in ENGINE.legal_actions(s, "Ada")}
    assert labels == {"reroll": "Rick: reroll all the dice", "keep": "Keep the miss"}
    s, _ = act(s, "Ada", "reroll")
    assert s.diseases and s.tasks[0].kind == "act_out" and "reroll" not in ids(s, "Ada")


def test_rick_keeping_a_miss_may_still_move_the_disease_for_its_threes_to_fives(dice):
    s = _action_phase(game(chars=["Rick", "Morty"]))
    put(s, "1,0", "Aorta Arcade")
    disease(s, "hep_a", "0,0")
    dice.append([1, 1, 4])
    s, _ = act(s, "Ada", "shoot:hep_a", "keep")
    labels = {a.id: a.label for a in ENGINE.legal_actions(s, "Ada")}
    assert labels == {
        "dmove:E": "Move Hepatitis A right to (1,0)",
        "dmove:stay": "Stop moving it at (0,0)",
    }


def test_a_marker_tile_with_one_marker_left_takes_that_marker_not_a_placed_one():
    s = _action_phase(game())
    put(s, "0,-1", "Artery Express", marker="Ada")
    put(s, "-1,0", "Spleen Mountain", marker="Ada")
    s.markers_left["Ada"] = 1
    (pirates,) = give(s, "Ada", "Pirates of the Pancreas")
    s, _ = act(s, "Ada", f"place:{pirates}:1,0")
    assert s.park["1,0"].marker == "Ada" and s.markers_left["Ada"] == 0
    assert s.park["0,-1"].marker == "Ada" and s.park["-1,0"].marker == "Ada"


def test_poncho_gains_two_extra_vp_for_a_kill(dice):
    s = _action_phase(game(chars=["Poncho", "Rick"]))
    disease(s, "hep_a", "0,0")
    dice.append([6, 1, 1])
    s, _ = act(s, "Ada", "shoot:hep_a")
    assert s.vp["Ada"] == 2 + 2


def test_tuberculosis_makes_every_shot_roll_one_die_fewer():
    from engines.anatomy_park.shooting import dice_count

    s = game(chars=["Rick", "Annie"])
    assert dice_count(s, "Ada") == 3 and dice_count(s, "Bea") == 1
    disease(s, "tuberculosis", "0,0")
    assert dice_count(s, "Ada") == 2 and dice_count(s, "Bea") == 1  # at least 1


def test_fever_adds_a_die_to_every_shot_up_to_the_three_dice_in_the_box():
    from engines.anatomy_park.shooting import dice_count

    s = game(chars=["Rick", "Annie"])
    s.ongoing.append(Ongoing(card=card("fever"), owner="Bea", since_turn=s.turn_no))
    assert dice_count(s, "Bea") == 2  # Annie: 1 + 1
    assert dice_count(s, "Ada") == 3  # Rick: the box holds only 3 dice


def test_itching_stops_the_drawer_from_shooting():
    s = _action_phase(game())
    disease(s, "hep_a", "0,0")
    s.ongoing.append(Ongoing(card=card("itch"), owner="Ada", since_turn=s.turn_no))
    assert "shoot:hep_a" not in ids(s, "Ada")


def test_e_coli_forbids_placing_tiles_next_to_it():
    s = _action_phase(game())
    give(s, "Ada", "Spleen Mountain")
    put(s, "1,0", "Aorta Arcade")
    disease(s, "e_coli", "1,0")
    spaces = {a.split(":")[2] for a in ids(s, "Ada") if a.startswith("place:")}
    assert spaces == {"-1,0", "0,1", "0,-1"}  # none of them touches E. coli's tile
    s.pos["Ada"] = "1,0"  # every free space here touches E. coli's tile
    assert not any(a.startswith("place:") for a in ids(s, "Ada"))


def test_doing_nothing_in_the_action_phase_ends_the_turn():
    s = _action_phase(game())
    s, _ = act(s, "Ada", "noaction")
    assert s.current == "Bea" and s.phase == "move"


def test_rick_may_answer_once_that_he_always_rerolls_a_miss(dice):
    """ "You do not have to use your character's ability if you do not want to." Rick's
    reroll is asked after every miss: a standing answer says yes for the whole game."""
    from engines.anatomy_park.engine import ENGINE as AP

    s = _action_phase(game(chars=["Rick", "Morty"]))
    assert [a.id for a in AP.standing_answers(s, "Ada")] == ["reroll-misses"]
    assert AP.standing_answers(s, "Bea") == []
    assert AP.standing_move(s, "Ada", "reroll-misses") is None  # no miss to answer yet
    disease(s, "hep_a", "0,0")
    dice.extend([[1, 1, 2]])
    s, _ = act(s, "Ada", "shoot:hep_a")
    assert AP.standing_move(s, "Ada", "reroll-misses") == "reroll"
