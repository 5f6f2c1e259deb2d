"""Someone who is not playing is told so, whatever part of a game they touch (issue #29,
item 5): a button, a red button, a select menu (plain or destructive), an amount's button,
the "choose your move" button, or ``/play``."""

from __future__ import annotations

import sys

import pytest

import engines
import rendering
from tests.discord import wide
from tests.discord.harness import CHANNEL_ID, Harness

#: what a non-player is told: a click says whose buttons they are, /play says it outright
NOT_PLAYING = ("you are not one of them", "You are not playing in this game")


@pytest.fixture
async def hw(tmp_path):
    wide.ENGINE.count, wide.ENGINE.long_ids = 60, False
    wide.ENGINE.losing, wide.ENGINE.losing_at = True, 40  # a red move in a select menu
    engines.register(wide.ENGINE)
    rendering.register("wide", sys.modules[wide.__name__])
    try:
        async with Harness.open(tmp_path / "wide.sqlite") as harness:
            ada, bob = harness.user("Ada"), harness.user("Bob")
            await harness.slash(ada, "game new", game="wide", choice="red")
            await harness.slash(bob, "game join", choice="blue")
            await harness.slash(ada, "game start")
            yield harness
            assert harness.world.violations == []
    finally:
        del wide.ENGINE.losing, wide.ENGINE.losing_at
        engines.unregister("wide")


def _told_not_playing(reply) -> bool:
    return any(words in reply.only_ephemeral().content for words in NOT_PLAYING)


async def test_a_non_player_clicking_a_move_button_is_told_they_are_not_playing(hw):
    turn = hw.last_public()
    [button] = turn.buttons()
    assert _told_not_playing(await hw.click(hw.user("Eve"), turn, custom_id=button["custom_id"]))


async def test_a_non_player_choosing_from_a_select_menu_is_told_they_are_not_playing(hw):
    turn = hw.last_public()
    option = next(o for s in turn.selects() for o in s["options"] if not o.get("description"))
    assert _told_not_playing(await hw.choose(hw.user("Eve"), turn, option["value"]))


async def test_a_non_player_choosing_a_destructive_move_is_told_they_are_not_playing(hw):
    turn = hw.last_public()
    option = next(o for s in turn.selects() for o in s["options"] if o.get("description"))
    reply = await hw.choose(hw.user("Eve"), turn, option["value"])
    assert _told_not_playing(reply) and "Are you sure" not in reply.text


async def test_a_non_player_using_play_is_told_they_are_not_playing(hw):
    assert _told_not_playing(await hw.slash(hw.user("Eve"), "play", action="m1"))


async def test_a_non_player_typing_into_play_is_offered_no_moves(hw):
    assert await hw.autocomplete(hw.user("Eve"), "play", "action", "m") == []


@pytest.fixture
async def auction(h, monkeypatch):
    """A Monopoly auction (Ada and Bob), its turn message with the Bid button."""
    from engines.monopoly import movement

    ada, bob = h.user("Ada"), h.user("Bob")
    await h.slash(ada, "game new", game="monopoly")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    [first] = await h.table.waiting_for(channel_id=CHANNEL_ID)
    monkeypatch.setattr(movement, "roll_dice", lambda s: (1, 2))
    mover = ada if first == ada.id else bob
    await h.click(mover, h.last_public(), label="Roll the dice")
    turn = h.last_public()
    label = next(b["label"] for b in turn.buttons() if b["label"].startswith("Auction"))
    await h.click(mover, turn, label=label)
    return h.last_public()


async def test_a_non_player_clicking_an_amount_button_is_told_they_are_not_playing(h, auction):
    bid = next(b for b in auction.buttons() if b["label"].startswith("Bid"))
    reply = await h.click(h.user("Eve"), auction, custom_id=bid["custom_id"])
    assert reply.modal is None and _told_not_playing(reply)


async def test_a_non_player_typing_a_bid_is_told_they_are_not_playing(h, auction):
    assert _told_not_playing(await h.slash(h.user("Eve"), "play", action="bid 50"))
