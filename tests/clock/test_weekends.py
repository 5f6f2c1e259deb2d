"""Weekends off, on their own: a player's clock stands still from their Saturday 00:00 to their
Monday 00:00, in their zone (UTC when they set none)."""

from datetime import datetime
from zoneinfo import ZoneInfo

from bot.clock.weekends import advance, running

HOUR = 3600.0
UTC = ZoneInfo("UTC")
TOKYO = ZoneInfo("Asia/Tokyo")


def at(*when: int, zone: ZoneInfo = UTC) -> float:
    return datetime(*when, tzinfo=zone).timestamp()


def test_a_clock_started_on_a_weekday_runs_as_usual_until_the_weekend():
    assert advance(at(2026, 10, 20, 9), 5 * HOUR, None) == at(2026, 10, 20, 14)


def test_a_clock_started_on_a_saturday_starts_running_on_monday():
    assert advance(at(2026, 10, 24, 9), HOUR, None) == at(2026, 10, 26, 1)


def test_the_weekend_is_the_players_local_one():
    # Friday 20:00 UTC is already Saturday 05:00 in Tokyo: the clock waits for Tokyo's Monday
    assert advance(at(2026, 10, 23, 20), HOUR, TOKYO) == at(2026, 10, 26, 1, zone=TOKYO)


def test_running_time_leaves_the_weekend_out():
    assert running(at(2026, 10, 23, 12), at(2026, 10, 26, 12), None) == 24 * HOUR


def test_running_time_inside_a_weekend_is_none():
    assert running(at(2026, 10, 24, 1), at(2026, 10, 25, 23), None) == 0
