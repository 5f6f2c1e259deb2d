"""Where things sit on the Monopoly board: the spaces' rectangles, the colour bars, the owner
bands, and where each space's tokens stand (``render.py`` draws them; ``legend.py`` points at
them).

The board is drawn for a phone first: ``WIDTH`` px square, the family header across the top and
the ring of 40 spaces below it, every text at least ``TEXT`` px (9 px once the image is shown
400 px wide). Top and bottom spaces are ``CELL_W`` wide, left and right ones ``CELL_H`` high;
the corners fill the rest. Inside the ring a strip ``TAB`` deep holds the tokens; the centre
inside that holds who plays, the players, the last turn and the log.
"""

from __future__ import annotations

from functools import lru_cache

from rendering.family import header_height, phone_min_text

#: (x0, y0, x1, y1)
Box = tuple[int, int, int, int]

WIDTH = 1000
SIZE = WIDTH  # the image is square: as wide as high
TEXT = phone_min_text(WIDTH)  # 23
TOP = header_height(WIDTH)  # the family header's band
CELL_W = 82
CORNER = (WIDTH - 9 * CELL_W) // 2  # 131: the corners' width
CELL_H = 76
CORNER_H = (SIZE - TOP - 9 * CELL_H) // 2  # the corners' height
#: the colour bar on a space's inner edge (its group letter inside) and the owner band on its
#: outer edge (the owner's letter inside): each holds one letter of the phone's text size
BAR = TEXT
BAND = TEXT
#: depth of the strip just inside the board where a space's tokens stand
TAB = 62
#: the centre inside the token strips
CENTRE: Box = (CORNER + TAB, TOP + CORNER_H + TAB, SIZE - CORNER - TAB, SIZE - CORNER_H - TAB)
#: the centre inside the ring (the end board's standings use it all: no tokens are drawn)
INNER: Box = (CORNER, TOP + CORNER_H, SIZE - CORNER, SIZE - CORNER_H)


def cell_rect(i: int) -> tuple[int, int, int, int, str]:
    """(x0, y0, x1, y1, side) of space ``i``; side is the board edge it sits on."""
    s, c, ch, w, h = SIZE, CORNER, CORNER_H, CELL_W, CELL_H
    bottom = s - ch  # the top edge of the bottom row
    if i == 0:
        return s - c, bottom, s, s, "corner"
    if i < 10:
        x1 = s - c - (i - 1) * w
        return x1 - w, bottom, x1, s, "bottom"
    if i == 10:
        return 0, bottom, c, s, "corner"
    if i < 20:
        y1 = bottom - (i - 11) * h
        return 0, y1 - h, c, y1, "left"
    if i == 20:
        return 0, TOP, c, TOP + ch, "corner"
    if i < 30:
        x0 = c + (i - 21) * w
        return x0, TOP, x0 + w, TOP + ch, "top"
    if i == 30:
        return s - c, TOP, s, TOP + ch, "corner"
    y0 = TOP + ch + (i - 31) * h
    return s - c, y0, s, y0 + h, "right"


def bar_rect(x0: int, y0: int, x1: int, y1: int, side: str) -> Box:
    """The colour bar sits on the edge facing the centre, as on the printed board."""
    if side == "bottom":
        return x0, y0, x1, y0 + BAR
    if side == "top":
        return x0, y1 - BAR, x1, y1
    if side == "left":
        return x1 - BAR, y0, x1, y1
    return x0, y0, x0 + BAR, y1


def band_rect(x0: int, y0: int, x1: int, y1: int, side: str) -> Box:
    """The owner band sits on the board's outer edge, opposite the colour bar."""
    if side == "bottom":
        return x0, y1 - BAND, x1, y1
    if side == "top":
        return x0, y0, x1, y0 + BAND
    if side == "left":
        return x0, y0, x0 + BAND, y1
    return x1 - BAND, y0, x1, y1


def token_anchor(i: int) -> Box:
    """A box just inside the board next to space ``i`` where its tokens stand."""
    x0, y0, x1, y1, side = cell_rect(i)
    depth = TAB
    if side == "bottom":
        return x0, y0 - depth, x1, y0 - 2
    if side == "top":
        return x0, y1 + 2, x1, y1 + depth
    if side == "left":
        return x1 + 2, y0, x1 + depth, y1
    if side == "right":
        return x0 - depth, y0, x0 - 2, y1
    # corners: the lower part of the corner square itself
    return x0 + 6, y0 + 2 * TEXT + 8, x1 - 6, y1 - 4


def jail_boxes() -> tuple[Box, Box]:
    """(the jail cell, the visitors' strip) inside the Jail corner, where their tokens stand."""
    x0, y0, x1, y1, _ = cell_rect(10)
    return (x0 + 42, y0 + 28, x1 - 4, y0 + 65), (x0 + 4, y0 + 68, x1 - 4, y1 - 3)


#: token radii from the largest down: 26 shows the figure with its letter badge; 18 is a disc
#: holding the letter alone at the phone's text size (two stand apart beside any space)
TOKEN_RADII = (26, 18)


#: how far apart stacked tokens stand beside a corner, where a fanned stack does not fit
STACKED = 8


def _fits(r: int, length: int) -> int:
    """How many tokens of radius ``r`` fit side by side along ``length`` pixels."""
    return max(1, (length + 2) // (2 * r + 2))


def grid_spots(n: int, box: Box) -> tuple[int, list[tuple[int, int]]]:
    """Token centres in rows inside ``box`` (the corner squares); when even the smallest size
    does not fit everyone apart, they overlap like a fanned stack, each letter clear."""
    x0, y0, x1, y1 = box
    fitting = [
        r
        for r in TOKEN_RADII
        if 2 * r <= min(x1 - x0, y1 - y0) and _fits(r, x1 - x0) * _fits(r, y1 - y0) >= n
    ]
    if fitting:
        r = fitting[0]
        per_row = _fits(r, x1 - x0)
        step = 2 * r + 2
    else:
        r = TOKEN_RADII[-1]
        step = r + 2
        per_row = max(1, (x1 - x0 - 2 * r) // step + 1)
    return r, [(x0 + r + (k % per_row) * step, y0 + r + (k // per_row) * step) for k in range(n)]


def _clear_of_corners(cx: float, cy: float, side: str, r: int) -> bool:
    """Whether a token at (cx, cy) on ``side`` stays on its own side of the diagonal through
    each inner corner of the board, so it never touches, or seems to stand by, the first space
    of the neighbouring side."""
    lo_x, hi_x = CORNER, SIZE - CORNER
    lo_y, hi_y = TOP + CORNER_H, SIZE - CORNER_H
    if side in ("bottom", "top"):
        own = hi_y - cy if side == "bottom" else cy - lo_y
        across = (hi_x - cx, cx - lo_x)
    else:
        own = cx - lo_x if side == "left" else hi_x - cx
        across = (hi_y - cy, cy - lo_y)
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
    # the largest size at which everyone stands apart; failing that, the smallest size with
    # the tokens overlapping like a fanned stack, each letter clear of the next token; beside a
    # corner, where the diagonal leaves little room, a tighter stack
    small = TOKEN_RADII[-1]
    tries = [(r, 2 * r + 2) for r in TOKEN_RADII] + [(small, small + 2), (small, STACKED)]
    for r, apart in tries:
        spots: list[tuple[int, int]] = []
        for row in range((depth - 2 * r) // apart + 1):
            inward = r + row * apart  # from the space's edge of the strip
            offsets: list[int] = list(range(r, length - r + 1, 2))
            if apart > r + 2:  # apart: centred on the middle of the space; packed: from one end
                per_row = min(n - len(spots), (length - 2 * r) // apart + 1)
                centred = [round(middle + (j - (per_row - 1) / 2) * apart) for j in range(per_row)]
                offsets = centred + sorted(offsets, key=lambda t: abs(t - middle))
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
