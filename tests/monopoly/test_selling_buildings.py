"""Selling buildings back to the Bank at half their cost: a gublet box swapped for a full row
of stilts when the Bank has them (exactly enough will do), the group sold down evenly as far
as the Bank's stilts allow when it has not, a single stilt sold alone however few stilts
the Bank holds; and on each group, the building bought last is sold first."""

import pytest

from engines.core import IllegalAction
from engines.monopoly.engine import ENGINE
from engines.monopoly.state import Debt

from .helpers import act, ids, new, own

ORANGE = (16, 18, 19)  # build cost 100: a building sells for 50


def _orange():
    s = new()
    s.owner = {}
    own(s, "Ada", *ORANGE)
    return s


def test_a_box_is_swapped_for_four_stilts_when_the_bank_has_exactly_four():
    s = _orange()
    s.level = {16: 5, 18: 4, 19: 4}
    s.bank_stilts, s.bank_boxes = 4, 11
    s, events = ENGINE.apply(s, "Ada", "sell:16")
    assert s.level == {16: 4, 18: 4, 19: 4}
    assert (s.bank_stilts, s.bank_boxes, s.cash["Ada"]) == (0, 12, 1550)
    assert [e.text for e in events] == ["Ada sells a gublet box on Fantasy World (+50)."]


def test_a_box_sold_short_of_stilts_sells_the_group_down_to_an_even_level():
    s = _orange()
    s.level = {16: 5, 18: 5, 19: 4}
    s.bought = [16, 18, 19] * 4 + [16, 18]  # Pluto's box was bought last
    s.bank_stilts, s.bank_boxes = 3, 10
    s, events = ENGINE.apply(s, "Ada", "sell:18")
    # level 2: the two boxes take 2 stilts each, the third location gives 2 back
    assert s.level == {16: 2, 18: 2, 19: 2}
    assert (s.bank_stilts, s.bank_boxes) == (1, 12)
    assert s.cash["Ada"] == 1500 + (3 + 3 + 2) * 50
    assert [e.text for e in events] == ["Ada sells the orange group down to 2 stilts each (+400)."]


def test_a_single_stilt_is_sold_alone_even_when_the_bank_is_short_of_stilts():
    s = _orange()
    s.level = {16: 2, 18: 1, 19: 1}
    s.bank_stilts = 1
    s, events = ENGINE.apply(s, "Ada", "sell:16")
    assert s.level == {16: 1, 18: 1, 19: 1}
    assert (s.bank_stilts, s.cash["Ada"]) == (2, 1550)
    assert [e.text for e in events] == ["Ada sells a flublet stilt on Fantasy World (+50)."]


# -- the order of selling ----------------------------------------------------------------------
# "Flublet stilts and gublet boxes may be sold back to the Bank for half the printed price. They
# are sold in the reverse of the order in which they were bought."


def _built(s, *spaces):
    """Ada builds on ``spaces`` in this order, through the engine."""
    for i in spaces:
        s = act(s, "Ada", f"build:{i}")
    return s


def _sales(s):
    return sorted(i for i in ids(s, "Ada") if i.startswith("sell:"))


def test_the_building_bought_last_on_a_group_is_the_only_one_offered_for_sale():
    s = _built(_orange(), 16, 18, 19, 19, 16)  # the second row: Purge Planet, then Fantasy World
    assert _sales(s) == ["sell:16"]
    s = act(s, "Ada", "sell:16")
    assert _sales(s) == ["sell:19"]
    s = act(s, "Ada", "sell:19")
    assert _sales(s) == ["sell:19"]  # the first row was bought 16, 18, 19: 19 goes first


def test_selling_another_building_first_is_refused_naming_the_one_to_sell_and_changes_nothing():
    s = _built(_orange(), 16, 18, 19, 19, 16)
    with pytest.raises(IllegalAction) as refused:
        act(s, "Ada", "sell:19")  # as built up as Fantasy World, but bought before it
    assert refused.value.reason == (
        "Sell in the reverse of the order bought: the last building bought on the orange group "
        "stands on Fantasy World; sell that one first."
    )
    assert (s.level, s.cash["Ada"]) == ({16: 2, 18: 1, 19: 2}, 1000)


def test_a_box_is_sold_before_the_stilts_bought_before_it():
    s = _orange()
    s.cash["Ada"] = 5000
    s = _built(s, *ORANGE * 4, 18)  # four rows, then a box on Pluto
    assert _sales(s) == ["sell:18"]
    s = act(s, "Ada", "sell:18")
    assert s.level == {16: 4, 18: 4, 19: 4} and _sales(s) == ["sell:19"]


def test_each_group_is_sold_in_its_own_reverse_order():
    s = _orange()
    own(s, "Ada", 37, 39)
    s = _built(s, 16, 37, 18, 39, 19)  # orange and dark blue bought in turn
    assert _sales(s) == ["sell:19", "sell:39"]


def test_a_group_sold_down_for_want_of_stilts_keeps_the_buildings_bought_first():
    s = _orange()
    s.cash["Ada"] = 5000
    s = _built(s, 19, 18, 16, 16, 18, 19, 16, 19, 18, 19, 16, 18, 16, 19)  # 4 rows, 2 boxes
    s.bank_stilts = 3  # the others' building left the Bank 3 stilts
    s = act(s, "Ada", "sell:19")
    assert s.level == {16: 2, 18: 2, 19: 2}
    assert s.bought == [19, 18, 16, 16, 18, 19]  # the first two rows, as they were bought
    assert _sales(s) == ["sell:19"]


def test_bankruptcy_forgets_the_order_of_the_buildings_it_sells():
    s = _built(_orange(), 16, 18, 19)
    s.debts = [Debt(debtor="Ada", creditor=None, amount=99_999, reason="a test")]
    s = act(s, "Ada", "bankrupt")
    assert s.level == {} and s.bought == []
