"""Debt and bankruptcy: a player who owes more than their cash is walked through raising it, may
declare bankruptcy only when they cannot pay, and goes bankrupt to a player or to the Bank."""

import pytest

from engines.core import IllegalAction
from engines.monopoly.engine import ENGINE

from .helpers import act, dice, ids, money_total, new, own


def _owes_rent(monkeypatch, n=3, cash=100, boxes=True):
    """Ada lands on Brook's Rick's Garage: 2000 rent with a box, 100 without."""
    s = new(n)
    own(s, "Brook", 37, 39)
    if boxes:
        s.level = {37: 5, 39: 5}
        s.bank_boxes = 10
    s.cash["Ada"] = cash
    s.pos["Ada"] = 36
    dice(monkeypatch, (1, 2))
    return act(s, "Ada", "roll")


def test_a_debtor_is_awaited_and_offered_only_ways_to_raise_money(monkeypatch):
    s = _owes_rent(monkeypatch, cash=20, boxes=False)
    own(s, "Ada", 1, 3)
    s.level = {1: 1, 3: 1}
    s.bank_stilts = 30
    assert ENGINE.to_act(s) == ["Ada"]
    assert ids(s, "Ada") >= {"sell:3", "trade:seat:2"}  # 3 was built last (board order)
    assert "roll" not in ids(s, "Ada") and "bankrupt" not in ids(s, "Ada")
    assert not any(a.startswith("build:") for a in ids(s, "Ada"))


def test_bankruptcy_is_refused_while_the_debtor_could_still_pay(monkeypatch):
    s = _owes_rent(monkeypatch, cash=10, boxes=False)
    own(s, "Ada", 24)  # mortgaging it would raise 120 of the 100 owed
    with pytest.raises(IllegalAction, match="only when you cannot pay"):
        act(s, "Ada", "bankrupt")


def test_the_debt_is_paid_as_soon_as_the_cash_suffices(monkeypatch):
    s = new()
    own(s, "Brook", 39)
    own(s, "Ada", 5, 15)
    s.cash["Ada"] = 10
    s.pos["Ada"] = 36
    dice(monkeypatch, (1, 2))
    s = act(s, "Ada", "roll")
    assert s.debts and s.debts[0].amount == 50
    s = act(s, "Ada", "mortgage:5")
    assert s.debts == [] and s.cash["Ada"] == 60 and s.cash["Brook"] == 1550
    assert s.current == "Brook"


def test_bankruptcy_to_a_player_hands_over_cash_property_and_cards(monkeypatch):
    s = _owes_rent(monkeypatch, cash=100)
    own(s, "Ada", 12)
    s.mortgaged = [12]
    s.cards["Ada"] = ["c05"]
    s.decks["cable"].remove("c05")
    total = money_total(s)
    s = act(s, "Ada", "bankrupt")
    assert "Ada" in s.bankrupt and s.cash["Ada"] == 0
    assert s.cash["Brook"] == 1600 and s.owner[12] == "Brook" and s.cards["Brook"] == ["c05"]
    # the mortgaged property makes Brook lift it or pay the 10% fee at once
    assert ENGINE.to_act(s) == ["Brook"] and "keep:12" in ids(s, "Brook")
    assert money_total(s) == total


def test_bankruptcy_sells_buildings_to_the_bank_first(monkeypatch):
    s = _owes_rent(monkeypatch, cash=0)
    own(s, "Ada", 1, 3)
    s.level = {**s.level, 1: 1, 3: 1}
    s.mortgaged = [1, 3]  # crafted: nothing left to raise beyond the stilts
    s.bank_stilts = 30
    s = act(s, "Ada", "sell:3")
    s = act(s, "Ada", "sell:1")
    s = act(s, "Ada", "bankrupt")
    assert s.cash["Brook"] == 1550 and s.bank_stilts == 32


def test_bankruptcy_to_the_bank_auctions_property_unmortgaged_and_returns_cards(monkeypatch):
    s = new(3)
    own(s, "Ada", 1, 3)
    s.mortgaged = [1]
    s.cards["Ada"] = ["s09"]
    s.decks["schwifty"].remove("s09")
    s.cash["Ada"] = 0
    s.pos["Ada"] = 1
    dice(monkeypatch, (1, 2))  # 1 -> 4 Parasites, 200 to the Bank
    s = act(s, "Ada", "roll")
    s = act(s, "Ada", "mortgage:3")
    s = act(s, "Ada", "bankrupt")
    assert "Ada" in s.bankrupt and s.decks["schwifty"][-1] == "s09"
    assert s.auction is not None and s.auction.space == 1 and s.auction_queue == [3]
    assert s.mortgaged == [] and 1 not in s.owner
    assert s.auction.bidders == ["Brook", "Cy"]
    s = act(s, "Brook", "bid:10")
    s = act(s, "Cy", "pass")
    assert s.owner[1] == "Brook" and s.auction.space == 3


def test_classic_game_ends_when_one_player_is_left(monkeypatch):
    s = _owes_rent(monkeypatch, n=2, cash=0)
    s = act(s, "Ada", "bankrupt")
    r = ENGINE.result(s)
    assert r is not None and r.winners == ["Brook"] and ENGINE.to_act(s) == []


def test_a_player_who_concedes_goes_bankrupt_to_the_bank():
    s = new(3)
    own(s, "Brook", 39)
    s, _ = ENGINE.remove_player(s, "Brook")
    assert "Brook" in s.bankrupt and s.auction is not None and s.auction.space == 39
    assert s.bank_received == 1500 and ENGINE.result(s) is None


def test_removing_the_current_player_passes_the_turn():
    s = new(3)
    s, _ = ENGINE.remove_player(s, "Ada")
    assert s.current == "Brook" and ENGINE.to_act(s) == ["Brook"]


def test_pay_each_player_card_debts_are_settled_one_creditor_at_a_time(monkeypatch):
    from engines.monopoly.data import CARDS

    s = new(3)
    s.cash["Ada"] = 60
    s.decks["schwifty"].remove("s15")
    s.decks["schwifty"].insert(0, "s15")
    s.pos["Ada"] = 4
    dice(monkeypatch, (1, 2))
    s = act(s, "Ada", "roll")
    assert CARDS["s15"].effect.kind == "pay_each"
    assert s.cash["Brook"] == 1550 and s.debts[0].creditor == "Cy"
    s = act(s, "Ada", "bankrupt")
    assert "Ada" in s.bankrupt and s.cash["Cy"] == 1510


def test_bankruptcy_returns_every_stilt_and_box_to_the_bank():
    s = new(3)
    own(s, "Ada", 37, 39, 1, 3)
    s.level = {37: 5, 39: 5, 1: 2, 3: 3}
    s.bank_boxes, s.bank_stilts = 10, 27
    s, _ = ENGINE.remove_player(s, "Ada")
    assert s.level == {} and s.bank_boxes == 12 and s.bank_stilts == 32
