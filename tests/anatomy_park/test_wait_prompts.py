"""The public sentence for what the game waits on names who must choose and what: a task at
the head of the queue (Xenon Bloom's step, a control marker to move) or the current phase."""

from engines.anatomy_park.engine import ENGINE
from tests.anatomy_park.helpers import act, card, game, give, put


def test_xenon_bloom_s_step_is_announced_as_hers_to_take():
    s = game(chars=["Dr. Xenon Bloom", "Rick"])
    put(s, "-1,0", "Lymph Lift")
    s.phase = "action"
    (liver,) = give(s, "Ada", "Haunted Liver")  # draws a body reaction after Xenon's step
    s.reactions.append(card("burp"))
    s, _ = act(s, "Ada", f"place:{liver}:1,0")
    assert s.tasks[0].kind == "xenon"
    assert ENGINE.view(s, "Bea").prompt == "Ada may step 1 space (Xenon Bloom)"


def test_choosing_which_control_marker_to_move_is_announced():
    s = game()
    put(s, "0,-1", "Artery Express", marker="Ada")
    put(s, "-1,0", "Plasma Plunge", marker="Ada")
    s.markers_left["Ada"] = 0
    s.phase = "action"
    (pirates,) = give(s, "Ada", "Pirates of the Pancreas")  # needs a marker: Ada has none left
    s, _ = act(s, "Ada", f"place:{pirates}:1,0")
    assert [t.kind for t in s.tasks] == ["marker_from"]
    assert ENGINE.view(s, None).prompt == "Ada chooses a control marker to move"


def test_without_a_task_the_prompt_names_the_current_player_and_phase():
    s = game()
    assert ENGINE.view(s, None).prompt == "Ada: movement phase"
    s, _ = act(s, "Ada", "nomove")
    assert ENGINE.view(s, None).prompt == "Ada: action phase"
