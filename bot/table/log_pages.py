"""The pages of a game's log: every entry reachable, none cut.

Pages split between entries; an entry too long for a page of its own is split across pages at
word ends, each piece numbered like its entry, so nothing of the log is ever left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from i18n import t

#: how a piece of an entry after its first is marked, in English (:func:`continued`)
CONTINUED = "(continued)"


def continued(locale: str = "en-US") -> str:
    """The mark of a piece of an entry after its first, in ``locale``'s language."""
    return t(locale, "(continued)")


def pieces(seq: int, text: str, room: int | None, locale: str = "en-US") -> list[str]:
    """Entry ``seq`` as lines of at most ``room`` characters (one line with ``None``): the
    first ``"seq. words"``, the others ``"seq. (continued) words"`` (in ``locale``'s
    language), split at word ends."""
    first = f"{seq}. "
    if room is None or len(first) + len(text) <= room:
        return [first + text]
    later = f"{seq}. {continued(locale)} "
    out: list[str] = []
    rest = text
    while rest:
        prefix = later if out else first
        chunk, rest = _head(rest, max(1, room - len(prefix)))
        out.append(prefix + chunk)
    return out


def _head(text: str, width: int) -> tuple[str, str]:
    """The longest start of ``text`` that fits ``width`` and ends at a word's end (a word longer
    than the width is split inside it), and what is left."""
    if len(text) <= width:
        return text, ""
    cut = text.rfind(" ", 0, width + 1)
    if cut <= 0:  # one word longer than a whole line
        return text[:width], text[width:]
    return text[:cut].rstrip(), text[cut + 1 :].lstrip()


def paginate(
    entries: Sequence[tuple[int, str]], per: int, room: int | None, locale: str = "en-US"
) -> list[list[str]]:
    """The log's pages, the newest first, each oldest line first: at most ``per`` lines and
    (with ``room``) ``room`` characters joined by newlines a page. Always at least one page.
    ``locale``: the language of the marks the table adds (``(continued)``)."""
    lines = [line for seq, text in entries for line in pieces(seq, text, room, locale)]
    pages: list[list[str]] = []
    page: list[str] = []
    used = -1
    for line in reversed(lines):
        full = len(page) >= per or (room is not None and used + 1 + len(line) > room)
        if page and full:
            pages.append(page[::-1])
            page, used = [], -1
        page.append(line)
        used += 1 + len(line)
    if page or not pages:
        pages.append(page[::-1])
    return pages
