"""Wald's sequential probability ratio test: stop a tournament as soon as its answer is known.

A fixed tournament of 200 games spends most of its games confirming what the first thirty
already showed. The sequential test plays one game at a time and, after each, weighs the
evidence for "A wins a decisive game with probability ``p1``" against "... with probability
``p0``" (the log-likelihood ratio of the wins and losses so far); it stops once the ratio
crosses a bound set by the error rates (α: deciding H1 when H0 is true; β: the reverse).
Drawn games say nothing about who is stronger and leave the ratio where it was (the test is on
the decisive games, as chess engine testing does).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

H1 = "H1"
H0 = "H0"
UNDECIDED = "undecided"


@dataclass(frozen=True)
class Sprt:
    """The test of ``p0`` against ``p1`` (0 < p0 < p1 < 1) at error rates ``alpha``, ``beta``."""

    p0: float
    p1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not 0 < self.p0 < self.p1 < 1:
            raise ValueError("--sprt takes P0,P1 with 0 < P0 < P1 < 1, e.g. 0.5,0.7")
        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise ValueError("the error rates must be between 0 and 1")

    @property
    def upper(self) -> float:
        """Accept H1 at or above this log-likelihood ratio: ln((1 - β) / α)."""
        return math.log((1 - self.beta) / self.alpha)

    @property
    def lower(self) -> float:
        """Accept H0 at or below this log-likelihood ratio: ln(β / (1 - α))."""
        return math.log(self.beta / (1 - self.alpha))

    def llr(self, wins: int, losses: int) -> float:
        """The log-likelihood ratio of H1 to H0 after ``wins`` and ``losses`` of A."""
        return wins * math.log(self.p1 / self.p0) + losses * math.log((1 - self.p1) / (1 - self.p0))

    def decide(self, wins: int, losses: int) -> str:
        """:data:`H1`, :data:`H0`, or :data:`UNDECIDED` while the ratio is between the bounds."""
        ratio = self.llr(wins, losses)
        if ratio >= self.upper:
            return H1
        if ratio <= self.lower:
            return H0
        return UNDECIDED


def parse(text: str) -> Sprt:
    """``"0.5,0.7"`` as a test of 0.5 against 0.7 (α = β = 0.05)."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2:
        raise ValueError("--sprt takes two probabilities, P0,P1, e.g. 0.5,0.7")
    try:
        p0, p1 = float(parts[0]), float(parts[1])
    except ValueError:
        raise ValueError("--sprt takes two probabilities, P0,P1, e.g. 0.5,0.7") from None
    return Sprt(p0, p1)
