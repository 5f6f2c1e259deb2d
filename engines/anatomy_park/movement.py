"""Moving characters (with free transport rides), diseases and tiles."""

from __future__ import annotations

from collections import deque

from engines.anatomy_park import data
from engines.anatomy_park.common import add_vp, character, effect_active
from engines.anatomy_park.grid import DIRS, around, step, tile_neighbours
from engines.anatomy_park.state import APState
from engines.core import Event
from i18n.say import say


def movement_points(s: APState, player: str) -> int:
    return 1 if effect_active(s, "hiccups", player) else character(s, player).movement


def reachable(s: APState, player: str) -> dict[str, int]:
    """Tiles the character can reach this movement phase, with the points it costs.

    Stepping onto a transport tile (open or closed) is free; stepping onto any other tile costs
    1 (so leaving a transport for another type costs 1). Cramp makes every step cost 1.
    A tile costs the same to step onto from every side, so the first time the search reaches
    a tile is its cheapest: no tile is reached twice.
    """
    start = s.pos[player]
    budget = movement_points(s, player)
    free_rides = not effect_active(s, "cramp")
    park = s.park
    tiles = data.tiles()
    best = {start: 0}
    # a step costs 0 or 1, so a queue that takes free steps first finds every cheapest cost
    # (a search lists moves very often: this is one of its hot spots)
    queue = deque([(0, start)])
    # the step costs of the tiles met, each worked out once
    step_cost: dict[str, int] = {}
    while queue:
        cost, cur = queue.popleft()
        for n in around(cur):
            cell = park.get(n)
            if cell is None:
                continue
            sc = step_cost.get(n)
            if sc is None:
                # is_transport, the cell in hand: a closed tile or a transport tile
                ride = free_rides and (cell.closed or tiles[cell.tile].type == "transport")
                sc = step_cost[n] = 0 if ride else 1
            c = cost + sc
            if c <= budget and n not in best:
                best[n] = c
                if sc:
                    queue.append((c, n))
                else:
                    queue.appendleft((c, n))
    best.pop(start, None)
    return best


def exact_paths_end(s: APState, start: str, length: int) -> set[str]:
    """Ends of walks of exactly ``length`` steps along tiles that never revisit a space."""
    ends: set[str] = set()

    def walk(cur: str, seen: set[str], left: int) -> None:
        if left == 0:
            ends.add(cur)
            return
        for n in tile_neighbours(s.park, cur):
            if n not in seen:
                walk(n, seen | {n}, left - 1)

    walk(start, {start}, length)
    return ends


def movable_tile(s: APState, space: str) -> bool:
    """Players may not move the entrance or transports (some body reactions may)."""
    cell = s.park.get(space)
    if cell is None:
        return False
    return not cell.closed and data.tile(cell.tile).type not in ("entrance", "transport")


def move_tile(s: APState, src: str, dst: str, ev: list[Event]) -> None:
    """Slide a tile; the characters and diseases on it ride along; Pirates cost their owner."""
    cell = s.park.pop(src)
    s.park[dst] = cell
    for p, at in s.pos.items():
        if at == src:
            s.pos[p] = dst
    for d in s.diseases:
        if d.pos == src:
            d.pos = dst
    t = data.tile(cell.tile)
    if not cell.closed and t.special == "pirates" and cell.marker:
        add_vp(s, cell.marker, -2)
        ev.append(
            Event(
                text=say(
                    "{tile} was moved: its controller {player} loses 2 VP.",
                    tile=t.name,
                    player=cell.marker,
                )
            )
        )


def tile_move_options(s: APState, player: str) -> list[tuple[str, str, int]]:
    """(tile space, direction, distance) for the movement option "move a tile"."""
    from engines.anatomy_park.common import has_ability

    here = s.pos[player]
    spaces = [here, *tile_neighbours(s.park, here)]
    far = has_ability(s, player, "far_tile_move")
    out = []
    for sp in spaces:
        if not movable_tile(s, sp):
            continue
        for d in DIRS:
            one = step(sp, d)
            if one in s.park:
                continue
            out.append((sp, d, 1))
            if far and step(sp, d, 2) not in s.park:
                out.append((sp, d, 2))
    return out


def disease_steps(s: APState, space: str) -> list[str]:
    """Directions a disease may move: onto a touching tile (transports are ordinary for it)."""
    return [d for d in DIRS if step(space, d) in s.park]
