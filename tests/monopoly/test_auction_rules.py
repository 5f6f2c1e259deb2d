"""Auction rules on crafted states: who bids and in what order, raising and passing in an open
auction (one saved before auctions asked for limits), when an auction closes and what the
winner gets, and buildings won at a shortage auction."""

from __future__ import annotations

from engines.core import Event
from engines.monopoly import auction
from engines.monopoly.state import Auction, Placement

from .helpers import money_total, new, own

DARK_BLUE = (37, 39)  # build cost 200


def _ev() -> list[Event]:
    return []


def _dark_blue(owner: str = "Ada", n: int = 3):
    s = new(n)
    s.owner = {}
    own(s, owner, *DARK_BLUE)
    return s


# -- who bids --------------------------------------------------------------------------------------
def test_bidders_are_the_solvent_players_in_table_order_from_the_first():
    s = new(4)
    s.bankrupt = ["Dee"]
    s.cash["Ada"] = 0
    assert auction.table_order(s, "Brook") == ["Brook", "Cy"]
    assert auction.table_order(s, "Cy") == ["Cy", "Brook"]


def test_a_property_auction_opens_at_one_and_is_announced():
    s = new(3)
    ev = _ev()
    assert auction.start_property_auction(s, ev, 39, "Brook") is True
    assert s.auction == Auction(item="space", space=39, bidders=["Brook", "Cy", "Ada"])
    assert [(e.text, e.kind) for e in ev] == [
        (
            "Auction for Rick's Garage (price 400), opening at 1: Brook, Cy and Ada, each say "
            "the most you will pay; the bot bids for you.",
            "auction",
        )
    ]


def test_a_property_nobody_can_bid_for_is_not_auctioned():
    s = new(2)
    s.cash = {"Ada": 0, "Brook": 0}
    ev = _ev()
    assert auction.start_property_auction(s, ev, 39, "Ada") is False
    assert s.auction is None
    assert ev[0].text == "Nobody can bid for Rick's Garage; it stays with the Bank."


# -- bidding ---------------------------------------------------------------------------------------
def test_a_bid_raises_the_price_by_its_step_and_passes_the_turn_on():
    s = new(3)
    s.auction = Auction(
        open=True, item="space", space=39, bidders=["Ada", "Brook", "Cy"], turn=2, high=5
    )
    ev = _ev()
    auction.bid(s, ev, "Cy", 10)
    assert (s.auction.high, s.auction.high_bidder, s.auction.turn) == (15, "Cy", 0)
    assert ev[0].text == "Cy bids 15."


def test_a_pass_leaves_the_turn_with_the_next_bidder():
    s = new(4)
    s.auction = Auction(
        open=True,
        item="space",
        space=39,
        bidders=["Ada", "Brook", "Cy", "Dee"],
        turn=1,
        high_bidder="Ada",
    )
    auction.pass_bid(s, _ev(), "Brook")
    assert s.auction.bidders == ["Ada", "Cy", "Dee"] and s.auction.turn == 1


def test_a_pass_by_the_last_in_order_turns_to_the_first():
    s = new(4)
    s.auction = Auction(
        open=True,
        item="space",
        space=39,
        bidders=["Ada", "Brook", "Cy"],
        turn=2,
        high=3,
        high_bidder="Ada",
    )
    auction.pass_bid(s, _ev(), "Cy")
    assert s.auction.bidders == ["Ada", "Brook"] and s.auction.turn == 0


def test_the_auction_goes_on_while_someone_other_than_the_leader_may_bid():
    s = new(3)
    s.auction = Auction(
        open=True, item="space", space=39, bidders=["Ada", "Brook"], high=3, high_bidder="Ada"
    )
    auction.close_if_done(s, _ev())
    assert s.auction is not None


def test_the_last_bidder_left_wins_the_property_and_pays_the_bank():
    s = new(3)
    s.auction = Auction(
        open=True, item="space", space=39, bidders=["Brook"], high=120, high_bidder="Brook"
    )
    ev = _ev()
    auction.close_if_done(s, ev)
    assert s.auction is None and s.owner[39] == "Brook" and s.cash["Brook"] == 1380
    assert (ev[0].text, ev[0].kind) == ("Brook wins Rick's Garage for 120.", "auction")


def test_everybody_passing_without_a_bid_leaves_the_property_with_the_bank():
    s = new(3)
    s.auction = Auction(open=True, item="space", space=39, bidders=[])
    ev = _ev()
    auction.close_if_done(s, ev)
    assert s.auction is None and 39 not in s.owner
    assert ev[0].text == "No bids: Rick's Garage stays with the Bank."


def test_closing_without_an_auction_does_nothing():
    s = new(3)
    auction.close_if_done(s, _ev())
    assert s.auction is None and s.owner == new(3).owner


# -- shortages -------------------------------------------------------------------------------------
def test_a_shortage_needs_more_builders_than_buildings_and_more_than_one_builder():
    s = _dark_blue("Ada")
    own(s, "Brook", 1, 3)
    s.bank_stilts = 1
    assert auction.shortage_bidders(s, "stilt") == ["Ada", "Brook"]
    assert auction.is_shortage(s, "stilt") is True
    s.bank_stilts = 2
    assert auction.is_shortage(s, "stilt") is False


def test_one_builder_alone_is_never_a_shortage():
    s = _dark_blue("Ada")
    s.bank_stilts = 0
    assert auction.is_shortage(s, "stilt") is False


def test_a_box_shortage_counts_the_bank_s_boxes():
    s = _dark_blue("Ada")
    own(s, "Brook", 1, 3)
    s.level = {37: 4, 39: 4, 1: 4, 3: 4}
    s.bank_boxes, s.bank_stilts = 1, 0
    assert auction.shortage_bidders(s, "box") == ["Ada", "Brook"]
    assert auction.is_shortage(s, "box") is True


def test_a_shortage_auction_opens_at_the_building_cost_led_by_the_requester():
    s = _dark_blue("Ada")
    own(s, "Cy", 1, 3)
    ev = _ev()
    auction.start_shortage_auction(s, ev, "Ada", 39)
    a = s.auction
    assert (a.item, a.space, a.high, a.high_bidder) == ("stilt", 39, 200, "Ada")
    assert a.bidders == ["Ada", "Cy"] and a.bidders[a.turn] == "Cy"
    assert ev[0].text == (
        "Shortage: Ada asks for a flublet stilt for Rick's Garage, opening at 200; "
        "the Bank auctions it: Ada and Cy, each say the most you will pay."
    )


def test_a_box_shortage_auction_names_the_box():
    s = _dark_blue("Ada")
    own(s, "Cy", 1, 3)
    s.level = {37: 4, 39: 4, 1: 4, 3: 4}
    ev = _ev()
    auction.start_shortage_auction(s, ev, "Ada", 39)
    assert s.auction.item == "box"
    assert "asks for a gublet box" in ev[0].text


def test_a_shortage_winner_who_asked_elsewhere_keeps_the_building_to_place():
    s = _dark_blue("Brook")
    own(s, "Ada", 1, 3)
    s.bank_stilts = 1
    s.auction = Auction(
        open=True, item="stilt", space=1, bidders=["Brook"], high=250, high_bidder="Brook"
    )
    total = money_total(s)
    auction.close_if_done(s, _ev())
    assert s.placement == Placement(player="Brook", item="stilt", paid=250)
    assert s.bank_stilts == 0 and s.cash["Brook"] == 1250 and s.level == {}
    assert money_total(s) == total


def test_a_shortage_winner_who_asked_for_the_spot_builds_there_at_once():
    s = _dark_blue("Ada")
    s.bank_stilts = 1
    s.auction = Auction(
        open=True, item="stilt", space=39, bidders=["Ada"], high=230, high_bidder="Ada"
    )
    ev = _ev()
    auction.close_if_done(s, ev)
    assert s.level == {39: 1} and s.bank_stilts == 0 and s.cash["Ada"] == 1270
    assert s.placement is None
    assert [e.text for e in ev] == [
        "Ada wins the flublet stilt for 230.",
        "Ada builds a flublet stilt on Rick's Garage (1).",
    ]


def test_a_won_box_waiting_to_be_placed_leaves_the_bank():
    s = _dark_blue("Brook")
    s.level = {37: 4, 39: 4}
    s.bank_boxes = 1
    s.auction = Auction(
        open=True, item="box", space=1, bidders=["Brook"], high=200, high_bidder="Brook"
    )
    auction.close_if_done(s, _ev())
    assert s.placement == Placement(player="Brook", item="box", paid=200)
    assert s.bank_boxes == 0


def test_a_shortage_winner_without_the_cash_gets_nothing_and_pays_nothing():
    s = _dark_blue("Ada")
    s.cash["Ada"] = 100
    s.auction = Auction(
        open=True, item="stilt", space=39, bidders=["Ada"], high=200, high_bidder="Ada"
    )
    ev = _ev()
    auction.close_if_done(s, ev)
    assert s.level == {} and s.cash["Ada"] == 100 and s.bank_stilts == 32
    assert ev[0].text == "Ada can no longer place a flublet stilt; it stays with the Bank."


def test_a_shortage_winner_with_no_spot_left_gets_nothing():
    s = _dark_blue("Ada")
    s.mortgaged = [37]
    s.auction = Auction(
        open=True, item="stilt", space=39, bidders=["Ada"], high=200, high_bidder="Ada"
    )
    auction.close_if_done(s, _ev())
    assert s.level == {} and s.cash["Ada"] == 1500


def test_a_shortage_win_when_the_bank_has_run_out_gets_nothing():
    s = _dark_blue("Ada")
    s.bank_stilts = 0
    s.auction = Auction(
        open=True, item="stilt", space=39, bidders=["Ada"], high=200, high_bidder="Ada"
    )
    auction.close_if_done(s, _ev())
    assert s.level == {} and s.cash["Ada"] == 1500


# -- placing -----------------------------------------------------------------------------------------
def test_placing_a_stilt_takes_one_from_the_bank_and_charges_its_cost():
    s = _dark_blue("Ada")
    ev = _ev()
    auction.place(s, ev, "Ada", 39, paid=False)
    assert (s.level, s.bank_stilts, s.cash["Ada"]) == ({39: 1}, 31, 1300)
    assert (ev[0].text, ev[0].kind) == ("Ada builds a flublet stilt on Rick's Garage (1).", "build")


def test_placing_a_box_returns_its_stilts_to_the_bank():
    s = _dark_blue("Ada")
    s.level = {37: 4, 39: 4}
    s.bank_stilts = 24
    ev = _ev()
    auction.place(s, ev, "Ada", 39, paid=True)
    assert (s.level[39], s.bank_boxes, s.bank_stilts, s.cash["Ada"]) == (5, 11, 28, 1500)
    assert ev[0].text == "Ada builds a gublet box on Rick's Garage."


def test_placing_a_reserved_building_takes_nothing_more_from_the_bank():
    s = _dark_blue("Ada")
    auction.place(s, _ev(), "Ada", 39, paid=True, reserved=True)
    s.level[37] = 4
    s.level[39] = 4
    auction.place(s, _ev(), "Ada", 39, paid=True, reserved=True)
    assert (s.bank_stilts, s.bank_boxes) == (32 + 4, 12)


def test_where_a_paid_building_may_go_ignores_cash_but_not_evenness():
    s = _dark_blue("Ada")
    s.cash["Ada"] = 0
    s.level = {37: 1}
    assert auction.buildable_free(s, "Ada", "stilt") == [39]
    assert auction.buildable_free(s, "Ada", "box") == []


def test_a_stuck_placement_is_refunded_and_its_building_returned():
    s = _dark_blue("Brook")
    s.mortgaged = [37]
    s.bank_stilts = 0
    s.placement = Placement(player="Brook", item="stilt", paid=150)
    ev = _ev()
    auction.drop_stuck_placement(s, ev)
    assert s.placement is None and s.bank_stilts == 1 and s.cash["Brook"] == 1650
    assert ev[0].text == "Brook has nowhere left to place it; the Bank refunds 150."


def test_a_stuck_box_placement_returns_the_box():
    s = _dark_blue("Brook")
    s.mortgaged = [37]
    s.bank_boxes = 0
    s.placement = Placement(player="Brook", item="box", paid=150)
    auction.drop_stuck_placement(s, _ev())
    assert s.bank_boxes == 1 and s.bank_stilts == 32


def test_a_placement_with_somewhere_to_go_waits():
    s = _dark_blue("Brook")
    s.placement = Placement(player="Brook", item="stilt", paid=150)
    auction.drop_stuck_placement(s, _ev())
    assert s.placement == Placement(player="Brook", item="stilt", paid=150)


# -- what the survivors of mutation testing showed untested -------------------------------------
def test_a_player_with_a_single_shmeckle_may_still_bid():
    s = new(3)
    s.cash["Brook"] = 1
    assert auction.table_order(s, "Ada") == ["Ada", "Brook", "Cy"]


def test_a_shortage_counts_builders_whatever_the_bank_holds():
    s = _dark_blue("Ada")
    own(s, "Brook", 1, 3)
    s.bank_stilts = 0
    assert auction.shortage_bidders(s, "stilt") == ["Ada", "Brook"]


def test_owning_a_transport_does_not_make_a_builder():
    s = _dark_blue("Ada")
    own(s, "Brook", 5)
    assert auction.shortage_bidders(s, "stilt") == ["Ada"]


def test_a_shortage_auction_is_announced_as_an_auction():
    s = _dark_blue("Ada")
    own(s, "Cy", 1, 3)
    ev = _ev()
    auction.start_shortage_auction(s, ev, "Ada", 39)
    assert ev[0].kind == "auction"


def test_a_box_shortage_is_measured_against_the_bank_s_boxes_not_its_stilts():
    s = _dark_blue("Ada")
    own(s, "Brook", 1, 3)
    s.level = {37: 4, 39: 4, 1: 4, 3: 4}
    s.bank_boxes, s.bank_stilts = 2, 0
    assert auction.is_shortage(s, "box") is False


def test_a_winner_with_exactly_the_bid_in_cash_gets_the_building():
    s = _dark_blue("Ada")
    s.cash["Ada"] = 200
    s.auction = Auction(
        open=True, item="stilt", space=39, bidders=["Ada"], high=200, high_bidder="Ada"
    )
    ev = _ev()
    auction.close_if_done(s, ev)
    assert s.level == {39: 1} and s.cash["Ada"] == 0
    assert (ev[0].text, ev[0].kind) == ("Ada wins the flublet stilt for 200.", "auction")


def test_a_box_won_when_the_bank_has_no_box_left_is_not_delivered():
    s = _dark_blue("Ada")
    s.level = {37: 4, 39: 4}
    s.bank_boxes, s.bank_stilts = 0, 10
    s.auction = Auction(
        open=True, item="box", space=39, bidders=["Ada"], high=200, high_bidder="Ada"
    )
    ev = _ev()
    auction.close_if_done(s, ev)
    assert s.level == {37: 4, 39: 4} and s.cash["Ada"] == 1500
    assert ev[0].text == "Ada can no longer place a gublet box; it stays with the Bank."


def test_a_box_built_is_told_as_building():
    s = _dark_blue("Ada")
    s.level = {37: 4, 39: 4}
    ev = _ev()
    auction.place(s, ev, "Ada", 39, paid=True)
    assert ev[0].kind == "build"


def test_a_stuck_placement_adds_its_building_to_the_bank_s_stock():
    s = _dark_blue("Brook")
    s.mortgaged = [37]
    s.bank_stilts, s.bank_boxes = 5, 5
    s.placement = Placement(player="Brook", item="stilt", paid=150)
    auction.drop_stuck_placement(s, _ev())
    s.placement = Placement(player="Brook", item="box", paid=150)
    auction.drop_stuck_placement(s, _ev())
    assert (s.bank_stilts, s.bank_boxes) == (6, 6)
