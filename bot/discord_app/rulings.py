"""A game's rulings page (``rulings.md`` in its package), cut into private messages for Discord.

Each ruling is a ``## `` section; pages are filled with whole sections, so a ruling is split
only when it alone is longer than a message (then at line ends).
"""

from __future__ import annotations

import engines
from bot.discord_app.text import clip
from bot.discord_limits import MAX_MESSAGE


def rulings_text(game: str) -> str | None:
    """The rulings page of engine ``game`` (``rulings.md`` in its package), or None when it has
    none."""
    return engines.rulings(game)


def _sections(text: str) -> list[str]:
    out: list[str] = []
    for line in text.strip().splitlines():
        if line.startswith("## ") or not out:
            out.append(line)
        else:
            out[-1] += "\n" + line
    return [s.strip() for s in out if s.strip()]


def _pieces(section: str, limit: int) -> list[str]:
    """A section as parts no longer than ``limit``, cut at line ends (a huge line is clipped)."""
    if len(section) <= limit:
        return [section]
    parts = [""]
    for line in section.splitlines():
        line = clip(line, limit)
        if parts[-1] and len(parts[-1]) + 1 + len(line) > limit:
            parts.append("")
        parts[-1] = f"{parts[-1]}\n{line}" if parts[-1] else line
    return parts


def pages(text: str, limit: int = MAX_MESSAGE) -> list[str]:
    """``text`` as messages of at most ``limit`` characters, each holding whole rulings."""
    out: list[str] = []
    for section in _sections(text):
        for piece in _pieces(section, limit):
            if out and len(out[-1]) + 2 + len(piece) <= limit:
                out[-1] += "\n\n" + piece
            else:
                out.append(piece)
    return out
