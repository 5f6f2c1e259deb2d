"""What the clock service's commands and notices return: facts, not words.

The Discord layer (:mod:`bot.discord_app.clock_texts`) turns them into messages, so the
service never decides how anything is said to a player.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engines.ai.levels import DEFAULT_LEVEL
from storage.clock import ClockRules


class Removal(enum.Enum):
    """What became of a game when one of its players was taken out of it."""

    GOES_ON = "goes on"
    ENDED = "ended"
    CLOSED = "closed"  # the game could not be played any more


@dataclass(frozen=True)
class Nudge:
    nudger_id: int
    title: str
    #: each awaited player nudged, with their running deadline (None: no clock)
    waiting: tuple[tuple[int, float | None], ...]
    #: the nudged players the channel's message may ping (not those asleep, who muted the
    #: game or want no mention)
    pinged: tuple[int, ...] = ()


@dataclass(frozen=True)
class Vote:
    voter_id: int
    target: str  # the player's name
    choice: str  # "keep" | "kick"
    keep: int
    kick: int
    need: int
    decided: str | None = None  # "keep" | "kick" once a majority is reached
    removal: Removal | None = None  # what a decided kick did to the game


@dataclass(frozen=True)
class ClockSetting:
    turn_seconds: int | None  # None: no clock
    missed_limit: int
    #: the level the game's stand-ins play at (the host's choice, default normal)
    standin_level: str = DEFAULT_LEVEL
    #: a time bank, weekends off, and what an away player's clock does
    rules: ClockRules = ClockRules()


@dataclass(frozen=True)
class PlayerClock:
    """One awaited player's running clock, as ``/host clock`` shows it."""

    name: str
    due_at: float
    #: what is left of their time bank (None: the game has none)
    bank_left: float | None = None


@dataclass(frozen=True)
class ClockInfo:
    setting: ClockSetting
    paused_at: float | None
    #: every running deadline
    deadlines: tuple[PlayerClock, ...]


@dataclass(frozen=True)
class AwayPeriod:
    until: float
    games: int  # running games, in every server, whose clocks it stops
    #: running games whose host chose a stand-in for away players (their clocks run on)
    standin_games: int = 0
