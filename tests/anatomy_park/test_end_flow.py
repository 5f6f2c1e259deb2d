"""How the turn cycle ends a game: everyone out of the park (Ruben survives unless his heart
has already failed once), his last two rounds over (he dies), and the final scores announced
last, naming every winner; a finished game saves and loads like any other."""

from engines.anatomy_park.engine import ENGINE
from engines.anatomy_park.flow import finalize
from tests.anatomy_park.helpers import act, game, give, put, trigger


def _last_one_leaves(s):
    put(s, "1,0", "Nostril Exit")
    s.pos = {"Ada": "1,0"}
    s.left.append("Bea")
    s.phase = "action"
    return act(s, "Ada", "leave")


def _ended_by_ruben():
    s = game()
    s, _ = trigger(s, "heart_attack")
    s, _ = act(s, "Ada", "acted", "noaction")  # the drawer's own turn does not count
    for player in ["Bea", "Ada", "Bea", "Ada"]:
        s, _ = act(s, player, "nomove", "noaction")
    return s


def test_everyone_leaving_before_any_heart_attack_lets_ruben_survive():
    s, events = _last_one_leaves(game())
    assert s.over and s.end_reason == "everyone has left the park" and s.ruben_alive
    assert ENGINE.ending(s) == "Ruben survives"
    assert [e.kind for e in events][-2:] == ["end", "end"]


def test_everyone_leaving_after_the_first_heart_attack_does_not_save_ruben():
    s = game()
    s.final_turns = {"Ada": 2, "Bea": 2}  # Ruben's heart has failed once
    s, _ = _last_one_leaves(s)
    assert s.over and s.end_reason == "everyone has left the park" and not s.ruben_alive
    assert ENGINE.ending(s) == "heart attack: Ruben dies"


def test_ruben_dies_when_his_last_two_rounds_are_over():
    s = _ended_by_ruben()
    assert s.over and not s.ruben_alive
    assert s.end_reason == "Ruben's last two rounds are over and he dies"


def test_a_finished_game_saves_and_loads():
    for s in (_last_one_leaves(game())[0], _ended_by_ruben()):
        again = ENGINE.load_state(s.model_dump_json())
        assert again == s and again.over and again.tasks == []


def test_the_final_scores_are_announced_last_naming_every_winner():
    s = game(3)
    s.vp = {"Ada": 0, "Bea": 4, "Cy": 4}
    give(s, "Bea", "Lung Lift-Off", "Gastric Grill")
    give(s, "Cy", "Spleen Mountain", "Oxygen Bar")
    s.over = True
    events = []
    finalize(s, events)
    assert s.winners == ["Bea", "Cy"]
    assert events[-1].kind == "end"
    assert events[-1].text == "Final scores: Bea 4, Cy 4, Ada 0. Winner: Bea, Cy."
