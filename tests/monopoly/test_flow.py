"""Whose decision the game waits for, in priority order, and how the turn moves on: the next
solvent player to the left, with the turn's doubles, re-roll and trade count reset."""

from __future__ import annotations

from engines.core import Event
from engines.monopoly import flow
from engines.monopoly.state import Auction, Debt, FeeChoice, Placement, RentClaim, Trade
from engines.monopoly.words import read

from .helpers import new, own


def _ev() -> list[Event]:
    return []


# -- who is awaited ----------------------------------------------------------------------------
def test_a_proposed_trade_waits_for_its_partner_before_anything_else():
    s = new(3)
    s.trade = Trade(proposer="Ada", partner="Cy", proposed=True)
    s.debts = [Debt(debtor="Brook", creditor=None, amount=5, reason="tax")]
    assert flow.awaited(s) == ["Cy"]


def test_a_trade_still_being_drafted_waits_for_nobody():
    s = new(3)
    s.trade = Trade(proposer="Ada", partner="Cy")
    assert flow.awaited(s) == ["Ada"]


def test_a_debt_waits_for_its_debtor_before_fee_choices():
    s = new(3)
    s.debts = [Debt(debtor="Brook", creditor=None, amount=5, reason="tax")]
    s.fee_choices = [FeeChoice(player="Cy", space=5)]
    assert flow.awaited(s) == ["Brook"]


def test_a_fee_choice_waits_before_an_auction():
    s = new(3)
    s.fee_choices = [FeeChoice(player="Cy", space=5)]
    s.auction = Auction(open=True, item="space", space=39, bidders=["Ada", "Brook"], turn=1)
    assert flow.awaited(s) == ["Cy"]


def test_an_auction_waits_for_the_bidder_whose_turn_it_is_before_a_placement():
    s = new(3)
    s.auction = Auction(open=True, item="space", space=39, bidders=["Ada", "Brook"], turn=1)
    s.placement = Placement(player="Cy", item="stilt", paid=10)
    assert flow.awaited(s) == ["Brook"]


def test_a_won_building_waits_for_its_winner_to_place_it():
    s = new(3)
    s.placement = Placement(player="Cy", item="stilt", paid=10)
    assert flow.awaited(s) == ["Cy"]


def test_owners_who_may_ask_for_rent_are_awaited_after_the_main_decision_once_each():
    s = new(3)
    s.claims = [
        RentClaim(owner="Cy", payer="Ada", amount=5, space=1),
        RentClaim(owner="Cy", payer="Ada", amount=5, space=3),
        RentClaim(owner="Ada", payer="Brook", amount=5, space=5),
    ]
    assert flow.awaited(s) == ["Ada", "Cy"]


def test_a_finished_game_awaits_nobody():
    s = new(2)
    s.over, s.winners = True, ["Ada"]
    assert flow.awaited(s) == []


# -- moving on -------------------------------------------------------------------------------------
def test_the_turn_passes_to_the_next_player_who_is_not_bankrupt():
    s = new(4)
    s.bankrupt = ["Brook", "Cy"]
    ev = _ev()
    flow.next_turn(s, ev)
    assert s.current == "Dee" and [e.text for e in ev] == ["Dee's turn."]


def test_the_turn_wraps_round_the_table():
    s = new(3)
    s.turn = 2
    flow.next_turn(s, _ev())
    assert s.current == "Ada"


def test_a_new_turn_starts_with_a_roll_and_no_doubles_re_roll_or_trades():
    s = new(3)
    s.stage, s.doubles, s.again, s.trades_this_turn, s.turns = "move", 2, True, 3, 7
    flow.next_turn(s, _ev())
    assert (s.stage, s.doubles, s.again, s.trades_this_turn, s.turns) == ("roll", 0, False, 0, 8)


def test_an_unproposed_trade_draft_lapses_with_the_turn():
    s = new(3)
    s.trade = Trade(proposer="Ada", partner="Cy")
    ev = _ev()
    flow.next_turn(s, ev)
    assert s.trade is None
    lapse = ev[0]
    assert (lapse.text, lapse.private_to) == (
        "Your trade draft, never proposed, lapses with the turn.",
        "Ada",
    )
    assert "lapses" not in " ".join(read(entry) for entry in s.log)


def test_a_proposed_trade_outlives_the_turn():
    s = new(3)
    s.trade = Trade(proposer="Ada", partner="Cy", proposed=True)
    flow.next_turn(s, _ev())
    assert s.trade is not None


def test_a_player_in_jail_is_told_their_turn_is_in_jail():
    s = new(3)
    s.jail["Brook"] = 0
    ev = _ev()
    flow.next_turn(s, ev)
    assert [e.text for e in ev] == ["Brook's turn (in jail)."]


def test_an_open_offer_holds_the_turn():
    s = new(3)
    s.stage, s.offer = "move", 39
    flow.advance(s, _ev())
    assert (s.current, s.stage, s.offer) == ("Ada", "move", 39)


def test_a_bankrupt_current_player_hands_the_turn_on_even_before_moving():
    s = new(3)
    s.bankrupt = ["Ada"]
    flow.advance(s, _ev())
    assert s.current == "Brook" and s.stage == "roll"


def test_a_doubles_roll_keeps_the_turn_for_another_roll():
    s = new(3)
    s.stage, s.again = "move", True
    flow.advance(s, _ev())
    assert (s.current, s.stage) == ("Ada", "roll")


def test_before_the_roll_nothing_moves_on():
    s = new(3)
    flow.advance(s, _ev())
    assert (s.current, s.stage, s.turns) == ("Ada", "roll", 0)


def test_a_fee_choice_that_no_longer_applies_is_dropped():
    s = new(3)
    own(s, "Cy", 5)
    s.fee_choices = [FeeChoice(player="Cy", space=5), FeeChoice(player="Ada", space=15)]
    s.mortgaged = [5]
    s.stage = "move"
    flow.advance(s, _ev())
    assert s.fee_choices == [FeeChoice(player="Cy", space=5)], "Ada no longer owns 15"
    assert s.current == "Ada", "the kept fee choice holds the turn"


def test_a_bankrupt_s_properties_are_auctioned_one_after_another_before_the_turn_moves():
    s = new(3)
    s.stage = "move"
    s.auction_queue = [37, 39]
    ev = _ev()
    flow.advance(s, ev)
    assert s.auction is not None and s.auction.space == 37 and s.auction_queue == [39]
    assert s.auction.bidders == ["Ada", "Brook", "Cy"]
    assert s.current == "Ada" and s.stage == "move"


def test_a_queued_property_nobody_can_bid_for_stays_with_the_bank_and_the_turn_moves():
    s = new(2)
    s.stage = "move"
    s.cash = {"Ada": 0, "Brook": 0}
    s.auction_queue = [39]
    flow.advance(s, _ev())
    assert s.auction is None and s.auction_queue == [] and 39 not in s.owner
    assert s.current == "Brook"


def test_a_fee_choice_for_a_property_lifted_meanwhile_is_dropped():
    s = new(3)
    own(s, "Cy", 5)
    s.fee_choices = [FeeChoice(player="Cy", space=5)]
    s.stage = "move"
    flow.advance(s, _ev())
    assert s.fee_choices == [] and s.current == "Brook"


def test_an_auction_left_to_its_leader_is_closed_and_told_when_the_game_moves_on():
    s = new(3)
    s.stage = "move"
    s.auction = Auction(
        open=True, item="space", space=39, bidders=["Brook"], high=20, high_bidder="Brook"
    )
    ev = _ev()
    flow.advance(s, ev)
    assert s.owner[39] == "Brook" and s.auction is None
    assert "Brook wins Rick's Garage for 20." in [e.text for e in ev]
    assert s.current == "Brook", "then the turn moves on"


def test_a_won_building_with_nowhere_to_go_is_refunded_and_told_when_the_game_moves_on():
    s = new(3)
    s.stage = "move"
    s.placement = Placement(player="Cy", item="stilt", paid=40)
    s.bank_stilts = 31
    ev = _ev()
    flow.advance(s, ev)
    assert s.placement is None and s.cash["Cy"] == 1540
    assert "Cy has nowhere left to place it; the Bank refunds 40." in [e.text for e in ev]
