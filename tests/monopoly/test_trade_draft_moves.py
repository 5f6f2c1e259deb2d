"""A trade being drafted is the proposer's secret until proposed: its moves are private and say
what they change (offer or take back, ask for or stop asking); a proposed trade can be
withdrawn."""

from engines.monopoly import trade
from engines.monopoly.data import SPACES
from engines.monopoly.engine import ENGINE

from .helpers import act
from .test_trade import _draft


def _moves(s, player):
    return {a.id: a for a in ENGINE.legal_actions(s, player)}


def test_the_draft_moves_are_private_and_say_what_they_change():
    s = _draft()  # Ada offers space 1 and asks for space 3
    own = _moves(s, "Ada")
    assert own["tr:give:1"].label == f"Remove {SPACES[1].name}"
    assert own["tr:take:3"].label == f"Stop asking for {SPACES[3].name}"
    assert own["tr:cancel"].label == "Cancel this trade draft"
    # the whole trade where it fits a label, else in short
    full = f"Propose to Brook: {trade.describe(s.trade)}"
    assert own["tr:propose"].label == (full if len(full) <= 80 else "Propose this trade to Brook")
    assert all(a.private for i, a in own.items() if i.startswith("tr:"))
    s = act(s, "Ada", "tr:give:1")
    s = act(s, "Ada", "tr:take:3")
    own = _moves(s, "Ada")
    assert own["tr:give:1"].label == f"Offer {SPACES[1].name}"
    assert own["tr:take:3"].label == f"Ask for {SPACES[3].name}"
    assert all(a.private for i, a in own.items() if i.startswith("tr:"))


def test_a_proposed_trade_can_only_be_withdrawn_by_its_proposer():
    s = act(_draft(), "Ada", "tr:propose")
    tr = {i: a.label for i, a in _moves(s, "Ada").items() if i.startswith("tr:")}
    assert tr == {"tr:cancel": "Withdraw your trade offer"}


def test_jail_cards_in_a_draft_are_offered_or_asked_for_privately_and_taken_back():
    s = _draft()
    s.cards["Ada"], s.cards["Brook"] = ["s09"], ["c05"]
    own = _moves(s, "Ada")
    assert own["tr:gcard:s09"].label == "Offer your Get Out of Jail Free (Schwifty)"
    assert own["tr:tcard:c05"].label == "Ask for Brook's Get Out of Jail Free (Cable TV)"
    assert own["tr:gcard:s09"].private and own["tr:tcard:c05"].private
    s = act(s, "Ada", "tr:gcard:s09")
    s = act(s, "Ada", "tr:tcard:c05")
    own = _moves(s, "Ada")
    assert own["tr:gcard:s09"].label == "Remove your Get Out of Jail Free (Schwifty)"
    assert own["tr:tcard:c05"].label == "Stop asking for Brook's Get Out of Jail Free (Cable TV)"


def test_cash_can_be_offered_or_asked_up_to_what_each_side_can_spend():
    s = _draft()  # Ada pays 11 so far
    s.cash["Ada"], s.cash["Brook"] = 111, 89
    own = _moves(s, "Ada")
    assert own["tr:pay:100"].label == "Offer 100 more shmeckles (now +11)"
    assert own["tr:pay:100"].private and "tr:pay:1" in own
    assert own["tr:ask:100"].label == "Ask 100 more shmeckles (now +11)"
    assert own["tr:ask:100"].private
    s.cash["Ada"], s.cash["Brook"] = 110, 88
    own = _moves(s, "Ada")
    assert "tr:pay:100" not in own and "tr:ask:100" not in own
