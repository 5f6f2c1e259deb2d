"""Monopoly tokens: each stands beside its own space, never on another space's tokens, even on
the spaces either side of a corner, where two sides of the board meet."""

from __future__ import annotations

import itertools

import pytest

from engines.monopoly.render_layout import TOKEN_RADII, cell_rect, grid_spots, side_spots

#: the side spaces that touch a corner, paired across that corner
BESIDE_A_CORNER = [(1, 39), (9, 11), (19, 21), (29, 31)]


def discs(space: int, n: int) -> list[tuple[int, int, int]]:
    r, spots = side_spots(space, n)
    return [(x, y, r) for x, y in spots]


def overlap(a, b) -> bool:
    (ax, ay, ar), (bx, by, br) = a, b
    return (ax - bx) ** 2 + (ay - by) ** 2 < (ar + br) ** 2


@pytest.mark.parametrize(("a", "b"), BESIDE_A_CORNER)
def test_tokens_on_the_two_spaces_beside_a_corner_never_overlap(a, b):
    for n, m in itertools.product(range(1, 7), repeat=2):
        for da, db in itertools.product(discs(a, n), discs(b, m)):
            assert not overlap(da, db), f"{n} token(s) on {a} and {m} on {b}"


CROWDED_BESIDE_A_CORNER = 4


@pytest.mark.parametrize("space", [i for i in range(1, 40) if i % 10])
def test_every_token_on_a_space_is_drawn_and_none_overlap(space):
    """Apart from four or more on a space beside a corner: they fan out like a stack, every
    initial still clear of the next token's centre."""
    beside_a_corner = any(space in pair for pair in BESIDE_A_CORNER)
    for n in range(1, 7):
        tokens = discs(space, n)
        assert len(tokens) == n
        for a, b in itertools.combinations(tokens, 2):
            if beside_a_corner and n >= CROWDED_BESIDE_A_CORNER:
                assert (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 >= (a[2] + 2) ** 2
            else:
                assert not overlap(a, b), f"{n} tokens on {space}"


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


def test_a_lone_token_is_drawn_at_the_largest_size():
    assert discs(5, 1)[0][2] == TOKEN_RADII[0]


@pytest.mark.parametrize(
    "box", [(6, 1154, 152, 1192), (50, 1072, 150, 1128)], ids=["visiting", "jail"]
)
def test_tokens_in_the_jail_corner_stay_inside_their_part_of_it(box):
    x0, y0, x1, y1 = box
    for n in range(1, 4):
        r, spots = grid_spots(n, box)
        for x, y in spots:
            assert x0 <= x - r and x + r <= x1 and y0 <= y - r and y + r <= y1
