"""Numbered state migrations: step N turns a saved state of schema version N into N + 1.

A step works on the state's JSON (a dict), never on the model, so it keeps working after the
model moves on. Add a step (and raise ``APState.schema_version``) whenever the state's shape or
meaning changes; never edit a step that has shipped.
"""

from __future__ import annotations

from typing import Any

from engines.core import Migration


def active_reactions_leave_the_discard(state: dict[str, Any]) -> dict[str, Any]:
    """0 -> 1: a lasting body reaction's card went to the reaction discard when drawn, so a
    reshuffle could deal it again while in effect. It now lies beside the body (``ongoing``)
    until its effect ends. Each active card leaves the discard pile (or the deck, where a
    reshuffle had put it). A card drawn again while in effect is one card: its latest draw
    stands (a copy being acted out right now, else the newest entry), the older entry ends."""
    acting = {t["data"]["card"] for t in state.get("tasks", []) if t.get("kind") == "act_out"}
    latest: dict[str, dict[str, Any]] = {}
    for entry in state.get("ongoing", []):
        latest[entry["card"]] = entry  # later entries were drawn later
    state["ongoing"] = [
        e for e in state.get("ongoing", []) if latest[e["card"]] is e and e["card"] not in acting
    ]
    for entry in state["ongoing"]:
        for pile in ("reaction_discard", "reactions"):
            cards = state.get(pile, [])
            if entry["card"] in cards:
                cards.remove(entry["card"])
                break
    return state


def the_board_shows_the_last_turn(state: dict[str, Any]) -> dict[str, Any]:
    """1 -> 2: the board shows what the last turn changed (``last_turn``), worked out by
    comparing the end of a turn with its start (``turn_start``). A game saved mid-turn has no
    noted start: its running turn shows no "last turn" when it ends, the next one does."""
    state.setdefault("turn_start", None)
    state.setdefault("last_turn", None)
    return state


MIGRATIONS: list[Migration] = [active_reactions_leave_the_discard, the_board_shows_the_last_turn]
