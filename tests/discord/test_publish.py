"""Posting a turn message without an interaction (timeouts, stand-ins: the clock's scheduler)."""

from __future__ import annotations

from bot.discord_app.turns import publish_to_channel
from tests.discord.harness import CHANNEL_ID


async def test_a_move_made_outside_discord_is_posted_as_a_channel_message(running, h, ada, bob):
    outcome = await h.table.act(channel_id=CHANNEL_ID, user_id=ada.id, action_id="take:1")
    channel = h.client.get_partial_messageable(CHANNEL_ID)
    message = await publish_to_channel(h.client, channel, outcome, headline="a stand-in moved")
    posted = h.world.messages[message.id]
    assert posted.via == "channel" and posted.public
    assert posted.mentioned_user_ids() == {bob.id}
    assert [b["label"] for b in posted.buttons()] == ["Take 1", "Take 2", "Take 3"]
    reply = await h.click(bob, posted, label="Take 2")
    assert "Bob takes 2" in reply.public[0].content


async def test_outcome_listeners_hear_of_every_posted_turn_message(running, h, ada):
    heard = []

    async def listener(outcome, message):
        heard.append((outcome.game.id, outcome.game.version, message.id))

    h.client.outcome_listeners.append(listener)
    reply = await h.click(ada, running, label="Take 1")
    [(game_id, version, message_id)] = heard
    [turn] = reply.public
    assert message_id == turn.id
    assert turn.buttons()[0]["custom_id"].startswith(f"tt:{game_id}:{version}:")
