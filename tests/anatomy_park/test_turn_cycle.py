"""Turn hand-overs: the last character in the park after the reshuffle ends the game (Ruben
survives); a Migraine's extra turn; the end-of-turn hand limit, however far over it a hand is;
start-of-turn discards; the turn count; a game saves and loads in the middle of any of them."""

from engines.anatomy_park.engine import ENGINE
from engines.anatomy_park.flow import advance, begin_turn
from tests.anatomy_park.helpers import act, disease, game, give, trigger


def test_the_last_character_in_the_park_after_the_reshuffle_ends_the_game():
    s = game()
    s.reshuffled = True
    s.left.append("Bea")
    del s.pos["Bea"]
    s, events = act(s, "Ada", "nomove", "noaction")
    texts = [e.text for e in events]
    assert "Ada is the only one left in the park: the stack goes to the discard pile." in texts
    assert s.end_reason == "the tile stack ran out a second time; Ruben survives"
    assert s.over and s.ruben_alive and ENGINE.to_act(s) == []


def test_a_game_on_a_migraine_extra_turn_saves_and_loads():
    s = game()
    s, _ = trigger(s, "migraine")
    s, _ = act(s, "Ada", "acted", "noaction")
    assert s.current == "Ada" and s.on_extra_turn and s.extra_turn is False
    again = ENGINE.load_state(s.model_dump_json())
    assert again == s
    again, _ = act(again, "Ada", "nomove", "noaction")
    assert again.current == "Bea" and not again.on_extra_turn


def _seven_tiles_at_the_end_of_mortys_turn():
    s = game(chars=["Morty", "Rick"])
    s.phase = "action"
    give(s, "Ada", "Aorta Arcade", "Spleen Mountain", "Oxygen Bar", "Gastric Grill")
    s, _ = act(s, "Ada", "take")  # Morty takes 3: 7 tiles
    return s


def test_a_hand_two_over_the_limit_is_discarded_down_to_the_limit():
    s = _seven_tiles_at_the_end_of_mortys_turn()
    assert s.tasks[0].data["count"] == 2 and s.current == "Ada"
    s, _ = act(s, "Ada", f"discard:{s.hands['Ada'][0]}")
    assert s.current == "Ada" and len(s.hands["Ada"]) == 6
    s, _ = act(s, "Ada", f"discard:{s.hands['Ada'][0]}")
    assert s.current == "Bea" and len(s.hands["Ada"]) == 5


def test_a_game_waiting_on_a_hand_limit_discard_saves_and_loads():
    s = _seven_tiles_at_the_end_of_mortys_turn()
    again = ENGINE.load_state(s.model_dump_json())
    assert again == s and again.tasks_limit_done is True


def test_annie_with_two_diseases_on_her_tile_discards_one_tile():
    s = game(chars=["Annie", "Rick"])
    disease(s, "hep_a", "0,0")
    disease(s, "gonorrhea", "0,0")
    s.tasks = []
    begin_turn(s, "Ada", [])
    advance(s, [])
    assert s.tasks[0].kind == "discard" and s.tasks[0].data["count"] == 1


def test_the_summary_counts_the_turns_played():
    s = ENGINE.setup(["Ada", "Bea"], seed=1, options={"mode": "basic"})
    assert ENGINE.summary(s).startswith("Turn 1 - ")
    s, _ = act(s, s.current, "nomove", "noaction")
    assert ENGINE.summary(s).startswith("Turn 2 - ")
