"""Clocks that fit real lives: a time bank that overruns are taken from, weekends off in the
player's own time zone, and the host's clock options checked before anything changes."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.errors import TableError
from bot.player_day.settings import PlayerSettings
from storage.clock import ClockRules
from tests.clock.conftest import ADA, BO, CHANNEL, HOUR

MINUTE = 60.0
#: Friday 23 October 2026, 12:00 UTC: the weekend after it is the one Europe's clocks go back
FRIDAY_NOON = datetime(2026, 10, 23, 12, tzinfo=ZoneInfo("UTC")).timestamp()


async def started(world, *, turn=HOUR, **rules):
    """A toy game of Ada (to move first) and Bo with these clock rules."""
    info = await world.game(ADA, BO, start=False)
    await world.service.deadlines.configure(info.id, turn_seconds=turn, rules=ClockRules(**rules))
    await world.table.start(channel_id=CHANNEL, user_id=ADA)
    return info.id


async def due_of(world, game_id, user):
    return next(d.due_at for d in await world.clocks.deadlines(game_id) if d.user_id == user)


async def bank_of(world, game_id, user, bank):
    return await world.clocks.run(lambda t: t.bank_left(game_id, user, bank))


async def test_a_turns_deadline_is_its_time_plus_the_bank_left(world):
    game = await started(world, bank_seconds=2 * HOUR)
    assert await due_of(world, game, ADA) == world.now() + 3 * HOUR


async def test_an_overrun_is_taken_from_the_time_bank(world):
    game = await started(world, bank_seconds=2 * HOUR)
    world.now.advance(90 * MINUTE)
    await world.move(ADA)
    assert await bank_of(world, game, ADA, 2 * HOUR) == 90 * MINUTE


async def test_a_move_within_the_turns_time_leaves_the_bank_whole(world):
    game = await started(world, bank_seconds=2 * HOUR)
    world.now.advance(50 * MINUTE)
    await world.move(ADA)
    assert await bank_of(world, game, ADA, 2 * HOUR) == 2 * HOUR


async def test_the_next_turn_gets_only_what_is_left_of_the_bank(world):
    game = await started(world, bank_seconds=2 * HOUR)
    world.now.advance(90 * MINUTE)
    await world.move(ADA)
    await world.move(BO)
    assert await due_of(world, game, ADA) == world.now() + HOUR + 90 * MINUTE


async def test_an_empty_bank_leads_to_the_missed_turn_path(world):
    game = await started(world, bank_seconds=HOUR)
    await world.after(2 * HOUR)
    assert len(world.notifier.turns) == 1  # the stand-in played Ada's turn
    assert (await world.clocks.seat(game, ADA)).missed == 1
    assert await bank_of(world, game, ADA, HOUR) == 0


async def test_a_player_whose_bank_is_empty_has_only_the_turns_time(world):
    game = await started(world, bank_seconds=HOUR)
    await world.after(2 * HOUR)
    await world.move(BO)
    assert await due_of(world, game, ADA) == world.now() + HOUR


async def test_a_players_clock_does_not_run_on_their_saturday_and_sunday(world):
    world.now.advance_to(FRIDAY_NOON)
    game = await started(world, turn=24 * HOUR, weekends_off=True)
    # no zone set: the UTC weekend; 12 hours on Friday, then 12 on Monday
    assert await due_of(world, game, ADA) == FRIDAY_NOON + 3 * 24 * HOUR


async def test_the_weekend_is_the_players_own_as_long_as_its_clocks_say(world):
    world.now.advance_to(FRIDAY_NOON)
    await world.clocks.set_player_settings(ADA, PlayerSettings(zone="Europe/Berlin"))
    game = await started(world, turn=24 * HOUR, weekends_off=True)
    # 10 hours to Berlin's Saturday 00:00 (22:00 UTC); its Sunday has 25 hours; Monday
    # 00:00 in Berlin is Sunday 23:00 UTC, and 14 hours more is Monday 13:00 UTC
    monday = datetime(2026, 10, 26, 13, tzinfo=ZoneInfo("UTC")).timestamp()
    assert await due_of(world, game, ADA) == monday


async def test_weekend_time_is_not_taken_from_the_bank(world):
    world.now.advance_to(FRIDAY_NOON)
    game = await started(world, turn=12 * HOUR, bank_seconds=24 * HOUR, weekends_off=True)
    world.now.advance(3 * 24 * HOUR)  # Monday noon: 12 hours of Friday and 12 of Monday ran
    await world.move(ADA)
    assert await bank_of(world, game, ADA, 24 * HOUR) == 12 * HOUR


async def test_a_bank_out_of_range_is_refused_and_changes_nothing(world):
    game = await started(world, bank_seconds=HOUR)
    before = await due_of(world, game, ADA)
    with pytest.raises(TableError, match="from 1m to 30d"):
        await world.service.host.set_clock(
            channel_id=CHANNEL, user_id=ADA, can_manage=False, turn_seconds=HOUR, bank="31d"
        )
    assert await world.clocks.rules(game) == ClockRules(bank_seconds=HOUR)
    assert await due_of(world, game, ADA) == before


async def test_a_bank_without_a_turn_clock_is_refused(world):
    await started(world)
    with pytest.raises(TableError, match="need a turn clock"):
        await world.service.host.set_clock(
            channel_id=CHANNEL, user_id=ADA, can_manage=False, turn_seconds=None, bank="1h"
        )


async def test_the_host_can_give_the_game_a_bank_later(world):
    game = await started(world)
    await world.service.host.set_clock(
        channel_id=CHANNEL, user_id=ADA, can_manage=False, turn_seconds=HOUR, bank="2h"
    )
    assert await due_of(world, game, ADA) == world.now() + 3 * HOUR


async def test_turning_the_clock_off_drops_its_bank_and_weekends(world):
    game = await started(world, bank_seconds=HOUR, weekends_off=True)
    await world.service.host.set_clock(
        channel_id=CHANNEL, user_id=ADA, can_manage=False, turn_seconds=None
    )
    assert await world.clocks.rules(game) == ClockRules()


async def test_a_new_bank_gives_every_player_the_whole_of_it(world):
    game = await started(world, bank_seconds=2 * HOUR)
    world.now.advance(90 * MINUTE)
    await world.move(ADA)
    await world.service.host.set_clock(
        channel_id=CHANNEL, user_id=ADA, can_manage=False, turn_seconds=HOUR, bank="3h"
    )
    assert await bank_of(world, game, ADA, 3 * HOUR) == 3 * HOUR


async def test_changing_only_what_away_does_keeps_what_is_left_of_the_banks(world):
    game = await started(world, bank_seconds=2 * HOUR)
    world.now.advance(90 * MINUTE)
    await world.move(ADA)
    await world.service.host.set_clock(
        channel_id=CHANNEL, user_id=ADA, can_manage=False, turn_seconds=HOUR, away="standin"
    )
    assert await bank_of(world, game, ADA, 2 * HOUR) == 90 * MINUTE
