"""Seating a league's round: pure functions over the standings, no I/O.

- Two-player games: Swiss pairings. Players are paired top down in standing order, each with
  the nearest player below whom they have not met yet; a pairing with no rematch is searched
  for (backtracking) and only when none exists are rematches allowed, as few as the search
  finds. With an odd number of players one sits out with a *bye*: the lowest-standing player
  who has had the fewest byes (so nobody gets a second bye while someone has had none).
- Multiplayer games: tables of similar standing: the standings cut into consecutive tables of
  the chosen size, the sizes balanced (never two apart) and kept within the game's range.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: how many steps the search for a pairing without rematches may take before rematches are
#: allowed (a field of 64 finds one within a few hundred)
SEARCH_STEPS = 200_000

Pair = tuple[int, int]


def pair_key(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class Pairing:
    pairs: list[Pair]
    bye: int | None
    rematches: int


def swiss(order: Sequence[int], met: set[Pair], byes: dict[int, int]) -> Pairing:
    """Pair ``order`` (best standing first). ``met``: pairs that have played each other;
    ``byes``: how many byes each player has had."""
    players = list(order)
    candidates: list[int | None] = [None]
    if len(players) % 2 == 1:
        # lowest standing first among those with the fewest byes
        fewest = min(byes.get(p, 0) for p in players)
        lowest_first = list(reversed(players))
        candidates = [p for p in lowest_first if byes.get(p, 0) == fewest]
        candidates += [p for p in lowest_first if byes.get(p, 0) != fewest]
    best: Pairing | None = None
    for bye in candidates:
        rest = [p for p in players if p != bye]
        pairs = _without_rematch(rest, met)
        if pairs is not None:
            return Pairing(pairs, bye, 0)
        if best is None:
            fallback = _fewest_rematches(rest, met)
            best = Pairing(fallback, bye, sum(pair_key(*p) in met for p in fallback))
    assert best is not None
    return best


def _without_rematch(players: list[int], met: set[Pair]) -> list[Pair] | None:
    """A pairing of ``players`` in standing order with no pair that has met (None: none found
    within :data:`SEARCH_STEPS`)."""
    steps = 0
    used = [False] * len(players)
    out: list[Pair] = []

    def search() -> bool:
        nonlocal steps
        first = next((i for i, u in enumerate(used) if not u), None)
        if first is None:
            return True
        used[first] = True
        for j in range(first + 1, len(players)):
            steps += 1
            if steps > SEARCH_STEPS:
                break
            if used[j] or pair_key(players[first], players[j]) in met:
                continue
            used[j] = True
            out.append((players[first], players[j]))
            if search():
                return True
            out.pop()
            used[j] = False
        used[first] = False
        return False

    return list(out) if search() else None


def _fewest_rematches(players: list[int], met: set[Pair]) -> list[Pair]:
    """Top down, each with the nearest player they have not met, else the nearest one."""
    left = list(players)
    out: list[Pair] = []
    while left:
        first = left.pop(0)
        partner = next((p for p in left if pair_key(first, p) not in met), left[0])
        left.remove(partner)
        out.append((first, partner))
    return out


def table_sizes(count: int, size: int, smallest: int, largest: int) -> list[int]:
    """How many players sit at each table: about ``size``, none two apart, each within
    ``smallest``-``largest``. When no split seats everyone (five players of a game for three
    or four), as many as can be seated are; ``[]``: too few players for one table."""
    for seated in range(count, smallest - 1, -1):
        fits = [k for k in range(1, seated // smallest + 1) if seated <= k * largest]
        if fits:
            tables = min(fits, key=lambda k: (abs(seated / k - size), k))
            base, extra = divmod(seated, tables)
            return [base + 1] * extra + [base] * (tables - extra)
    return []


def similar_tables(
    order: Sequence[int], size: int, smallest: int, largest: int
) -> tuple[list[tuple[int, ...]], list[int]]:
    """Multiplayer tables of similar standing: ``order`` (best first) cut into consecutive
    tables of :func:`table_sizes`; and who sits out (the lowest standing, when the sizes
    cannot seat everyone), each with a bye."""
    out: list[tuple[int, ...]] = []
    at = 0
    for n in table_sizes(len(order), size, smallest, largest):
        out.append(tuple(order[at : at + n]))
        at += n
    return out, list(order[at:])
