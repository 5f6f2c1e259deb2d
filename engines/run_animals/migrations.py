"""Numbered state migrations: step N turns a saved state of schema version N into N + 1.

A step works on the state's JSON (a dict), never on the model, so it keeps working after the
model moves on. Add a step (and raise ``RAState.schema_version``) whenever the state's shape or
meaning changes; never edit a step that has shipped.
"""

from __future__ import annotations

import re
from typing import Any

from engines.core import Migration

_REACHED = re.compile(r"(?P<player>.+) reached \d+ points")


def record_who_reached_the_target(state: dict[str, Any]) -> dict[str, Any]:
    """0 -> 1: the first player to reach the target now wins outright, and the state records
    who (``reached_target``). A game saved running has no such player yet; a game that ended
    that way says so in its end reason, which names them."""
    if "reached_target" in state:
        return state
    found = _REACHED.fullmatch(state.get("end_reason") or "")
    ended = state.get("phase") == "over"
    winner = found["player"] if ended and found else None
    state["reached_target"] = winner if winner in state.get("players", []) else None
    return state


def keep_the_first_edition(state: dict[str, Any]) -> dict[str, Any]:
    """1 -> 2: the designed cards and goal points were retuned (a second edition); a game
    saved before was dealt with the first and plays on with it, so nothing changes under its
    players."""
    state.setdefault("edition", 1)
    return state


def record_the_end(state: dict[str, Any]) -> dict[str, Any]:
    """2 -> 3: the end of the game was read from the phase ``over``; every game now stores
    ``over`` (the phase still shows the board's last one)."""
    state["over"] = state.get("phase") == "over"
    return state


def start_without_a_last_turn(state: dict[str, Any]) -> dict[str, Any]:
    """3 -> 4: the board shows what the last turn changed, recorded as turns end; a game
    saved before has no record yet (its next finished turn makes one)."""
    state.setdefault("turn_marks", "")
    state.setdefault("last_turn", None)
    return state


#: the species' short names as games before 5 wrote them (frozen here: this step has shipped)
_KINDS = (
    "Leopard Cat",
    "Black Bear",
    "Tree Frog",
    "Fairy Pitta",
    "Pangolin",
    "Black Kite",
    "Box Turtle",
)
_KIND = "(?P<species>" + "|".join(map(re.escape, _KINDS)) + ")"
_FULL = r"the graveyard is full \((?P<n>\d+) slots\): all the animals lost to humankind"
_EXTINCT = rf"(?P<owner>.+)'s {_KIND} is extinct and (?P=owner) is eliminated"
#: each end reason an older game may have saved: its message, and the pattern of its English
_REASONS: list[tuple[str, re.Pattern[str]]] = [
    (
        "{player} reached {total} points",
        re.compile(r"(?P<player>.+) reached (?P<total>\d+) points"),
    ),
    (
        "the graveyard is full ({n} slots): all the animals lost to humankind; "
        "{owner}'s {species} is extinct and {owner} is eliminated",
        re.compile(f"{_FULL}; {_EXTINCT}"),
    ),
    (
        "the graveyard is full ({n} slots): all the animals lost to humankind",
        re.compile(_FULL),
    ),
    ("{owner}'s {species} is extinct and {owner} is eliminated", re.compile(_EXTINCT)),
    (
        "{player} left: their {species} is extinct and they are eliminated",
        re.compile(rf"(?P<player>.+) left: their {_KIND} is extinct and they are eliminated"),
    ),
]


def _said(reason: str) -> dict[str, Any] | None:
    """A saved English end reason as a message's data, or ``None`` if it is none of those
    the game wrote."""
    for msgid, pattern in _REASONS:
        found = pattern.fullmatch(reason)
        if found is None:
            continue
        values: dict[str, Any] = {}
        for key, value in found.groupdict().items():
            if key == "species":
                values[key] = {"say": value, "from": __package__}
            elif key in ("n", "total"):
                values[key] = int(value)
            else:
                values[key] = value
        return {"say": msgid, "from": __package__, "values": values}
    return None


def keep_the_end_reason_as_words(state: dict[str, Any]) -> dict[str, Any]:
    """4 -> 5: every reader reads the game's words in their own language, so why the game
    ended is kept as a message's data (``end_said``), and so is what each die of the last roll
    did (``said`` on a roll). A game that ended before has its English reason read back into
    data when it is one the game wrote; a roll saved before keeps its English alone."""
    reason = state.get("end_reason") or ""
    state.setdefault("end_said", _said(reason) if reason else None)
    for roll in state.get("last_roll") or []:
        if isinstance(roll, dict):
            roll.setdefault("said", None)
    return state


MIGRATIONS: list[Migration] = [
    record_who_reached_the_target,
    keep_the_first_edition,
    record_the_end,
    start_without_a_last_turn,
    keep_the_end_reason_as_words,
]
