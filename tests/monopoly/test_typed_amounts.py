"""Amounts people type (an auction bid, a trade's cash) instead of clicking +1/+10 steps: one
move with a range, made as ``<id>:<n>``; a number out of range is refused with the range."""

import pytest

from engines.core import IllegalAction
from engines.monopoly.engine import ENGINE

from .helpers import act, dice, new, own


def _auction(monkeypatch):
    """An open auction (one saved before auctions asked for limits), Ada to bid."""
    s = new(3)
    dice(monkeypatch, (1, 2))
    s = act(act(s, "Ada", "roll"), "Ada", "auction")
    s.auction.open = True
    return s


def _typed(s, player):
    return {a.id: a for a in ENGINE.amount_moves(s, player)}


def test_the_bidder_may_type_any_bid_above_the_highest_up_to_their_cash(monkeypatch):
    s = act(_auction(monkeypatch), "Ada", "bid:10")
    bid = _typed(s, "Brook")["bid:to"]
    assert (bid.amount.low, bid.amount.high) == (11, s.cash["Brook"])
    s = act(s, "Brook", "bid:to:137")
    assert s.auction.high == 137 and s.auction.high_bidder == "Brook"


def test_only_the_awaited_bidder_may_type_a_bid(monkeypatch):
    s = _auction(monkeypatch)
    assert "bid:to" in _typed(s, "Ada") and "bid:to" not in _typed(s, "Brook")
    with pytest.raises(IllegalAction):
        act(s, "Brook", "bid:to:50")


@pytest.mark.parametrize("typed", ["0", "1501", "abc", "-5", "12.5", "١٢"])
def test_a_typed_bid_out_of_range_or_not_a_whole_number_is_refused_with_the_range(
    monkeypatch, typed
):
    s = _auction(monkeypatch)
    with pytest.raises(IllegalAction, match=r"whole number from 1 to 1,500"):
        act(s, "Ada", f"bid:to:{typed}")


def test_the_fixed_bid_steps_stay_for_bots_and_say_which_typed_move_they_stand_for(monkeypatch):
    steps = [a for a in ENGINE.legal_actions(_auction(monkeypatch), "Ada") if a.step_of]
    assert {a.id: a.step_of for a in steps} == {
        "bid:1": "bid:to:1",
        "bid:10": "bid:to:10",
        "bid:50": "bid:to:50",
        "bid:100": "bid:to:100",
    }


def test_the_fixed_limits_stay_for_bots_and_say_which_typed_limit_they_stand_for(monkeypatch):
    s = _auction(monkeypatch)
    s.auction.open = False
    steps = {a.id: a.step_of for a in ENGINE.legal_actions(s, "Ada") if a.step_of}
    assert steps == {f"limit:{n}": f"limit:to:{n}" for n in (30, 45, 60, 75, 90, 1500)}
    assert act(s, "Ada", "limit:45") == act(s, "Ada", "limit:to:45")


def test_a_fixed_step_and_the_typed_amount_it_names_are_the_same_move(monkeypatch):
    s = act(_auction(monkeypatch), "Ada", "bid:10")
    [step] = [a for a in ENGINE.legal_actions(s, "Brook") if a.id == "bid:50"]
    assert act(s, "Brook", "bid:50") == act(s, "Brook", step.step_of)
    t = act(act(_draft(), "Ada", "tr:want:30"), "Ada", "tr:pay:10")
    [pay] = [a for a in ENGINE.legal_actions(t, "Ada") if a.id == "tr:pay:100"]
    assert pay.step_of == "tr:offer:80" and act(t, "Ada", pay.step_of).trade.cash == 80


def test_typed_moves_are_not_legal_actions_so_every_legal_action_applies_as_it_is(monkeypatch):
    s = _auction(monkeypatch)
    assert not any(a.amount for a in ENGINE.legal_actions(s, "Ada"))


def _draft():
    s = new(2)
    return act(s, "Ada", "trade:seat:2")


def test_the_trade_drafter_types_the_cash_they_offer():
    s = act(_draft(), "Ada", "tr:offer:120")
    assert s.trade.cash == 120


def test_the_trade_drafter_types_the_cash_they_ask_for():
    s = act(_draft(), "Ada", "tr:want:80")
    assert s.trade.cash == -80


def test_trade_cash_is_bounded_by_what_each_side_can_raise():
    s = _draft()
    moves = _typed(s, "Ada")
    assert moves["tr:offer"].amount.high == s.cash["Ada"]
    assert moves["tr:want"].amount.high == s.cash["Brook"]
    assert moves["tr:offer"].private and moves["tr:want"].private
    with pytest.raises(IllegalAction, match="whole number"):
        act(s, "Ada", f"tr:offer:{s.cash['Ada'] + 1}")


def test_only_the_drafter_of_an_unproposed_trade_types_its_cash():
    s = new(2)
    own(s, "Brook", 3)
    s = act(act(s, "Ada", "trade:seat:2"), "Ada", "tr:take:3")
    assert _typed(s, "Brook") == {}
    s = act(act(s, "Ada", "tr:offer:10"), "Ada", "tr:propose")
    assert _typed(s, "Ada") == {}
