"""A player's settings refuse what cannot be kept, with a sentence, and parse what /me takes."""

from __future__ import annotations

import pytest

from bot.player_day.settings import (
    BadSetting,
    PlayerSettings,
    checked,
    parse_window,
    suggest_zones,
)

BERLIN = PlayerSettings(zone="Europe/Berlin")


def test_the_defaults_are_a_player_who_set_nothing():
    s = PlayerSettings()
    assert (s.zone, s.quiet_start, s.notify, s.reminders_per_turn) == (None, None, "mention", 2)


def test_an_unknown_zone_is_refused():
    with pytest.raises(BadSetting, match="no time zone called 'Mars/Olympus'"):
        checked({"zone": "Mars/Olympus"})


def test_quiet_hours_of_no_time_are_refused():
    """Issue #28: "Quiet hours of 0 or more than 16 hours are refused." """
    with pytest.raises(BadSetting, match="no time at all"):
        BERLIN.changed(quiet_start=600, quiet_end=600)


def test_quiet_hours_longer_than_sixteen_hours_are_refused():
    with pytest.raises(BadSetting, match="at most 16 hours"):
        BERLIN.changed(quiet_start=20 * 60, quiet_end=12 * 60 + 1)


def test_sixteen_hours_of_quiet_are_kept():
    assert BERLIN.changed(quiet_start=20 * 60, quiet_end=12 * 60).has_quiet


def test_quiet_hours_without_a_zone_are_refused():
    with pytest.raises(BadSetting, match="time zone first"):
        PlayerSettings().changed(quiet_start=23 * 60, quiet_end=7 * 60)


def test_more_reminders_than_the_clock_has_are_refused():
    with pytest.raises(BadSetting, match="from 0 to 2"):
        PlayerSettings().changed(reminders_per_turn=3)


def test_an_unknown_way_to_be_told_is_refused():
    with pytest.raises(BadSetting):
        PlayerSettings().changed(notify="pigeon")


def test_a_window_is_read_with_or_without_minutes():
    assert parse_window("23:00-07:00") == (23 * 60, 7 * 60)
    assert parse_window("22-6") == (22 * 60, 6 * 60)
    assert parse_window(" 23:30 to 06:15 ") == (23 * 60 + 30, 6 * 60 + 15)


def test_off_reads_as_no_window():
    assert parse_window("off") is None


@pytest.mark.parametrize("text", ["late", "25:00-07:00", "23:00", "23:61-07:00"])
def test_what_is_no_window_is_refused(text):
    with pytest.raises(BadSetting):
        parse_window(text)


def test_zones_are_suggested_from_any_part_of_their_name():
    assert "Europe/Berlin" in suggest_zones("berlin")
    assert suggest_zones("new york")[0] == "America/New_York"


def test_at_most_25_zones_are_suggested():
    assert len(suggest_zones("")) == 25
    assert len(suggest_zones("a")) == 25
