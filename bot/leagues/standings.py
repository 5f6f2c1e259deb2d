"""League points and standings: pure functions, no I/O.

Points by placement: at a table of ``n`` players, 1st gets ``n - 1`` points, 2nd ``n - 2`` …
last 0; players who tie for places share those places' points equally (two tied for 1st of
three get 1.5 each). A bye counts as a win at a full table (``table_size - 1``). Standings sort
by points, then by rating in the league's game (higher first; a player without one after
those with one), then by name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from storage.leagues import PlayerRow, SeatResult


def placement_points(groups: Sequence[Sequence[int]]) -> dict[int, tuple[int, float]]:
    """Each player's (place, points) from ``groups``: the table's players by place, best
    first, players who tie in one group."""
    n = sum(len(g) for g in groups)
    out: dict[int, tuple[int, float]] = {}
    before = 0
    for group in groups:
        place = before + 1
        shares = [n - (before + i + 1) for i in range(len(group))]
        points = sum(shares) / len(group) if group else 0.0
        for user in group:
            out[user] = (place, float(points))
        before += len(group)
    return out


def bye_points(table_size: int) -> float:
    return float(table_size - 1)


@dataclass(frozen=True)
class Standing:
    rank: int
    user_id: int
    name: str
    points: float
    played: int
    rating: float | None
    dropped: bool


def standings(
    players: Sequence[PlayerRow],
    results: Sequence[SeatResult],
    ratings: Mapping[int, float],
) -> list[Standing]:
    """Every player of the league in order, with shared ranks for equal points and rating."""
    points: dict[int, float] = {p.user_id: 0.0 for p in players}
    played: dict[int, int] = {p.user_id: 0 for p in players}
    for r in results:
        if r.points is not None and r.user_id in points:
            points[r.user_id] += r.points
            played[r.user_id] += 1

    def key(p: PlayerRow) -> tuple[float, int, float, str, int]:
        rating = ratings.get(p.user_id)
        return (
            -points[p.user_id],
            rating is None,
            -(rating or 0.0),
            p.name.casefold(),
            p.user_id,
        )

    ordered = sorted(players, key=key)
    out: list[Standing] = []
    for i, p in enumerate(ordered):
        rank = i + 1
        if out and key(p)[:3] == key(ordered[i - 1])[:3]:
            rank = out[-1].rank
        out.append(
            Standing(
                rank,
                p.user_id,
                p.name,
                points[p.user_id],
                played[p.user_id],
                ratings.get(p.user_id),
                p.dropped,
            )
        )
    return out
