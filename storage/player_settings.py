"""A player's settings, one set per user for every server: the value and its checks.

Here, beside the tables that keep it (``player_settings``, migration 0150, read and written by
:mod:`storage.clock`), because storage imports nothing of the bot; the bot knows it as
:mod:`bot.player_day.settings`. Every check refuses with a sentence the player can read, so the
``/me`` commands show it as it is and change nothing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from i18n.say import say

DAY_MINUTES = 24 * 60
#: the longest quiet window a player may set: a night, not a way to stop every clock
MAX_QUIET_MINUTES = 16 * 60
#: today's reminders: one at half time, one near the end
DEFAULT_REMINDERS = 2
MAX_REMINDERS = 2

Notify = Literal["mention", "dm", "both", "none"]
NOTIFY_WAYS: tuple[Notify, ...] = ("mention", "dm", "both", "none")


class BadSetting(ValueError):
    """A setting the player asked for cannot be kept (the message says why)."""


@lru_cache(maxsize=1)
def zone_names() -> tuple[str, ...]:
    """Every IANA zone name known (from the ``tzdata`` package, or the system's), sorted."""
    return tuple(
        sorted(
            n
            for n in available_timezones()
            if ("/" in n or n == "UTC") and not n.startswith(("posix/", "right/"))
        )
    )


def zone_of(name: str) -> ZoneInfo:
    """The zone called ``name``; :class:`BadSetting` when there is none."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name too long for a file
        raise BadSetting(
            say(
                "I know no time zone called {typed}. Pick one of the suggestions, like "
                "Europe/Berlin or America/New_York.",
                typed=repr(name[:40]),
            )
        ) from None


def window_minutes(start: int, end: int) -> int:
    """How many local minutes a window from ``start`` to ``end`` lasts (through midnight)."""
    return (end - start) % DAY_MINUTES


def clock_text(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


class PlayerSettings(BaseModel):
    """One player's own settings (the defaults are a player who never set anything)."""

    model_config = ConfigDict(frozen=True)

    #: an IANA zone name; None: the bot never assumes one
    zone: str | None = None
    #: the quiet window, in minutes after local midnight (both set, or both None)
    quiet_start: int | None = None
    quiet_end: int | None = None
    #: how they are told it is their turn
    notify: Notify = "mention"
    #: reminders before each deadline (0: none; 1: near the end only; 2: also at half time)
    reminders_per_turn: int = DEFAULT_REMINDERS
    #: when the daily digest of their turns comes, in minutes after local midnight
    digest_at: int | None = None

    @field_validator("zone")
    @classmethod
    def _known_zone(cls, zone: str | None) -> str | None:
        if zone is not None:
            zone_of(zone)
        return zone

    @field_validator("quiet_start", "quiet_end", "digest_at")
    @classmethod
    def _a_time_of_day(cls, minutes: int | None) -> int | None:
        if minutes is not None and not 0 <= minutes < DAY_MINUTES:
            raise BadSetting(say("A time of day runs from 00:00 to 23:59."))
        return minutes

    @field_validator("reminders_per_turn")
    @classmethod
    def _reminders(cls, count: int) -> int:
        if not 0 <= count <= MAX_REMINDERS:
            raise BadSetting(
                say("Reminders per turn run from 0 to {most}.", most=str(MAX_REMINDERS))
            )
        return count

    @model_validator(mode="after")
    def _quiet_window(self) -> PlayerSettings:
        start, end = self.quiet_start, self.quiet_end
        if (start is None) != (end is None):
            raise BadSetting(say("Quiet hours need a start and an end, like 23:00-07:00."))
        if start is not None and end is not None:
            if self.zone is None:
                raise BadSetting(
                    say("Quiet hours are in your local time: set your time zone first.")
                )
            length = window_minutes(start, end)
            if length == 0:
                raise BadSetting(say("Quiet hours that start when they end last no time at all."))
            if length > MAX_QUIET_MINUTES:
                raise BadSetting(
                    say(
                        "Quiet hours of {start}-{end} would last {hours} h {minutes} min; at most "
                        "16 hours a day.",
                        start=clock_text(start),
                        end=clock_text(end),
                        hours=str(length // 60),
                        minutes=f"{length % 60:02d}",
                    )
                )
        if self.digest_at is not None and self.zone is None:
            raise BadSetting(say("The digest comes at your local time: set your time zone first."))
        return self

    @property
    def has_quiet(self) -> bool:
        return self.quiet_start is not None and self.quiet_end is not None

    @property
    def mentions(self) -> bool:
        """Pinged in the game's channel."""
        return self.notify in ("mention", "both")

    @property
    def dms(self) -> bool:
        """Told by direct message."""
        return self.notify in ("dm", "both")

    def changed(self, **fields: object) -> PlayerSettings:
        """These settings with ``fields`` changed, checked whole (:class:`BadSetting` if not)."""
        return checked({**self.model_dump(), **fields})


def checked(data: dict[str, object]) -> PlayerSettings:
    """A :class:`PlayerSettings` from ``data``, or :class:`BadSetting` with the first reason."""
    try:
        return PlayerSettings.model_validate(data)
    except ValidationError as exc:
        for error in exc.errors():
            cause = (error.get("ctx") or {}).get("error")
            if isinstance(cause, BadSetting):
                raise cause from None
        raise BadSetting(str(exc.errors()[0]["msg"])) from None
