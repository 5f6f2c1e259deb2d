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


MIGRATIONS: list[Migration] = [
    record_who_reached_the_target,
    keep_the_first_edition,
    record_the_end,
    start_without_a_last_turn,
]
