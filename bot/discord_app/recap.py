"""The events a turn message recaps ("since your last turn", "this turn"): one event a line,
runs of like events folded into one as the engine words them (``Event.fold``), and, when they
do not all fit, the newest kept whole and the earlier ones counted in a pointer to the log.
An event is never cut: a line is shown whole or left to ``/game log``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.discord_app.locales import DEFAULT_LOCALE
from i18n import tn
from i18n.say import Say, event_text, say_n

#: the line standing for the ``n`` earliest events a message leaves to the log (its English;
#: :func:`earlier` words it for a reader)
EARLIER = "({n} earlier in `/game log`)"
#: the most lines "since your last turn" shows (a short list a phone shows at a glance)
SINCE_LINES = 8


class Said(Protocol):
    """An event as a recap reads it: a table's ``Told`` or an engine's ``Event`` (either may
    carry its words as data, ``said`` and ``fold_said``, which :func:`words_of` keeps)."""

    @property
    def text(self) -> str: ...

    @property
    def fold(self) -> str | None: ...


@dataclass(frozen=True)
class Line:
    """One line of a recap and how many events it stands for (more than one when folded)."""

    text: str
    events: int = 1
    #: what the line says as data (an event's words, :func:`words_of`), worded for each reader
    #: by :meth:`word`; ``None``: ``text`` as it is
    said: Mapping[str, Any] | None = field(default=None, compare=False)

    def word(self, locale: str) -> str:
        """The line in ``locale``'s language (a fold with the count of its run)."""
        if self.said is None:
            return self.text
        folds = "fold_said" in self.said or "fold" in self.said
        return event_text(self.said, locale, count=self.events if folds else 1) or self.text

    def worded(self, locale: str) -> Line:
        """The line as a reader of ``locale`` reads it (its words fixed)."""
        return Line(self.word(locale), self.events)

    @classmethod
    def of(cls, item: Line | str | Sequence[object] | dict[str, object]) -> Line:
        """A line as given or as saved (a plain text, ``[text, events]`` or a dict)."""
        if isinstance(item, Line):
            return item
        if isinstance(item, str):
            return cls(item)
        if isinstance(item, dict):
            said = item.get("said")
            return cls(
                str(item.get("text", "")),
                int(str(item.get("events", 1))),
                said if isinstance(said, dict) else None,
            )
        text, events = item
        return cls(str(text), int(str(events)))


def words_of(event: object) -> dict[str, Any]:
    """An event's words as plain JSON that :func:`i18n.say.event_text` words for any reader
    (a turn record keeps them): its English, its fold, and each as a message where the engine
    said it with ``say`` (an ``Event``, or a ``Told`` that carries them)."""
    text = getattr(event, "text", "") or ""
    fold = getattr(event, "fold", None)
    out: dict[str, Any] = {"text": str(text)}
    if fold:
        out["fold"] = str(fold)
    said = getattr(event, "said", None) or (text.data() if isinstance(text, Say) else None)
    if said:
        out["said"] = said
    fold_said = getattr(event, "fold_said", None) or (
        fold.data() if isinstance(fold, Say) else None
    )
    if fold_said:
        out["fold_said"] = fold_said
    return out


def earlier(n: int, locale: str = DEFAULT_LOCALE) -> str:
    """The pointer standing for the ``n`` earliest events a message leaves to the log."""
    return tn(locale, "({n} earlier in `/game log`)", "({n} earlier in `/game log`)", n)


def earlier_line(n: int) -> Line:
    """:func:`earlier` as a recap line, worded when shown."""
    said = say_n("({n} earlier in `/game log`)", "({n} earlier in `/game log`)", n)
    return Line(str(said), n, {"text": str(said), "said": said.data()})


def folded(told: Iterable[Said]) -> list[Line]:
    """Each event a line, but consecutive events the engine gave the same ``fold`` one line:
    its ``fold`` for a run of how many (worded by :func:`i18n.say.event_text`)."""
    runs: list[tuple[Said, int]] = []
    for event in told:
        if not event.text:
            continue
        if runs and event.fold is not None and runs[-1][0].fold == event.fold:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((event, 1))
    lines = []
    for first, n in runs:
        said = words_of(first)
        lines.append(Line(event_text(said, DEFAULT_LOCALE, count=n), n, said))
    return lines


def fit_newest(
    lines: Sequence[Line],
    budget: int,
    *,
    at_most: int | None = None,
    locale: str = DEFAULT_LOCALE,
) -> list[str]:
    """The newest of ``lines`` that fit in ``budget`` characters joined by newlines (and at
    most ``at_most`` lines), each whole and worded for ``locale``; when some give way, a first
    line counts their events (:func:`earlier`). Nothing at all when not even that line fits."""
    lines = [line.worded(locale) for line in lines]
    texts = [line.text for line in lines]
    if len("\n".join(texts)) <= budget and (at_most is None or len(texts) <= at_most):
        return texts
    left = sum(line.events for line in lines)
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        pointer = earlier(left - line.events, locale)
        if at_most is not None and len(kept) + 2 > at_most:
            break
        if used + len(line.text) + 1 + len(pointer) > budget:
            break
        kept.append(line.text)
        used += len(line.text) + 1
        left -= line.events
    pointer = earlier(left, locale)
    if len(pointer) + used > budget:
        return []
    return [pointer, *reversed(kept)]
