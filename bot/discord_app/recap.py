"""The events a turn message recaps ("since your last turn", "this turn"): one event a line,
runs of like events folded into one as the engine words them (``Event.fold``), and, when they
do not all fit, the newest kept whole and the earlier ones counted in a pointer to the log.
An event is never cut: a line is shown whole or left to ``/game log``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.table import Told

#: the line standing for the ``n`` earliest events a message leaves to the log
EARLIER = "({n} earlier in `/game log`)"
#: the most lines "since your last turn" shows (a short list a phone shows at a glance)
SINCE_LINES = 8


@dataclass(frozen=True)
class Line:
    """One line of a recap and how many events it stands for (more than one when folded)."""

    text: str
    events: int = 1

    @classmethod
    def of(cls, item: Line | str | Sequence[object] | dict[str, object]) -> Line:
        """A line as given or as saved (a plain text, ``[text, events]`` or a dict)."""
        if isinstance(item, Line):
            return item
        if isinstance(item, str):
            return cls(item)
        if isinstance(item, dict):
            return cls(str(item.get("text", "")), int(str(item.get("events", 1))))
        text, events = item
        return cls(str(text), int(str(events)))


def folded(told: Iterable[Told]) -> list[Line]:
    """Each event a line, but consecutive events the engine gave the same ``fold`` one line:
    its ``fold`` with ``{n}`` for how many."""
    runs: list[tuple[Told, int]] = []
    for event in told:
        if not event.text:
            continue
        if runs and event.fold is not None and runs[-1][0].fold == event.fold:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((event, 1))
    return [
        Line(first.fold.replace("{n}", str(n)) if first.fold and n > 1 else first.text, n)
        for first, n in runs
    ]


def fit_newest(lines: Sequence[Line], budget: int, *, at_most: int | None = None) -> list[str]:
    """The newest of ``lines`` that fit in ``budget`` characters joined by newlines (and at
    most ``at_most`` lines), each whole; when some give way, a first line counts their events
    (:data:`EARLIER`). Nothing at all when not even that line fits."""
    texts = [line.text for line in lines]
    if len("\n".join(texts)) <= budget and (at_most is None or len(texts) <= at_most):
        return texts
    left = sum(line.events for line in lines)
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        pointer = EARLIER.format(n=left - line.events)
        if at_most is not None and len(kept) + 2 > at_most:
            break
        if used + len(line.text) + 1 + len(pointer) > budget:
            break
        kept.append(line.text)
        used += len(line.text) + 1
        left -= line.events
    pointer = EARLIER.format(n=left)
    if len(pointer) + used > budget:
        return []
    return [pointer, *reversed(kept)]
