"""The six Monopoly: Rick and Morty figures as small pictograms drawn with Pillow primitives.

A token is a ring in the player's seat colour around a light disc holding the figure, with the
player's initial on a dark badge, so neither colour nor shape is the only cue. Shapes are bold
silhouettes that still read at Discord's phone preview (the board shown about 550 px wide).
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from rendering.family import phone_min_text
from rendering.kit import INK, WHITE, Ink, contrast_ink, font

DISC = (252, 250, 242)
#: each figure's main colour (named, so the board's palette draws them exactly)
FIGURE_COLOURS = {
    "badge": (236, 182, 30),
    "meeseeks": (40, 110, 210),
    "plumbus": (240, 130, 170),
    "portalgun": (80, 230, 90),
    "ship": (150, 220, 250),
    "helmet": (160, 165, 175),
}
#: the player's letter is never smaller than the phone's text size on the board (1000 px wide)
LETTER = phone_min_text(1000)
#: below this radius a token shows the initial alone: a figure that small does not read
SMALL_FIGURE = 22
Point = tuple[float, float]
#: draws a figure centred at (cx, cy), ``s`` its half-size, ``w`` its outline width
Pictogram = Callable[[ImageDraw.ImageDraw, float, float, float, int], None]


def _poly(draw: ImageDraw.ImageDraw, pts: list[Point], fill: Ink, width: int) -> None:
    draw.polygon([(round(x), round(y)) for x, y in pts], fill=fill, outline=INK, width=width)


def _badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, w: int) -> None:
    """Council of Ricks badge: a gold five-pointed star."""
    import math

    pts = []
    for k in range(10):
        rad = s * (1.0 if k % 2 == 0 else 0.45)
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a) + s * 0.06))
    _poly(draw, pts, FIGURE_COLOURS["badge"], w)


def _meeseeks(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, w: int) -> None:
    """Mr. Meeseeks box: a blue box with its big button on top."""
    draw.rectangle(
        [cx - s * 0.75, cy - s * 0.25, cx + s * 0.75, cy + s * 0.8],
        fill=FIGURE_COLOURS["meeseeks"],
        outline=INK,
        width=w,
    )
    draw.rectangle(
        [cx - s * 0.75, cy - s * 0.45, cx + s * 0.75, cy - s * 0.2],
        fill=(90, 160, 240),
        outline=INK,
        width=w,
    )
    draw.ellipse(
        [cx - s * 0.35, cy - s * 0.9, cx + s * 0.35, cy - s * 0.35],
        fill=(120, 200, 255),
        outline=INK,
        width=w,
    )


def _plumbus(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, w: int) -> None:
    """Plumbus: a pink blob with its knob on top and a stubby stem."""
    pink, dark = FIGURE_COLOURS["plumbus"], (200, 80, 120)
    draw.rectangle([cx - s * 0.12, cy + s * 0.45, cx + s * 0.12, cy + s * 0.9], fill=dark)
    draw.ellipse(
        [cx - s * 0.8, cy - s * 0.35, cx + s * 0.8, cy + s * 0.6], fill=pink, outline=INK, width=w
    )
    draw.ellipse(
        [cx - s * 0.45, cy - s * 0.9, cx + s * 0.2, cy - s * 0.2], fill=pink, outline=INK, width=w
    )
    draw.ellipse([cx + s * 0.15, cy - s * 0.05, cx + s * 0.45, cy + s * 0.25], fill=dark)


def _portalgun(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, w: int) -> None:
    """Portal Gun: a grey body, a handle, and the green portal fluid at the back."""
    grey = (175, 180, 190)
    _poly(
        draw,
        [
            (cx - s * 0.1, cy + s * 0.1),
            (cx + s * 0.2, cy + s * 0.1),
            (cx + s * 0.1, cy + s * 0.85),
            (cx - s * 0.25, cy + s * 0.85),
        ],
        (110, 115, 125),
        w,
    )
    draw.rectangle(
        [cx - s * 0.5, cy - s * 0.35, cx + s * 0.9, cy + s * 0.2], fill=grey, outline=INK, width=w
    )
    draw.ellipse(
        [cx - s * 0.95, cy - s * 0.6, cx - s * 0.15, cy + s * 0.3],
        fill=FIGURE_COLOURS["portalgun"],
        outline=INK,
        width=w,
    )


def _ship(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, w: int) -> None:
    """Rick's ship: a saucer body under a glass dome."""
    draw.chord(
        [cx - s * 0.55, cy - s * 0.75, cx + s * 0.55, cy + s * 0.3],
        180,
        360,
        fill=FIGURE_COLOURS["ship"],
        outline=INK,
        width=w,
    )
    draw.ellipse(
        [cx - s * 0.95, cy - s * 0.25, cx + s * 0.95, cy + s * 0.45],
        fill=(150, 155, 165),
        outline=INK,
        width=w,
    )
    for dx in (-0.5, 0.0, 0.5):
        draw.ellipse(
            [cx + s * (dx - 0.1), cy + s * 0.02, cx + s * (dx + 0.1), cy + s * 0.22],
            fill=(250, 210, 60),
        )


def _helmet(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, w: int) -> None:
    """Snuffles' helmet: a metal dome with a visor and an antenna."""
    draw.line([(cx + s * 0.3, cy - s * 0.4), (cx + s * 0.55, cy - s * 0.95)], fill=INK, width=w)
    draw.ellipse([cx + s * 0.4, cy - s * 1.05, cx + s * 0.7, cy - s * 0.75], fill=(220, 50, 50))
    draw.pieslice(
        [cx - s * 0.9, cy - s * 0.7, cx + s * 0.9, cy + s * 1.0],
        180,
        360,
        fill=FIGURE_COLOURS["helmet"],
        outline=INK,
        width=w,
    )
    draw.rectangle(
        [cx - s * 0.9, cy + s * 0.1, cx + s * 0.9, cy + s * 0.45],
        fill=(120, 125, 135),
        outline=INK,
        width=w,
    )
    draw.rectangle(
        [cx - s * 0.5, cy - s * 0.25, cx + s * 0.5, cy],
        fill=(120, 200, 240),
        outline=INK,
        width=max(1, w - 1),
    )


PICTOGRAMS: dict[str, Pictogram] = {
    "badge": _badge,
    "meeseeks": _meeseeks,
    "plumbus": _plumbus,
    "portalgun": _portalgun,
    "ship": _ship,
    "helmet": _helmet,
}


def draw_token(
    draw: ImageDraw.ImageDraw,
    cx: int,
    cy: int,
    r: int,
    colour: tuple[int, int, int],
    figure: str | None,
    letter: str,
) -> None:
    """A player's token centred at (cx, cy): their figure in a ring of their colour, with their
    initial on a badge. Without a figure (an old game) the initial fills the disc instead."""
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline=INK, width=2)
    if figure not in PICTOGRAMS or r < SMALL_FIGURE:
        f = font(max(LETTER, int(r * (1.2 if len(letter) == 1 else 0.9))), True)
        draw.text((cx, cy), letter, font=f, fill=contrast_ink(colour), anchor="mm")
        return
    inner = int(r * 0.8)
    draw.ellipse([cx - inner, cy - inner, cx + inner, cy + inner], fill=DISC, outline=INK, width=1)
    PICTOGRAMS[figure](draw, cx, cy - r * 0.06, inner * 0.9, max(1, r // 11))
    br = max(LETTER * 2 // 3, int(r * 0.5))
    bx, by = cx + r - br // 2, cy + r - br // 2
    draw.ellipse([bx - br, by - br, bx + br, by + br], fill=INK, outline=WHITE, width=1)
    f = font(LETTER, True)
    draw.text((bx, by), letter, font=f, fill=WHITE, anchor="mm")
