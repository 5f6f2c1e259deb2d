"""Engine player names from Discord display names: short, unique, unable to ping, and plain
text wherever they are shown.

A display name is the only text a member chooses that reaches a public message (lobby notices,
turn messages, the game's log, headlines). It is cleaned once, here, as it enters: a name such
as ``[free nitro](https://evil.example)`` must not become a masked link, ``# Ada`` a heading,
``||x||`` a spoiler or ``@everyone`` a mention, in any message, now or later.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

MAX_NAME = 20
_SPACE = re.compile(r"\s+")
#: what makes Discord markdown, mentions, custom emoji, timestamps or a link: dropped from names
MARKUP = set("@`*_~|[]<>#\\/")


def player_name(raw: str, taken: Sequence[str] = ()) -> str:
    """A short, unique, readable engine player name from a display name.

    Control characters and every character of :data:`MARKUP` go (no mention, no markdown,
    no link); whitespace collapses; at most ``MAX_NAME`` characters; a clash (ignoring case)
    gets " 2", " 3", ...
    """
    cleaned = "".join(
        ch for ch in str(raw) if unicodedata.category(ch)[0] != "C" and ch not in MARKUP
    )
    base = _SPACE.sub(" ", cleaned).strip()[:MAX_NAME].strip() or "Player"
    lowered = {t.casefold() for t in taken}
    if base.casefold() not in lowered:
        return base
    n = 2
    while True:
        suffix = f" {n}"
        candidate = base[: MAX_NAME - len(suffix)].rstrip() + suffix
        if candidate.casefold() not in lowered:
            return candidate
        n += 1
