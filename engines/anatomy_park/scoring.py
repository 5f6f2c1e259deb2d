"""Final scoring: VP tokens, controlled tiles, master plans, and the tie-breaks."""

from __future__ import annotations

from engines.anatomy_park import data
from engines.anatomy_park.common import colour_of
from engines.anatomy_park.grid import tile_neighbours
from engines.anatomy_park.placement import touching_count
from engines.anatomy_park.state import APState


def plan_patterns(s: APState, plan_id: str) -> int:
    """Centre tiles of the plan's colour with enough touching tiles of the ring colour."""
    plan = data.plans()[plan_id]
    count = 0
    for sp in s.park:
        if colour_of(s, sp) != plan.centre:
            continue
        ring = sum(1 for n in tile_neighbours(s.park, sp) if colour_of(s, n) == plan.ring)
        if ring >= plan.need:
            count += 1
    return count


def controlled_vp(s: APState, player: str) -> int:
    total = 0
    for sp, cell in s.park.items():
        if cell.marker != player or cell.closed:
            continue
        t = data.tile(cell.tile)
        total += t.vp
        if t.bonus is not None and t.bonus.when == "end":
            total += touching_count(s, sp, t.bonus)
    return total


def plan_vp(s: APState, player: str) -> int:
    """Scored only by those who got out, or by everyone if Ruben survived."""
    plan = s.plans.get(player)
    if plan is None or not (player in s.left or s.ruben_alive):
        return 0
    return data.plans()[plan].vp * plan_patterns(s, plan)


def breakdown(s: APState, player: str) -> dict[str, int]:
    return {
        "tokens": s.vp[player],
        "controlled": controlled_vp(s, player),
        "plan": plan_vp(s, player),
    }


def final_scores(s: APState) -> dict[str, int]:
    return {p: sum(breakdown(s, p).values()) for p in s.players if p not in s.removed}


def markers_in_park(s: APState, player: str) -> int:
    return sum(1 for c in s.park.values() if c.marker == player)


def winners(s: APState, scores: dict[str, int]) -> list[str]:
    """Most VP; then fewer control markers in the park; then more tiles in hand."""
    if not scores:
        return []

    def rank(p: str) -> tuple[int, int, int]:
        return (scores[p], -markers_in_park(s, p), len(s.hands[p]))

    best = max(rank(p) for p in scores)
    return [p for p in scores if rank(p) == best]
