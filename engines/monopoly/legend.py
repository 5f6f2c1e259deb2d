"""The legend of the Monopoly: Rick and Morty board for ``/game rules``: its areas, in the board's own
pixels (the renderer's constants), named and described (see ``rendering.legend``)."""

from __future__ import annotations

from engines.monopoly import render_layout as mo
from rendering.legend import Area, Plan


def plan() -> Plan:
    size, c = mo.SIZE, mo.CORNER
    inner = c + 68

    def corner(i: int) -> tuple[float, float, float, float]:
        x0, y0, x1, y1, _ = mo.cell_rect(i)
        return (x0, y0, x1, y1)

    row = "colour bar = group; owner's tag; green stilts or a red box; grey = mortgaged"
    return Plan(
        "Monopoly: Rick and Morty — the board",
        size,
        size,
        [
            Area(corner(0), "GO", "passing it pays 200"),
            Area(corner(10), "Jail", "in jail, or just visiting"),
            Area(corner(20), "Free Parking", "nothing happens"),
            Area(corner(30), "Go to jail", "straight to Jail"),
            Area((c, size - c, size - c, size), "Spaces 1–9", row),
            Area((0, c, c, size - c), "Spaces 11–19", "the same marks"),
            Area((c, 0, size - c, c), "Spaces 21–29", "the same marks"),
            Area((size - c, c, size, size - c), "Spaces 31–39", "figures stand on their space"),
            Area(
                (inner, inner, size - inner, inner + 150),
                "Whose turn",
                "their colour, and the dice they rolled",
            ),
            Area(
                (inner, inner + 150, size - inner, inner + 380),
                "Players",
                "figure, cash, deeds, in jail, get-out cards",
            ),
            Area(
                (inner, inner + 380, size - inner, size - c - 140),
                "Waiting for · recent moves",
                "what the game needs now, then the last moves",
            ),
            Area(
                (inner, size - c - 140, size - inner, size - inner),
                "Bank and decks",
                "stilts and boxes left, cards in each deck",
            ),
        ],
    )
