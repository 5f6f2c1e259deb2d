"""What the table hands back: games without their raw state, and what one change did.

Nothing here holds an engine state, so nothing hidden can leak through these objects; private
events travel only in :attr:`Outcome.private_events`, keyed by their owner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines import Action, Event, Result


@dataclass(frozen=True)
class Seat:
    index: int
    user_id: int
    name: str  # the engine's player name
    choices: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    active: bool = True  # False once the player conceded or was removed


@dataclass(frozen=True)
class GameInfo:
    """A loaded game row; no raw state, so nothing hidden can leak through it."""

    id: int
    guild_id: int | None
    channel_id: int
    engine: str
    title: str
    status: str  # "lobby" | "running" | "finished" | "aborted"
    version: int
    host_id: int
    options: dict[str, Any]
    seats: list[Seat]
    created_at: float
    updated_at: float
    seed: int = 0
    result: Result | None = None
    end_reason: str | None = None

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def active_seat_of(self, user_id: int) -> Seat | None:
        """The user's seat while they still play (not conceded, not removed)."""
        seat = self.seat_of(user_id)
        return seat if seat is not None and seat.active else None

    @property
    def active_seats(self) -> list[Seat]:
        return [s for s in self.seats if s.active]


@dataclass(frozen=True)
class Outcome:
    """Everything the caller needs to answer a change, computed from the one load it made:
    the new game, public and private events, who is awaited and each one's legal moves, the
    public notes about the game, whether move labels may be shown to everyone, and the board.
    """

    game: GameInfo
    events: list[Event]  # public ones only (private_to is None)
    private_events: dict[int, list[str]]  # user_id -> texts only they may see
    to_act: list[int]  # user ids whose decision is awaited now
    result: Result | None  # set when the game just ended
    board_png: bytes | None  # the public board (spectator view); None in the lobby
    awaited: dict[int, list[Action]] = field(default_factory=dict)  # to_act -> legal moves
    notes: list[str] = field(default_factory=list)  # public lines (e.g. kept seats)
    labels_public: bool = False  # True only when no move label names hidden things
    action: Action | None = None  # the move made, when the change was a move
    by_standin: bool = False  # the move was a stand-in's, not the player's own
    #: the user who may take back their last step now (their panel offers "Undo"), if anyone
    undo_for: int | None = None
    summary: str = ""  # the engine's public summary of the position (for alt text)
    #: once the game is over: per player, how the score was made (public from then on)
    report: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Change:
    """A saved change, as the table's subscribers hear it (once, right after the save)."""

    game: GameInfo
    kind: str  # the log entry's kind: new, join, leave, start, move, concede, abort, closed, ...
    actor_id: int | None  # who made it (None: the bot itself)
    to_act: list[int] | None = None  # awaited users when the state changed, else None
    by_standin: bool = False

    @property
    def ended(self) -> bool:
        """The change ended a live game (a last move, a concession, an abort, a close)."""
        return self.game.status not in ("lobby", "running")


@dataclass(frozen=True)
class Told:
    """One public event of a log entry: its words and, from the engine, how a run of like
    events reads as one line (``Event.fold``; ``None``: never folded), in English, with both
    kept as data when they were said (``said``, ``fold_said``): a front end words it for its
    reader with ``i18n.say.event_text(told, locale, count=n)``."""

    text: str
    fold: str | None = None
    said: dict[str, Any] | None = field(default=None, compare=False, hash=False)
    fold_said: dict[str, Any] | None = field(default=None, compare=False, hash=False)


@dataclass(frozen=True)
class LogLine:
    """One entry of a game's log as everyone may read it (public event texts only)."""

    seq: int
    version: int  # the game's version once this entry was saved
    kind: str
    user_id: int | None
    player: str | None
    text: str
    told: tuple[Told, ...] = ()  # its public events one by one, each with words
