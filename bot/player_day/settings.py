"""A player's own settings as the bot reads them: the value (kept by :mod:`storage`, which
imports nothing of the bot) and what the player commands parse and suggest.

:class:`PlayerSettings` is one set per user, valid in every server and in direct messages;
``ClockStore.player_settings`` / ``set_player_settings`` read and keep it.
"""

from __future__ import annotations

import re

from i18n.say import say
from storage.player_settings import (
    DAY_MINUTES,
    MAX_QUIET_MINUTES,
    MAX_REMINDERS,
    NOTIFY_WAYS,
    BadSetting,
    Notify,
    PlayerSettings,
    checked,
    clock_text,
    window_minutes,
    zone_names,
    zone_of,
)

__all__ = [
    "DAY_MINUTES",
    "MAX_QUIET_MINUTES",
    "MAX_REMINDERS",
    "NOTIFY_WAYS",
    "OFF_WORDS",
    "BadSetting",
    "Notify",
    "PlayerSettings",
    "checked",
    "clock_text",
    "find_zone",
    "parse_window",
    "suggest_zones",
    "window_minutes",
    "zone_names",
    "zone_of",
]

#: what the quiet-hours command takes as "no quiet hours"
OFF_WORDS = {"off", "none", "no", "0"}
#: Discord shows at most 25 suggestions
MAX_SUGGESTIONS = 25
_TIME = r"(\d{1,2})(?::?(\d{2}))?"
_WINDOW = re.compile(rf"^\s*{_TIME}\s*(?:-|–|to)\s*{_TIME}\s*$")


def parse_window(text: str) -> tuple[int, int] | None:
    """``"23:00-07:00"`` as (start, end) minutes after midnight; None for "off"."""
    if text.strip().lower() in OFF_WORDS:
        return None
    match = _WINDOW.match(text.lower())
    if not match:
        raise BadSetting(
            say(
                "I cannot read {typed} as quiet hours: write them like 23:00-07:00, or off.",
                typed=repr(text.strip()[:40]),
            )
        )
    h1, m1, h2, m2 = (int(g) if g else 0 for g in match.groups())
    if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59:
        raise BadSetting(say("A time of day runs from 00:00 to 23:59."))
    return h1 * 60 + m1, h2 * 60 + m2


def find_zone(typed: str) -> str:
    """The zone a player meant: its exact name, or one written in another case or with
    spaces ("europe/berlin", "America/New York"); :class:`BadSetting` when there is none."""
    text = typed.strip()
    wanted = text.lower().replace(" ", "_")
    for name in zone_names():
        if name.lower() == wanted:
            return name
    return zone_of(text).key


def suggest_zones(typed: str) -> list[str]:
    """Up to 25 zone names for what the player typed so far: any part of the name matches
    ("berlin", "new york", "america/"); names that start with it come first."""
    words = typed.strip().lower().replace(" ", "_")
    names = zone_names()
    if not words:
        return list(names[:MAX_SUGGESTIONS])
    starting = [n for n in names if n.lower().startswith(words)]
    inside = [n for n in names if words in n.lower() and n not in starting]
    city_first = sorted(inside, key=lambda n: not n.lower().split("/")[-1].startswith(words))
    return (starting + city_first)[:MAX_SUGGESTIONS]
