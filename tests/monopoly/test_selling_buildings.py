"""Selling buildings back to the Bank at half their cost: a gublet box swapped for a full row
of stilts when the Bank has them (exactly enough will do), the group sold down evenly as far
as the Bank's stilts allow when it has not, and a single stilt sold alone however few stilts
the Bank holds."""

from engines.monopoly.engine import ENGINE

from .helpers import new, own

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
    s.bank_stilts, s.bank_boxes = 3, 10
    s, events = ENGINE.apply(s, "Ada", "sell:16")
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
