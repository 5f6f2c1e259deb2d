"""Numbered state migrations: step N turns a saved state of schema version N into N + 1.

A step works on the state's JSON (a dict), never on the model, so it keeps working after the
model moves on. Add a step (and raise ``CemeteryState.schema_version``) whenever the state's
shape or meaning changes; never edit a step that has shipped.
"""

from __future__ import annotations

from typing import Any

from engines.core import Migration


def over_was_finished(state: dict[str, Any]) -> dict[str, Any]:
    """0 -> 1: the end-of-game flag was called ``finished``; it is ``over`` now."""
    if "finished" in state:
        state["over"] = state.pop("finished")
    return state


def organic_parts_are_unseen(state: dict[str, Any]) -> dict[str, Any]:
    """1 -> 2: Organic's face-down Pet Cemetery Parts were marked as seen by their owner; by
    the rules nobody sees them until each reaches the top. Binding, the one behaviour that
    peeks, only lays cards on Cemetery stacks, so every face-down Pet Cemetery card is
    Organic's and forgets who saw it; Cemetery stacks keep theirs."""
    for player in state.get("players", []):
        for slot in player.get("pet", []):
            if not slot.get("face_up", True):
                slot["seen_by"] = []
    return state


def players_are_names(state: dict[str, Any]) -> dict[str, Any]:
    """2 -> 3: ``players`` held each player's records (creatures, hand, Pet Cemetery, tokens);
    in every game it is now the seated players' names, in seat order. The records are each
    player's side of the table (``sides``), in the same order."""
    if "sides" not in state:
        state["sides"] = state.pop("players", [])
        state["players"] = [side["name"] for side in state["sides"]]
    return state


def turns_are_noted(state: dict[str, Any]) -> dict[str, Any]:
    """3 -> 4: the state notes what the turn in progress did (``tally``, ``changed``) and keeps
    the last finished turn (``last_turn``) for the board. A saved game has noted nothing yet:
    its turn in progress starts an empty note, and no turn is shown as the last one."""
    state.setdefault("tally", {})
    state.setdefault("changed", [])
    state.setdefault("last_turn", None)
    return state


def turn_notes_keep_words(state: dict[str, Any]) -> dict[str, Any]:
    """4 -> 5: the last turn's note keeps what the turn did (``tally``, and the ``rival`` it
    names), worded for each reader when shown. A note saved before has only its English
    ``line``, and reads as it."""
    note = state.get("last_turn")
    if isinstance(note, dict):
        note.setdefault("tally", None)
        note.setdefault("rival", None)
    return state


MIGRATIONS: list[Migration] = [
    over_was_finished,
    organic_parts_are_unseen,
    players_are_names,
    turns_are_noted,
    turn_notes_keep_words,
]
