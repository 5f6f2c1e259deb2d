"""The daily digest: a direct message of the games that await a player, once a day at the
local time they chose, kept across restarts and daylight-saving changes."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.clock.digest import BadTime, parse_time_of_day
from bot.player_day.settings import PlayerSettings
from tests.clock.conftest import ADA, BO, HOUR

UTC = ZoneInfo("UTC")
#: Saturday 24 October 2026, 05:00 UTC: 07:00 in Berlin (summer time, UTC+2)
SATURDAY_EARLY = datetime(2026, 10, 24, 5, tzinfo=UTC).timestamp()
EIGHT_IN_BERLIN = datetime(2026, 10, 24, 6, tzinfo=UTC).timestamp()
#: Sunday 25 October 2026: Berlin's clocks went back an hour at 03:00; 08:00 is 07:00 UTC
SUNDAY_EIGHT_IN_BERLIN = datetime(2026, 10, 25, 7, tzinfo=UTC).timestamp()


@pytest.fixture
async def digest_world(world):
    world.now.advance_to(SATURDAY_EARLY)
    await world.clocks.set_player_settings(
        ADA, PlayerSettings(zone="Europe/Berlin", digest_at=8 * 60)
    )
    return world


def digests_to(world, user):
    return [text for u, text in world.notifier.dms if u == user and "Your turns today" in text]


async def test_the_digest_comes_at_the_players_local_time(digest_world):
    assert await digest_world.service.digests.next_due_at() == EIGHT_IN_BERLIN


async def test_the_digest_lists_the_games_that_await_the_player(digest_world):
    await digest_world.game(ADA, BO)
    digest_world.now.advance_to(EIGHT_IN_BERLIN)
    await digest_world.service.digests.fire_due()
    [text] = digests_to(digest_world, ADA)
    assert "**Race to 21" in text and "**your turn**" in text


async def test_no_digest_is_sent_before_its_time(digest_world):
    await digest_world.game(ADA, BO)
    await digest_world.service.digests.fire_due()
    assert digests_to(digest_world, ADA) == []


async def test_the_digest_is_sent_once_a_day(digest_world):
    await digest_world.game(ADA, BO)
    digest_world.now.advance_to(EIGHT_IN_BERLIN)
    await digest_world.service.digests.fire_due()
    digest_world.now.advance(HOUR)
    await digest_world.service.digests.fire_due()
    assert len(digests_to(digest_world, ADA)) == 1


async def test_a_restart_does_not_repeat_the_days_digest(digest_world):
    await digest_world.game(ADA, BO)
    digest_world.now.advance_to(EIGHT_IN_BERLIN)
    await digest_world.service.digests.fire_due()
    await digest_world.restart()
    await digest_world.service.digests.fire_due()
    assert len(digests_to(digest_world, ADA)) == 1


async def test_a_digest_due_while_the_bot_was_down_goes_out_when_it_is_back(digest_world):
    await digest_world.game(ADA, BO)
    digest_world.now.advance_to(EIGHT_IN_BERLIN + 3 * HOUR)
    await digest_world.restart()
    await digest_world.service.digests.fire_due()
    assert len(digests_to(digest_world, ADA)) == 1


async def test_no_digest_is_sent_when_no_game_awaits_the_player(digest_world):
    await digest_world.game(BO, ADA)  # Bo moves first
    digest_world.now.advance_to(EIGHT_IN_BERLIN)
    await digest_world.service.digests.fire_due()
    assert digest_world.notifier.dms == []


async def test_the_digest_keeps_its_local_time_across_the_clock_change(digest_world):
    digest_world.now.advance_to(EIGHT_IN_BERLIN)
    await digest_world.service.digests.fire_due()
    assert await digest_world.service.digests.next_due_at() == SUNDAY_EIGHT_IN_BERLIN


async def test_a_digest_chosen_after_todays_time_starts_tomorrow(digest_world):
    digest_world.now.advance_to(EIGHT_IN_BERLIN + HOUR)
    await digest_world.service.digests.chosen(ADA, ZoneInfo("Europe/Berlin"), 8 * 60)
    assert await digest_world.service.digests.next_due_at() == SUNDAY_EIGHT_IN_BERLIN


async def test_a_player_without_a_digest_gets_none(world):
    await world.clocks.set_player_settings(ADA, PlayerSettings(zone="Europe/Berlin"))
    assert await world.service.digests.next_due_at() is None


def test_a_digest_time_is_read_as_minutes_after_midnight():
    assert parse_time_of_day("08:30") == 8 * 60 + 30


def test_off_stops_the_digest():
    assert parse_time_of_day("off") is None


def test_a_time_past_midnight_is_refused():
    with pytest.raises(BadTime, match="00:00 to 23:59"):
        parse_time_of_day("24:10")
