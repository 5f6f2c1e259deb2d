"""Reminders before the deadline, nudges by the other players, and direct-message notices."""

import pytest

from bot.discord_app import clock_texts as words
from bot.errors import NotSeated, TableError
from tests.clock.conftest import ADA, BO, CHANNEL, CY, HOUR, START


def reminders(world):
    return [(text, mention) for _, text, mention in world.notifier.texts if "⏰" in text]


async def test_the_awaited_player_is_reminded_at_half_time_and_an_hour_before_the_end(world):
    await world.game(ADA, BO)
    await world.after(12 * HOUR)
    await world.after(11 * HOUR)
    sent = reminders(world)
    assert len(sent) == 2
    due = f"<t:{int(START + 24 * HOUR)}:R>"
    assert "half your time has gone" in sent[0][0] and due in sent[0][0]
    assert "nearly up" in sent[1][0] and due in sent[1][0]
    assert all(mention == (ADA,) for _, mention in sent)


async def test_each_reminder_is_sent_once(world):
    await world.game(ADA, BO)
    await world.after(12 * HOUR)
    await world.service.firing.fire_due()
    await world.after(HOUR)
    assert len(reminders(world)) == 1


async def test_moving_in_time_means_no_reminder(world):
    await world.game(ADA, BO)
    await world.after(HOUR)
    await world.move(ADA)
    await world.after(12 * HOUR + 1)
    assert [mention for _, mention in reminders(world)] == [(BO,)]


async def test_a_reminder_that_came_due_while_the_bot_was_down_is_not_sent_late(world):
    await world.game(ADA, BO)
    await world.close()
    world.now.advance(23.5 * HOUR)
    await world.open()
    await world.service.deadlines.recover()
    await world.service.firing.fire_due()
    sent = reminders(world)
    assert len(sent) == 1 and "nearly up" in sent[0][0]


async def test_another_player_can_nudge_the_awaited_one(world):
    await world.game(ADA, BO)
    said = words.nudge(await world.service.reminders.nudge(channel_id=CHANNEL, user_id=BO))
    assert said.mention == (ADA,)
    assert f"<@{ADA}>" in said.text


async def test_a_game_can_be_nudged_only_once_in_twelve_hours(world):
    await world.game(ADA, BO, CY)
    await world.service.reminders.nudge(channel_id=CHANNEL, user_id=BO)
    world.now.advance(11 * HOUR)
    with pytest.raises(TableError, match="nudged less than 12h ago"):
        await world.service.reminders.nudge(channel_id=CHANNEL, user_id=CY)
    world.now.advance(HOUR)
    await world.service.reminders.nudge(channel_id=CHANNEL, user_id=CY)


async def test_nobody_nudges_themselves(world):
    await world.game(ADA, BO)
    with pytest.raises(TableError, match="Nobody else"):
        await world.service.reminders.nudge(channel_id=CHANNEL, user_id=ADA)


async def test_a_spectator_cannot_nudge(world):
    await world.game(ADA, BO)
    with pytest.raises(NotSeated):
        await world.service.reminders.nudge(channel_id=CHANNEL, user_id=CY)


async def test_turn_notices_by_direct_message_are_off_by_default(world):
    await world.game(ADA, BO)
    await world.move(ADA)
    assert world.notifier.dms == []


async def test_a_player_who_turned_notices_on_gets_a_direct_message_on_their_turn(world):
    await world.service.players.set_notifications(user_id=BO, how="both")
    await world.game(ADA, BO)
    await world.move(ADA)
    assert [u for u, _ in world.notifier.dms] == [BO]
    assert "your turn" in world.notifier.dms[0][1]


async def test_a_failing_direct_message_is_reported_once_and_quietly(world):
    await world.service.players.set_notifications(user_id=BO, how="both")
    world.notifier.closed_dms.add(BO)
    await world.game(ADA, BO)
    await world.move(ADA)
    await world.move(BO)
    await world.move(ADA)
    told = [
        (text, mention) for _, text, mention in world.notifier.texts if "direct message" in text
    ]
    assert len(told) == 1
    assert told[0][1] == ()
