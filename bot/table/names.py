"""Engine player names from Discord display names: short, unique, and unable to ping."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

MAX_NAME = 20
_SPACE = re.compile(r"\s+")


def player_name(raw: str, taken: Sequence[str] = ()) -> str:
    """A short, unique, readable engine player name from a display name.

    Control characters, ``@`` (no accidental mentions) and backticks go; whitespace collapses;
    at most ``MAX_NAME`` characters; a clash (ignoring case) gets " 2", " 3", ...
    """
    cleaned = "".join(
        ch for ch in str(raw) if unicodedata.category(ch)[0] != "C" and ch not in "@`"
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
