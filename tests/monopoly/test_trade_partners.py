"""A trade partner is named in a move's id by seat number only, so no name can pass for
another player; ids from move logs saved before (``trade:new:<name or seat>``) still play."""

import pytest

from engines.core import IllegalAction
from engines.monopoly.engine import ENGINE

from .helpers import act, ids


def _partner(s, player, action_id):
    return act(s, player, action_id).trade.partner


def test_a_player_named_like_a_seat_number_does_not_hide_the_player_in_that_seat():
    s = ENGINE.setup(["Ada", "3", "Bo Li"], seed=1)
    assert {"trade:seat:2", "trade:seat:3"} <= ids(s, "Ada")
    assert _partner(s, "Ada", "trade:seat:3") == "Bo Li"
    assert _partner(s, "Ada", "trade:seat:2") == "3"


@pytest.mark.parametrize("name", ["Bo", "B" * 60, "Bo Jo", "B:o", "Zoë", "7"])
def test_every_partner_is_named_by_a_short_ascii_seat_number_whatever_the_name(name):
    s = ENGINE.setup(["Ada", name], seed=1)
    starts = {a.id for a in ENGINE.legal_actions(s, "Ada") if a.id.startswith("trade:")}
    assert starts == {"trade:seat:2"}
    assert _partner(s, "Ada", "trade:seat:2") == name


def test_starting_a_trade_with_a_seat_nobody_holds_is_refused_and_changes_nothing():
    s = ENGINE.setup(["Ada", "Bo"], seed=1)
    with pytest.raises(IllegalAction, match="There is no seat 5 in this game."):
        ENGINE.apply(s, "Ada", "trade:seat:5")
    assert s.trade is None


@pytest.mark.parametrize(
    ("players", "old_id", "partner"),
    [
        (["Ada", "Bruno"], "trade:new:Bruno", "Bruno"),  # short ASCII names were named
        (["Ada", "Zoë M"], "trade:new:2", "Zoë M"),  # the others by seat
        (["Ada", "3", "Bo Li"], "trade:new:3", "3"),  # the old clash read as it played then
    ],
)
def test_a_trade_id_from_a_move_log_saved_before_seat_numbers_still_plays(players, old_id, partner):
    s = ENGINE.setup(players, seed=1)
    assert _partner(s, "Ada", old_id) == partner
