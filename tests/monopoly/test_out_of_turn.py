"""Out-of-turn actions: building, selling, mortgaging, lifting and trading are open to any
player at any time (even in jail); rolling, buying and bidding only to the awaited player."""

import pytest

from engines.core import IllegalAction
from engines.monopoly.engine import ENGINE

from .helpers import act, ids, new, own


def test_a_player_waiting_for_their_turn_may_mortgage_lift_and_trade():
    s = new(3)
    own(s, "Cy", 5)
    assert ENGINE.to_act(s) == ["Ada"]
    assert {"mortgage:5", "trade:seat:1"} <= ids(s, "Cy")
    s = act(s, "Cy", "mortgage:5")
    s = act(s, "Cy", "lift:5")
    assert 5 not in s.mortgaged and s.cash["Cy"] == 1500 - 10


def test_a_player_not_awaited_may_not_roll():
    s = new(3)
    with pytest.raises(IllegalAction, match="waiting for Ada"):
        act(s, "Brook", "roll")


def test_to_act_names_the_auction_bidder_and_the_trade_answerer():
    s = new(3)
    own(s, "Ada", 1)
    s = act(s, "Ada", "trade:seat:3")
    s = act(s, "Ada", "tr:give:1")
    s = act(s, "Ada", "tr:propose")
    assert ENGINE.to_act(s) == ["Cy"]


def test_unknown_players_and_junk_ids_are_refused_without_change():
    s = new()
    before = s.model_dump_json()
    for who, aid in [("Zed", "roll"), ("Ada", "build:99"), ("Ada", "nonsense"), ("Ada", "")]:
        with pytest.raises(IllegalAction):
            act(s, who, aid)
    assert s.model_dump_json() == before
