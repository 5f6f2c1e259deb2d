"""The text helpers that keep every message inside Discord's limits (:mod:`bot.discord_limits`).

Discord rejects a message over 2,000 characters, a button label over 80, a select option label
over 100 and a custom id over 100; these helpers clip text so the bot never sends one.
"""

from __future__ import annotations

from bot.discord_limits import MAX_MESSAGE

ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters at a word's end, marked with an ellipsis when cut."""
    text = text.strip()
    if len(text) <= limit:
        return text
    cut = text[: max(0, limit - 1)]
    if not text[len(cut)].isspace() and " " in cut[len(cut) // 2 :]:
        cut = cut[: cut.rindex(" ")]  # at a word's end, unless that loses over half
    return cut.rstrip(" ,;:-") + ELLIPSIS


def fit_lines(
    lines: list[str], budget: int, *, line_limit: int = 300, more: str, newest: bool = False
) -> list[str]:
    """As many of ``lines`` (in order) as fit in ``budget`` characters joined by newlines.

    When some are left out, a line made from ``more`` (formatted with ``n``, the number left
    out) says so, and still fits in the budget: the last line, or with ``newest`` the first,
    the earliest lines giving way (a game's latest events are the ones its players answer).
    """
    lines = [clip(line, line_limit) for line in lines if line.strip()]
    if len("\n".join(lines)) <= budget:
        return lines
    room = budget - len(more.format(n=len(lines))) - 1
    kept: list[str] = []
    used = -1
    for line in reversed(lines) if newest else lines:
        if used + 1 + len(line) > room:
            break
        kept.append(line)
        used += 1 + len(line)
    note = more.format(n=len(lines) - len(kept))
    return [note, *reversed(kept)] if newest else [*kept, note]


def join_message(*parts: str) -> str:
    """Non-empty parts joined by newlines, clipped to Discord's message limit."""
    return clip("\n".join(p for p in parts if p), MAX_MESSAGE)
