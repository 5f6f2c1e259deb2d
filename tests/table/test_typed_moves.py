"""What a player types into ``/play`` is read as the move it names (issue #29, item 5): case and
word order do not matter, a number is the amount of a move whose amount is typed, and a text
that names no move is answered with the range or the nearest moves, never only "use /play"."""

from __future__ import annotations

import pytest

from bot.errors import IllegalMove
from bot.table.typed import read
from engines.core import Action, ActionRole, Amount

BID = Action(
    id="bid",
    label="Bid (type an amount, at least 11)",
    amount=Amount(low=11, high=150, made="Bid {n}"),
    role=ActionRole.MAIN,
)
STEP = Action(id="bid+1", label="Bid 12", step_of="bid:12", role=ActionRole.NORMAL)
PASS = Action(id="pass", label="Pass", role=ActionRole.NORMAL)
ROLL = Action(id="roll", label="Roll the dice", role=ActionRole.MAIN)
TAKES = [Action(id=f"take:{n}", label=f"Take {n}", role=ActionRole.NORMAL) for n in (1, 2, 3)]
BANKRUPT = Action(id="bankrupt", label="Declare bankruptcy", role=ActionRole.DESTRUCTIVE)
AUCTION = [BID, STEP, PASS]


def refusal(typed: str, legal) -> str:
    with pytest.raises(IllegalMove) as refused:
        read(typed, legal)
    return refused.value.message


def test_a_suggested_amount_typed_in_lower_case_is_the_move():
    assert read("bid 50", AUCTION).id == "bid:50"


def test_words_typed_in_any_order_name_the_move():
    assert read("50 BID", AUCTION).id == "bid:50"
    assert read("2 take", TAKES).id == "take:2"


def test_a_fixed_step_and_the_typed_amount_it_equals_are_one_move():
    assert read("Bid 12", AUCTION).id in ("bid+1", "bid:12")


def test_the_one_move_holding_every_typed_word_is_that_move():
    assert read("roll", [ROLL, PASS]).id == "roll"


def test_a_destructive_move_is_made_only_when_named_in_full():
    assert "nearest" in refusal("declare", [BANKRUPT, PASS])
    assert read("declare bankruptcy", [BANKRUPT, PASS]).id == "bankrupt"


def test_an_amount_out_of_range_is_refused_with_the_range():
    assert refusal("bid 500", AUCTION) == "500 is out of range: Bid 11 to Bid 150."


def test_a_negative_amount_is_refused_with_the_range():
    assert refusal("bid -5", AUCTION) == "-5 is out of range: Bid 11 to Bid 150."


def test_an_amount_move_named_without_a_number_asks_how_much():
    assert refusal("Bid", [BID, PASS]) == "Say how much: Bid 11 to Bid 150."


def test_text_naming_no_move_is_refused_with_the_three_nearest():
    said = refusal("fly to the moon", [*TAKES, ROLL, PASS])
    assert said.startswith("“fly to the moon” is not one of your moves right now.")
    assert said.count("“") == 4 and "/play" not in said  # the text and three moves


def test_text_naming_several_moves_lists_them():
    assert refusal("take", TAKES) == (
        "“take” could be several of your moves: “Take 1”, “Take 2”, “Take 3”. Name one."
    )


def test_an_id_with_an_amount_out_of_range_is_refused_with_the_range():
    assert "from 11 to 150" in refusal("bid:5", AUCTION)
