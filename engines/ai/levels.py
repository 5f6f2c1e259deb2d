"""How hard a bot thinks: ``easy`` plays the stand-in's heuristic, ``normal`` and ``hard``
search for a fifth of a second and a second per decision."""

from __future__ import annotations

from dataclasses import dataclass

from engines.core import IllegalAction


@dataclass(frozen=True)
class Budget:
    """How long a search may run: a count of iterations (deterministic for a seed), capped by
    wall time where ``seconds`` is set. Whichever runs out first ends the search."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search budget needs iterations, seconds or both")


@dataclass(frozen=True)
class Level:
    name: str
    #: None: no search, the engine's own heuristic (``suggest``)
    budget: Budget | None


LEVELS: dict[str, Level] = {
    "easy": Level("easy", None),
    "normal": Level("normal", Budget(iterations=100_000, seconds=0.2)),
    "hard": Level("hard", Budget(iterations=500_000, seconds=1.0)),
}
DEFAULT_LEVEL = "normal"


def level_named(name: str) -> Level:
    """The level called ``name``; a clear refusal listing the valid ones otherwise."""
    try:
        return LEVELS[name.strip().lower()]
    except KeyError:
        raise IllegalAction(
            f"Unknown bot level '{name[:20]}'. Levels: {', '.join(LEVELS)}."
        ) from None
