"""The quick game: 3 free title deeds each, and the first bankruptcy ends the game with the
richest player winning by the rulebook's count."""

from engines.monopoly.engine import ENGINE
from engines.monopoly.property import worth

from .helpers import NAMES, act, dice, new, own


def test_quick_setup_deals_three_free_title_deeds_to_each_player():
    for n in range(2, 7):
        s = ENGINE.setup(NAMES[:n], seed=n, options={"mode": "quick"})
        for p in s.players:
            assert sum(o == p for o in s.owner.values()) == 3
            assert s.cash[p] == 1500
        assert s.bank_received == 0


def test_classic_setup_starts_with_no_deeds_and_1500_each():
    s = ENGINE.setup(NAMES[:4], seed=1)
    assert s.owner == {} and set(s.cash.values()) == {1500}


def test_quick_worth_counts_cash_property_half_for_mortgaged_and_buildings():
    s = new(mode="quick")
    s.owner = {}
    own(s, "Ada", 37, 39, 5)
    s.mortgaged = [5]
    s.level = {37: 4, 39: 3}  # a box (3 stilts + box) and 3 stilts in the quick game
    assert worth(s, "Ada") == 1500 + 350 + 400 + 100 + 4 * 200 + 3 * 200


def test_quick_game_ends_at_the_first_bankruptcy_and_the_richest_wins(monkeypatch):
    s = new(3, mode="quick")
    s.owner = {}
    own(s, "Brook", 39)
    own(s, "Cy", 1, 3)
    s.cash["Ada"] = 0
    s.pos["Ada"] = 36
    dice(monkeypatch, (1, 2))
    s = act(s, "Ada", "roll")
    s = act(s, "Ada", "bankrupt")
    r = ENGINE.result(s)
    assert r is not None and "Ada" not in r.winners
    # Brook 1500 + 400, Cy 1500 + 120
    assert r.winners == ["Brook"] and r.scores["Brook"] == 1900 and r.scores["Cy"] == 1620
    assert ENGINE.to_act(s) == []


def test_a_player_leaving_a_quick_game_ends_it():
    s = ENGINE.setup(NAMES[:3], seed=5, options={"mode": "quick"})
    s, _ = ENGINE.remove_player(s, "Cy")
    r = ENGINE.result(s)
    assert r is not None and "Cy" not in r.winners and ENGINE.to_act(s) == []
