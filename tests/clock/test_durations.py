"""How people write turn clocks and away periods."""

import pytest

from bot.clock.durations import BadDuration, format_duration, parse_clock, parse_duration


@pytest.mark.parametrize(
    "text, seconds",
    [
        ("24h", 86400),
        ("90m", 5400),
        ("3d", 259200),
        ("1d12h", 129600),
        ("1w", 604800),
        (" 2 h ", 7200),
    ],
)
def test_durations_are_read_in_minutes_hours_days_and_weeks(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "soon", "12", "h", "0h", "3x", "1d-2h"])
def test_a_bad_duration_says_how_to_write_one(text):
    with pytest.raises(BadDuration, match="12h"):
        parse_duration(text)


@pytest.mark.parametrize("text", ["none", "off", "NONE"])
def test_none_means_no_turn_clock(text):
    assert parse_clock(text) is None


def test_durations_read_back_in_their_two_largest_units():
    assert format_duration(129600) == "1d 12h"
    assert format_duration(3 * 86400 + 5 * 3600 + 7 * 60) == "3d 5h"
    assert format_duration(30) == "under a minute"


@pytest.mark.parametrize("text", ["366d", "53w", "9" * 30 + "w"])
def test_a_duration_longer_than_a_year_is_refused(text):
    with pytest.raises(BadDuration, match="at most 365d"):
        parse_duration(text)


def test_a_number_with_thousands_of_digits_is_too_long_not_a_crash():
    with pytest.raises(BadDuration, match="too long"):
        parse_duration("9" * 5000 + "d")


def test_leading_zeros_do_not_make_a_duration_too_long():
    assert parse_duration("0" * 20 + "90m") == 90 * 60
