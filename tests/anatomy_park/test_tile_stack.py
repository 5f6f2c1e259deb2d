"""The tile stack: running out with nothing to reshuffle, and what a player is told they took."""

from tests.anatomy_park.helpers import act, game, give, tid


def test_the_stack_running_out_with_an_empty_discard_pile_ends_the_game_and_ruben_survives():
    s = game()
    s.phase = "action"
    s.discard, s.stack = [], s.stack[:2]
    s, _ = act(s, "Ada", "take")
    assert s.over and s.ruben_alive is True
    assert s.end_reason == "the tile stack ran out a second time; Ruben survives"


def test_the_tiles_taken_are_named_to_the_taker_alone():
    s = game()
    s.phase = "action"
    give(s, "Ada")
    s.stack += [tid("Spleen Mountain"), tid("Aorta Arcade")]
    s, ev = act(s, "Ada", "take")
    told = [e for e in ev if e.text.startswith("You take")]
    assert [(e.text, e.private_to) for e in told] == [
        ("You take Aorta Arcade, Spleen Mountain.", "Ada")
    ]
