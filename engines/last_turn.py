"""What the last finished turn changed, in a form every game's board draws the same way.

A player coming back after a night wants to see at a glance what happened since they looked:
each game's public view carries a :class:`LastTurn`, and its renderer highlights the things
named in ``marks`` in the family's last-move style (``rendering.family.mark_changed``) under a
short ``line`` of words. Only public facts go in: the board is public.
"""

from __future__ import annotations

from pydantic import BaseModel, Field


class LastTurn(BaseModel):
    """The last finished turn: whose it was, what it did in a few words, and the game's own
    public ids of what it changed (``"space:12"``, ``"cell:-1,0"``), for the board to mark."""

    player: str
    line: str
    marks: list[str] = Field(default_factory=list)
