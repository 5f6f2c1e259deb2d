"""A player who leaves (concedes or is removed) goes bankrupt to the Bank, and says so."""

import pytest

from engines.core import IllegalAction
from engines.monopoly.engine import ENGINE

from .helpers import new, own


def test_a_player_who_leaves_goes_bankrupt_to_the_bank_and_the_table_is_told():
    s = new(3)
    own(s, "Brook", 1)
    events = []
    ENGINE.leave(s, "Brook", events)
    assert events[0].text == "Brook leaves the game."
    assert s.bankrupt == ["Brook"] and s.current == "Ada" and not s.over


def test_a_player_already_out_is_no_longer_seated_and_cannot_leave_again():
    s, _ = ENGINE.remove_player(new(3), "Brook")
    assert not ENGINE.seated(s, "Brook") and ENGINE.seated(s, "Ada")
    with pytest.raises(IllegalAction, match=r"^That player is not in this game\.$"):
        ENGINE.remove_player(s, "Brook")
