"""Which moves a public turn message may offer and which only a player's private panel may:
every member receives a public message's components, so a hidden move's label never goes there,
and a click's index must find the move the component showed."""

from __future__ import annotations

from bot.table.offers import board_moves, has_private_moves, panel_moves, pick, unique
from engines import Action, ActionRole
from engines.core import Amount

PASS = Action(id="pass", label="Pass", role=ActionRole.NORMAL)
ROLL = Action(id="roll", label="Roll the dice", role=ActionRole.MAIN)
FOCUS = Action(
    id="focus:T7", label="Play the focus group in your hand", private=True, role=ActionRole.NORMAL
)
BID = Action(
    id="bid:to",
    label="Bid",
    amount=Amount(low=1, high=1500, made="Bid {n}"),
    role=ActionRole.NORMAL,
)
BID_10 = Action(id="bid:10", label="Bid 10", step_of="bid:to:10", role=ActionRole.NORMAL)
BID_50 = Action(id="bid:50", label="Bid 50", step_of="bid:to:50", role=ActionRole.NORMAL)


def test_each_move_is_offered_once_in_the_order_it_came():
    assert unique(
        [ROLL, PASS, Action(id="roll", label="Roll again", role=ActionRole.NORMAL), PASS]
    ) == [ROLL, PASS]


def test_the_public_message_offers_every_awaited_players_public_moves_in_turn_order():
    awaited = {
        22: [ROLL, PASS],
        11: [Action(id="trade", label="Offer a trade", role=ActionRole.NORMAL), PASS],
    }
    assert [a.id for a in board_moves(awaited, True)] == ["roll", "pass", "trade"]


def test_a_hidden_move_is_never_offered_on_the_public_message():
    assert board_moves({22: [FOCUS, PASS]}, True) == [PASS]


def test_a_game_whose_labels_tell_secrets_offers_no_move_publicly():
    assert board_moves({22: [ROLL, PASS]}, False) == []


def test_a_hidden_move_sends_its_player_to_the_private_panel():
    assert has_private_moves({11: [PASS], 22: [FOCUS, PASS]}, True)


def test_public_moves_alone_need_no_private_panel():
    assert not has_private_moves({11: [PASS], 22: [ROLL]}, True)


def test_in_a_game_whose_labels_tell_secrets_every_move_is_behind_the_panel():
    assert has_private_moves({22: [ROLL]}, False)


def test_nobody_with_a_move_needs_no_panel_even_in_a_secret_game():
    assert not has_private_moves({22: []}, False)


def test_the_private_panel_offers_all_of_the_players_moves_hidden_ones_too():
    assert panel_moves([FOCUS, PASS, FOCUS]) == [FOCUS, PASS]


def test_a_typed_amount_stands_for_its_fixed_steps_on_buttons():
    assert board_moves({22: [BID, BID_10, BID_50, PASS]}, True) == [BID, PASS]
    assert panel_moves([BID, BID_10, PASS]) == [BID, PASS]


def test_fixed_steps_stay_when_their_typed_move_is_not_offered():
    other = Action(id="bid:to:x", label="Bid otherwise", amount=BID.amount, role=ActionRole.NORMAL)
    assert panel_moves([BID_10, other, PASS]) == [BID_10, other, PASS]


def test_a_click_picks_the_move_at_its_index():
    assert pick([ROLL, PASS], 0) == ROLL and pick([ROLL, PASS], 1) == PASS


def test_a_click_outside_the_offered_moves_picks_nothing():
    assert pick([ROLL, PASS], 2) is None
    assert pick([ROLL, PASS], -1) is None
