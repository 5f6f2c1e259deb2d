"""Mortgages: half the price from the Bank, only without buildings on the group, lifted for the
value plus 10%; a mortgaged property changing hands makes its new owner lift it at once or pay
the 10% fee now (and the fee again when lifting later)."""

import pytest

from engines.core import IllegalAction
from engines.monopoly.engine import ENGINE

from .helpers import act, ids, money_total, new, own


def test_mortgaging_pays_half_the_price():
    s = new()
    own(s, "Ada", 39)
    s = act(s, "Ada", "mortgage:39")
    assert 39 in s.mortgaged and s.cash["Ada"] == 1700


def test_mortgaging_is_refused_while_the_group_has_buildings():
    s = new()
    own(s, "Ada", 37, 39)
    s.level = {37: 1}
    with pytest.raises(IllegalAction, match="Sell the buildings"):
        act(s, "Ada", "mortgage:39")


def test_lifting_costs_the_value_plus_ten_percent():
    s = new()
    own(s, "Ada", 37)
    s.mortgaged = [37]
    s = act(s, "Ada", "lift:37")
    assert 37 not in s.mortgaged and s.cash["Ada"] == 1500 - 175 - 18


def _mortgaged_trade():
    s = new()
    own(s, "Ada", 39)
    s.mortgaged = [39]
    s = act(s, "Ada", "trade:seat:2")
    s = act(s, "Ada", "tr:give:39")
    s = act(s, "Ada", "tr:propose")
    return act(s, "Brook", "tr:yes")


def test_receiving_a_mortgaged_property_asks_to_lift_it_or_pay_the_fee():
    s = _mortgaged_trade()
    assert s.owner[39] == "Brook" and ENGINE.to_act(s) == ["Brook"]
    assert ids(s, "Brook") >= {"keep:39", "lift:39"}


def test_keeping_it_mortgaged_costs_ten_percent_now_and_again_on_lifting():
    s = _mortgaged_trade()
    total = money_total(s)
    s = act(s, "Brook", "keep:39")
    assert s.cash["Brook"] == 1480 and 39 in s.mortgaged and s.fee_choices == []
    s = act(s, "Brook", "lift:39")
    assert s.cash["Brook"] == 1480 - 220 and money_total(s) == total


def test_lifting_at_once_pays_the_fee_only_once():
    s = _mortgaged_trade()
    s = act(s, "Brook", "lift:39")
    assert s.cash["Brook"] == 1500 - 220 and s.fee_choices == [] and 39 not in s.mortgaged
