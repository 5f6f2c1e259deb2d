"""A trade being drafted is the proposer's secret until proposed: its moves are private and say
what they change (offer or take back, ask for or stop asking); a proposed trade can be
withdrawn; a trade partner is named in a move's id by name only when the name is short plain
ASCII without spaces or colons, else by seat."""

import pytest

from engines.monopoly.actions import player_key
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


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Bo", "Bo"),
        ("B" * 40, "B" * 40),
        ("B" * 41, "2"),
        ("Bo Jo", "2"),
        ("B:o", "2"),
        ("Zoë", "2"),
    ],
)
def test_a_player_is_named_in_ids_by_name_only_when_it_is_short_plain_ascii(name, key):
    s = ENGINE.setup(["Ada", name], seed=1)
    assert player_key(s, name) == key
