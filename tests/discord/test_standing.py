"""/game standing (issue 30): a player answers a recurring question once, privately; the
autocomplete offers the game's standing answers, /game hand lists the ones set, only to their
owner, and an answer the game does not offer is refused privately."""

from __future__ import annotations

import pytest

from tests.discord.harness import CHANNEL_ID


@pytest.fixture
async def monopoly(h, ada, bob):
    await h.slash(ada, "game new", game="monopoly")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    return ada, bob


async def test_the_autocomplete_offers_the_games_standing_answers(h, monopoly):
    ada, _ = monopoly
    choices = await h.autocomplete(ada, "game standing", "answer", "trade")
    assert {"name": "Decline every trade offer", "value": "decline-trades"} in choices


async def test_a_standing_answer_set_is_answered_privately_and_shown_in_ones_hand(h, monopoly):
    ada, bob = monopoly
    reply = await h.slash(ada, "game standing", answer="decline-trades")
    assert "Decline every trade offer" in reply.only_ephemeral().content and not reply.public
    mine = (await h.slash(ada, "game hand")).only_ephemeral().content
    theirs = (await h.slash(bob, "game hand")).only_ephemeral().content
    assert "Decline every trade offer" in mine and "Decline every trade offer" not in theirs


async def test_a_standing_answer_the_game_does_not_offer_is_refused_privately(h, monopoly):
    ada, _ = monopoly
    before = (await h.table.game(channel_id=CHANNEL_ID)).version
    reply = await h.slash(ada, "game standing", answer="nonsense")
    assert "not a standing answer" in reply.only_ephemeral().content and not reply.public
    assert (await h.table.game(channel_id=CHANNEL_ID)).version == before
