"""Durations people type ("24h", "3d", "1d12h", "90m") and their readable form.

Turn clocks and away periods are chosen in Discord as short text; one parser serves both so the
same spelling works everywhere, and a bad spelling gets an answer that shows a good one.
"""

from __future__ import annotations

import re

from babel.units import format_unit

from i18n import t
from i18n.languages import PSEUDO, language_of, number_locale
from i18n.say import say

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
        raise BadDuration(say("Give a duration such as 30m, 12h, 3d or 1d12h."))
    pos = 0
    total = 0
    for match in _PART.finditer(cleaned):
        if match.start() != pos:
            break
        if len(match.group(1).lstrip("0")) > MAX_DIGITS:
            raise BadDuration(too_long())
        total += int(match.group(1)) * _UNITS[match.group(2)]
        pos = match.end()
    if pos != len(cleaned) or total <= 0:
        raise BadDuration(
            say(
                "'{typed}' is not a duration. Write it like 30m, 12h, 3d or 1d12h.",
                typed=text[:40],
            )
        )
    if total > MAX_DURATION:
        raise BadDuration(too_long())
    return total


def too_long() -> str:
    return say("That is too long: at most {days}d.", days=str(MAX_DURATION // DAY))


def parse_clock(text: str | None) -> int | None:
    """A turn clock: seconds per turn, or ``None`` for "no clock"."""
    if text is None:
        return None
    if text.strip().lower() in NO_CLOCK_WORDS:
        return None
    return parse_duration(text)


#: Babel's (CLDR's) units for days, hours and minutes, and their short form in English
_UNIT_NAMES = (
    ("d", "duration-day", DAY),
    ("h", "duration-hour", HOUR),
    ("m", "duration-minute", MINUTE),
)


def format_duration(seconds: float, locale: str = "en-US") -> str:
    """A short readable duration, largest units first, for a reader of ``locale``: "1d 12h",
    "45m", "under a minute" in English (the form people type durations in); in another
    language, its own short units (CLDR's, through Babel: "1 Tg. 12 Std.")."""
    seconds = int(round(seconds))
    if seconds < MINUTE:
        return t(locale, "under a minute")
    language = language_of(locale)
    native = language is not None and language is not PSEUDO
    parts = []
    for unit, cldr, size in _UNIT_NAMES:
        count, seconds = divmod(seconds, size)
        if count:
            if native:
                parts.append(format_unit(count, cldr, length="short", locale=number_locale(locale)))
            else:
                parts.append(f"{count}{unit}")
    return " ".join(parts[:2])
