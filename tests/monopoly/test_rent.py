"""Rent: printed ladders, doubling on complete groups, transports by count, utilities by dice,
and the per-game "owner must ask" option."""

import pytest

from engines.monopoly.engine import ENGINE

from .helpers import act, dice, ids, new, own

# Brook lands on Pluto (18) from Jail/visiting (10) with a roll of 3+5.
PLUTO = 18


def _land_on_pluto(monkeypatch, s, roll=(3, 5)):
    s.pos["Ada"] = 10
    dice(monkeypatch, roll)
    return act(s, "Ada", "roll")


def test_unimproved_location_rent_is_the_printed_base(monkeypatch):
    s = new()
    own(s, "Brook", PLUTO)
    s = _land_on_pluto(monkeypatch, s)
    assert s.cash["Ada"] == 1500 - 14 and s.cash["Brook"] == 1514


def test_rent_doubles_for_a_complete_unmortgaged_group(monkeypatch):
    s = new()
    own(s, "Brook", 16, 18, 19)
    s = _land_on_pluto(monkeypatch, s)
    assert s.cash["Brook"] == 1500 + 28


def test_rent_is_not_doubled_when_a_group_location_is_mortgaged(monkeypatch):
    s = new()
    own(s, "Brook", 16, 18, 19)
    s.mortgaged = [16]
    s = _land_on_pluto(monkeypatch, s)
    assert s.cash["Brook"] == 1500 + 14


@pytest.mark.parametrize("level,rent", [(1, 70), (2, 200), (3, 550), (4, 750), (5, 950)])
def test_rent_follows_the_stilt_and_box_ladder(monkeypatch, level, rent):
    s = new()
    own(s, "Brook", 16, 18, 19)
    s.level = {16: level, 18: level, 19: level}
    s = _land_on_pluto(monkeypatch, s)
    assert s.cash["Brook"] == 1500 + rent


def test_no_rent_on_a_mortgaged_property(monkeypatch):
    s = new()
    own(s, "Brook", PLUTO)
    s.mortgaged = [PLUTO]
    s = _land_on_pluto(monkeypatch, s)
    assert s.cash["Ada"] == 1500 and s.cash["Brook"] == 1500


def test_landing_on_your_own_property_costs_nothing(monkeypatch):
    s = new()
    own(s, "Ada", PLUTO)
    s = _land_on_pluto(monkeypatch, s)
    assert s.cash["Ada"] == 1500


@pytest.mark.parametrize("count,rent", [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_transport_rent_by_number_owned(monkeypatch, count, rent):
    s = new()
    own(s, "Brook", 15, *[5, 25, 35][: count - 1])
    s.pos["Ada"] = 10
    dice(monkeypatch, (2, 3))  # 10 -> 15, Zygerion ship
    s = act(s, "Ada", "roll")
    assert s.cash["Brook"] == 1500 + rent


@pytest.mark.parametrize("owned,factor", [([12], 4), ([12, 28], 10)])
def test_microverse_miniverse_rent_is_dice_times_four_or_ten(monkeypatch, owned, factor):
    s = new()
    own(s, "Brook", *owned)
    s.pos["Ada"] = 10
    dice(monkeypatch, (1, 1), (1, 2))  # doubles 10 -> 12, rolls again afterwards
    s = act(s, "Ada", "roll")
    assert s.cash["Brook"] == 1500 + 2 * factor


def test_rent_is_collected_automatically_by_default(monkeypatch):
    s = new()
    assert s.rent_mode == "auto"
    own(s, "Brook", PLUTO)
    s = _land_on_pluto(monkeypatch, s)
    assert s.claims == [] and s.cash["Brook"] == 1514


def test_owner_must_ask_option_lets_the_owner_claim_rent(monkeypatch):
    s = new(rent="ask")
    own(s, "Brook", PLUTO)
    s = _land_on_pluto(monkeypatch, s)
    assert s.cash["Brook"] == 1500
    assert "rent:18" in ids(s, "Brook")
    s = act(s, "Brook", "rent:18")
    assert s.cash["Brook"] == 1514 and s.cash["Ada"] == 1486


def test_owner_must_ask_the_table_is_told_who_may_ask_for_what(monkeypatch):
    s = new(rent="ask")
    own(s, "Brook", PLUTO)
    s.pos["Ada"] = 10
    dice(monkeypatch, (3, 5))
    s, events = ENGINE.apply(s, "Ada", "roll")
    assert [e.text for e in events[1:]] == [
        "Ada lands on Pluto.",
        "Brook may ask Ada for 14 rent on Pluto.",
        "Brook's turn.",
    ]
    assert s.current == "Brook" and s.stage == "roll"


def test_unasked_rent_lapses_when_the_next_player_rolls(monkeypatch):
    s = new(rent="ask")
    own(s, "Brook", PLUTO)
    s = _land_on_pluto(monkeypatch, s)
    assert ENGINE.to_act(s) == ["Brook"]
    dice(monkeypatch, (1, 2))
    s = act(s, "Brook", "roll")
    assert "rent:18" not in ids(s, "Brook") and s.cash["Brook"] <= 1500


def test_an_owner_who_may_ask_for_rent_is_named_in_to_act(monkeypatch):
    s = new(3, rent="ask")
    own(s, "Cy", PLUTO)
    s = _land_on_pluto(monkeypatch, s)
    assert ENGINE.to_act(s) == ["Brook", "Cy"]
    assert "roll" not in ids(s, "Cy") and "rent:18" in ids(s, "Cy")
