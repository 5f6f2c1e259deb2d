"""Where things sit on the Monopoly board: the spaces' rectangles, the colour bars, and where
each space's tokens stand (``render.py`` draws them; ``legend.py`` names the areas)."""

from __future__ import annotations

from functools import lru_cache

#: (x0, y0, x1, y1)
Box = tuple[int, int, int, int]

CORNER = 156
CELL = 98
SIZE = 2 * CORNER + 9 * CELL  # 1194
BAR = 26
BAND = 26
#: the smallest text: 1/60 of the board's width, so it reads at Discord's 550 px preview
TEXT = 20
#: depth of the strip just inside the board where a space's tokens stand
TAB = 76


def cell_rect(i: int) -> tuple[int, int, int, int, str]:
    """(x0, y0, x1, y1, side) of space ``i``; side is the board edge it sits on."""
    s, c, w = SIZE, CORNER, CELL
    if i == 0:
        return s - c, s - c, s, s, "corner"
    if i < 10:
        x1 = s - c - (i - 1) * w
        return x1 - w, s - c, x1, s, "bottom"
    if i == 10:
        return 0, s - c, c, s, "corner"
    if i < 20:
        y1 = s - c - (i - 11) * w
        return 0, y1 - w, c, y1, "left"
    if i == 20:
        return 0, 0, c, c, "corner"
    if i < 30:
        x0 = c + (i - 21) * w
        return x0, 0, x0 + w, c, "top"
    if i == 30:
        return s - c, 0, s, c, "corner"
    y0 = c + (i - 31) * w
    return s - c, y0, s, y0 + w, "right"


def bar_rect(x0: int, y0: int, x1: int, y1: int, side: str) -> tuple[int, int, int, int]:
    """The colour bar sits on the edge facing the centre, as on the printed board."""
    if side == "bottom":
        return x0, y0, x1, y0 + BAR
    if side == "top":
        return x0, y1 - BAR, x1, y1
    if side == "left":
        return x1 - BAR, y0, x1, y1
    return x0, y0, x0 + BAR, y1


def token_anchor(i: int) -> tuple[int, int, int, int]:
    """A box just inside the board next to space ``i`` where its tokens stand."""
    x0, y0, x1, y1, side = cell_rect(i)
    depth = TAB
    if side == "bottom":
        return x0 + 4, y0 - depth, x1 - 4, y0 - 4
    if side == "top":
        return x0 + 4, y1 + 4, x1 - 4, y1 + depth
    if side == "left":
        return x1 + 4, y0 + 4, x1 + depth, y1 - 4
    if side == "right":
        return x0 - depth, y0 + 4, x0 - 4, y1 - 4
    # corners: the lower part of the corner square itself
    return x0 + 10, y0 + 84, x1 - 10, y1 - 8


#: token radii from the largest down; a space uses the largest that fits everyone on it
TOKEN_RADII = (28, 22, 17, 14)


def _fits(r: int, length: int) -> int:
    """How many tokens of radius ``r`` fit side by side along ``length`` pixels."""
    return max(1, (length + 2) // (2 * r + 2))


def grid_spots(n: int, box: Box) -> tuple[int, list[tuple[int, int]]]:
    """Token centres in rows inside ``box`` (the corner squares)."""
    x0, y0, x1, y1 = box
    r = next(
        (
            r
            for r in TOKEN_RADII
            if 2 * r <= min(x1 - x0, y1 - y0) and _fits(r, x1 - x0) * _fits(r, y1 - y0) >= n
        ),
        TOKEN_RADII[-1],
    )
    per_row = _fits(r, x1 - x0)
    return r, [
        (x0 + r + (k % per_row) * (2 * r + 2), y0 + r + (k // per_row) * (2 * r + 2))
        for k in range(n)
    ]


def _clear_of_corners(cx: float, cy: float, side: str, r: int) -> bool:
    """Whether a token at (cx, cy) on ``side`` stays on its own side of the diagonal through
    each inner corner of the board, so it never touches, or seems to stand by, the first space
    of the neighbouring side."""
    lo, hi = CORNER, SIZE - CORNER
    if side in ("bottom", "top"):
        own = hi - cy if side == "bottom" else cy - lo
        across = (hi - cx, cx - lo)
    else:
        own = cx - lo if side == "left" else hi - cx
        across = (hi - cy, cy - lo)
    return all(a - own >= 1.42 * r + 2 or a >= TAB + r + 2 for a in across)


@lru_cache(maxsize=512)
def side_spots(i: int, n: int) -> tuple[int, list[tuple[int, int]]]:
    """Centres for ``n`` tokens on side space ``i``: in the strip just inside the board next to
    the space, the row against the space first and the middle of the space first, the largest
    size that fits everyone, clear of the corners' diagonals."""
    x0, y0, x1, y1 = token_anchor(i)
    side = cell_rect(i)[4]
    along_x = side in ("bottom", "top")
    length, depth = (x1 - x0, y1 - y0) if along_x else (y1 - y0, x1 - x0)
    middle = length / 2
    # the largest size at which everyone stands apart; failing that (four or more on a space
    # beside a corner), the smallest size with the tokens overlapping like a fanned stack
    tries = [(r, 2 * r + 2) for r in TOKEN_RADII] + [(TOKEN_RADII[-1], TOKEN_RADII[-1] + 2)]
    for r, apart in tries:
        spots: list[tuple[int, int]] = []
        for row in range((depth - 2 * r) // apart + 1):
            inward = r + row * apart  # from the space's edge of the strip
            offsets: list[int] = list(range(r, length - r + 1, 2))
            if apart > r + 2:  # apart: the middle of the space first; packed: from one end
                offsets = sorted(offsets, key=lambda t: abs(t - middle))
            for t in offsets:
                if along_x:
                    cx = x0 + t
                    cy = y1 - inward if side == "bottom" else y0 + inward
                else:
                    cy = y0 + t
                    cx = x1 - inward if side == "right" else x0 + inward
                if not _clear_of_corners(cx, cy, side, r):
                    continue
                if all((cx - a) ** 2 + (cy - b) ** 2 >= apart**2 for a, b in spots):
                    spots.append((cx, cy))
                if len(spots) == n:
                    return r, spots
    return grid_spots(n, token_anchor(i))  # more tokens than ever share a space in play
