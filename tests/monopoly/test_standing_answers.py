"""Monopoly's standing answers: the recurring questions a player may answer once for the game
(engines/monopoly/standing.py). Each makes its move only when its question is asked."""

from engines.monopoly.engine import ENGINE
from engines.monopoly.state import Trade

from .helpers import new, own


def _offered_to(player="Brook", proposer="Ada"):
    s = new(3)
    own(s, proposer, 1)
    s.trade = Trade(proposer=proposer, partner=player, give=[1], proposed=True)
    return s


def test_every_player_may_decline_every_trade_offer_or_one_players():
    """ "Property may be traded for any combination of cash, other property, and "Get Out of
    Jail Free" cards. The amounts are agreed between the players making the deal." """
    ids = [a.id for a in ENGINE.standing_answers(new(3), "Brook")]
    assert ids[:3] == ["decline-trades", "decline-trades-from:1", "decline-trades-from:3"]


def test_declining_every_trade_answers_an_offer_made_to_you():
    assert ENGINE.standing_move(_offered_to(), "Brook", "decline-trades") == "tr:no"


def test_declining_one_players_trades_answers_only_their_offers():
    s = _offered_to()
    assert ENGINE.standing_move(s, "Brook", "decline-trades-from:1") == "tr:no"
    assert ENGINE.standing_move(s, "Brook", "decline-trades-from:3") is None


def test_declining_trades_answers_nothing_while_no_offer_is_made_to_you():
    assert ENGINE.standing_move(_offered_to(), "Cy", "decline-trades") is None
    assert ENGINE.standing_move(new(3), "Ada", "decline-trades") is None


def test_paying_the_jail_fine_at_once_answers_the_jail_turn():
    """ "Unlike the classic version of the game, Rick and Morty lets you simply pay the fine
    instead of trying to roll doubles." """
    s = new(3)
    s.jail["Ada"] = 0
    assert ENGINE.standing_move(s, "Ada", "jail-pay") == "pay"
    s.cash["Ada"] = 10
    assert ENGINE.standing_move(s, "Ada", "jail-pay") is None


def test_using_a_jail_card_at_once_answers_the_jail_turn_only_with_a_card():
    """ "Use a "Get Out of Jail Free" card, if you have one" """
    s = new(3)
    s.jail["Ada"] = 0
    assert ENGINE.standing_move(s, "Ada", "jail-card") is None
    s.cards["Ada"] = ["s09"]
    assert ENGINE.standing_move(s, "Ada", "jail-card") == "usecard:s09"


def test_never_bidding_answers_an_auctions_question(monkeypatch):
    from .helpers import act, dice

    s = new(3)
    dice(monkeypatch, (1, 2))
    s = act(act(s, "Ada", "roll"), "Ada", "auction")
    assert ENGINE.standing_move(s, "Cy", "no-bids") == "limit:0"
    assert ENGINE.standing_move(act(s, "Cy", "limit:0"), "Cy", "no-bids") is None


def test_an_unknown_standing_answer_makes_no_move():
    assert ENGINE.standing_move(_offered_to(), "Brook", "nonsense") is None
