"""Durations people type ("24h", "3d", "1d12h", "90m") and their readable form.

Turn clocks and away periods are chosen in Discord as short text; one parser serves both so the
same spelling works everywhere, and a bad spelling gets an answer that shows a good one.
"""

from __future__ import annotations

import re

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR

_UNITS = {"m": MINUTE, "h": HOUR, "d": DAY, "w": 7 * DAY}
_PART = re.compile(r"(\d+)\s*([mhdw])")
NO_CLOCK_WORDS = {"none", "off", "no", "0"}
#: the longest duration anyone needs (a year); longer ones are refused, not stored
MAX_DURATION = 365 * DAY
#: more digits than any duration up to MAX_DURATION needs (525600m); longer numbers are not read
MAX_DIGITS = 7


class BadDuration(ValueError):
    """Text that is not a duration; the message says how to write one."""


def parse_duration(text: str) -> int:
    """Seconds in ``text``, e.g. "24h" -> 86400, "1d12h" -> 129600."""
    cleaned = text.strip().lower().replace(" ", "")
    if not cleaned:
        raise BadDuration("Give a duration such as 30m, 12h, 3d or 1d12h.")
    pos = 0
    total = 0
    for match in _PART.finditer(cleaned):
        if match.start() != pos:
            break
        if len(match.group(1).lstrip("0")) > MAX_DIGITS:
            raise BadDuration(f"That is too long: at most {MAX_DURATION // DAY}d.")
        total += int(match.group(1)) * _UNITS[match.group(2)]
        pos = match.end()
    if pos != len(cleaned) or total <= 0:
        raise BadDuration(f"'{text[:40]}' is not a duration. Write it like 30m, 12h, 3d or 1d12h.")
    if total > MAX_DURATION:
        raise BadDuration(f"That is too long: at most {MAX_DURATION // DAY}d.")
    return total


def parse_clock(text: str | None) -> int | None:
    """A turn clock: seconds per turn, or ``None`` for "no clock"."""
    if text is None:
        return None
    if text.strip().lower() in NO_CLOCK_WORDS:
        return None
    return parse_duration(text)


def format_duration(seconds: float) -> str:
    """A short readable duration, largest units first: "1d 12h", "45m", "under a minute"."""
    seconds = int(round(seconds))
    if seconds < MINUTE:
        return "under a minute"
    parts = []
    for unit, size in (("d", DAY), ("h", HOUR), ("m", MINUTE)):
        count, seconds = divmod(seconds, size)
        if count:
            parts.append(f"{count}{unit}")
    return " ".join(parts[:2])
