"""Colours as a colour-blind reader sees them, and the palettes that must not rely on colour.

About one man in twelve sees colours differently. A colour that carries a rule (a tile's
colour scores, a cube's colour says what it is) must still be told apart from the others under
deuteranopia, protanopia and tritanopia, or carry a second cue (a letter, a pattern, a shape).
Each game's renderer declares those palettes as ``RULE_COLOURS`` (name -> list of
:class:`RuleColour`), with the cue it really draws; :func:`confusable_pairs` finds the pairs a
reader could mix up, and the tests and ``python -m rendering.audit`` count them.

Simulation: Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency", the severity-1.0 matrices, applied to linear RGB.
Distance: CIEDE2000 (ΔE00) in CIELAB under D65.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

RGB = tuple[int, int, int]

#: Machado et al. 2009, severity 1.0 (dichromacy), for linear RGB
MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
KINDS = tuple(MATRICES)
#: two rule-carrying colours closer than this (ΔE00) under some vision are confusable: small
#: marks on a phone need more than the just-noticeable difference (about 2)
NEAR = 10.0


@dataclass(frozen=True)
class RuleColour:
    """A colour that carries a rule, and the second cue drawn with it ("letter F", "diagonal
    hatch", "ring"; "" when the colour stands alone)."""

    meaning: str
    rgb: RGB
    cue: str = ""


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(value: float) -> int:
    v = min(1.0, max(0.0, value))
    c = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(c * 255)


@lru_cache(maxsize=4096)
def simulate(rgb: RGB, kind: str) -> RGB:
    """``rgb`` as a reader with ``kind`` (one of :data:`KINDS`) sees it."""
    lin = [_linear(c) for c in rgb]
    matrix = MATRICES[kind]
    out = [sum(m * v for m, v in zip(row, lin, strict=True)) for row in matrix]
    r, g, b = (_encoded(v) for v in out)
    return r, g, b


@lru_cache(maxsize=4096)
def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a: RGB, b: RGB) -> float:
    """CIEDE2000 colour difference between two sRGB colours."""
    l1, a1, b1 = lab(a)
    l2, a2, b2 = lab(b)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    c_mean = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_mean = (h1p + h2p + 360) / 2
    else:
        h_mean = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = (
        -2
        * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


def closest(a: RGB, b: RGB) -> tuple[str, float]:
    """The vision ("normal" or one of :data:`KINDS`) under which ``a`` and ``b`` are closest,
    and their distance there."""
    seen = [("normal", distance(a, b))]
    seen += [(kind, distance(simulate(a, kind), simulate(b, kind))) for kind in KINDS]
    return min(seen, key=lambda pair: pair[1])


def confusable_pairs(
    palette: Sequence[RuleColour], near: float = NEAR
) -> list[tuple[RuleColour, RuleColour, str, float]]:
    """Pairs of ``palette`` a reader could mix up: closer than ``near`` under normal vision or
    a simulated one, unless both carry a cue and the cues differ. Each with the vision and the
    distance."""
    found = []
    for a, b in combinations(palette, 2):
        if a.cue and b.cue and a.cue != b.cue:
            continue
        kind, gap = closest(a.rgb, b.rgb)
        if gap < near:
            found.append((a, b, kind, gap))
    return found
