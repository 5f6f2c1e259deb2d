"""Geometry of the park: spaces, orthogonal neighbours, paths along tiles."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from functools import cache

from i18n.say import say

DIRS: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
#: each direction as the buttons word it ("Lay 2 closed tiles up")
DIR_NAMES = {"N": say("up"), "E": say("right"), "S": say("down"), "W": say("left")}


@cache
def xy(space: str) -> tuple[int, int]:
    x, y = space.split(",")
    return int(x), int(y)


def key(x: int, y: int) -> str:
    return f"{x},{y}"


@cache
def step(space: str, d: str, n: int = 1) -> str:
    x, y = xy(space)
    dx, dy = DIRS[d]
    return key(x + dx * n, y + dy * n)


def neighbours(space: str) -> list[str]:
    return list(around(space))


@cache
def around(space: str) -> tuple[str, ...]:
    """Spaces are a small grid of strings, met again and again: each is worked out once."""
    return tuple(step(space, d) for d in DIRS)


def tile_neighbours(park: Mapping[str, object], space: str) -> list[str]:
    """Spaces holding a tile that touch ``space`` along a side (never diagonally)."""
    return [n for n in around(space) if n in park]


def near_tiles(park: Mapping[str, object], space: str) -> list[str]:
    """Tiles a requirement may use: touching, or across a one-space gap in a straight line."""
    out = []
    for d in DIRS:
        a = step(space, d)
        if a in park:
            out.append(a)
        else:
            b = step(space, d, 2)
            if b in park:
                out.append(b)
    return out


def distances(park: Mapping[str, object], start: str, limit: int | None = None) -> dict[str, int]:
    """Steps along tiles from ``start`` (which need not hold a tile itself)."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        if limit is not None and dist[cur] >= limit:
            continue
        d = dist[cur] + 1
        for n in around(cur):
            if n in park and n not in dist:
                dist[n] = d
                queue.append(n)
    return dist


def connected(park: Mapping[str, object], start: str) -> set[str]:
    return set(distances(park, start)) if start in park else set()


def empty_neighbours(park: Mapping[str, object], space: str) -> list[str]:
    return [n for n in neighbours(space) if n not in park]


@cache
def label(space: str) -> str:
    x, y = xy(space)
    return f"({x},{y})"
