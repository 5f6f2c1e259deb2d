"""A big park for render tests and the benchmark: 40 tiles of every kind, tokens and markers."""

from __future__ import annotations

from engines.anatomy_park import data
from engines.anatomy_park.engine import ENGINE
from engines.anatomy_park.state import APState, Cell, Disease

PLAYERS = ["Ada", "Bea", "Cy", "Dee", "Eli", "Fox"]


def big_park(n_tiles: int = 40, *, mode: str = "advanced") -> APState:
    """A spiral of ``n_tiles`` tiles around the entrance with closed tiles, markers, diseases."""
    s = ENGINE.setup(PLAYERS, seed=7, options={"mode": mode})
    park_ids = [t for t, tile in data.tiles().items() if tile.type not in ("focus", "entrance")]
    x = y = 0
    dx, dy, run, steps, turns = 1, 0, 1, 0, 0
    placed = 1
    while placed < n_tiles:
        x, y = x + dx, y + dy
        steps += 1
        t = park_ids[placed - 1]
        for pile in (s.stack, *s.hands.values()):
            if t in pile:
                pile.remove(t)
        marker = PLAYERS[placed % 6] if data.tile(t).marker else None
        if marker and s.markers_left[marker]:
            s.markers_left[marker] -= 1
        else:
            marker = None
        s.park[f"{x},{y}"] = Cell(tile=t, closed=placed % 9 == 0, marker=marker)
        placed += 1
        if steps == run:
            steps, turns = 0, turns + 1
            dx, dy = -dy, dx
            if turns % 2 == 0:
                run += 1
    spaces = list(s.park)
    for i, p in enumerate(PLAYERS):
        s.pos[p] = spaces[(i * 7) % len(spaces)]
    s.diseases = [
        Disease(effect="tuberculosis", pos=spaces[5]),
        Disease(effect="e_coli", pos=spaces[12]),
    ]
    return s
