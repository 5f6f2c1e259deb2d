"""A refused move gets a reason a person can read: the space's own reason, no building during
an auction, whose turn it is, a debt to settle first, a trade already running; anything else
is named (cut to 40 characters) as not a move you can make now."""

import pytest

from engines.core import IllegalAction
from engines.monopoly.engine import ENGINE
from engines.monopoly.state import Auction, Debt, Trade

from .helpers import new, own

ORANGE = (16, 18, 19)


def _refusal(s, player, action_id):
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(s, player, action_id)
    return str(refused.value)


def _orange(n=2):
    s = new(n)
    s.owner = {}
    own(s, "Ada", *ORANGE)
    return s


def test_a_move_on_a_space_gets_that_space_s_reason_from_go_to_the_last_space():
    s = _orange()
    assert _refusal(s, "Ada", "build:0") == "GO cannot hold buildings."
    assert _refusal(s, "Ada", "build:39") == "You do not own Rick's Garage."
    assert _refusal(s, "Ada", "build:40") == "'build:40' is not a move you can make now."
    assert _refusal(s, "Ada", "lift:16") == "Fantasy World is not mortgaged."


def test_building_is_refused_while_the_bank_auctions():
    s = _orange()
    s.auction = Auction(open=True, item="space", space=1, bidders=["Ada", "Brook"])
    assert _refusal(s, "Ada", "build:16") == (
        "No building while the Bank is auctioning or a won building waits to be placed."
    )


@pytest.mark.parametrize("move", ["roll", "buy", "auction", "bid:10", "pass", "pay", "usecard"])
def test_a_turn_move_out_of_turn_says_whose_turn_it_is(move):
    assert _refusal(_orange(), "Brook", move) == "The game is waiting for Ada, not you."


def test_a_turn_move_that_does_not_fit_the_moment_is_named_not_blamed_on_the_turn():
    s = _orange()
    assert _refusal(s, "Ada", "buy") == "'buy' is not a move you can make now."
    long = "bid:" + "9" * 50
    assert _refusal(s, "Ada", long) == f"'{long[:40]}' is not a move you can make now."


def test_a_player_in_debt_is_told_to_raise_the_money_first():
    s = _orange()
    s.debts = [Debt(debtor="Ada", creditor=None, amount=300, reason="tax")]
    assert _refusal(s, "Ada", "roll") == (
        "You owe 300 to the Bank: sell buildings, mortgage or trade first."
    )
    assert _refusal(s, "Ada", "bankrupt") == (
        "You can still raise 300 shmeckles by selling buildings or mortgaging: "
        "bankruptcy only when you cannot pay."
    )


def test_another_player_cannot_trade_while_a_draft_is_made_and_is_not_told_whose():
    s = _orange(3)
    s.trade = Trade(proposer="Ada", partner="Brook")
    drafting = "Another player is drafting a trade; wait until it is proposed or dropped."
    for player in ("Brook", "Cy"):
        assert _refusal(s, player, "tr:cash:10") == drafting
        assert _refusal(s, player, "trade:seat:1") == drafting
    assert _refusal(s, "Cy", "buy") == "The game is waiting for Ada, not you."


def test_a_player_in_debt_may_not_build_or_lift_a_mortgage():
    s = _orange()
    s.debts = [Debt(debtor="Ada", creditor="Brook", amount=300, reason="rent")]
    assert _refusal(s, "Ada", "build:16") == "You cannot build now."
    own(s, "Ada", 1)
    s.mortgaged = [1]
    assert _refusal(s, "Ada", "lift:1") == "You cannot lift that mortgage now."
    assert _refusal(s, "Ada", "roll") == (
        "You owe 300 to Brook: sell buildings, mortgage or trade first."
    )


def test_the_partner_of_a_proposed_trade_is_told_to_answer_it_first():
    s = _orange(3)
    s.trade = Trade(proposer="Ada", partner="Brook", cash=10, proposed=True)
    assert _refusal(s, "Brook", "trade:seat:3") == ("Answer Ada's trade first (accept or decline).")
    assert _refusal(s, "Cy", "trade:seat:1") == (
        "Ada is already trading with Brook; wait for that trade to end."
    )


def test_a_bankrupt_player_is_told_they_are_out_of_the_game():
    s = new(3)
    s.bankrupt = ["Cy"]
    assert _refusal(s, "Cy", "roll") == "You are bankrupt and out of the game."


def test_a_word_that_is_no_move_of_this_game_is_named_cut_to_40_characters():
    word = "x" * 50
    assert _refusal(new(), "Ada", word) == f"'{'x' * 40}' is not a move in this game."


def test_a_game_needs_two_to_six_players():
    with pytest.raises(IllegalAction, match=r"^Monopoly: Rick and Morty needs 2 to 6 players\.$"):
        ENGINE.setup(["Ada"], seed=1)


def test_every_player_needs_a_different_name():
    with pytest.raises(IllegalAction, match=r"^Every player needs a different name\.$"):
        ENGINE.setup(["Ada", "Ada"], seed=1)
