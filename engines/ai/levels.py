"""How hard the AI thinks: ``easy`` plays the stand-in's heuristic; ``normal`` and ``hard``
search for a count of iterations worth about a fifth of a second and a second of CPU per
decision on the machine the bot runs on. A count, not a clock: the same seed gives the same
move whatever the load, so a game replays and a tournament reproduces."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import engines
from engines.core import Engine, IllegalAction


@dataclass(frozen=True)
class Budget:
    """How long a search may run: a count of iterations (deterministic for a seed), capped by
    wall time where ``seconds`` is set (not deterministic: for experiments only). Whichever
    runs out first ends the search."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search budget needs iterations, seconds or both")


def iterations_per_second(game: str) -> int:
    """``game``'s measured search rate (``Engine.search_rate``, declared by the game); a game
    that declares none is given the slowest declared rate."""
    rate = engines.get_engine(game).search_rate
    if rate is not None:
        return rate
    rates = [engines.get_engine(n).search_rate for n in engines.names()]
    return min((r for r in rates if r is not None), default=SLOWEST)


#: the rate assumed when no registered game declares one
SLOWEST = 250


@dataclass(frozen=True)
class Level:
    name: str
    #: CPU seconds a decision is meant to take; None: no search, the engine's own heuristic
    seconds: float | None
    #: a frozen calibration, for a baseline that plays as an older search did: moves a playout
    #: makes, and the engine attribute holding the iterations per second that search was
    #: calibrated with (None: the engine's own, as every level today)
    horizon: int | None = None
    rate_attribute: str | None = None

    def budget(self, game: str) -> Budget | None:
        """The level's iteration budget in ``game`` (None for the heuristic)."""
        if self.seconds is None:
            return None
        rate = iterations_per_second(game)
        if self.rate_attribute is not None:  # a game calibrated after the baseline: today's rate
            rate = getattr(engines.get_engine(game), self.rate_attribute) or rate
        return Budget(iterations=max(1, round(rate * self.seconds)))

    def playout_moves(self, engine: Engine[Any]) -> int:
        """How many moves a playout makes in ``engine``'s game before the standing scores it
        (the engine itself, not its registered name: a search may run an unregistered one)."""
        return self.horizon or engine.search_horizon


LEVELS: dict[str, Level] = {
    "easy": Level("easy", None),
    "normal": Level("normal", 0.2),
    "hard": Level("hard", 1.0),
}
DEFAULT_LEVEL = "normal"


#: older searches kept as they played, for tournaments only (never a seat's level): a change to
#: the search is proved not weaker by beating its baseline (docs/bots.md)
BASELINES: dict[str, Level] = {
    # ``normal`` before search was made cheaper (#35): 60-move playouts, and the iteration
    # rates it was calibrated with on 1 December 2026 (each engine's ``search_rate_h60``); it
    # makes the same moves as it did then
    "normal-h60": Level("normal-h60", 0.2, horizon=60, rate_attribute="search_rate_h60"),
}


def level_named(name: str, *, baselines: bool = False) -> Level:
    """The level called ``name`` (or, with ``baselines``, a :data:`BASELINES` entry); a clear
    refusal listing the valid ones otherwise."""
    known = {**LEVELS, **BASELINES} if baselines else LEVELS
    try:
        return known[name.strip().lower()]
    except KeyError:
        raise IllegalAction(
            f"Unknown bot level '{name[:20]}'. Levels: {', '.join(known)}."
        ) from None
