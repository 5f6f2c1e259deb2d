"""The decision the game waits for, and its choices: bankruptcy only for a debtor who cannot
raise the debt, buying with exactly the price, the bids and the final pass of an auction,
where a won building goes, and a mortgaged property received in a trade kept or lifted one at
a time."""

from engines.monopoly.data import JAIL_FINE, SPACES
from engines.monopoly.engine import ENGINE
from engines.monopoly.property import can_raise
from engines.monopoly.state import Auction, Debt, FeeChoice, Placement, RentClaim

from .helpers import act, ids, new, own


def _labels(s, player):
    return {a.id: a.label for a in ENGINE.legal_actions(s, player)}


def test_bankruptcy_is_offered_only_when_the_debt_is_more_than_can_be_raised():
    s = new()
    own(s, "Ada", 1, 3)
    s.debts = [Debt(debtor="Ada", creditor=None, amount=can_raise(s, "Ada"), reason="tax")]
    assert "bankrupt" not in ids(s, "Ada")
    s.debts[0].amount += 1
    assert _labels(s, "Ada")["bankrupt"] == f"Declare bankruptcy (owe {s.debts[0].amount:,})"


def test_a_player_with_exactly_the_price_may_buy():
    s = new()
    s.offer = 39
    s.cash["Ada"] = SPACES[39].price
    assert _labels(s, "Ada")["buy"] == f"Buy Rick's Garage for {SPACES[39].price}"
    s.cash["Ada"] -= 1
    assert "buy" not in ids(s, "Ada") and "auction" in ids(s, "Ada")


def test_an_auction_offers_the_bids_by_their_totals_and_a_final_pass():
    s = new()
    s.auction = Auction(open=True, item="space", space=39, bidders=["Ada", "Brook"], high=20)
    labels = _labels(s, "Ada")
    assert labels["bid:1"] == "Bid 21 (+1)" and labels["bid:100"] == "Bid 120 (+100)"
    assert labels["pass"] == "Pass (final)"


def test_a_won_building_is_placed_on_a_named_location():
    s = new()
    s.owner = {}
    own(s, "Ada", 37, 39)
    s.placement = Placement(player="Ada", item="stilt", paid=200)
    assert _labels(s, "Ada")["place:39"] == "Place the stilt on Rick's Garage"
    s, events = ENGINE.apply(s, "Ada", "place:39")
    assert s.level[39] == 1 and s.placement is None
    assert any("Ada" in e.text and "Rick's Garage" in e.text for e in events)
    s.level = {37: 4, 39: 4}
    s.placement = Placement(player="Ada", item="box", paid=200)
    assert _labels(s, "Ada")["place:39"] == "Place the box on Rick's Garage"


def test_mortgaged_properties_received_are_decided_one_at_a_time():
    s = new()
    own(s, "Ada", 1, 3)
    s.mortgaged = [1, 3]
    s.fee_choices = [FeeChoice(player="Ada", space=1), FeeChoice(player="Ada", space=3)]
    s = act(s, "Ada", "keep:1")
    assert s.fee_choices == [FeeChoice(player="Ada", space=3)]
    s = act(s, "Ada", "lift:3")
    assert s.fee_choices == [] and s.mortgaged == [1]


def test_the_roll_is_named_for_what_it_is_for():
    s = new()
    assert _labels(s, "Ada")["roll"] == "Roll the dice"
    s.jail = {"Ada": 0}
    assert _labels(s, "Ada")["roll"] == "Roll for doubles"


def test_a_jailed_player_with_exactly_the_fine_may_pay_it():
    s = new()
    s.jail = {"Ada": 0}
    s.cash["Ada"] = JAIL_FINE
    assert "pay" in ids(s, "Ada")
    s.cash["Ada"] -= 1
    assert "pay" not in ids(s, "Ada")


def test_selling_a_box_short_of_stilts_is_offered_as_selling_the_group_down():
    s = new()
    s.owner = {}
    own(s, "Ada", 16, 18, 19)
    s.level = {16: 5, 18: 5, 19: 4}
    s.bought = [16, 18, 19] * 4 + [16, 18]  # Pluto's box was bought last
    s.bank_stilts = 4
    assert _labels(s, "Ada")["sell:18"] == "Sell a box on Pluto (+50)"
    s.bank_stilts = 3
    assert _labels(s, "Ada")["sell:18"] == "Sell the orange group down to 2 stilts each"


def test_a_finished_game_offers_no_move_to_anyone():
    s = new()
    s.owner = {}
    own(s, "Ada", 37, 39)
    assert any(a.startswith("build:") for a in ids(s, "Ada"))
    s.over, s.winners = True, ["Ada"]
    assert ENGINE.legal_actions(s, "Ada") == [] and ENGINE.legal_actions(s, "Brook") == []


def test_a_spectator_and_a_bankrupt_player_have_no_moves():
    s = new(3)
    assert ENGINE.legal_actions(s, "Zed") == []
    s.bankrupt = ["Cy"]
    assert ENGINE.legal_actions(s, "Cy") == []
    assert any(a.id.startswith("trade:seat:") for a in ENGINE.legal_actions(s, "Brook"))


def test_building_the_last_box_two_players_want_goes_to_a_shortage_auction():
    s = new(3)
    s.owner = {}
    own(s, "Ada", 16, 18, 19)
    own(s, "Brook", 37, 39)
    s.level = {16: 4, 18: 4, 19: 4, 37: 4, 39: 4}  # both groups are ready for boxes
    s.bank_boxes = 1
    s, events = ENGINE.apply(s, "Ada", "build:16")
    assert (s.auction.item, s.auction.space, s.auction.bidders) == ("box", 16, ["Ada", "Brook"])
    assert s.level[16] == 4 and s.bank_boxes == 1
    assert events[0].text.startswith("Shortage: Ada asks for a gublet box for Fantasy World")


def test_asking_for_rent_collects_the_claim_on_the_space_asked_about():
    s = new(3)
    own(s, "Cy", 1, 3)
    s.claims = [
        RentClaim(owner="Cy", payer="Ada", amount=5, space=1),
        RentClaim(owner="Cy", payer="Ada", amount=7, space=3),
    ]
    s = act(s, "Cy", "rent:3")
    assert s.claims == [RentClaim(owner="Cy", payer="Ada", amount=5, space=1)]
    assert (s.cash["Ada"], s.cash["Cy"]) == (1493, 1507)
