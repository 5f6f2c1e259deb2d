"""The three ways the game ends, final scoring, master plans and the tie-breaks."""

from engines.anatomy_park.engine import ENGINE
from engines.anatomy_park.scoring import controlled_vp, final_scores, plan_patterns, winners
from tests.anatomy_park.helpers import act, game, give, put, tid, trigger


def test_first_heart_attack_gives_everyone_two_more_full_turns():
    s = game()
    s, _ = trigger(s, "heart_attack")
    s, _ = act(s, "Ada", "acted", "noaction")  # the drawer's own turn does not count
    assert s.final_turns == {"Ada": 2, "Bea": 2}
    for player in ["Bea", "Ada", "Bea"]:
        s, _ = act(s, player, "nomove", "noaction")
        assert ENGINE.result(s) is None
    s, _ = act(s, "Ada", "nomove", "noaction")
    result = ENGINE.result(s)
    assert result is not None and "dies" in result.reason and not s.ruben_alive


def test_second_heart_attack_ends_the_game_at_once():
    s = game()
    s, _ = trigger(s, "heart_attack", nth=0)
    s, _ = act(s, "Ada", "acted", "noaction")
    s.phase = "move"
    s, _ = trigger(s, "heart_attack", nth=1)
    s, _ = act(s, "Bea", "acted")
    assert s.over and not s.ruben_alive
    assert s.end_reason == "the second heart attack killed Ruben"
    assert ENGINE.to_act(s) == []


def test_stack_running_out_the_first_time_reshuffles_the_discard_pile():
    s = game()
    s.phase = "action"
    s.discard, s.stack = s.stack[2:], s.stack[:2]
    pile = set(s.discard)
    s, ev = act(s, "Ada", "take")
    assert s.reshuffled and set(s.stack) == pile and not s.discard and not s.over
    assert any("shuffled" in e.text for e in ev)


def test_stack_running_out_a_second_time_ends_the_game_and_ruben_survives():
    s = game()
    s.phase = "action"
    s.reshuffled = True
    s.discard, s.stack = s.stack[2:], s.stack[:2]
    s, _ = act(s, "Ada", "take")
    assert s.over and s.ruben_alive and "second time" in s.end_reason


def test_only_one_character_left_after_a_reshuffle_sends_the_stack_to_the_discard():
    s = game()
    s.reshuffled = True
    s.left.append("Bea")
    del s.pos["Bea"]
    n = len(s.stack)
    s, _ = act(s, "Ada", "nomove", "noaction")
    assert s.over and not s.stack and len(s.discard) >= n and s.ruben_alive


def test_the_game_ends_when_everyone_has_left_the_park():
    s = game()
    put(s, "1,0", "Nostril Exit")
    s.pos = {"Ada": "1,0"}
    s.left.append("Bea")
    s.phase = "action"
    s, _ = act(s, "Ada", "leave")
    assert s.over and "everyone has left" in s.end_reason


def _pattern_park(s):
    """Red around brown twice: a red tile between two brown ones serves both."""
    put(s, "0,2", "Spleen Mountain")  # brown
    put(s, "1,2", "Aorta Arcade")  # red, between the two browns
    put(s, "2,2", "Gastric Grill")  # brown
    put(s, "0,3", "Vein Drain Slide")  # red
    put(s, "2,3", "Blood Bank Bistro")  # red


def test_master_plan_counts_each_central_tile_once_and_shares_the_others():
    s = game(mode="advanced")
    _pattern_park(s)
    assert plan_patterns(s, "P1") == 2  # P1: red around brown
    put(s, "-1,2", "Hemoglobin Bar")  # a third red next to a brown: no extra pattern
    assert plan_patterns(s, "P1") == 2


def test_master_plan_scores_only_if_you_left_or_ruben_survived():
    s = game(mode="advanced")
    _pattern_park(s)
    s.plans = {"Ada": "P1", "Bea": "P1"}
    s.left = ["Ada"]
    del s.pos["Ada"]
    s.ruben_alive = False
    assert final_scores(s) == {"Ada": 4, "Bea": 0}
    s.ruben_alive = True
    assert final_scores(s) == {"Ada": 4, "Bea": 4}


def test_tie_goes_to_fewer_control_markers_in_the_park_then_more_tiles_in_hand():
    s = game(3)
    put(s, "5,5", "Plasma Plunge", marker="Ada")
    s.vp = {"Ada": 0, "Bea": 4, "Cy": 4}  # Ada's tile is worth 4 at the end
    give(s, "Bea", "Aorta Arcade")
    give(s, "Cy", "Spleen Mountain", "Oxygen Bar")
    scores = final_scores(s)
    assert scores == {"Ada": 4, "Bea": 4, "Cy": 4}
    assert winners(s, scores) == ["Cy"]
    give(s, "Bea", "Lung Lift-Off", "Gastric Grill")
    assert winners(s, scores) == ["Bea", "Cy"]


def test_final_result_lists_scores_and_winner():
    s = game()
    s.phase = "action"
    s.reshuffled = True
    s.vp["Bea"] = 7
    s.stack = s.stack[:1]
    s, ev = act(s, "Ada", "take")
    result = ENGINE.result(s)
    assert result.winners == ["Bea"] and result.scores["Bea"] == 7
    assert any("Final scores" in e.text for e in ev)


def test_exit_tile_is_worth_its_vp_when_placed():
    s = game()
    s.phase = "action"
    (exit_tile,) = give(s, "Ada", "Nostril Exit")
    s, _ = act(s, "Ada", f"place:{exit_tile}:1,0")
    assert s.vp["Ada"] == 1 and tid("Nostril Exit") == exit_tile


def test_every_controlled_tile_adds_its_points():
    s = game(3)
    put(s, "5,5", "Plasma Plunge", marker="Ada")
    alone = controlled_vp(s, "Ada")
    put(s, "-5,-5", "Aorta Arcade", marker="Ada")
    other = game(3)
    put(other, "-5,-5", "Aorta Arcade", marker="Ada")
    assert controlled_vp(s, "Ada") == alone + controlled_vp(other, "Ada")
    assert controlled_vp(other, "Ada") > 0


def test_the_board_shows_how_many_control_markers_each_player_has_in_the_park():
    s = game(3)
    put(s, "5,5", "Plasma Plunge", marker="Ada")
    view = ENGINE.view(s, None)
    assert [p.markers_in_park for p in view.players] == [1, 0, 0]


def test_a_master_plan_centre_with_one_ring_tile_too_few_is_no_pattern():
    s = game(mode="advanced")
    put(s, "0,2", "Spleen Mountain")  # brown
    put(s, "1,2", "Aorta Arcade")  # one red beside it; P1 needs two
    assert plan_patterns(s, "P1") == 0


def test_a_game_ended_by_the_second_heart_attack_is_saved_with_ruben_dead():
    s = game()
    s, _ = trigger(s, "heart_attack", nth=0)
    s, _ = act(s, "Ada", "acted", "noaction")
    s.phase = "move"
    s, _ = trigger(s, "heart_attack", nth=1)
    s, _ = act(s, "Bea", "acted")
    saved = ENGINE.load_state(s.model_dump_json())
    assert saved.model_dump() == s.model_dump() and saved.ruben_alive is False
