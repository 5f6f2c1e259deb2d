"""The final standings say how each result is made: in the quick game the count the rulebook
decides it by (cash, properties at price or half when mortgaged, buildings at cost), in the
classic game who stood last and the order the others went bankrupt."""

from __future__ import annotations

from engines.monopoly.engine import ENGINE
from engines.monopoly.money import go_bankrupt
from engines.monopoly.property import worth, worth_parts

from .helpers import new, own


def _ended(s, *losers):
    for p in losers:
        go_bankrupt(s, [], p, None)
    assert s.over
    return ENGINE.final_report(s)


def test_the_quick_game_breakdown_adds_up_to_the_score_that_decides_it():
    s = new(3, mode="quick")
    s.owner = {}
    own(s, "Ada", 1, 3, 5)
    s.mortgaged = [5]
    s.level = {1: 2, 3: 2}
    s.cash["Ada"] = 700
    report = _ended(s, "Cy")
    parts = worth_parts(s, "Ada")
    assert (parts.deeds, parts.mortgaged, parts.stilts, parts.boxes) == (3, 1, 4, 0)
    assert report["Ada"].endswith(f"= {worth(s, 'Ada'):,}")
    assert report["Ada"].startswith("700 cash + ")
    assert "3 properties, 1 mortgaged at half" in report["Ada"] and "4 stilts" in report["Ada"]
    assert float(worth(s, "Ada")) == ENGINE.result(s).scores["Ada"]
    assert report["Cy"] == "went bankrupt (1st out), which ended the quick game"


def test_a_box_counts_with_the_stilts_it_replaced():
    s = new(2, mode="quick")
    s.owner = {}
    own(s, "Ada", 1, 3)
    s.level = {1: s.max_stilts + 1}
    parts = worth_parts(s, "Ada")
    assert parts.boxes == 1 and parts.buildings == (s.max_stilts + 1) * 50


def test_the_classic_breakdown_names_the_last_player_standing_and_the_order_out():
    s = new(3)
    report = _ended(s, "Cy", "Brook")
    assert report["Cy"] == "went bankrupt (1st out)"
    assert report["Brook"] == "went bankrupt (2nd out)"
    assert report["Ada"].startswith("last player standing, with ")


def test_no_breakdown_while_the_game_runs():
    assert ENGINE.final_report(new(2)) == {}


def test_the_classic_breakdown_counts_the_order_out_in_ordinals_up_to_the_fifth():
    s = new(6)
    report = _ended(s, "Fox", "Eli", "Dee", "Cy", "Brook")
    assert [report[p] for p in ("Fox", "Eli", "Dee", "Cy", "Brook")] == [
        "went bankrupt (1st out)",
        "went bankrupt (2nd out)",
        "went bankrupt (3rd out)",
        "went bankrupt (4th out)",
        "went bankrupt (5th out)",
    ]


def test_the_breakdown_says_one_property_one_stilt_one_box_and_plurals_otherwise():
    s = new(4, mode="quick")
    s.owner = {}
    own(s, "Ada", 1)
    own(s, "Brook", 3, 6)
    own(s, "Cy", 8)
    box = s.max_stilts + 1
    s.level = {1: 1, 3: box, 6: box, 8: box}
    report = _ended(s, "Dee")
    assert "in 1 property + 50 in buildings (1 stilt, 0 boxes) = " in report["Ada"]
    assert "in 2 properties + " in report["Brook"] and "(0 stilts, 2 boxes)" in report["Brook"]
    assert "in 1 property + " in report["Cy"] and "(0 stilts, 1 box)" in report["Cy"]
