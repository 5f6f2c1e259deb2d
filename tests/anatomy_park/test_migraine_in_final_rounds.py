"""A Migraine during Ruben's two final rounds.

Rulebook, "End of the Game": "when any player takes a "Heart Attack" card for the first time,
Ruben has 2 rounds left to live. The count starts from the turn of the next player, not the
player who took the card, so each player will have 2 full turns."
An extra turn can only come while Ruben lives: once the two rounds are over, the game ends.
"""

from engines.anatomy_park.engine import ENGINE
from tests.anatomy_park.helpers import act, game, trigger


def _final_rounds_until(turns: list[str]):
    """Ada draws the first Heart Attack; then the listed final turns are played plainly."""
    s = game()
    s, _ = trigger(s, "heart_attack")
    s, _ = act(s, "Ada", "acted", "noaction")  # the drawer's own turn does not count
    for player in turns:
        s, _ = act(s, player, "nomove", "noaction")
    return s


def test_a_migraine_on_the_very_last_turn_gives_no_extra_turn_and_the_game_ends():
    """'Ruben has 2 rounds left to live': after the last turn of the last round, nobody goes again."""
    s = _final_rounds_until(["Bea", "Ada", "Bea"])
    assert s.current == "Ada" and s.final_turns == {"Ada": 1, "Bea": 0}
    s, _ = trigger(s, "migraine")
    s, events = act(s, "Ada", "acted", "noaction")
    assert s.over and not s.on_extra_turn and not s.ruben_alive
    assert s.end_reason == "Ruben's last two rounds are over and he dies"
    assert ENGINE.result(s) is not None and ENGINE.to_act(s) == []
    assert "Ada's extra turn never comes: Ruben's time is up." in [e.text for e in events]


def test_a_migraine_before_the_last_turn_still_gives_its_extra_turn():
    """The rounds are not over yet: Ada goes again, then Bea plays her last final turn."""
    s = _final_rounds_until(["Bea"])
    s, _ = trigger(s, "migraine")
    s, _ = act(s, "Ada", "acted", "noaction")
    assert s.current == "Ada" and s.on_extra_turn and not s.over
    s, _ = act(s, "Ada", "nomove", "noaction")
    assert s.current == "Bea" and s.final_turns == {"Ada": 1, "Bea": 1}
