"""Auctions of unbought property: every solvent player bids (asked at once for a limit; in
a game saved with an open auction, in turn, where a pass is final), the last bidder must buy,
and nobody bidding leaves the property with the Bank."""

from engines.monopoly.engine import ENGINE

from .helpers import act, dice, ids, money_total, new


def _auction_needful_things(monkeypatch, n=3):
    s = new(n)
    dice(monkeypatch, (1, 2))
    s = act(s, "Ada", "roll")
    return act(s, "Ada", "auction")


def test_declining_to_buy_starts_an_auction_in_table_order(monkeypatch):
    s = _auction_needful_things(monkeypatch)
    assert s.auction is not None and s.auction.bidders == ["Ada", "Brook", "Cy"]
    assert ENGINE.to_act(s) == ["Ada", "Brook", "Cy"]
    assert "limit:0" in ids(s, "Ada")


def test_players_with_no_cash_do_not_bid(monkeypatch):
    s = new(3)
    s.cash["Brook"] = 0
    dice(monkeypatch, (1, 2))
    s = act(act(s, "Ada", "roll"), "Ada", "auction")
    assert s.auction.bidders == ["Ada", "Cy"]


def test_the_highest_bid_wins_and_is_paid_to_the_bank(monkeypatch):
    s = _auction_needful_things(monkeypatch)
    total = money_total(s)
    s = act(s, "Ada", "bid:10")
    s = act(s, "Brook", "bid:50")
    s = act(s, "Cy", "pass")
    s = act(s, "Ada", "pass")
    assert s.auction is None and s.owner[3] == "Brook" and s.cash["Brook"] == 1440
    assert money_total(s) == total


def test_a_pass_is_final(monkeypatch):
    s = _auction_needful_things(monkeypatch)
    s = act(s, "Ada", "pass")
    s = act(s, "Brook", "bid:1")
    assert s.auction.bidders == ["Brook", "Cy"]
    assert ENGINE.to_act(s) == ["Cy"] and not ids(s, "Ada") & {"bid:1", "pass"}


def test_nobody_bidding_leaves_the_property_with_the_bank(monkeypatch):
    s = _auction_needful_things(monkeypatch)
    for p in ("Ada", "Brook", "Cy"):
        s = act(s, p, "pass")
    assert s.auction is None and 3 not in s.owner and s.current == "Brook"


def test_a_limit_above_your_cash_is_not_offered(monkeypatch):
    s = _auction_needful_things(monkeypatch)
    s.cash["Ada"] = 40
    assert {i for i in ids(s, "Ada") if i.startswith("limit:")} == {
        "limit:0",
        "limit:30",
        "limit:40",
    }


def test_bidding_out_of_turn_is_refused(monkeypatch):
    s = _auction_needful_things(monkeypatch)
    try:
        act(s, "Cy", "bid:1")
    except Exception as err:  # IllegalAction
        assert "waiting for Ada" in err.reason
    else:
        raise AssertionError("Cy bid out of turn")


def test_the_leading_bidder_cannot_spend_the_bid_elsewhere(monkeypatch):
    s = _auction_needful_things(monkeypatch)
    s.owner[39] = "Ada"
    s.mortgaged = [39]
    s.cash["Ada"] = 300
    s = act(s, "Ada", "bid:100")
    assert "lift:39" not in ids(s, "Ada")  # 220 to lift, but 100 of 300 is promised


def test_no_building_while_an_auction_runs(monkeypatch):
    s = _auction_needful_things(monkeypatch)
    s.owner.update({37: "Brook", 39: "Brook"})
    assert not any(a.startswith("build:") for a in ids(s, "Brook"))


def test_a_winner_who_spent_the_cash_meanwhile_owes_the_bid(monkeypatch):
    from engines.monopoly.state import RentClaim

    s = _auction_needful_things(monkeypatch)
    s.rent_mode = "ask"
    s.cash["Brook"] = 100
    s.owner[39] = "Cy"
    # crafted: Cy may still ask Brook for rent while the auction runs
    s.claims = [RentClaim(owner="Cy", payer="Brook", amount=50, space=39)]
    s = act(s, "Ada", "pass")
    s = act(s, "Brook", "bid:100")
    s = act(s, "Cy", "rent:39")
    assert s.cash["Brook"] == 50
    s = act(s, "Cy", "pass")
    assert s.owner[3] == "Brook" and s.debts and s.debts[0].amount == 100
    assert ENGINE.to_act(s) == ["Brook"]
