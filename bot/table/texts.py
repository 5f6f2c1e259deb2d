"""Small public texts the table writes: who is awaited, how a game ended, a private view."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from engines import Event, Result

PRIVATE_TEXT_MAX = 1500


def public_event(text: str, kind: str = "table") -> dict[str, Any]:
    """A stored log event everyone may read."""
    return Event(text=text, kind=kind).model_dump(mode="json")


def join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def not_your_turn(waiting: list[str]) -> str:
    if not waiting:
        return "It is not your turn."
    return f"It is not your turn: the game is waiting for {join_names(waiting)}."


def waiting_text(waiting: list[str]) -> str:
    return f"Waiting for {join_names(waiting)}." if waiting else "Waiting for no one."


def result_text(result: Result) -> str:
    if not result.winners:
        return f"The game is over ({result.reason}); no one wins."
    verb = "wins" if len(result.winners) == 1 else "win"
    return f"The game is over: {join_names(result.winners)} {verb} ({result.reason})."


def standings(result: Result, report: dict[str, str] | None = None) -> list[str]:
    """The final standings, best first: rank, name, score and (with ``report``) how it was made."""
    report = report or {}
    names = list(result.scores) or list(result.winners)
    ranked = sorted(names, key=lambda n: (-result.scores.get(n, 0), n not in result.winners))
    lines = []
    for i, name in enumerate(ranked, 1):
        score = f" — {result.scores[name]:g}" if name in result.scores else ""
        how = f" ({report[name]})" if name in report else ""
        crown = " 🏆" if name in result.winners else ""
        lines.append(f"{i}. {name}{crown}{score}{how}")
    return lines


def report_text(result: Result, report: dict[str, str]) -> str:
    """The standings as one log line."""
    return "Final standings: " + "; ".join(standings(result, report)) + "."


def ellipsize(text: str, limit: int, *, more: str = "…") -> str:
    """``text`` cut to ``limit`` characters at a word's end (never mid-word unless one word
    is longer than the limit), ending with ``more`` when cut."""
    if len(text) <= limit:
        return text
    room = max(1, limit - len(more))
    cut = text[:room]
    if not text[room].isspace() and " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:-") + more


def _format_value(value: Any) -> str:
    if isinstance(value, list) and all(not isinstance(v, dict | list) for v in value):
        return ", ".join(str(v) for v in value) or "none"
    if isinstance(value, dict) and all(not isinstance(v, dict | list) for v in value.values()):
        return ", ".join(f"{k}: {v}" for k, v in value.items()) or "none"
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def private_text(mine: BaseModel, public: BaseModel) -> str:
    """The parts of the player's view a spectator does not see, as short text lines."""
    own = mine.model_dump(mode="json")
    seen = public.model_dump(mode="json") if type(public) is type(mine) else {}
    lines = [
        f"{key.replace('_', ' ').capitalize()}: {_format_value(value)}"
        for key, value in own.items()
        if seen.get(key, object()) != value and value is not None
    ]
    if not lines:
        return "Nothing is hidden for you in this game: everything is on the board (/game board)."
    return ellipsize("Only you can see this.\n" + "\n".join(lines), PRIVATE_TEXT_MAX)
