"""Nights respected (issue #28): "Nothing notifies a player inside their quiet hours: no
mention, DM or reminder. [...] at the end of their quiet hours they get one notice (not a
burst), unless they moved meanwhile. A deadline that would fall inside a player's quiet hours
is moved to the end of them plus a grace of an hour."

The clock here starts at 13:46 UTC (tests.clock.conftest.START); Bo sleeps 13:00-21:00 UTC.
"""

from __future__ import annotations

import pytest

from bot.clock.common import ClockConfig
from bot.clock.service import ClockServices
from bot.discord_app import clock_texts as words
from bot.player_day.quiet import GRACE, quiet_ends
from bot.player_day.settings import PlayerSettings
from tests.clock.conftest import ADA, BO, CHANNEL, CY, HOUR, OTHER_CHANNEL, START

pytestmark = pytest.mark.usefixtures("world")
BO_SLEEPS = PlayerSettings(zone="UTC", quiet_start=13 * 60, quiet_end=21 * 60)
WAKES = quiet_ends(BO_SLEEPS, START)


async def asleep(world, **changes) -> None:
    await world.clocks.set_player_settings(BO, BO_SLEEPS.changed(**changes))


def woke_texts(world) -> list[tuple[int, str, tuple]]:
    return [(c, text, m) for c, text, m in world.notifier.texts if text.startswith("☀️")]


def reminders_to(world, user: int) -> list[str]:
    return [text for _, text, m in world.notifier.texts if "⏰" in text and user in m]


async def test_the_test_starts_inside_bo_s_night(world):
    assert WAKES is not None and START < WAKES < START + 8 * HOUR


async def test_a_sleeper_gets_no_direct_message_when_their_turn_begins(world):
    await asleep(world, notify="both")
    await world.game(ADA, BO)
    await world.move(ADA)
    assert world.notifier.dms == []


async def test_a_sleeper_is_told_once_in_the_channel_when_their_night_ends(world):
    await asleep(world)
    await world.game(ADA, BO)
    await world.move(ADA)
    await world.run_until(WAKES - 1)
    assert woke_texts(world) == []
    await world.run_until(WAKES + 2 * HOUR)
    assert woke_texts(world) == [(CHANNEL, words.woke(world.last_game, BO), (BO,))]


async def test_a_sleeper_who_wants_dms_gets_one_for_all_their_games(world):
    await asleep(world, notify="dm")
    await world.game(ADA, BO)
    await world.game(ADA, BO, channel=OTHER_CHANNEL)
    await world.move(ADA)
    await world.move(ADA, channel=OTHER_CHANNEL)
    await world.run_until(WAKES + 2 * HOUR)
    assert [u for u, _ in world.notifier.dms] == [BO]
    text = world.notifier.dms[0][1]
    assert f"<#{CHANNEL}>" in text and f"<#{OTHER_CHANNEL}>" in text
    assert woke_texts(world) == []


async def test_a_sleeper_who_moved_in_the_night_gets_no_morning_notice(world):
    await asleep(world)
    await world.game(ADA, BO)
    await world.move(ADA)
    await world.move(BO)
    await world.run_until(WAKES + 2 * HOUR)
    assert woke_texts(world) == []


async def test_a_held_notice_survives_a_restart_and_is_sent_once(world):
    await asleep(world)
    await world.game(ADA, BO)
    await world.move(ADA)
    await world.restart()
    await world.run_until(WAKES + 2 * HOUR)
    await world.restart()
    await world.run_until(WAKES + 4 * HOUR)
    assert len(woke_texts(world)) == 1


async def test_no_reminder_comes_in_the_night(world):
    """Bo's 2-hour turn would be reminded at half time and near the end, both in his night."""
    await asleep(world)
    await world.game(ADA, BO, clock=2 * 3600)
    await world.move(ADA)
    await world.run_until(WAKES - 1)
    assert reminders_to(world, BO) == []


async def test_a_deadline_in_the_night_moves_to_an_hour_after_it(world):
    await asleep(world)
    await world.game(ADA, BO, clock=2 * 3600)
    await world.move(ADA)
    (d,) = [d for d in await world.clocks.deadlines(world.last_game.id) if d.user_id == BO]
    assert d.due_at == WAKES + GRACE


async def test_a_deadline_in_the_day_stays_where_the_clock_puts_it(world):
    await asleep(world)
    await world.game(ADA, BO, clock=10 * 3600)  # due at 23:46, after the night
    await world.move(ADA)
    (d,) = [d for d in await world.clocks.deadlines(world.last_game.id) if d.user_id == BO]
    assert d.due_at == START + 10 * HOUR


async def test_a_muted_game_never_reminds(world):
    await world.game(ADA, BO, clock=4 * 3600)
    await world.service.players.mute(channel_id=CHANNEL, user_id=BO, muted=True)
    await world.move(ADA)
    await world.run_until(START + 3.5 * HOUR)
    assert reminders_to(world, BO) == []


async def test_a_player_who_wants_no_notice_is_never_reminded(world):
    await world.service.players.set_notifications(user_id=BO, how="none")
    await world.game(ADA, BO, clock=4 * 3600)
    await world.move(ADA)
    await world.run_until(START + 3.5 * HOUR)
    assert reminders_to(world, BO) == []


async def test_one_reminder_per_turn_is_the_one_near_the_end(world):
    await world.service.players.set_notifications(user_id=BO, reminders=1)
    await world.game(ADA, BO, clock=4 * 3600)
    await world.move(ADA)
    await world.run_until(START + 3.5 * HOUR)
    assert len(reminders_to(world, BO)) == 1
    assert "nearly up" in reminders_to(world, BO)[0]


async def test_a_sleeper_is_not_pinged_by_a_new_turn_message(world):
    await asleep(world)
    await world.game(ADA, BO)
    assert await world.service.nights.mentions(world.last_game, [ADA, BO]) == [ADA]


async def test_with_nights_not_respected_the_night_is_like_the_day(world):
    world.service.detach()
    world.service = ClockServices.build(
        world.table,
        world.clocks,
        world.notifier,
        now=world.now,
        config=ClockConfig(respect_nights=False),
    )
    await asleep(world)
    await world.game(ADA, BO, clock=2 * 3600)
    await world.move(ADA)
    await world.run_until(START + 1.5 * HOUR)
    assert len(reminders_to(world, BO)) == 2


async def test_a_vote_opening_in_the_night_does_not_ping_the_sleeper(world):
    """Ada misses three turns at 13:46 UTC, inside Bo's night: Cy is asked to vote with a
    ping, Bo is asked without one."""
    await asleep(world)
    await world.game(ADA, BO, CY)
    for _ in range(3):
        await world.after(24 * HOUR)
        while (await world.waiting()) and (await world.waiting())[0] != ADA:
            await world.move((await world.waiting())[0])
    [(_, _, mention)] = [t for t in world.notifier.texts if "🗳️" in t[1]]
    assert set(mention) == {CY}


async def test_an_away_that_ends_in_the_night_moves_the_deadline_to_an_hour_after_it(world):
    await asleep(world)
    await world.game(ADA, BO, clock=10 * 3600)  # due at 23:46, after the night
    await world.move(ADA)
    await world.service.absences.away(user_id=BO, seconds=15 * HOUR)  # 14:46 the next day
    (d,) = [d for d in await world.clocks.deadlines(world.last_game.id) if d.user_id == BO]
    assert d.due_at == quiet_ends(BO_SLEEPS, START + 25 * HOUR) + GRACE


async def test_a_resumed_clock_moves_a_deadline_it_brought_into_the_night(world):
    await asleep(world)
    await world.game(ADA, BO, clock=10 * 3600)
    await world.move(ADA)
    await world.service.host.pause(channel_id=CHANNEL, user_id=ADA, can_manage=True)
    await world.run_until(START + 15 * HOUR)
    await world.service.host.resume(channel_id=CHANNEL, user_id=ADA, can_manage=True)
    (d,) = [d for d in await world.clocks.deadlines(world.last_game.id) if d.user_id == BO]
    assert d.due_at == quiet_ends(BO_SLEEPS, START + 25 * HOUR) + GRACE
