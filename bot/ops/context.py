"""The game a task is working on, so log lines and metrics can name it without every call
passing it along.

The table notes the game row it loaded (:func:`note_game`); everything later in the same task
(an interaction, a clock firing) sees it. A context variable, so concurrent tasks never see each
other's game. Only ids and the game's kind are kept: never a state, a hand or a move.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class GameContext:
    game_id: int
    guild_id: int | None
    engine: str


_current: ContextVar[GameContext | None] = ContextVar("tabletop_game", default=None)


def note_game(game_id: int, guild_id: int | None, engine: str) -> None:
    """From now on, in this task, the work is about this game."""
    _current.set(GameContext(game_id, guild_id, engine))


def forget_game() -> None:
    """A new piece of work starts (a move): no game yet."""
    _current.set(None)


def current() -> GameContext | None:
    return _current.get()
