"""A game's rulings page (``rulings.md`` in its package, and its translations beside it), cut
into private messages for Discord.

A translated page is ``rulings.<code>.md``, ``<code>`` being the stem of the language's catalog
file (``de``, ``pt_BR``, ``es``); a reader whose language has none reads the English page.
Each ruling is a ``## `` section; pages are filled with whole sections, so a ruling is split
only when it alone is longer than a message (then at line ends).
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import PurePath

import engines
from bot.discord_app.text import clip
from bot.discord_limits import MAX_MESSAGE
from i18n import SHIPPED, language_of

ENGLISH = "rulings.md"


def page_names(locale: str) -> list[str]:
    """The rulings files a reader of ``locale`` reads, first found first: their language's
    translation, then the English page."""
    language = language_of(locale)
    if language is None or language not in SHIPPED:  # English, or the pseudo-locale
        return [ENGLISH]
    return [f"rulings.{PurePath(language.file).stem}.md", ENGLISH]


def read_rulings(folder: Traversable, locale: str = "en-US") -> str | None:
    """The rulings page in ``folder`` (a game's package) for a reader of ``locale``, or None
    when the game has none."""
    for name in page_names(locale):
        page = folder.joinpath(name)
        if page.is_file():
            return page.read_text(encoding="utf-8")
    return None


def rulings_text(game: str, locale: str = "en-US") -> str | None:
    """The rulings page of engine ``game`` in the reader's language (English where it has no
    translation), or None when it has none."""
    package = engines.package_of(game)
    if package is None:
        return None
    return read_rulings(resources.files(package), locale)


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
