"""A player's nights, as instants: pure functions of their settings and a UTC timestamp.

A quiet window is kept in local wall-clock time ("23:00-07:00"), so on the night the clocks
change it lasts as long as the player expects on their own clock: 8 local hours, which are 9
real hours when the clocks go back and 7 when they go forward. Each window is turned into UTC
instants through the zone's rules for that very date (``zoneinfo``), never through a fixed
offset. A wall time skipped by a change (02:30 on the night clocks go forward) counts from the
same time on the clock before the change, as ``zoneinfo`` reads it.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from storage.player_settings import PlayerSettings, zone_of

#: a deadline that would fall in someone's night moves to the end of it plus this much
GRACE = 3600.0


def _at(day: date, minutes: int, settings: PlayerSettings) -> float:
    assert settings.zone is not None
    wall = datetime.combine(day, time(minutes // 60, minutes % 60), tzinfo=zone_of(settings.zone))
    return wall.timestamp()


def window_at(settings: PlayerSettings, at: float) -> tuple[float, float] | None:
    """The quiet window (start, end as UTC timestamps) that ``at`` falls in, or None."""
    if not settings.has_quiet or settings.zone is None:
        return None
    start, end = settings.quiet_start, settings.quiet_end
    assert start is not None and end is not None
    today = datetime.fromtimestamp(at, tz=zone_of(settings.zone)).date()
    # a window that began yesterday evening may still be running, or one that begins today
    for first in (today - timedelta(days=1), today):
        last = first + timedelta(days=1) if end <= start else first
        opens, closes = _at(first, start, settings), _at(last, end, settings)
        if opens <= at < closes:
            return opens, closes
    return None


def is_quiet(settings: PlayerSettings, at: float) -> bool:
    """Whether ``at`` is inside the player's quiet hours."""
    return window_at(settings, at) is not None


def quiet_ends(settings: PlayerSettings, at: float) -> float | None:
    """When the quiet window ``at`` falls in ends (None: ``at`` is not in one)."""
    window = window_at(settings, at)
    return None if window is None else window[1]


def moved_deadline(settings: PlayerSettings, due_at: float) -> float:
    """A deadline inside the player's quiet hours moves to their end plus :data:`GRACE`;
    any other stays where it is."""
    ends = quiet_ends(settings, due_at)
    return due_at if ends is None else ends + GRACE


def local_now(settings: PlayerSettings, at: float) -> datetime | None:
    """The player's wall clock at ``at`` (None: no zone set)."""
    if settings.zone is None:
        return None
    return datetime.fromtimestamp(at, tz=UTC).astimezone(zone_of(settings.zone))
