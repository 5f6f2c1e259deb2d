"""Auctions of limits: every bidder is asked once, at the same time, for the most they will
pay, and the bot bids for them in table order, one shmeckle at a time, never above their
limit. Rulebook: "Any player may open the bidding at 1 shmeckle. If no one bids higher, the
player whose bid was last must buy the property." (the reading: docs/rulings/monopoly.md)."""

import pytest

from engines.core import IllegalAction
from engines.monopoly.auction import outcome
from engines.monopoly.engine import ENGINE
from engines.monopoly.state import Auction

from .helpers import act, act_ev, dice, money_total, new

RULE = "Any player may open the bidding at 1 shmeckle. If no one bids higher, the player whose bid was last must buy the property."


def _auction(monkeypatch, n=3):
    """Ada lands on Needful Things (price 60) and auctions it."""
    s = new(n)
    dice(monkeypatch, (1, 2))
    return act(act(s, "Ada", "roll"), "Ada", "auction")


def _open_bidding(limits: dict[str, int], order: list[str], high=0, holder=None, turn=0):
    """The open auction played by people who bid up to their limit: in table order from
    ``turn``, whoever does not hold the highest bid bids one more while it is within their
    limit, else passes for good; it ends when only the holder is left."""
    left = list(order)
    t = turn
    while left and not (len(left) == 1 and holder == left[0]):
        p = left[t % len(left)]
        own = max(limits.get(p, 0), high) if p == holder else limits.get(p, 0)
        if p != holder and high + 1 <= own:
            high, holder = high + 1, p
            t = left.index(p) + 1
        elif p != holder:
            i = left.index(p)
            left.pop(i)
            t = i
        else:
            t = left.index(p) + 1
    return holder, high


def test_every_bidder_is_asked_for_a_limit_at_the_same_time(monkeypatch):
    """ "Any player may open the bidding at 1 shmeckle." """
    s = _auction(monkeypatch)
    assert ENGINE.to_act(s) == ["Ada", "Brook", "Cy"]
    for p in ("Ada", "Brook", "Cy"):
        [typed] = [a for a in ENGINE.amount_moves(s, p) if a.id == "limit:to"]
        assert (typed.amount.low, typed.amount.high) == (1, s.cash[p])


def test_the_highest_limit_wins_at_one_more_than_the_second_highest(monkeypatch):
    """ "If no one bids higher, the player whose bid was last must buy the property." """
    s = _auction(monkeypatch)
    total = money_total(s)
    s = act(s, "Ada", "limit:to:11")
    s = act(s, "Brook", "limit:to:50")
    s = act(s, "Cy", "limit:0")
    assert s.auction is None and s.owner[3] == "Brook" and s.cash["Brook"] == 1500 - 12
    assert money_total(s) == total


def test_equal_highest_limits_go_to_the_first_in_table_order(monkeypatch):
    """ "If no one bids higher, the player whose bid was last must buy the property." The
    first to reach the shared limit holds it; nobody may bid higher."""
    s = _auction(monkeypatch)
    s = act(s, "Cy", "limit:to:40")
    s = act(s, "Brook", "limit:to:40")
    s = act(s, "Ada", "limit:to:5")
    assert s.owner[3] == "Brook" and s.cash["Brook"] == 1460


def test_a_single_bidder_buys_at_the_opening_bid(monkeypatch):
    """ "Any player may open the bidding at 1 shmeckle. If no one bids higher, the player
    whose bid was last must buy the property." """
    s = _auction(monkeypatch)
    for p, limit in (("Ada", "limit:0"), ("Brook", "limit:0"), ("Cy", "limit:to:300")):
        s = act(s, p, limit)
    assert s.owner[3] == "Cy" and s.cash["Cy"] == 1499


def test_nobody_bidding_leaves_the_property_with_the_bank(monkeypatch):
    """The rulebook names no price without a bid: the property stays with the Bank."""
    s = _auction(monkeypatch)
    for p in ("Ada", "Brook", "Cy"):
        s = act(s, p, "limit:0")
    assert s.auction is None and 3 not in s.owner and s.current == "Brook"


def test_a_bidder_may_raise_their_limit_while_others_are_still_to_answer(monkeypatch):
    s = _auction(monkeypatch)
    s = act(s, "Ada", "limit:to:20")
    assert ENGINE.to_act(s) == ["Brook", "Cy"]
    [typed] = [a for a in ENGINE.amount_moves(s, "Ada") if a.id == "limit:to"]
    assert typed.amount.low == 21
    s = act(s, "Ada", "limit:to:45")
    s = act(s, "Brook", "limit:to:30")
    s = act(s, "Cy", "limit:0")
    assert s.owner[3] == "Ada" and s.cash["Ada"] == 1500 - 31


def test_a_limit_cannot_be_lowered(monkeypatch):
    s = act(_auction(monkeypatch), "Ada", "limit:to:20")
    with pytest.raises(IllegalAction):
        act(s, "Ada", "limit:to:10")


def test_a_limit_above_your_cash_is_refused(monkeypatch):
    s = _auction(monkeypatch)
    with pytest.raises(IllegalAction):
        act(s, "Ada", f"limit:to:{s.cash['Ada'] + 1}")


def test_a_limit_is_told_only_to_its_bidder(monkeypatch):
    """Limits are private until the auction resolves; then only the price is told."""
    s = _auction(monkeypatch)
    s, ev = act_ev(s, "Brook", "limit:to:137")
    public = [e.text for e in ev if e.private_to is None]
    assert not any("137" in t for t in public) and not any("137" in t for t in s.log)
    assert [e.private_to for e in ev if "137" in e.text] == ["Brook"]
    other, _ = act_ev(_auction(monkeypatch), "Brook", "limit:to:138")
    for viewer in (None, "Ada", "Cy"):  # nobody else's view depends on the limit
        assert ENGINE.view(s, viewer) == ENGINE.view(other, viewer)
    assert ENGINE.view(s, "Brook").auction.my_limit == 137


def test_the_resolved_auction_tells_only_the_winning_price(monkeypatch):
    s = act(act(_auction(monkeypatch), "Ada", "limit:to:37"), "Brook", "limit:to:55")
    s, ev = act_ev(s, "Cy", "limit:0")
    said = " ".join(e.text for e in ev if e.private_to is None)
    assert "Brook wins Needful Things for 38." in said and "55" not in said


@pytest.mark.parametrize("seed", range(200))
def test_the_bot_bidding_is_the_open_auction_bid_up_to_each_limit(seed):
    """ "If no one bids higher, the player whose bid was last must buy the property." The
    bidders bid up to their limits: the highest limit wins at one more than the
    second-highest (capped by its own), as bidding it out in table order gives."""
    import random

    rng = random.Random(seed)
    order = ["Ada", "Brook", "Cy", "Dee"][: rng.randint(2, 4)]
    limits = {p: rng.choice([0, rng.randint(1, 30)]) for p in order}
    got = outcome(Auction(item="space", space=3, bidders=order, limits=limits))
    ranked = sorted(limits.values(), reverse=True)
    if ranked[0] == 0:
        assert got.winner is None
        return
    assert limits[got.winner] == ranked[0] and got.price <= min(ranked[1] + 1, ranked[0])
    if ranked[1] < ranked[0]:
        # people bidding exactly one more each time: the same winner, the price at most one less
        winner, high = _open_bidding(limits, order)
        assert winner == got.winner and high in (got.price - 1, got.price)
    if ranked[1] > 1:  # the runner-up bid: one more than their limit, capped by the winner's
        assert got.price == min(ranked[1] + 1, ranked[0])
