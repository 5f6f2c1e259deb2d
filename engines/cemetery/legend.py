"""The legend of the Cemetery Creatures board for ``/game rules``: its areas, in the board's own
pixels (the renderer's constants), named and described (see ``rendering.legend``)."""

from __future__ import annotations

from engines.cemetery import render as cc
from rendering.legend import Area, Plan


def plan() -> Plan:
    w = cc.WIDTH
    head = 56
    band = 44 + cc.CREATURE_H
    yard = 2 * (cc.STACK_H + 14) + 42
    key = cc.FOOTER + 16  # the footer line, with room for its label here
    bottom = head + 2 * band + yard + key
    creatures = (
        "creatures: the Core in the middle, up to 8 Parts around; "
        "chips F1 = a stable Flesh pair, F1! = unstable"
    )
    return Plan(
        "Cemetery Creatures — the board",
        w,
        bottom,
        [
            Area(
                (0, 0, w, head),
                "Header",
                "turn, whose turn and phase; the supply of Revenge and Science tokens",
            ),
            Area(
                (cc.MARGIN // 2, head, w - cc.MARGIN // 2, head + band),
                "First player",
                "tokens (green discs unspent, red rings spent) = total; Pet Cemetery; " + creatures,
            ),
            Area(
                (cc.MARGIN // 2, head + band, w - cc.MARGIN // 2, head + 2 * band),
                "Second player",
                "the same, for the other player",
            ),
            Area(
                (cc.MARGIN // 2, head + 2 * band, w - cc.MARGIN // 2, head + 2 * band + yard),
                "The Cemetery",
                "the Parts and Cores to draft; a stack is drafted whole",
            ),
            Area((0, bottom - key, w, bottom), "Key", "what the colours and chips mean"),
        ],
    )
