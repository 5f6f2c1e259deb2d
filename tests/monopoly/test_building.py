"""Building: whole group, no mortgage, even building and selling, 4 stilts then a box (3 in the
quick game), the Bank's 32 stilts and 12 boxes, and shortage auctions."""

import pytest

from engines.core import IllegalAction
from engines.monopoly.engine import ENGINE

from .helpers import act, ids, new, own

ORANGE = (16, 18, 19)


def _orange(mode="classic", n=2):
    s = new(n, mode=mode)
    for i in list(s.owner):
        del s.owner[i]
    own(s, "Ada", *ORANGE)
    return s


def test_building_needs_every_location_of_the_group():
    s = new()
    own(s, "Ada", 16, 18)
    with pytest.raises(IllegalAction, match="every orange"):
        act(s, "Ada", "build:16")


def test_building_is_refused_while_a_group_location_is_mortgaged():
    s = _orange()
    s.mortgaged = [19]
    assert not {"build:16", "build:18"} & ids(s, "Ada")


def test_a_stilt_costs_the_printed_price_and_leaves_the_bank():
    s = act(_orange(), "Ada", "build:16")
    assert s.level[16] == 1 and s.cash["Ada"] == 1400 and s.bank_stilts == 31


def test_building_must_be_even():
    s = act(_orange(), "Ada", "build:16")
    with pytest.raises(IllegalAction, match="evenly"):
        act(s, "Ada", "build:16")
    s = act(act(s, "Ada", "build:18"), "Ada", "build:19")
    assert "build:16" in ids(s, "Ada")


def test_no_more_than_four_stilts_then_a_box_returns_them_to_the_bank():
    s = _orange()
    s.level = {16: 4, 18: 4, 19: 4}
    s.bank_stilts = 32 - 12
    s = act(s, "Ada", "build:16")
    assert s.level[16] == 5 and s.bank_boxes == 11 and s.bank_stilts == 24
    assert "build:16" not in ids(s, "Ada")


def test_quick_game_box_needs_only_three_stilts():
    s = _orange("quick")
    s.level = {16: 3, 18: 3, 19: 3}
    s.bank_stilts = 32 - 9
    s = act(s, "Ada", "build:16")
    assert s.level[16] == 4 and s.bank_boxes == 11 and s.bank_stilts == 26


def test_quick_game_selling_a_box_gives_back_three_stilts():
    s = _orange("quick")
    s.level = {16: 4, 18: 3, 19: 3}
    s.bank_stilts = 32 - 6
    s.bank_boxes = 11
    s = act(s, "Ada", "sell:16")
    assert s.level[16] == 3 and s.bank_stilts == 23 and s.cash["Ada"] == 1550


def test_selling_is_even_and_pays_half_the_price():
    s = _orange()
    s.level = {16: 2, 18: 1, 19: 1}
    s.bank_stilts = 28
    with pytest.raises(IllegalAction, match="stands on Fantasy World; sell that one first"):
        act(s, "Ada", "sell:18")
    s = act(s, "Ada", "sell:16")
    assert s.level[16] == 1 and s.cash["Ada"] == 1550 and s.bank_stilts == 29


def test_selling_a_box_swaps_it_back_for_four_stilts():
    s = _orange()
    s.level = {16: 5, 18: 4, 19: 4}
    s.bank_stilts, s.bank_boxes = 24, 11
    s = act(s, "Ada", "sell:16")
    assert s.level[16] == 4 and s.bank_stilts == 20 and s.bank_boxes == 12
    assert s.cash["Ada"] == 1550


def test_selling_a_box_when_the_bank_lacks_stilts_sells_the_group_down_evenly():
    s = _orange()
    s.level = {16: 5, 18: 5, 19: 5}  # no order kept: read as built in board order, 19 last
    s.bank_stilts, s.bank_boxes = 2, 9
    s = act(s, "Ada", "sell:19")
    # the Bank can give 2 stilts for 3 boxes: the group goes down to no stilts
    assert s.level == {} and s.bank_boxes == 12 and s.bank_stilts == 2
    assert s.cash["Ada"] == 1500 + 3 * 5 * 50


def test_no_stilt_can_be_bought_when_the_bank_has_none():
    s = _orange()
    s.bank_stilts = 0
    with pytest.raises(IllegalAction, match="no flublet stilts"):
        act(s, "Ada", "build:16")


def _two_builders():
    s = _orange(n=3)
    own(s, "Brook", 37, 39)
    s.bank_stilts = 1
    return s


def test_a_shortage_with_several_builders_is_auctioned():
    s = act(_two_builders(), "Ada", "build:16")
    a = s.auction
    assert a is not None and a.item == "stilt" and a.high == 100 and a.high_bidder == "Ada"
    assert a.bidders == ["Ada", "Brook"] and ENGINE.to_act(s) == ["Ada", "Brook"]


def test_the_shortage_auction_winner_pays_the_bid_and_places_the_stilt():
    s = act(_two_builders(), "Ada", "build:16")
    s = act(s, "Brook", "bid:100")
    s = act(s, "Ada", "pass")
    assert s.placement is not None and ENGINE.to_act(s) == ["Brook"]
    assert ids(s, "Brook") >= {"place:37", "place:39"}
    s = act(s, "Brook", "place:39")
    assert s.level == {39: 1} and s.cash["Brook"] == 1300 and s.bank_stilts == 0


def test_the_requester_winning_a_shortage_auction_builds_where_asked():
    s = act(_two_builders(), "Ada", "build:16")
    s = act(s, "Brook", "pass")
    assert s.level == {16: 1} and s.cash["Ada"] == 1400 and s.auction is None


def test_a_player_may_build_out_of_turn_and_in_jail():
    s = _orange()
    s.turn = 1
    s.jail["Ada"] = 0
    s = act(s, "Ada", "build:16")
    assert s.level[16] == 1
