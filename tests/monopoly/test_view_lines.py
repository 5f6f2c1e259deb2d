"""The view's words for what the game waits on: an auction of a building named as the building
(a gublet box or a flublet stilt) in the auction panel and the waiting line, and the end naming
every winner of a tied quick game."""

from __future__ import annotations

import pytest

from engines.core import Event
from engines.monopoly import auction
from engines.monopoly.engine import ENGINE

from .helpers import new, own

DARK_BLUE = (37, 39)  # build cost 200


@pytest.mark.parametrize(("item", "words"), [("stilt", "flublet stilt"), ("box", "gublet box")])
def test_a_shortage_auction_names_the_building_on_offer(item, words):
    s = new(3)
    s.owner = {}
    own(s, "Ada", *DARK_BLUE)
    own(s, "Cy", 1, 3)
    if item == "box":  # every location holds its full row of stilts: the next is a box
        s.level = dict.fromkeys([*DARK_BLUE, 1, 3], 4)
    events: list[Event] = []
    auction.start_shortage_auction(s, events, "Ada", 39)
    assert s.auction.item == item
    shown = ENGINE.view(s, None)
    assert shown.auction.item == words
    assert shown.pending == (
        f"Auction for a {words} (200 by Ada): waiting for Ada and Cy to say the most they will pay."
    )


def test_a_tied_end_names_every_winner():
    s = new(3, mode="quick")
    s.over, s.winners = (
        True,
        ["Ada", "Cy"],
    )  # the richest two were worth the same at the first bankruptcy
    assert ENGINE.view(s, "Brook").pending == "Game over: Ada and Cy win."
