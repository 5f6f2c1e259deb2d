"""A player's nights as instants, on the nights the clocks change: a 23:00-07:00 window lasts
8 hours on the player's own clock (9 real hours when the clocks go back, 7 when forward)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.player_day.quiet import GRACE, is_quiet, moved_deadline, quiet_ends, window_at
from bot.player_day.settings import PlayerSettings

HOUR = 3600.0
NIGHT = {"quiet_start": 23 * 60, "quiet_end": 7 * 60}


def utc(*parts: int) -> float:
    return datetime(*parts, tzinfo=UTC).timestamp()


def night(zone: str) -> PlayerSettings:
    return PlayerSettings(zone=zone, **NIGHT)


@pytest.mark.parametrize(
    ("zone", "inside", "real_hours"),
    [
        # Berlin goes back from CEST to CET in the night to Sunday 2026-10-25
        ("Europe/Berlin", utc(2026, 10, 25, 1), 9),
        # New York goes back from EDT to EST in the night to Sunday 2026-11-01
        ("America/New_York", utc(2026, 11, 1, 6), 9),
        # and forward in spring: Berlin 2027-03-28, New York 2027-03-14
        ("Europe/Berlin", utc(2027, 3, 28, 1), 7),
        ("America/New_York", utc(2027, 3, 14, 6), 7),
        # an ordinary night
        ("Europe/Berlin", utc(2026, 10, 21, 1), 8),
    ],
)
def test_a_night_lasts_eight_hours_on_the_players_own_clock(zone, inside, real_hours):
    opens, closes = window_at(night(zone), inside)
    assert (closes - opens) / HOUR == real_hours


def test_the_berlin_night_the_clocks_go_back_ends_at_seven_winter_time():
    opens, closes = window_at(night("Europe/Berlin"), utc(2026, 10, 25, 1))
    assert opens == utc(2026, 10, 24, 21)  # 23:00 CEST
    assert closes == utc(2026, 10, 25, 6)  # 07:00 CET


def test_the_new_york_night_the_clocks_go_back_ends_at_seven_standard_time():
    opens, closes = window_at(night("America/New_York"), utc(2026, 11, 1, 6))
    assert opens == utc(2026, 11, 1, 3)  # 23:00 EDT on the 31st
    assert closes == utc(2026, 11, 1, 12)  # 07:00 EST


def test_the_last_hour_of_the_longer_night_is_still_quiet():
    s = night("Europe/Berlin")
    assert is_quiet(s, utc(2026, 10, 25, 5, 59))  # 06:59 CET
    assert not is_quiet(s, utc(2026, 10, 25, 6))  # 07:00 CET


def test_the_afternoon_is_not_quiet():
    assert not is_quiet(night("America/New_York"), utc(2026, 11, 1, 20))  # 15:00 EST
    assert quiet_ends(night("America/New_York"), utc(2026, 11, 1, 20)) is None


def test_a_window_within_one_day_is_quiet_only_inside_it():
    siesta = PlayerSettings(zone="UTC", quiet_start=13 * 60, quiet_end=15 * 60)
    assert is_quiet(siesta, utc(2026, 10, 20, 14))
    assert not is_quiet(siesta, utc(2026, 10, 20, 16))
    assert not is_quiet(siesta, utc(2026, 10, 20, 12))


def test_no_quiet_hours_means_never_quiet():
    assert not is_quiet(PlayerSettings(zone="Europe/Berlin"), utc(2026, 10, 25, 1))
    assert not is_quiet(PlayerSettings(), utc(2026, 10, 25, 1))


def test_a_deadline_in_the_night_moves_to_its_end_plus_an_hour():
    s = night("Europe/Berlin")
    assert moved_deadline(s, utc(2026, 10, 25, 2)) == utc(2026, 10, 25, 6) + GRACE
    assert GRACE == HOUR


def test_a_deadline_in_the_day_stays_where_it_is():
    s = night("Europe/Berlin")
    assert moved_deadline(s, utc(2026, 10, 25, 12)) == utc(2026, 10, 25, 12)
