"""The daily digest: once a day, at the local time a player chose (``/me digest 08:00``), a
direct message listing every game that awaits them (``/me turns``); nothing when none does.

Each player's latest digest day (their local date) is kept in the clock tables and claimed
before sending, so a restart neither repeats a day nor skips one: a digest whose time passed
while the bot was down goes out when it is back, the same day. Local times come from
``zoneinfo`` (with the ``tzdata`` package), so the digest keeps its wall-clock time across
daylight-saving changes. The digests have a scheduler of their own
(:class:`~bot.clock.scheduler.Scheduler`, on :attr:`Digests.alarm`): this object is what it fires.
"""

from __future__ import annotations

import re
from dataclasses import KW_ONLY, dataclass, field
from datetime import date, datetime, time, timedelta
from functools import partial
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.clock import records
from bot.clock.common import Now, log
from bot.clock.ports import DmFailed, Notifier
from bot.clock.scheduler import Alarm
from bot.table import Table
from i18n.say import say
from storage.clock import ClockStore, ClockTables

#: what ``/me digest`` takes as "no digest"
OFF_WORDS = {"off", "none", "no", "stop"}
_TIME = re.compile(r"^\s*(\d{1,2})(?::?(\d{2}))?\s*$")


class BadTime(ValueError):
    """Text that is not a time of day; the message says how to write one."""


def parse_time_of_day(text: str) -> int | None:
    """``"08:00"`` as minutes after midnight (480); None for "off"."""
    if text.strip().lower() in OFF_WORDS:
        return None
    match = _TIME.match(text)
    if not match:
        raise BadTime(
            say(
                "I cannot read {typed} as a time of day: write it like 08:00.",
                typed=repr(text.strip()[:40]),
            )
        )
    hours, minutes = int(match.group(1)), int(match.group(2) or 0)
    if hours > 23 or minutes > 59:
        raise BadTime(say("A time of day runs from 00:00 to 23:59."))
    return hours * 60 + minutes


def zone_named(name: str) -> ZoneInfo | None:
    """The zone, or None for one the zone data no longer knows (that player gets no digest
    until they set their zone again)."""
    try:
        return ZoneInfo(name)
    except (ValueError, ZoneInfoNotFoundError):
        return None


def local_moment(day: date, minutes: int, zone: ZoneInfo) -> float:
    """``minutes`` after midnight on ``day`` in ``zone``, as a moment."""
    at = time(minutes // 60, minutes % 60)
    return datetime.combine(day, at, tzinfo=zone).timestamp()


def next_digest(now: float, minutes: int, zone: ZoneInfo, last_day: str | None) -> float:
    """When the player's next digest is due: today's time if today's has not gone out (even
    if that time has passed: it goes out at once), else tomorrow's."""
    today = datetime.fromtimestamp(now, zone).date()
    if last_day is not None and last_day >= today.isoformat():
        return local_moment(today + timedelta(days=1), minutes, zone)
    return local_moment(today, minutes, zone)


def local_day(at: float, zone: ZoneInfo) -> str:
    return datetime.fromtimestamp(at, zone).date().isoformat()


@dataclass(eq=False, repr=False)
class Digests:
    table: Table
    clocks: ClockStore
    notifier: Notifier
    _: KW_ONLY
    now: Now
    #: rung when a player's digest time changes, so the digests' scheduler looks again
    alarm: Alarm = field(default_factory=Alarm)

    async def next_due_at(self) -> float | None:
        """The earliest digest due, among the players who asked for one."""
        now = self.now()
        due = [
            next_digest(now, minutes, zone, last)
            for _, name, minutes, last in await self.clocks.run(lambda t: t.digest_users())
            if (zone := zone_named(name)) is not None
        ]
        return min(due, default=None)

    async def fire_due(self) -> int:
        """Send every digest due now (each claimed first, so it goes out once); how many."""
        now = self.now()
        sent = 0
        for user_id, name, minutes, last in await self.clocks.run(lambda t: t.digest_users()):
            zone = zone_named(name)
            if zone is None or next_digest(now, minutes, zone, last) > now:
                continue
            day = local_day(now, zone)
            if not await self.clocks.run(partial(claim, user_id=user_id, day=day)):
                continue  # another process sent it
            turns = await records.mine(self.table, self.clocks, user_id, turns_only=True)
            if not turns:
                continue
            try:
                await self.notifier.digest(user_id, turns)
            except DmFailed:
                log.info("the daily digest could not be sent to a player (closed DMs)")
                continue
            sent += 1
        return sent

    async def chosen(self, user_id: int, zone: ZoneInfo, minutes: int | None) -> None:
        """A player set (or stopped) their digest: one whose time already passed today starts
        tomorrow, and the digests' scheduler looks again."""
        if minutes is not None:
            now = self.now()
            if local_moment(datetime.fromtimestamp(now, zone).date(), minutes, zone) <= now:
                day = local_day(now, zone)
                # a digest set after today's time starts tomorrow
                await self.clocks.run(partial(claim, user_id=user_id, day=day))
        self.alarm.ring()


def claim(t: ClockTables, *, user_id: int, day: str) -> bool:
    """Claim ``day``'s digest for the player (True: this caller sends it)."""
    return t.claim_digest(user_id, day)
