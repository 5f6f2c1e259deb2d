"""Amounts are typed: a move with a number (the most a bidder will pay at an auction, a trade's
cash) is one button that opens a form; the number typed becomes the move, and a bad one gets a
private answer and changes nothing."""

from __future__ import annotations

import pytest

from engines.monopoly import movement
from tests.discord.harness import CHANNEL_ID


@pytest.fixture
async def monopoly(h, ada, bob, monkeypatch):
    """A Monopoly game; returns (first player, the other) as harness users."""
    await h.slash(ada, "game new", game="monopoly")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    [first] = await h.table.waiting_for(channel_id=CHANNEL_ID)
    rolls = [(1, 2)]  # GO + 3: an unowned property
    monkeypatch.setattr(movement, "roll_dice", lambda s: rolls.pop(0))
    return (ada, bob) if first == ada.id else (bob, ada)


async def _auction(h, monopoly):
    first, _ = monopoly
    await h.click(first, h.last_public(), label="Roll the dice")
    turn = h.last_public()
    label = next(b["label"] for b in turn.buttons() if b["label"].startswith("Auction"))
    await h.click(first, turn, label=label)
    return h.last_public()


def _button(message, start: str) -> dict:
    return next(b for b in message.buttons() if b["label"].startswith(start))


async def test_a_limit_is_one_button_that_opens_a_form_not_steps(h, monopoly):
    turn = await _auction(h, monopoly)
    labels = [b["label"] for b in turn.buttons()]
    assert not any("(+" in label for label in labels), labels  # no +1/+10 steps
    bid = _button(turn, "Bid")
    assert bid["style"] == 1  # the step's main action
    opened = await h.click(monopoly[0], turn, custom_id=bid["custom_id"])
    assert opened.callback_type == 9 and opened.messages == []
    form = opened.modal
    assert form["title"] == "Bid up to" and "From 1 to 1,500" in str(form["components"])


async def test_the_typed_limit_is_the_bidders_answer_told_only_to_them(h, monopoly):
    first, other = monopoly
    turn = await _auction(h, monopoly)
    opened = await h.click(first, turn, custom_id=_button(turn, "Bid")["custom_id"])
    reply = await h.submit(first, opened, turn, amount="137")
    assert not any("137" in m.content for m in reply.public + reply.edited)
    assert any("137" in m.content for m in reply.ephemeral)
    game = await h.table.game(channel_id=CHANNEL_ID)
    assert (await h.table.waiting_for(channel_id=CHANNEL_ID)) == [other.id], game


@pytest.mark.parametrize("typed", ["abc", "0", "999999", " ", "12.5"])
async def test_a_bad_bid_gets_a_private_answer_and_changes_nothing(h, monopoly, typed):
    first, _ = monopoly
    turn = await _auction(h, monopoly)
    before = (await h.table.game(channel_id=CHANNEL_ID)).version
    opened = await h.click(first, turn, custom_id=_button(turn, "Bid")["custom_id"])
    reply = await h.submit(first, opened, turn, amount=typed)
    answer = reply.only_ephemeral()
    assert "whole number from 1 to" in answer.content
    assert (await h.table.game(channel_id=CHANNEL_ID)).version == before


async def test_someone_not_bidding_gets_a_private_answer_not_a_form(h, monopoly):
    turn = await _auction(h, monopoly)
    before = (await h.table.game(channel_id=CHANNEL_ID)).version
    spectator = await h.click(h.user("Eve"), turn, custom_id=_button(turn, "Bid")["custom_id"])
    assert spectator.modal is None and "not one of them" in spectator.only_ephemeral().content
    assert (await h.table.game(channel_id=CHANNEL_ID)).version == before


async def test_a_form_sent_after_the_board_moved_on_changes_nothing(h, monopoly):
    first, other = monopoly
    turn = await _auction(h, monopoly)
    opened = await h.click(first, turn, custom_id=_button(turn, "Bid")["custom_id"])
    await h.slash(first, "play", action="limit:0")
    before = (await h.table.game(channel_id=CHANNEL_ID)).version
    reply = await h.submit(first, opened, turn, amount="50")
    assert not reply.public and reply.ephemeral
    assert (await h.table.game(channel_id=CHANNEL_ID)).version == before


async def test_trade_cash_is_typed_on_the_private_panel(h, monopoly):
    first, other = monopoly
    turn = h.last_public()
    assert not any(b["label"].startswith("Start a trade") for b in turn.buttons())
    # starting a trade is the player's private business: on their panel, not the board
    panel = (await h.click(first, turn, label="Choose your move (privately)")).only_ephemeral()
    await h.click(first, panel, custom_id=_button(panel, "Start a trade")["custom_id"])
    labels = [b["label"] for b in panel.buttons()]
    assert not any("more shmeckles" in label for label in labels), labels
    opened = await h.click(first, panel, custom_id=_button(panel, "Offer shmeckles")["custom_id"])
    assert opened.modal is not None and opened.modal["custom_id"].startswith("ttnp:")
    await h.submit(first, opened, panel, amount="120")
    assert "Offer 120 shmeckles" in panel.content  # the panel itself, updated in place
    assert "you offer 120 now" in str(panel.buttons())


async def test_play_offers_the_typed_limit_as_you_type_it_and_makes_it(h, monopoly):
    first, other = monopoly
    await _auction(h, monopoly)
    choices = await h.autocomplete(first, "play", "action", "bid up to 75")
    assert choices[0] == {"name": "Bid up to 75", "value": "limit:to:75"}
    await h.slash(first, "play", action="limit:to:75")
    assert await h.table.waiting_for(channel_id=CHANNEL_ID) == [other.id]


async def test_play_with_a_typed_move_but_no_amount_says_so(h, monopoly):
    first, _ = monopoly
    await _auction(h, monopoly)
    before = (await h.table.game(channel_id=CHANNEL_ID)).version
    answer = (await h.slash(first, "play", action="limit:to")).only_ephemeral()
    assert "needs an amount" in answer.content and "whole number from 1 to" in answer.content
    assert (await h.table.game(channel_id=CHANNEL_ID)).version == before
