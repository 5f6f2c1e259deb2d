"""Undo in Discord: "↩ Undo" on the acting player's private message only, ``/play undo``, the
turn message edited back, and refusals answered privately."""

from __future__ import annotations

import copy

import pytest

from bot.discord_app.components import UNDO_LABEL
from tests.engines import pick_toy  # noqa: F401  (registers the game)


@pytest.fixture
async def picking(h, ada, bob):
    """A two-step race (pick, then take) with Ada to move."""
    await h.slash(ada, "game new", game="pick_toy", options="pile=11")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    return h.last_public()


def labels(message) -> list[str]:
    return [b["label"] for b in message.buttons()]


async def test_a_step_that_can_be_taken_back_offers_undo_privately(h, picking, ada):
    reply = await h.click(ada, picking, label="Pick 2")
    [private] = [m for m in reply.ephemeral if m.interaction_user == ada.id]
    assert UNDO_LABEL in labels(private)
    assert all(UNDO_LABEL not in labels(m) for m in h.public_messages())


async def test_undo_edits_the_turn_message_back_and_logs_the_take_back(h, picking, ada):
    first = await h.click(ada, picking, label="Pick 2")
    [private] = first.ephemeral
    undone = await h.click(ada, private, label=UNDO_LABEL)
    turn = h.last_public()
    assert "Ada took back: Pick 2" in turn.content
    assert labels(turn) == labels(picking)
    assert any("Taken back: **Pick 2**" in m.content for m in [*undone.edited, *undone.messages])


async def test_play_undo_takes_back_the_last_step(h, picking, ada):
    await h.slash(ada, "play", action="pick:3")
    reply = await h.slash(ada, "play", action="undo")
    assert "Ada took back: Pick 3" in h.last_public().content
    [ack] = reply.ephemeral
    assert "Taken back: **Pick 3**" in ack.content


async def test_play_undo_with_nothing_to_undo_is_refused_privately(h, picking, ada):
    reply = await h.slash(ada, "play", action="undo")
    assert "nothing you can take back" in reply.only_ephemeral().content
    assert h.last_public() is picking


async def test_a_stale_undo_button_is_refused_privately(h, picking, ada):
    first = await h.click(ada, picking, label="Pick 2")
    stale = copy.deepcopy(first.ephemeral[0])
    await h.slash(ada, "play", action="undo")
    await h.slash(ada, "play", action="pick:1")
    before = h.last_public()
    reply = await h.click(ada, stale, label=UNDO_LABEL)
    assert not reply.public
    assert h.last_public() is before
    assert "Ada picks 1" in before.content


async def test_play_suggests_undo_while_a_step_can_be_taken_back(h, picking, ada):
    assert "undo" not in [c["value"] for c in await h.autocomplete(ada, "play", "action", "")]
    await h.slash(ada, "play", action="pick:2")
    suggested = await h.autocomplete(ada, "play", "action", "")
    assert suggested[0]["value"] == "undo"
