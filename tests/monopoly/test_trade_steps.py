"""Drafting a trade step by step: asking for money lowers what the proposer pays, Get Out of
Jail Free cards are offered or asked for and taken back with the same move, and declining or
cancelling is announced."""

from engines.monopoly.engine import ENGINE

from .helpers import act, new, own
from .test_trade import _draft


def test_asking_for_money_lowers_the_cash_the_proposer_pays():
    s = act(_draft(), "Ada", "tr:ask:10")  # the draft had Ada paying 11
    assert s.trade.cash == 1
    s = act(s, "Ada", "tr:ask:10")
    assert s.trade.cash == -9  # now Brook pays 9


def test_a_jail_card_is_offered_and_asked_for_and_each_taken_back_by_the_same_move():
    s = new(3)
    own(s, "Ada", 1)
    s.cards["Ada"], s.cards["Brook"] = ["s09"], ["c05"]
    s = act(s, "Ada", "trade:seat:2")
    s = act(s, "Ada", "tr:gcard:s09")
    s = act(s, "Ada", "tr:tcard:c05")
    assert (s.trade.give_cards, s.trade.take_cards) == (["s09"], ["c05"])
    s = act(s, "Ada", "tr:gcard:s09")
    s = act(s, "Ada", "tr:tcard:c05")
    assert (s.trade.give_cards, s.trade.take_cards) == ([], [])


def test_declining_a_trade_is_announced():
    s = act(_draft(), "Ada", "tr:propose")
    s, events = ENGINE.apply(s, "Brook", "tr:no")
    assert [e.text for e in events] == ["Brook declines Ada's trade."]


def test_dropping_a_draft_is_told_to_its_drafter_alone():
    s, events = ENGINE.apply(_draft(), "Ada", "tr:cancel")
    assert s.trade is None
    assert [(e.text, e.private_to) for e in events] == [("You drop your trade draft.", "Ada")]


def test_withdrawing_a_proposed_trade_is_announced():
    s, events = ENGINE.apply(act(_draft(), "Ada", "tr:propose"), "Ada", "tr:cancel")
    assert s.trade is None
    assert [(e.text, e.private_to) for e in events] == [("Ada cancels the trade.", None)]
