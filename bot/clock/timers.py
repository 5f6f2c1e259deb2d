"""When a deadline's reminders and the deadline itself fall due.

A turn of ``span`` seconds gets a reminder at half time and one near the end (an hour before, or
at the last quarter for clocks shorter than four hours), then the deadline. Reminders that come
due after the deadline has already passed (the bot was down) are dropped silently: a late
"half your time is gone" helps nobody, while the deadline itself must still fire, once.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.clock.durations import HOUR
from storage.clock import Deadline

ORDER = {"half": 0, "near": 1, "deadline": 2}


@dataclass(frozen=True)
class Timer:
    at: float
    kind: str  # "half" | "near" | "deadline"
    deadline: Deadline

    @property
    def sort_key(self) -> tuple[float, int, int, int]:
        return (self.at, ORDER[self.kind], self.deadline.game_id, self.deadline.user_id)


def half_at(d: Deadline) -> float:
    return d.started_at + (d.due_at - d.started_at) / 2


def near_at(d: Deadline) -> float:
    return d.due_at - min(HOUR, (d.due_at - d.started_at) / 4)


def timers_of(d: Deadline) -> list[Timer]:
    """The unfired timers of one deadline, earliest first."""
    out: list[Timer] = []
    if d.fired_at is not None:
        return out
    if not d.half_sent:
        out.append(Timer(half_at(d), "half", d))
    if not d.near_sent:
        out.append(Timer(near_at(d), "near", d))
    out.append(Timer(d.due_at, "deadline", d))
    return out


def next_at(deadlines: list[Deadline]) -> float | None:
    """When the scheduler must next wake, or None when nothing is pending."""
    times = [t.at for d in deadlines for t in timers_of(d)]
    return min(times) if times else None


def due(deadlines: list[Deadline], now: float) -> tuple[list[Timer], list[Timer]]:
    """(timers to fire now in order, stale reminders to mark without sending)."""
    fire: list[Timer] = []
    stale: list[Timer] = []
    for d in deadlines:
        pending = [t for t in timers_of(d) if t.at <= now]
        if not pending:
            continue
        if any(t.kind == "deadline" for t in pending):
            stale.extend(t for t in pending if t.kind != "deadline")
            fire.append(pending[-1])
        else:
            # only the latest reminder is worth sending: "near" makes "half" redundant
            stale.extend(pending[:-1])
            fire.append(pending[-1])
    fire.sort(key=lambda t: t.sort_key)
    return fire, stale
