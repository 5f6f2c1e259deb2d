"""Money rules, checked one at a time on crafted states: payments keep the Bank's totals,
debts wait in order and hold the turn, bankruptcy hands everything over and cancels what the
bankrupt player was in the middle of, and the game's end scores the right players."""

from __future__ import annotations

from engines.core import Event
from engines.monopoly import flow, money
from engines.monopoly.engine import ENGINE
from engines.monopoly.state import Auction, Debt, FeeChoice, Placement, RentClaim, Trade
from engines.monopoly.words import read
from i18n.say import say

from .helpers import money_total, new, own


def _ev() -> list[Event]:
    return []


# -- payments ----------------------------------------------------------------------------------
def test_a_payment_to_the_bank_is_counted_as_received():
    s = new()
    money.transfer(s, "Ada", None, 40)
    assert (s.cash["Ada"], s.bank_received, s.bank_paid) == (1460, 40, 0)


def test_a_payment_from_the_bank_is_counted_as_paid_out():
    s = new()
    money.collect(s, "Ada", 200)
    assert (s.cash["Ada"], s.bank_paid, s.bank_received) == (1700, 200, 0)


def test_a_payment_between_players_leaves_the_bank_totals_alone():
    s = new()
    money.transfer(s, "Ada", "Brook", 75)
    assert (s.cash["Ada"], s.cash["Brook"]) == (1425, 1575)
    assert (s.bank_paid, s.bank_received) == (0, 0)


def test_a_payment_of_nothing_moves_nothing():
    s = new()
    money.transfer(s, "Ada", None, 0)
    money.transfer(s, None, "Ada", -5)
    assert (s.cash["Ada"], s.bank_paid, s.bank_received) == (1500, 0, 0)


def test_the_log_keeps_the_last_eight_lines():
    s = new()
    for i in range(12):
        money.announce(s, _ev(), say("line {n}", n=i))
    assert [read(entry) for entry in s.log] == [f"line {i}" for i in range(4, 12)]


def test_an_event_said_carries_its_kind():
    s = new()
    ev = _ev()
    money.announce(s, ev, say("Ada owes."), "debt")
    assert [(e.text, e.kind) for e in ev] == [("Ada owes.", "debt")]


# -- charges and debts -------------------------------------------------------------------------
def test_a_charge_the_debtor_can_cover_is_paid_at_once():
    s = new()
    ev = _ev()
    money.charge(s, ev, "Ada", "Brook", 100, "rent")
    assert s.debts == [] and (s.cash["Ada"], s.cash["Brook"]) == (1400, 1600)
    assert [e.text for e in ev] == ["Ada pays 100 to Brook (rent)."]


def test_a_charge_of_exactly_the_debtor_s_cash_is_paid():
    s = new()
    s.cash["Ada"] = 100
    money.charge(s, _ev(), "Ada", "Brook", 100, "rent")
    assert s.debts == [] and s.cash["Ada"] == 0


def test_a_charge_beyond_the_debtor_s_cash_waits_as_a_debt_and_says_so():
    s = new()
    s.cash["Ada"] = 30
    ev = _ev()
    money.charge(s, ev, "Ada", None, 100, "tax")
    assert s.debts == [Debt(debtor="Ada", creditor=None, amount=100, reason="tax")]
    assert s.cash["Ada"] == 30
    assert [e.kind for e in ev] == ["debt"]
    assert "owes 100 to the Bank (tax) but has 30" in ev[0].text


def test_a_second_charge_waits_behind_a_waiting_debt_even_if_affordable():
    s = new()
    s.cash["Ada"] = 30
    money.charge(s, _ev(), "Ada", None, 100, "tax")
    ev = _ev()
    money.charge(s, ev, "Ada", "Brook", 10, "rent")
    assert [d.amount for d in s.debts] == [100, 10] and s.cash["Ada"] == 30
    assert ev == [], "the debtor is told once, for the first debt"


def test_a_charge_of_nothing_or_to_a_bankrupt_debtor_is_dropped():
    s = new(3)
    money.charge(s, _ev(), "Ada", "Brook", 0, "rent")
    s.bankrupt = ["Cy"]
    money.charge(s, _ev(), "Cy", "Brook", 50, "rent")
    assert s.debts == [] and s.cash["Cy"] == 1500 and s.cash["Brook"] == 1500


def test_a_charge_owed_to_a_bankrupt_player_goes_to_the_bank():
    s = new(3)
    s.bankrupt = ["Cy"]
    money.charge(s, _ev(), "Ada", "Cy", 50, "rent")
    assert s.cash["Cy"] == 1500 and s.bank_received == 50


def test_settling_pays_debts_in_order_and_stops_at_the_first_the_debtor_cannot_cover():
    s = new(3)
    s.cash["Ada"] = 60
    s.debts = [
        Debt(debtor="Ada", creditor="Brook", amount=50, reason="card"),
        Debt(debtor="Ada", creditor="Cy", amount=50, reason="card"),
    ]
    assert money.settle_debts(s, _ev()) is False
    assert [d.creditor for d in s.debts] == ["Cy"]
    assert (s.cash["Ada"], s.cash["Brook"], s.cash["Cy"]) == (10, 1550, 1500)


def test_settling_reports_done_only_when_no_debt_is_left():
    s = new(3)
    s.debts = [Debt(debtor="Ada", creditor="Brook", amount=50, reason="card")]
    ev = _ev()
    assert money.settle_debts(s, ev) is True
    assert s.debts == [] and [e.text for e in ev] == ["Ada pays 50 to Brook (card)."]


def test_settling_drops_a_bankrupt_debtor_s_debt_and_pays_a_bankrupt_creditor_s_to_the_bank():
    s = new(3)
    s.bankrupt = ["Cy"]
    s.debts = [
        Debt(debtor="Cy", creditor="Ada", amount=50, reason="card"),
        Debt(debtor="Ada", creditor="Cy", amount=20, reason="rent"),
    ]
    assert money.settle_debts(s, _ev()) is True
    assert s.cash["Ada"] == 1480 and s.cash["Cy"] == 1500 and s.bank_received == 20


def test_a_debt_still_owed_holds_the_turn_and_keeps_the_doubles_re_roll():
    s = new(3)
    s.stage, s.again = "move", True  # Ada rolled doubles
    s.cash["Ada"] = 60
    s.debts = [
        Debt(debtor="Ada", creditor="Brook", amount=50, reason="card"),
        Debt(debtor="Ada", creditor="Cy", amount=50, reason="card"),
    ]
    flow.advance(s, _ev())
    assert (s.current, s.stage, s.again) == ("Ada", "move", True)
    assert ENGINE.to_act(s) == ["Ada"]
    s.cash["Ada"] += 100  # she raises the money
    flow.advance(s, _ev())
    assert (s.current, s.stage, s.debts) == ("Ada", "roll", [])


def test_a_debt_paid_after_a_plain_roll_hands_the_turn_on():
    s = new(3)
    s.stage, s.again = "move", False
    s.debts = [Debt(debtor="Ada", creditor="Brook", amount=50, reason="card")]
    flow.advance(s, _ev())
    assert (s.current, s.stage) == ("Brook", "roll")


# -- property changing hands ---------------------------------------------------------------------
def test_a_mortgaged_property_received_waits_for_the_lift_or_fee_choice():
    s = new()
    s.mortgaged = [5]
    money.receive_property(s, "Brook", 5)
    money.receive_property(s, "Brook", 15)
    assert s.owner[5] == s.owner[15] == "Brook"
    assert s.fee_choices == [FeeChoice(player="Brook", space=5)]


def test_a_returned_card_goes_to_the_bottom_of_its_own_deck():
    s = new()
    deck = next(d for d, cards in s.decks.items() if "c05" in cards)
    s.decks[deck].remove("c05")
    money.return_card(s, "c05")
    assert s.decks[deck][-1] == "c05"


def test_a_cancelled_stilt_placement_returns_the_stilt_and_refunds_the_price():
    s = new()
    s.bank_stilts = 0
    s.placement = Placement(player="Ada", item="stilt", paid=70)
    money.cancel_placement(s)
    assert s.placement is None and s.bank_stilts == 1 and s.bank_boxes == 12
    assert s.cash["Ada"] == 1570


def test_a_cancelled_box_placement_returns_the_box():
    s = new()
    s.bank_boxes = 0
    s.placement = Placement(player="Ada", item="box", paid=90)
    money.cancel_placement(s)
    assert s.bank_boxes == 1 and s.bank_stilts == 32 and s.cash["Ada"] == 1590


# -- bankruptcy ----------------------------------------------------------------------------------
def test_bankruptcy_while_a_won_building_waits_to_be_placed_refunds_it_to_the_creditor():
    s = new(3)
    s.bank_stilts = 0
    s.cash["Ada"] = 10
    s.placement = Placement(player="Ada", item="stilt", paid=100)
    total = money_total(s)
    money.go_bankrupt(s, _ev(), "Ada", "Brook")
    assert s.placement is None and s.bank_stilts == 1
    assert s.cash["Brook"] == 1610 and s.cash["Ada"] == 0
    assert money_total(s) == total


def test_bankruptcy_of_someone_else_keeps_a_won_building_waiting():
    s = new(3)
    s.placement = Placement(player="Brook", item="box", paid=100)
    money.go_bankrupt(s, _ev(), "Cy", None)
    assert s.placement == Placement(player="Brook", item="box", paid=100)


def test_an_auction_whose_leading_bidder_goes_bankrupt_goes_on_without_them():
    s = new(4)
    s.auction = Auction(
        open=True,
        item="space",
        space=39,
        bidders=["Ada", "Brook", "Cy"],
        turn=2,
        high=60,
        high_bidder="Ada",
    )
    money.go_bankrupt(s, _ev(), "Ada", None)
    a = s.auction
    assert a.bidders == ["Brook", "Cy"] and a.bidders[a.turn] == "Cy"
    assert (a.high, a.high_bidder) == (0, None), "the bid falls with its bidder"


def test_a_shortage_auction_keeps_its_opening_price_when_the_leader_goes_bankrupt():
    s = new(4)
    s.auction = Auction(
        open=True, item="stilt", space=39, bidders=["Ada", "Brook"], high=40, high_bidder="Ada"
    )
    money.go_bankrupt(s, _ev(), "Ada", None)
    assert (s.auction.high, s.auction.high_bidder, s.auction.bidders) == (40, None, ["Brook"])


def test_an_auction_whose_bidder_after_the_turn_goes_bankrupt_keeps_the_turn():
    s = new(4)
    s.auction = Auction(
        open=True, item="space", space=39, bidders=["Ada", "Brook", "Cy"], turn=1, high=10
    )
    s.auction.high_bidder = "Ada"
    money.go_bankrupt(s, _ev(), "Cy", None)
    a = s.auction
    assert a.bidders == ["Ada", "Brook"] and a.bidders[a.turn] == "Brook"
    assert (a.high, a.high_bidder) == (10, "Ada")


def test_an_auction_whose_last_bidder_in_turn_goes_bankrupt_turns_to_the_first():
    s = new(4)
    s.auction = Auction(open=True, item="space", space=39, bidders=["Ada", "Brook", "Cy"], turn=2)
    money.go_bankrupt(s, _ev(), "Cy", None)
    assert s.auction.turn == 0


def test_a_bankrupt_player_s_debts_fees_claims_and_trades_are_forgotten():
    s = new(4)
    s.debts = [
        Debt(debtor="Cy", creditor=None, amount=5, reason="tax"),
        Debt(debtor="Dee", creditor="Cy", amount=5000, reason="rent"),
    ]
    s.fee_choices = [FeeChoice(player="Cy", space=5), FeeChoice(player="Ada", space=15)]
    s.claims = [
        RentClaim(owner="Cy", payer="Ada", amount=5, space=1),
        RentClaim(owner="Ada", payer="Cy", amount=5, space=3),
        RentClaim(owner="Ada", payer="Brook", amount=5, space=3),
    ]
    s.trade = Trade(proposer="Ada", partner="Cy")
    money.go_bankrupt(s, _ev(), "Cy", None)
    assert [(d.debtor, d.creditor) for d in s.debts] == [("Dee", None)]
    assert s.fee_choices == [FeeChoice(player="Ada", space=15)]
    assert [(c.owner, c.payer) for c in s.claims] == [("Ada", "Brook")]
    assert s.trade is None


def test_a_trade_between_others_survives_a_bankruptcy():
    s = new(4)
    s.trade = Trade(proposer="Ada", partner="Brook")
    money.go_bankrupt(s, _ev(), "Cy", None)
    assert s.trade == Trade(proposer="Ada", partner="Brook")


def test_the_current_player_s_open_offer_lapses_when_they_go_bankrupt():
    s = new(3)
    s.offer = 39
    money.go_bankrupt(s, _ev(), "Ada", None)
    assert s.offer is None


def test_another_player_s_bankruptcy_leaves_the_current_offer_open():
    s = new(3)
    s.offer = 39
    money.go_bankrupt(s, _ev(), "Cy", None)
    assert s.offer == 39


def test_bankruptcy_to_oneself_or_a_bankrupt_creditor_goes_to_the_bank():
    s = new(4)
    s.bankrupt = ["Dee"]
    own(s, "Cy", 39)
    money.go_bankrupt(s, _ev(), "Cy", "Dee")
    assert s.cash["Dee"] == 1500 and s.bank_received == 1500 and 39 in s.auction_queue
    money.go_bankrupt(s, _ev(), "Brook", "Brook")
    assert s.bank_received == 3000


def test_bankruptcy_to_a_player_keeps_their_mortgages_and_says_how_many():
    s = new(3)
    own(s, "Cy", 5, 15)
    s.mortgaged = [5]
    ev = _ev()
    money.go_bankrupt(s, ev, "Cy", "Brook")
    assert s.mortgaged == [5] and s.owner[5] == s.owner[15] == "Brook"
    assert "2 properties (1 mortgaged: 10% fee each)" in ev[-1].text
    assert ev[-1].kind == "bankrupt"


def test_bankruptcy_to_the_bank_frees_property_and_says_what_goes_to_auction():
    s = new(3)
    own(s, "Cy", 5, 15)
    s.mortgaged = [5]
    s.cards["Cy"] = ["c05"]
    ev = _ev()
    money.go_bankrupt(s, ev, "Cy", None)
    assert 5 not in s.owner and 15 not in s.owner and s.mortgaged == []
    assert s.auction_queue == [5, 15]
    assert ev[-1].text == (
        "Cy is bankrupt to the Bank: 1,500 shmeckles go to the Bank, 2 properties go up for "
        "auction, their Get Out of Jail Free cards return to the decks."
    )


def test_a_bankrupt_player_leaves_jail_and_the_table():
    s = new(3)
    s.jail["Cy"] = 1
    money.go_bankrupt(s, _ev(), "Cy", None)
    assert "Cy" not in s.jail and s.bankrupt == ["Cy"] and s.alive == ["Ada", "Brook"]


def test_bankruptcy_returns_a_box_as_one_box_and_stilts_one_by_one():
    s = new(3)
    own(s, "Cy", 37, 39, 1)
    s.level = {37: 5, 39: 5, 1: 3}
    s.bank_boxes, s.bank_stilts = 10, 29
    money.go_bankrupt(s, _ev(), "Cy", None)
    assert (s.bank_boxes, s.bank_stilts, s.level) == (12, 32, {})


# -- the end ---------------------------------------------------------------------------------------
def test_a_classic_game_scores_each_player_by_how_many_players_they_outlasted():
    s = new(2)
    ev = _ev()
    money.go_bankrupt(s, ev, "Ada", "Brook")
    assert s.winners == ["Brook"]
    assert s.scores == {"Ada": 0.0, "Brook": 1.0}
    assert s.end_reason.startswith("Every other player went bankrupt;")
    assert ev[-1].kind == "end" and ev[-1].text.startswith("Game over: Brook wins.")


def test_in_a_classic_game_the_later_out_ranks_above_the_earlier_out_whatever_their_names():
    s = new(3)
    money.go_bankrupt(s, _ev(), "Cy", None)
    money.go_bankrupt(s, _ev(), "Ada", None)
    assert s.winners == ["Brook"]
    assert s.scores == {"Ada": 1.0, "Brook": 2.0, "Cy": 0.0}


def test_a_classic_game_goes_on_while_two_players_are_left():
    s = new(3)
    money.go_bankrupt(s, _ev(), "Ada", None)
    assert not s.over and s.winners == [] and s.scores == {}


def test_the_first_bankruptcy_ends_a_quick_game_and_the_richest_wins_by_worth():
    s = new(3, mode="quick")
    s.owner = {}
    s.cash.update({"Brook": 300, "Cy": 100})
    own(s, "Cy", 39)  # price 400: Cy is worth 500
    money.go_bankrupt(s, _ev(), "Ada", None)
    assert s.winners == ["Cy"]
    assert s.scores == {"Ada": 0.0, "Brook": 300.0, "Cy": 500.0}
    assert s.end_reason.startswith("Quick game")


def test_a_quick_game_tie_for_the_richest_shares_the_win():
    s = new(3, mode="quick")
    s.owner = {}
    s.cash.update({"Brook": 300, "Cy": 300})
    money.go_bankrupt(s, _ev(), "Ada", None)
    assert s.winners == ["Brook", "Cy"]


def test_the_end_clears_every_pending_decision_and_refunds_a_waiting_building():
    s = new(2)
    s.debts = [Debt(debtor="Brook", creditor=None, amount=5, reason="tax")]
    s.fee_choices = [FeeChoice(player="Brook", space=5)]
    s.auction = Auction(open=True, item="space", space=39, bidders=["Brook"])
    s.auction_queue = [3]
    s.placement = Placement(player="Brook", item="stilt", paid=50)
    s.offer = 39
    s.trade = Trade(proposer="Brook", partner="Ada")
    s.claims = [RentClaim(owner="Brook", payer="Ada", amount=5, space=1)]
    s.bank_stilts = 31
    money.go_bankrupt(s, _ev(), "Ada", None)
    assert (s.debts, s.fee_choices, s.auction, s.auction_queue) == ([], [], None, [])
    assert (s.placement, s.offer, s.trade, s.claims) == (None, None, None, [])
    assert s.bank_stilts == 32 and s.cash["Brook"] == 1550
    assert ENGINE.to_act(s) == []


# -- what the survivors of mutation testing showed untested -------------------------------------
def test_a_payment_of_one_shmeckle_is_made():
    s = new()
    money.transfer(s, "Ada", None, 1)
    assert (s.cash["Ada"], s.bank_received) == (1499, 1)


def test_an_event_said_without_a_kind_is_info():
    s = new()
    ev = _ev()
    money.announce(s, ev, say("Ada waves."))
    assert ev[0].kind == "info"


def test_a_charge_of_nothing_says_nothing():
    s = new()
    ev = _ev()
    money.charge(s, ev, "Ada", "Brook", 0, "rent")
    assert ev == [] and s.log == new().log


def test_a_charge_of_one_shmeckle_is_paid():
    s = new()
    money.charge(s, _ev(), "Ada", "Brook", 1, "rent")
    assert (s.cash["Ada"], s.cash["Brook"]) == (1499, 1501)


def test_a_debt_to_a_player_names_them_and_how_to_raise_the_money():
    s = new()
    s.cash["Ada"] = 30
    ev = _ev()
    money.charge(s, ev, "Ada", "Brook", 100, "rent")
    assert ev[0].text == (
        "Ada owes 100 to Brook (rent) but has 30: sell buildings, mortgage or trade to raise it."
    )


def test_a_debt_of_exactly_the_debtor_s_cash_is_settled():
    s = new()
    s.cash["Ada"] = 50
    s.debts = [Debt(debtor="Ada", creditor="Brook", amount=50, reason="rent")]
    assert money.settle_debts(s, _ev()) is True
    assert s.cash["Ada"] == 0 and s.debts == []


def test_a_cancelled_box_placement_adds_the_box_to_the_bank_s_stock():
    s = new()
    s.bank_boxes = 3
    s.placement = Placement(player="Ada", item="box", paid=90)
    money.cancel_placement(s)
    assert s.bank_boxes == 4


def test_an_auction_bidder_before_the_turn_going_bankrupt_keeps_the_turn_on_its_bidder():
    s = new(4)
    s.auction = Auction(
        open=True, item="space", space=39, bidders=["Ada", "Brook", "Cy", "Dee"], turn=3
    )
    money.go_bankrupt(s, _ev(), "Ada", None)
    assert s.auction.bidders == ["Brook", "Cy", "Dee"] and s.auction.turn == 2


def test_a_bankrupt_player_s_buildings_are_sold_and_the_money_goes_to_the_creditor():
    s = new(3)
    own(s, "Cy", 37, 39)
    s.level = {37: 1, 39: 1}  # 200 each: half back is 200 in all
    s.bank_stilts = 30
    total = money_total(s)
    money.go_bankrupt(s, _ev(), "Cy", "Brook")
    assert s.cash["Brook"] == 1500 + 1500 + 200 and s.cash["Cy"] == 0
    assert money_total(s) == total


def test_four_stilts_go_back_to_the_bank_as_four_stilts_not_a_box():
    s = new(3)
    own(s, "Cy", 37, 39)
    s.level = {37: 4, 39: 4}
    s.bank_stilts, s.bank_boxes = 24, 12
    money.go_bankrupt(s, _ev(), "Cy", None)
    assert (s.bank_stilts, s.bank_boxes) == (32, 12)


def test_bankruptcy_to_a_player_counts_only_the_mortgaged_properties_for_the_fee():
    s = new(3)
    own(s, "Cy", 5, 15, 25)
    s.mortgaged = [5]
    ev = _ev()
    money.go_bankrupt(s, ev, "Cy", "Brook")
    assert "3 properties (1 mortgaged: 10% fee each)." in ev[-1].text


def test_bankruptcy_to_a_player_with_only_cards_says_so():
    s = new(3)
    s.owner = {}
    s.cards["Cy"] = ["c05"]
    ev = _ev()
    money.go_bankrupt(s, ev, "Cy", "Brook")
    assert (ev[-1].text, ev[-1].kind) == (
        "Cy is bankrupt to Brook, who takes 1,500 shmeckles and their Get Out of Jail Free cards.",
        "bankrupt",
    )


def test_bankruptcy_to_a_player_with_nothing_but_cash_says_only_the_cash():
    s = new(3)
    s.owner = {}
    ev = _ev()
    money.go_bankrupt(s, ev, "Cy", "Brook")
    assert ev[-1].text == "Cy is bankrupt to Brook, who takes 1,500 shmeckles."


def test_bankruptcy_to_the_bank_with_nothing_but_cash_says_only_the_cash():
    s = new(3)
    s.owner = {}
    ev = _ev()
    money.go_bankrupt(s, ev, "Cy", None)
    assert (ev[-1].text, ev[-1].kind) == (
        "Cy is bankrupt to the Bank: 1,500 shmeckles go to the Bank.",
        "bankrupt",
    )


def test_a_shared_quick_game_win_names_every_winner():
    s = new(3, mode="quick")
    s.owner = {}
    s.cash.update({"Brook": 300, "Cy": 300})
    ev = _ev()
    money.go_bankrupt(s, ev, "Ada", None)
    assert ev[-1].text.startswith("Game over: Brook and Cy win.")
