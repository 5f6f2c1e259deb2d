"""Turn hand-overs that end or repeat a turn: the last character in the park after the
reshuffle sends the stack to the discard pile and ends the game (Ruben survives); a Migraine's
extra turn is played and the game saves and loads in the middle of it."""

from engines.anatomy_park.engine import ENGINE
from tests.anatomy_park.helpers import act, game, trigger


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
