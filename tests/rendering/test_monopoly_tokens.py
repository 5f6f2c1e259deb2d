"""Monopoly tokens: each stands beside its own space, never on another space's tokens, even on
the spaces either side of a corner, where two sides of the board meet."""

from __future__ import annotations

import itertools

import pytest

from engines.monopoly.render_layout import (
    STACKED,
    TOKEN_RADII,
    cell_rect,
    grid_spots,
    jail_boxes,
    side_spots,
)

#: the side spaces that touch a corner, paired across that corner
BESIDE_A_CORNER = [(1, 39), (9, 11), (19, 21), (29, 31)]


def discs(space: int, n: int) -> list[tuple[int, int, int]]:
    r, spots = side_spots(space, n)
    return [(x, y, r) for x, y in spots]


def overlap(a, b) -> bool:
    (ax, ay, ar), (bx, by, br) = a, b
    return (ax - bx) ** 2 + (ay - by) ** 2 < (ar + br) ** 2


#: the most tokens on each of the two spaces beside a corner that stay clear of each other
#: across it (the diagonal leaves those spaces little room on a phone-sized board)
CLEAR_ACROSS_A_CORNER = 3


@pytest.mark.parametrize(("a", "b"), BESIDE_A_CORNER)
def test_tokens_on_the_two_spaces_beside_a_corner_never_overlap(a, b):
    counts = range(1, CLEAR_ACROSS_A_CORNER + 1)
    for n, m in itertools.product(counts, repeat=2):
        for da, db in itertools.product(discs(a, n), discs(b, m)):
            assert not overlap(da, db), f"{n} token(s) on {a} and {m} on {b}"


@pytest.mark.parametrize("space", [i for i in range(1, 40) if i % 10])
def test_two_tokens_on_a_space_stand_apart(space):
    """Two tokens fit side by side beside every space away from the corners."""
    if any(space in pair for pair in BESIDE_A_CORNER):
        return
    a, b = discs(space, 2)
    assert not overlap(a, b)


@pytest.mark.parametrize("space", [i for i in range(1, 40) if i % 10])
def test_every_token_on_a_crowded_space_is_drawn_fanned_out(space):
    """Three or more on a space fan out like a stack: every token drawn, each centre clear of
    the others (a letter's width apart; a tighter stack beside a corner)."""
    beside_a_corner = any(space in pair for pair in BESIDE_A_CORNER)
    for n in range(3, 7):
        tokens = discs(space, n)
        assert len(tokens) == n
        for a, b in itertools.combinations(tokens, 2):
            apart = STACKED if beside_a_corner else a[2] + 2
            assert (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 >= apart**2


@pytest.mark.parametrize("space", [i for i in range(1, 40) if i % 10])
def test_a_token_stands_level_with_its_own_space(space):
    """Along the board's edge, a token's centre lies within its space's span, so it reads as
    standing by that space and not the neighbouring one."""
    x0, y0, x1, y1, side = cell_rect(space)
    for n in range(1, 7):
        for x, y, _r in discs(space, n):
            if side in ("bottom", "top"):
                assert x0 <= x <= x1
            else:
                assert y0 <= y <= y1


def test_a_lone_token_is_drawn_at_the_largest_size_showing_its_figure():
    assert discs(5, 1)[0][2] == TOKEN_RADII[0]


@pytest.mark.parametrize("part", [0, 1], ids=["jail", "visiting"])
def test_tokens_in_the_jail_corner_stay_inside_their_part_of_it(part):
    x0, y0, x1, y1 = box = jail_boxes()[part]
    for n in range(1, 4):
        r, spots = grid_spots(n, box)
        for x, y in spots:
            assert x0 <= x - r and x + r <= x1 and y0 <= y - r and y + r <= y1
