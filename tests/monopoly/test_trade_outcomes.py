"""What an accepted trade does and says: cash either way (even a single shmeckle), Get Out of
Jail Free cards changing hands, the trade described in words, and a trade that falls through
because the proposer no longer holds what was offered."""

from engines.monopoly.data import SPACES
from engines.monopoly.engine import ENGINE
from engines.monopoly.state import Trade
from engines.monopoly.trade import describe

from .helpers import money_total, new, own


def _proposed(**trade) -> tuple:
    s = new(3)
    own(s, "Ada", 1)
    own(s, "Brook", 3)
    s.trade = Trade(proposer="Ada", partner="Brook", proposed=True, **trade)
    return s


def test_an_accepted_trade_in_which_the_partner_pays_moves_the_cash_to_the_proposer():
    s = _proposed(give=[1], cash=-50)
    total = money_total(s)
    s, events = ENGINE.apply(s, "Brook", "tr:yes")
    assert (s.cash["Ada"], s.cash["Brook"]) == (1550, 1450) and money_total(s) == total
    assert s.owner[1] == "Brook"
    assert events[0].text == f"Brook accepts: Ada gives {SPACES[1].name}; Brook gives 50 shmeckles."


def test_a_single_shmeckle_offered_is_paid():
    s = _proposed(give=[1], take=[3], cash=1)
    s, events = ENGINE.apply(s, "Brook", "tr:yes")
    assert (s.cash["Ada"], s.cash["Brook"]) == (1499, 1501)
    assert events[0].text == (
        f"Brook accepts: Ada gives {SPACES[1].name}, 1 shmeckles; Brook gives {SPACES[3].name}."
    )


def test_jail_cards_change_hands_in_an_accepted_trade():
    s = _proposed(give_cards=["s09"], take_cards=["c05"])
    s.cards = {"Ada": ["s09"], "Brook": ["c05"]}
    s, events = ENGINE.apply(s, "Brook", "tr:yes")
    assert s.cards == {"Ada": ["c05"], "Brook": ["s09"]}
    assert events[0].text == (
        "Brook accepts: Ada gives a Get Out of Jail Free card; "
        "Brook gives a Get Out of Jail Free card."
    )


def test_a_trade_falls_through_when_the_proposer_no_longer_holds_what_was_offered():
    s = _proposed(give=[1], give_cards=["s09"])
    s.cards = {"Brook": ["s09"]}  # the card went elsewhere meanwhile
    s, events = ENGINE.apply(s, "Brook", "tr:yes")
    assert events[0].text == "The trade falls through: Ada no longer holds that card."
    assert s.owner[1] == "Ada" and s.cards == {"Brook": ["s09"]}


def test_a_trade_falls_through_when_an_offered_property_changed_owner():
    s = _proposed(give=[1])
    own(s, "Cy", 1)
    s, events = ENGINE.apply(s, "Brook", "tr:yes")
    assert (
        events[0].text == f"The trade falls through: {SPACES[1].name} is no longer Ada's to trade."
    )
    assert s.owner[1] == "Cy"


def test_a_trade_falls_through_when_the_paying_side_cannot_spend_the_cash():
    s = _proposed(give=[1], cash=-50)
    s.cash["Brook"] = 49
    s, events = ENGINE.apply(s, "Brook", "tr:yes")
    assert events[0].text == "The trade falls through: Brook does not have 50 shmeckles."
    s = _proposed(give=[1], cash=1)
    s.cash["Ada"] = 0
    s, events = ENGINE.apply(s, "Brook", "tr:yes")
    assert events[0].text == "The trade falls through: Ada does not have 1 shmeckles."


def test_a_side_that_can_spend_exactly_the_cash_may_pay_it():
    s = _proposed(give=[1], cash=-50)
    s.cash["Brook"] = 50
    s, _ = ENGINE.apply(s, "Brook", "tr:yes")
    assert (s.cash["Ada"], s.cash["Brook"], s.owner[1]) == (1550, 0, "Brook")
    s = _proposed(give=[1], cash=50)
    s.cash["Ada"] = 50
    s, _ = ENGINE.apply(s, "Brook", "tr:yes")
    assert (s.cash["Ada"], s.cash["Brook"]) == (0, 1550)


def test_a_trade_falls_through_when_what_was_asked_for_is_gone():
    s = _proposed(take=[3])
    own(s, "Cy", 3)
    s, events = ENGINE.apply(s, "Brook", "tr:yes")
    assert (
        events[0].text
        == f"The trade falls through: {SPACES[3].name} is no longer Brook's to trade."
    )
    s = _proposed(give=[1], take_cards=["c05"])  # Brook holds no card at all
    s, events = ENGINE.apply(s, "Brook", "tr:yes")
    assert events[0].text == "The trade falls through: Brook no longer holds that card."


def test_a_trade_of_cash_alone_falls_through():
    s = _proposed(cash=10)
    s, events = ENGINE.apply(s, "Brook", "tr:yes")
    assert events[0].text == (
        "The trade falls through: A trade must include at least one property or card."
    )


def test_a_card_goes_to_a_partner_who_held_none():
    s = _proposed(give_cards=["s09"], cash=-5)
    s.cards = {"Ada": ["s09"]}
    s, _ = ENGINE.apply(s, "Brook", "tr:yes")
    assert s.cards == {"Brook": ["s09"]}


def test_each_side_of_a_trade_is_listed_in_words():
    t = Trade(proposer="Ada", partner="Brook", give=[1, 3], take=[5], cash=-20)
    assert describe(t) == (
        f"Ada gives {SPACES[1].name}, {SPACES[3].name}; Brook gives {SPACES[5].name}, 20 shmeckles"
    )
