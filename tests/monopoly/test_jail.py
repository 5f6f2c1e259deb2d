"""Jail and its three ways out (pay, card, doubles), the third failed roll, the quick-game rule."""

from engines.monopoly.engine import ENGINE

from .helpers import act, dice, ids, new


def _jailed(mode="classic"):
    s = new(mode=mode)
    s.pos["Ada"] = 10
    s.jail["Ada"] = 0
    return s


def test_a_jailed_player_chooses_before_rolling():
    s = _jailed()
    assert ids(s, "Ada") >= {"roll", "pay"}


def test_jail_exit_by_paying_the_fine_then_rolling(monkeypatch):
    s = act(_jailed(), "Ada", "pay")
    assert "Ada" not in s.jail and s.cash["Ada"] == 1450 and ENGINE.to_act(s) == ["Ada"]
    dice(monkeypatch, (2, 3))
    s = act(s, "Ada", "roll")
    assert s.pos["Ada"] == 15


def test_paying_the_fine_tells_the_table_why_and_that_the_player_now_rolls():
    s, events = ENGINE.apply(_jailed(), "Ada", "pay")
    assert [e.text for e in events] == [
        "Ada pays 50 to the Bank (jail fine).",
        "Ada leaves jail; now roll.",
    ]
    assert s.current == "Ada" and s.stage == "roll"


def test_using_a_card_tells_the_table_the_player_leaves_jail_and_now_rolls():
    s = _jailed()
    s.decks["schwifty"].remove("s09")
    s.cards["Ada"] = ["s09"]
    s, events = ENGINE.apply(s, "Ada", "usecard:s09")
    assert [e.text for e in events] == [
        "Ada uses a Get Out of Jail Free card and leaves jail; now roll."
    ]
    assert s.current == "Ada" and s.stage == "roll"


def test_jail_exit_by_card_puts_the_card_under_its_deck(monkeypatch):
    s = _jailed()
    s.decks["schwifty"].remove("s09")
    s.cards["Ada"] = ["s09"]
    s = act(s, "Ada", "usecard:s09")
    assert "Ada" not in s.jail and s.decks["schwifty"][-1] == "s09" and "Ada" not in s.cards
    assert s.cash["Ada"] == 1500


def test_jail_exit_by_doubles_moves_without_another_roll(monkeypatch):
    s = _jailed()
    s.owner[16] = "Ada"
    dice(monkeypatch, (3, 3))
    s = act(s, "Ada", "roll")
    assert "Ada" not in s.jail and s.pos["Ada"] == 16 and s.current == "Brook"


def test_a_missed_roll_stays_in_jail_and_ends_the_turn(monkeypatch):
    s = _jailed()
    dice(monkeypatch, (1, 2))
    s = act(s, "Ada", "roll")
    assert s.jail["Ada"] == 1 and s.pos["Ada"] == 10 and s.current == "Brook"


def test_the_third_missed_roll_pays_the_fine_and_moves(monkeypatch):
    s = _jailed()
    s.jail["Ada"] = 2
    dice(monkeypatch, (1, 2))
    s = act(s, "Ada", "roll")
    assert "Ada" not in s.jail and s.pos["Ada"] == 13 and s.cash["Ada"] == 1450


def test_quick_game_jail_must_be_left_on_the_next_turn(monkeypatch):
    s = _jailed("quick")
    for i in list(s.owner):
        del s.owner[i]
    dice(monkeypatch, (1, 2))
    s = act(s, "Ada", "roll")
    assert "Ada" not in s.jail and s.pos["Ada"] == 13 and s.cash["Ada"] == 1450


def test_a_jailed_player_still_collects_rent(monkeypatch):
    s = _jailed()
    s.owner[3] = "Ada"
    s.turn = 1
    dice(monkeypatch, (1, 2))
    s = act(s, "Brook", "roll")
    assert s.cash["Ada"] == 1504
