"""The legend of the Run Animals, Run! board for ``/game rules``: its areas, in the board's own
pixels (the renderer's constants), named and described (see ``rendering.legend``)."""

from __future__ import annotations

from engines.run_animals import render as ra
from rendering.legend import Area, Plan


def plan() -> Plan:
    side = 4 * ra.TILE + 3 * ra.GAP
    bottom = ra.MAP_Y + side
    px, w = ra.PANEL_X, ra.WIDTH
    step = (bottom - ra.MAP_Y) / 10
    return Plan(
        "Run Animals, Run! — the board",
        w,
        bottom + 10,
        [
            Area((0, 0, w, ra.HEADER), "Header", "the round, whose turn, the card being played"),
            Area(
                (ra.MAP_X, ra.MAP_Y, ra.MAP_X + side, bottom),
                "The map",
                "16 tiles numbered for the dice; animals as discs with their species' "
                "letters; cubes: food, nest, water; sand = cleared, grey = cement; "
                "red edge = the last roll",
            ),
            Area(
                (px, ra.MAP_Y, w - 6, ra.MAP_Y + 4 * step),
                "Players",
                "species, goal cubes and points, graveyard penalty, hand, discard, "
                "animals on the map",
            ),
            Area(
                (px, ra.MAP_Y + 4 * step, w - 6, ra.MAP_Y + 6 * step),
                "Goals to take",
                "face-up goals and the goal deck",
            ),
            Area(
                (px, ra.MAP_Y + 6 * step, w - 6, ra.MAP_Y + 8 * step),
                "Graveyard",
                "the game ends when its red slot is filled",
            ),
            Area(
                (px, ra.MAP_Y + 8 * step, w - 6, bottom),
                "Last roll · supply",
                "what each rolled tile did; cubes and cement left",
            ),
        ],
    )
