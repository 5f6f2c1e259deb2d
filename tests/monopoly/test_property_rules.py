"""Property facts on crafted states: what building, selling, mortgaging and lifting are refused
for (with the words the player reads), the Bank's stock, cash promised at auction, and what a
player could raise."""

from __future__ import annotations

from engines.monopoly import property as prop
from engines.monopoly.state import Auction

from .helpers import new, own

DARK_BLUE = (37, 39)  # Morty's Bedroom 350, Rick's Garage 400; build cost 200


def _dark_blue(n: int = 2):
    s = new(n)
    s.owner = {}
    own(s, "Ada", *DARK_BLUE)
    return s


# -- the 10% fee -----------------------------------------------------------------------------------
def test_the_mortgage_fee_is_ten_percent_rounded_up():
    assert prop.fee(39) == 20  # mortgage value 200
    assert prop.fee(1) == 3  # mortgage value 30 -> 3
    assert prop.fee(37) == 18  # mortgage value 175 -> 17.5 -> 18
    assert prop.lift_cost(37) == 175 + 18


# -- building --------------------------------------------------------------------------------------
def test_building_is_refused_on_a_space_that_holds_no_buildings():
    s = _dark_blue()
    own(s, "Ada", 5)
    assert prop.can_build_here(s, "Ada", 5) == "Ghost Train cannot hold buildings."


def test_building_is_refused_on_someone_else_s_location():
    assert prop.can_build_here(_dark_blue(), "Brook", 39) == "You do not own Rick's Garage."


def test_building_is_refused_without_the_whole_group():
    s = _dark_blue()
    s.owner[37] = "Brook"
    assert prop.can_build_here(s, "Ada", 39) == (
        "You need every dark-blue location to build on Rick's Garage."
    )


def test_building_is_refused_while_the_group_is_mortgaged():
    s = _dark_blue()
    s.mortgaged = [37]
    assert prop.can_build_here(s, "Ada", 39) == (
        "A dark-blue location is mortgaged; lift it before building."
    )


def test_building_is_refused_on_a_box():
    s = _dark_blue()
    s.level = {37: 5, 39: 5}
    assert prop.can_build_here(s, "Ada", 39) == "Rick's Garage already has a gublet box."


def test_building_must_keep_the_group_even():
    s = _dark_blue()
    s.level = {39: 1}
    assert prop.can_build_here(s, "Ada", 39) == (
        "Build evenly: every dark-blue location needs 1 first."
    )
    assert prop.can_build_here(s, "Ada", 37) is None


def test_building_needs_the_cost_in_spendable_cash_unless_already_paid():
    s = _dark_blue()
    s.cash["Ada"] = 199
    assert prop.can_build_here(s, "Ada", 39) == "You need 200 shmeckles to build on Rick's Garage."
    assert prop.can_build_here(s, "Ada", 39, check_cash=False) is None
    s.cash["Ada"] = 200
    assert prop.can_build_here(s, "Ada", 39) is None


def test_building_a_box_needs_a_box_in_the_bank_unless_the_bank_is_not_asked():
    s = _dark_blue()
    s.level = {37: 4, 39: 4}
    s.bank_boxes = 0
    assert prop.can_build_here(s, "Ada", 39) == "The Bank has no gublet boxes left."
    assert prop.can_build_here(s, "Ada", 39, check_bank=False) is None
    s.bank_boxes, s.bank_stilts = 1, 0
    assert prop.can_build_here(s, "Ada", 39) is None, "a box needs no stilt"


def test_building_a_stilt_needs_a_stilt_in_the_bank():
    s = _dark_blue()
    s.bank_stilts = 0
    assert prop.can_build_here(s, "Ada", 39) == "The Bank has no flublet stilts left."
    s.bank_stilts, s.bank_boxes = 1, 0
    assert prop.can_build_here(s, "Ada", 39) is None, "a stilt needs no box"


def test_the_next_building_is_a_box_only_on_a_full_row_of_stilts():
    s = _dark_blue()
    s.level = {37: 3, 39: 4}
    assert (prop.next_item(s, 37), prop.next_item(s, 39)) == ("stilt", "box")
    assert prop.is_box(s, 39) is False
    s.level[39] = 5
    assert prop.is_box(s, 39) is True


# -- selling ---------------------------------------------------------------------------------------
def test_selling_is_refused_for_someone_else_s_or_an_empty_location():
    s = _dark_blue()
    assert prop.can_sell_here(s, "Brook", 39) == "You do not own Rick's Garage."
    assert prop.can_sell_here(s, "Ada", 39) == "Rick's Garage has no buildings."


def test_selling_starts_from_the_most_built_location():
    s = _dark_blue()
    s.level = {37: 1, 39: 2}
    assert prop.can_sell_here(s, "Ada", 37) == (
        "Sell in the reverse of the order bought: the last building bought on the dark-blue "
        "group stands on Rick's Garage; sell that one first."
    )
    assert prop.can_sell_here(s, "Ada", 39) is None


def test_a_box_sold_without_stilts_in_the_bank_sells_the_group_down_as_far_as_the_stilts_allow():
    s = _dark_blue()
    s.level = {37: 5, 39: 5}
    s.bank_stilts = 8
    assert prop.level_down_target(s, 39) == 4
    s.bank_stilts = 5
    assert prop.level_down_target(s, 39) == 2
    s.bank_stilts = 0
    assert prop.level_down_target(s, 39) == 0


def test_selling_down_counts_the_stilts_a_lower_location_gives_back():
    s = _dark_blue()
    s.level = {37: 4, 39: 5}
    s.bank_stilts = 3  # 39 wants 3 at level 3 and 37 gives one back
    assert prop.level_down_target(s, 39) == 3


def test_the_board_counts_stilts_and_boxes_per_player():
    s = _dark_blue(3)
    own(s, "Brook", 1, 3)
    s.level = {37: 5, 39: 4, 1: 2, 3: 0}
    assert prop.stilts_and_boxes(s) == (6, 1)
    assert prop.stilts_and_boxes(s, "Ada") == (4, 1)
    assert prop.stilts_and_boxes(s, "Brook") == (2, 0)


def test_buildings_sell_back_for_half_their_cost():
    s = _dark_blue(3)
    own(s, "Brook", 1, 3)
    s.level = {37: 1, 39: 2, 1: 1}
    assert prop.building_value(s, "Ada") == 3 * 200 // 2
    assert prop.building_value(s, "Brook") == 25


# -- mortgages ------------------------------------------------------------------------------------
def test_mortgaging_is_refused_for_someone_else_s_or_a_mortgaged_property():
    s = _dark_blue()
    s.mortgaged = [39]
    assert prop.can_mortgage(s, "Brook", 37) == "You do not own Morty's Bedroom."
    assert prop.can_mortgage(s, "Ada", 39) == "Rick's Garage is already mortgaged."
    assert prop.can_mortgage(s, "Ada", 37) is None


def test_mortgaging_is_refused_while_the_group_has_buildings_with_the_reason():
    s = _dark_blue()
    s.level = {39: 1}
    assert prop.can_mortgage(s, "Ada", 37) == (
        "Sell the buildings on the dark-blue group before mortgaging Morty's Bedroom."
    )


def test_a_transport_may_be_mortgaged_whatever_else_is_built():
    s = _dark_blue()
    own(s, "Ada", 5)
    s.level = {39: 1}
    assert prop.can_mortgage(s, "Ada", 5) is None


def test_lifting_is_refused_for_someone_else_s_or_an_unmortgaged_property():
    s = _dark_blue()
    assert prop.can_lift(s, "Brook", 39) == "You do not own Rick's Garage."
    assert prop.can_lift(s, "Ada", 39) == "Rick's Garage is not mortgaged."


def test_lifting_needs_the_value_plus_the_fee_in_spendable_cash():
    s = _dark_blue()
    s.mortgaged = [39]
    s.cash["Ada"] = 219
    assert (
        prop.can_lift(s, "Ada", 39) == "Lifting the mortgage on Rick's Garage costs 220 shmeckles."
    )
    s.cash["Ada"] = 220
    assert prop.can_lift(s, "Ada", 39) is None


# -- cash promised and cash that could be raised ---------------------------------------------------
def test_the_leading_bid_is_promised_and_cannot_be_spent():
    s = new(3)
    s.auction = Auction(
        open=True, item="space", space=39, bidders=["Ada", "Brook"], high=300, high_bidder="Ada"
    )
    assert (prop.committed(s, "Ada"), prop.spendable(s, "Ada")) == (300, 1200)
    assert (prop.committed(s, "Brook"), prop.spendable(s, "Brook")) == (0, 1500)


def test_what_a_player_could_raise_is_cash_half_of_buildings_and_unmortgaged_values():
    s = _dark_blue()
    s.level = {37: 1, 39: 1}
    own(s, "Ada", 5)
    s.mortgaged = [5]
    assert prop.mortgage_value_available(s, "Ada") == 175 + 200
    assert prop.can_raise(s, "Ada") == 1500 + 200 + 175 + 200


def test_only_property_on_an_unbuilt_group_may_be_traded():
    s = _dark_blue()
    own(s, "Ada", 5)
    s.level = {39: 1}
    assert prop.tradable(s, 37) is False
    assert prop.tradable(s, 5) is True
    s.level = {}
    assert prop.tradable(s, 37) is True


def test_worth_counts_only_the_player_s_own_property():
    s = _dark_blue()
    own(s, "Brook", 1)
    s.level = {39: 2}
    s.mortgaged = [37]
    assert prop.worth(s, "Ada") == 1500 + 350 // 2 + 400 + 2 * 200
    assert prop.worth(s, "Brook") == 1500 + 60


def test_worth_and_building_values_are_whole_shmeckles():
    s = _dark_blue()
    s.level = {37: 1, 39: 1}
    s.mortgaged = [37]
    assert type(prop.building_value(s, "Ada")) is int
    assert type(prop.worth(s, "Ada")) is int
