"""What ``/play`` suggests as a player types: the move they mean first."""

from __future__ import annotations

from bot.discord_app.commands.play import matching
from engines.core import Action, ActionRole, Amount

ASK = Action(
    id="ask",
    label="Ask for shmeckles",
    amount=Amount(low=0, high=900, made="Ask for {n} shmeckles"),
    role=ActionRole.NORMAL,
)
OFFER = Action(
    id="offer",
    label="Offer shmeckles",
    amount=Amount(low=0, high=900, made="Offer {n} shmeckles"),
    role=ActionRole.NORMAL,
)
ROLL = Action(id="roll", label="Roll the dice", role=ActionRole.NORMAL)
BUY = Action(id="buy:3", label="Buy Blips and Chitz for 200", role=ActionRole.NORMAL)


def _values(typed: str, actions=(OFFER, ASK, ROLL, BUY)) -> list[str]:
    return [c.value for c in matching(list(actions), typed)]


def test_a_typed_amount_goes_first_to_the_move_whose_words_were_typed():
    assert _values("Ask for shmeckles 0")[0] == "ask:0"
    assert _values("offer 40")[0] == "offer:40"


def test_an_amount_out_of_a_move_s_range_is_not_suggested():
    assert "ask:901" not in _values("ask for 901")


def test_words_typed_in_another_order_still_find_the_move():
    assert _values("dice roll") == ["roll"]


def test_a_label_containing_what_was_typed_comes_before_one_matching_only_by_words():
    shuffled = Action(id="b", label="Blips: mortgage it", role=ActionRole.NORMAL)
    plain = Action(id="a", label="Mortgage Blips", role=ActionRole.NORMAL)
    assert _values("mortgage blips", (shuffled, plain)) == ["a", "b"]


def test_an_id_typed_finds_its_move_and_no_amount_move_made_with_its_number():
    assert _values("buy:3") == ["buy:3"]


def test_a_bare_number_offers_every_move_it_can_make():
    assert _values("25") == ["offer:25", "ask:25"]


def test_a_number_typed_among_words_matches_the_start_of_a_number_in_the_label():
    moves = [
        Action(id=f"m{n}", label=f"Move number {n}", role=ActionRole.NORMAL) for n in (5, 15, 50)
    ]
    assert _values("5 move", moves) == ["m5", "m50"]
