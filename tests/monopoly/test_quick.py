"""The quick game: 3 free title deeds each, and the first bankruptcy ends the game with the
richest player winning by the rulebook's count, made once the receiver of mortgaged property has
paid its 10% fee."""

import pytest

from engines.core import IllegalAction
from engines.monopoly.engine import ENGINE
from engines.monopoly.property import worth
from engines.monopoly.state import Debt

from .helpers import NAMES, act, dice, ids, new, own


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


# -- the fee on mortgaged property received at the end ----------------------------------------
# "If you owe another player, give that player all of your mortgaged property and your "Get Out
# of Jail Free" cards. The player must pay 10% on each mortgaged property, even if they do not
# intend to redeem it yet."


def _bankrupt_to_brook(brook_cash=1500, brooks=(39,)):
    """Ada (cash 0, Ghost Train and Morty's Bedroom mortgaged) cannot pay Brook 500: Brook
    receives them (fees 10 and 18). Brook owns Rick's Garage, Cy Birdperson Planet, Planet
    Squanch and Harry Herpson High School (Cy 2160 in all; Brook 2175 before the fees)."""
    s = new(3, mode="quick")
    s.owner = {}
    own(s, "Ada", 5, 37)
    own(s, "Brook", *brooks)
    own(s, "Cy", 31, 32, 1)
    s.mortgaged = [5, 37]
    s.cash["Ada"], s.cash["Brook"] = 0, brook_cash
    s.debts = [Debt(debtor="Ada", creditor="Brook", amount=500, reason="rent on Rick's Garage")]
    return act(s, "Ada", "bankrupt")


def test_the_receiver_pays_the_fee_on_each_mortgaged_property_before_the_count():
    s = _bankrupt_to_brook()
    assert ENGINE.result(s) is None and ENGINE.to_act(s) == ["Brook"]
    s = act(s, "Brook", "keep:5")
    s = act(s, "Brook", "keep:37")
    r = ENGINE.result(s)
    assert s.cash["Brook"] == 1500 - 10 - 18
    # Brook 1472 + 400 + 100 + 175 = 2147 < Cy 2160: counted without the fees, Brook had won
    assert (r.scores["Brook"], r.scores["Cy"]) == (2147, 2160) and r.winners == ["Cy"]


def test_lifting_a_received_mortgage_at_the_end_counts_the_same_as_keeping_it():
    s = _bankrupt_to_brook()
    s = act(s, "Brook", "lift:5")  # 110, and Ghost Train counts at its full 200
    s = act(s, "Brook", "keep:37")
    assert ENGINE.result(s).scores["Brook"] == 2147


def test_while_the_fee_waits_nobody_else_moves_and_the_receiver_only_settles():
    s = _bankrupt_to_brook()
    assert ENGINE.legal_actions(s, "Cy") == []
    with pytest.raises(IllegalAction, match="only Brook's 10% fee on mortgaged property"):
        act(s, "Cy", "trade:seat:2")
    moves = ids(s, "Brook")
    assert {"keep:5", "lift:5", "lift:37", "mortgage:39"} <= moves
    assert not any(m.startswith(("build:", "trade:", "roll")) for m in moves)
    assert ENGINE.view(s, None).pending.endswith("Then the quick game's count.")


def test_a_receiver_who_cannot_raise_the_fee_is_bankrupt_too_and_not_counted():
    """ "If you still do not have enough money, you are BANKRUPT and your game is over!" """
    s = _bankrupt_to_brook(brook_cash=0, brooks=())  # nothing to sell or mortgage
    s = act(s, "Brook", "keep:5")
    assert ENGINE.result(s) is None and ids(s, "Brook") == {"bankrupt"}
    s = act(s, "Brook", "bankrupt")
    r = ENGINE.result(s)
    assert r.winners == ["Cy"] and r.scores["Brook"] == 0
