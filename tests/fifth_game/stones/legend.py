"""The Stepping Stones legend: the path and the panel, in the board's own pixels."""

from __future__ import annotations

from rendering.legend import Area, Plan

from . import render


def plan() -> Plan:
    right = render.stone_box(12)[2]
    return Plan(
        "Stepping Stones — the board",
        render.WIDTH,
        render.HEIGHT,
        [
            Area(
                (0, render.PATH_Y, right, render.PATH_Y + render.STONE),
                "The path",
                "stones 0 (the bank) to 12; each lantern on its stone",
            ),
            Area(
                (0, render.PANEL_Y, render.WIDTH, render.HEIGHT),
                "Whose turn",
                "who moves now, and the last hop's roll",
            ),
        ],
    )
