"""Unexpected failures: a private apology, a log line without game content, nothing public."""

from __future__ import annotations

import logging

from bot.discord_app.replies import APOLOGY


async def test_an_unexpected_error_in_a_command_gets_a_private_apology(running, h, ada, caplog):
    hidden = "ace of " + "spades"

    async def broken(**kwargs):
        raise RuntimeError(f"secret hand: {hidden}")

    h.table.act = broken
    with caplog.at_level(logging.ERROR, logger="bot.discord_app"):
        reply = await h.slash(ada, "play", action="take:1")
    assert reply.only_ephemeral().content == APOLOGY
    [record] = [r for r in caplog.records if r.name.startswith("bot.discord_app")]
    assert "RuntimeError" in record.getMessage()
    assert "ace of spades" not in caplog.text


async def test_an_unexpected_error_after_a_click_gets_a_private_apology(running, h, ada):
    async def broken(**kwargs):
        raise RuntimeError("boom")

    h.table.act = broken
    reply = await h.click(ada, running, label="Take 1")
    assert reply.only_ephemeral().content == APOLOGY


async def test_a_refusal_never_shows_a_stack_trace(running, h, bob):
    reply = await h.slash(bob, "play", action="take:1")
    assert "Traceback" not in reply.only_ephemeral().content


async def test_a_failing_outcome_listener_does_not_break_the_move(running, h, ada, bob):
    seen = []

    async def listener(outcome, message):
        seen.append(message.id)
        raise RuntimeError("listener bug")

    h.client.outcome_listeners.append(listener)
    reply = await h.click(ada, running, label="Take 1")
    assert seen == [reply.public[0].id]
    assert bob.mention in reply.public[0].content


async def test_a_failing_public_note_source_is_left_out_and_the_move_goes_on(running, h, ada, bob):
    async def broken(game):
        raise RuntimeError("note bug")

    async def fine(game):
        return ["a public note"]

    h.table.note_sources.extend([broken, fine])
    reply = await h.click(ada, running, label="Take 1")
    [turn] = reply.public
    assert "a public note" in turn.content and bob.mention in turn.content
