"""Trades: built step by step (partner, items, cash), proposed, then accepted or declined by the
partner; unimproved property, cash and Get Out of Jail Free cards only."""

import pytest

from engines.core import IllegalAction
from engines.monopoly.engine import ENGINE

from .helpers import act, ids, money_total, new, own


def _draft(s=None):
    s = s or new(3)
    own(s, "Ada", 1)
    own(s, "Brook", 3)
    s = act(s, "Ada", "trade:seat:2")
    s = act(s, "Ada", "tr:give:1")
    s = act(s, "Ada", "tr:take:3")
    s = act(s, "Ada", "tr:pay:10")
    return act(s, "Ada", "tr:pay:1")


def test_a_trade_is_built_step_by_step():
    s = _draft()
    t = s.trade
    assert t.give == [1] and t.take == [3] and t.cash == 11 and not t.proposed
    s = act(s, "Ada", "tr:give:1")
    assert s.trade.give == []


def test_a_proposed_trade_awaits_the_partners_answer():
    s = act(_draft(), "Ada", "tr:propose")
    assert ENGINE.to_act(s) == ["Brook"] and ids(s, "Brook") >= {"tr:yes", "tr:no"}
    assert "roll" not in ids(s, "Ada")


def test_an_accepted_trade_swaps_the_items():
    s = act(_draft(), "Ada", "tr:propose")
    total = money_total(s)
    s = act(s, "Brook", "tr:yes")
    assert s.owner[1] == "Brook" and s.owner[3] == "Ada"
    assert s.cash["Ada"] == 1489 and s.cash["Brook"] == 1511 and money_total(s) == total
    assert s.trade is None and ENGINE.to_act(s) == ["Ada"]


def test_a_declined_trade_changes_nothing():
    s = act(_draft(), "Ada", "tr:propose")
    s = act(s, "Brook", "tr:no")
    assert s.owner[1] == "Ada" and s.owner[3] == "Brook" and s.trade is None
    assert s.cash["Ada"] == 1500


def test_property_with_buildings_on_its_group_cannot_be_traded():
    s = new()
    own(s, "Ada", 37, 39)
    s.level = {37: 1}
    s = act(s, "Ada", "trade:seat:2")
    assert "tr:give:39" not in ids(s, "Ada")
    with pytest.raises(IllegalAction):
        act(s, "Ada", "tr:give:39")


def test_a_trade_must_move_a_property_or_card():
    s = act(new(), "Ada", "trade:seat:2")
    s = act(s, "Ada", "tr:pay:100")
    assert "tr:propose" not in ids(s, "Ada")


def test_a_get_out_of_jail_free_card_can_be_sold():
    s = new()
    s.cards["Ada"] = ["c05"]
    s.decks["cable"].remove("c05")
    s = act(s, "Brook", "trade:seat:1")
    s = act(s, "Brook", "tr:tcard:c05")
    s = act(s, "Brook", "tr:pay:10")
    s = act(s, "Brook", "tr:propose")
    s = act(s, "Ada", "tr:yes")
    assert s.cards == {"Brook": ["c05"]} and s.cash["Ada"] == 1510


def test_a_trade_may_be_made_out_of_turn():
    s = new(3)
    own(s, "Brook", 5)
    own(s, "Cy", 15)
    s = act(s, "Cy", "trade:seat:2")
    s = act(s, "Cy", "tr:take:5")
    s = act(s, "Cy", "tr:give:15")
    s = act(s, "Cy", "tr:propose")
    s = act(s, "Brook", "tr:yes")
    assert s.owner[5] == "Cy" and s.owner[15] == "Brook" and s.current == "Ada"


def test_cash_asked_cannot_exceed_what_the_partner_has():
    s = new()
    own(s, "Ada", 1)
    s.cash["Brook"] = 5
    s = act(s, "Ada", "trade:seat:2")
    assert "tr:ask:1" in ids(s, "Ada") and "tr:ask:10" not in ids(s, "Ada")


def test_a_trade_that_became_impossible_falls_through():
    s = act(_draft(), "Ada", "tr:propose")
    s.cash["Ada"] = 5
    s = act(s, "Brook", "tr:yes")
    assert s.owner[1] == "Ada" and s.trade is None


def test_an_unproposed_draft_lapses_with_the_turn(monkeypatch):
    from .helpers import dice

    s = _draft()
    dice(monkeypatch, (1, 3))
    s = act(s, "Ada", "roll")
    assert s.current == "Brook" and s.trade is None


def test_a_second_trade_waits_for_the_first():
    s = act(new(3), "Ada", "trade:seat:2")
    with pytest.raises(IllegalAction, match="Another player is drafting a trade"):
        act(s, "Cy", "trade:seat:1")
