"""Small public texts the table writes: who is awaited, how a game ended, a private view.

The table does not know who will read them, so each is said (:func:`i18n.say.say`): a
:class:`~i18n.say.Say`, a ``str`` of its English, worded for its reader by the front end
(``word(text, locale)``); parts that are themselves said are worded in the same language.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from engines import Event, Result
from i18n.say import Say, say, say_n

PRIVATE_TEXT_MAX = 1500


def public_event(text: str, kind: str = "table") -> dict[str, Any]:
    """A stored log event everyone may read."""
    return Event(text=text, kind=kind).model_dump(mode="json")


def join_names(names: Sequence[str]) -> str:
    """Names as a list a reader reads ("Ada, Bruno and Cleo"), said."""
    if len(names) <= 1:
        return "".join(names)
    # Translators: the end of a list of players' names: "Ada, Bruno and Cleo"
    return say("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def listed(parts: Sequence[str]) -> str:
    """Parts one after another, separated by commas; a part that is said stays said."""
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        # Translators: two items of a list, separated by a comma: keep as it is
        out = say("{first}, {then}", first=out, then=part)
    return out


def lines(parts: Sequence[str]) -> str:
    """Lines one under another; a line that is said stays said."""
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        # Translators: two lines, one under the other: keep as it is
        out = say("{above}\n{below}", above=out, below=part)
    return out


def not_your_turn(waiting: list[str]) -> str:
    if not waiting:
        return say("It is not your turn.")
    return say("It is not your turn: the game is waiting for {names}.", names=join_names(waiting))


def waiting_text(waiting: list[str]) -> str:
    if not waiting:
        return say("Waiting for no one.")
    return say("Waiting for {names}.", names=join_names(waiting))


def said_reason(result: Result) -> str:
    """Why the game ended, said when the game said it (``Result.reason_said``), else the
    English it saved."""
    if result.reason_said is not None:
        try:
            return Say.from_data(result.reason_said)
        except ValueError:
            pass
    return result.reason


def result_text(result: Result, reason: str | None = None) -> str:
    """How the game ended, in one line; ``reason`` (said) in place of the result's own."""
    why = said_reason(result) if reason is None else reason
    if not result.winners:
        return say("The game is over ({reason}); no one wins.", reason=why)
    return say_n(
        "The game is over: {players} wins ({reason}).",
        "The game is over: {players} win ({reason}).",
        len(result.winners),
        players=join_names(result.winners),
        reason=why,
    )


def _score(value: float) -> int | float:
    """A score as a number written for the reader (a whole one without ".0")."""
    return int(value) if float(value).is_integer() else float(value)


def standings(result: Result, report: dict[str, str] | None = None) -> list[str]:
    """The final standings, best first: rank, name, score and (with ``report``) how it was made."""
    report = report or {}
    names = list(result.scores) or list(result.winners)
    ranked = sorted(names, key=lambda n: (-result.scores.get(n, 0), n not in result.winners))
    out: list[str] = []
    for i, name in enumerate(ranked, 1):
        crown = " 🏆" if name in result.winners else ""
        who = f"{name}{crown}"
        score = _score(result.scores[name]) if name in result.scores else None
        how = report.get(name)
        if score is not None and how is not None:
            # Translators: a line of the final standings: rank, player, score, how it was made
            out.append(
                say("{rank}. {player} — {score} ({how})", rank=i, player=who, score=score, how=how)
            )
        elif score is not None:
            out.append(say("{rank}. {player} — {score}", rank=i, player=who, score=score))
        elif how is not None:
            out.append(say("{rank}. {player} ({how})", rank=i, player=who, how=how))
        else:
            out.append(say("{rank}. {player}", rank=i, player=who))
    return out


def report_text(result: Result, report: dict[str, str]) -> str:
    """The standings as one log line."""
    joined = ""
    for line in standings(result, report):
        # Translators: two entries of the final standings in one line: keep as it is
        joined = line if not joined else say("{first}; {then}", first=joined, then=line)
    return say("Final standings: {standings}.", standings=joined)


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
    """The parts of the player's view a spectator does not see, as short text lines (the
    view's own field names and values, as the game names them)."""
    own = mine.model_dump(mode="json")
    seen = public.model_dump(mode="json") if type(public) is type(mine) else {}
    shown = [
        f"{key.replace('_', ' ').capitalize()}: {_format_value(value)}"
        for key, value in own.items()
        if seen.get(key, object()) != value and value is not None
    ]
    if not shown:
        return say(
            "Nothing is hidden for you in this game: everything is on the board (/game board)."
        )
    head = say("Only you can see this.")
    body = ellipsize("\n".join(shown), PRIVATE_TEXT_MAX - len(head) - 1)
    return lines([head, body])
