"""Weekends off: a player's clock does not run on their own Saturday and Sunday.

The weekend is the player's local one, from Saturday 00:00 to Monday 00:00 in their time zone
(zone rules from ``zoneinfo``, with the ``tzdata`` package, so a weekend on the night clocks
change is as long as the wall clock says); a player with no zone set has the UTC weekend.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

UTC = ZoneInfo("UTC")
SATURDAY = 5


def _midnight(day: date, zone: ZoneInfo) -> float:
    return datetime.combine(day, time(0), tzinfo=zone).timestamp()


def _span(at: float, zone: ZoneInfo) -> tuple[bool, float]:
    """Whether ``at`` falls in the player's weekend, and when that stretch (the weekend, or
    the working days before the next one) ends."""
    today = datetime.fromtimestamp(at, zone).date()
    weekday = today.weekday()
    if weekday >= SATURDAY:
        return True, _midnight(today + timedelta(days=7 - weekday), zone)
    return False, _midnight(today + timedelta(days=SATURDAY - weekday), zone)


def advance(start: float, seconds: float, zone: ZoneInfo | None) -> float:
    """The moment ``seconds`` of the player's running clock have passed after ``start``,
    the clock standing still through their weekends."""
    zone = zone or UTC
    at, left = start, seconds
    while True:
        weekend, end = _span(at, zone)
        if not weekend:
            if at + left <= end:
                return at + left
            left -= end - at
        at = end


def running(start: float, stop: float, zone: ZoneInfo | None) -> float:
    """Seconds the player's clock ran between ``start`` and ``stop`` (weekends left out)."""
    zone = zone or UTC
    at, total = start, 0.0
    while at < stop:
        weekend, end = _span(at, zone)
        if not weekend:
            total += min(end, stop) - at
        at = end
    return total
