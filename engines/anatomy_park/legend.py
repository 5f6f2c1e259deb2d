"""The legend of the Anatomy Park board for ``/game rules``: its areas, in the board's own
pixels (the renderer's constants), named and described (see ``rendering.legend``)."""

from __future__ import annotations

from engines.anatomy_park import render as ap
from rendering.legend import Area, Plan


def plan() -> Plan:
    w, m = ap.WIDTH, ap.MARGIN
    head = m + 80
    park = head + ap.AXIS + ap.MAX_PARK_H * 0.7
    players = park + 14 + 4 * 40
    bottom = players + 3 * 34
    return Plan(
        "Rick and Morty: Anatomy Park — the board",
        w,
        bottom,
        [
            Area(
                (0, 0, w, head),
                "Header",
                "the draw stack and discard; what the game waits for; Ruben's heart",
            ),
            Area(
                (m, head, w - m, park),
                "The park",
                "tiles at their coordinates (columns on top, rows at the left); "
                "who controls a tile is marked on it; diseases and players on their tiles",
            ),
            Area(
                (m, park + 14, w - m, players),
                "Players",
                "VP, character, tiles in hand, markers left, turns left",
            ),
            Area(
                (m, players, w - m, bottom),
                "Effects",
                "diseases in the park, what is in effect, the last body reaction",
            ),
        ],
    )
