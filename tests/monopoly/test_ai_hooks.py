"""What the engine gives a searching bot and the stand-in: a sample that re-deals only the
secrets (the decks), the decisions worth a search, each player's standing, and a pick."""

import random

from engines.monopoly.engine import ENGINE
from engines.monopoly.property import worth
from engines.monopoly.state import Debt

from .helpers import new, own


def test_a_bots_sample_re_deals_the_decks_and_keeps_the_table():
    s = new(3)
    own(s, "Brook", 1)
    sample = ENGINE.determinize(s, "Ada", random.Random(3))
    assert sample is not s
    for deck in s.decks:
        assert sorted(sample.decks[deck]) == sorted(s.decks[deck])
    assert sample.decks != s.decks
    assert (sample.owner, sample.cash, sample.pos) == (s.owner, s.cash, s.pos)


def test_in_debt_the_search_weighs_every_way_to_raise_the_money():
    s = new(2)
    own(s, "Ada", 1, 3)
    s.cash["Ada"] = 10
    s.debts = [Debt(debtor="Ada", creditor=None, amount=100, reason="card")]
    legal = ENGINE.legal_actions(s, "Ada")
    assert any(a.id.startswith("mortgage:") for a in legal)
    assert ENGINE.search_actions(s, "Ada", legal) == legal


def test_out_of_debt_the_search_leaves_mortgages_to_the_heuristic():
    s = new(2)
    own(s, "Ada", 1)
    legal = ENGINE.legal_actions(s, "Ada")
    weighed = [a.id for a in ENGINE.search_actions(s, "Ada", legal)]
    assert "roll" in weighed and not any(a.startswith("mortgage:") for a in weighed)


def test_standing_is_the_worth_of_a_player_without_rent_to_expect_and_nil_when_bankrupt():
    s = new(3)
    s.owner = {}
    s.cash["Ada"] = 900
    s.bankrupt = ["Cy"]
    assert ENGINE.standing(s) == {"Ada": float(worth(s, "Ada")), "Brook": 1500.0, "Cy": 0.0}


def test_a_stand_in_with_no_decision_of_its_own_picks_among_its_moves():
    s = new(3)
    own(s, "Brook", 1)
    legal = ENGINE.legal_actions(s, "Brook")
    assert legal and "roll" not in {a.id for a in legal}
    picked = ENGINE.pick(s, "Brook", legal, random.Random(0))
    assert picked in {a.id for a in legal}
