"""League points by placement and standings tie-broken by rating (bot/leagues/standings.py)."""

from __future__ import annotations

from bot.leagues.standings import bye_points, placement_points, standings
from storage.leagues import PlayerRow, SeatResult


def players(*names: str) -> list[PlayerRow]:
    return [PlayerRow(i + 1, n, float(i), False) for i, n in enumerate(names)]


def test_for_n_players_first_gets_n_minus_one_and_last_nothing():
    got = placement_points([[1], [2], [3], [4]])
    assert got == {1: (1, 3.0), 2: (2, 2.0), 3: (3, 1.0), 4: (4, 0.0)}


def test_tied_players_share_their_places_points():
    got = placement_points([[1, 2], [3]])
    assert got == {1: (1, 1.5), 2: (1, 1.5), 3: (3, 0.0)}


def test_a_bye_scores_as_a_win():
    assert bye_points(2) == placement_points([[1], [2]])[1][1]


def test_standings_order_by_points():
    rows = standings(
        players("Ada", "Bo"), [SeatResult(1, 1, 2, 1, 1.0), SeatResult(1, 1, 1, 2, 0.0)], {}
    )
    assert [(s.rank, s.name, s.points) for s in rows] == [(1, "Bo", 1.0), (2, "Ada", 0.0)]


def test_equal_points_are_broken_by_rating():
    rows = standings(players("Ada", "Bo", "Cy"), [], {1: 20.0, 2: 25.0})
    assert [s.name for s in rows] == ["Bo", "Ada", "Cy"]
    assert [s.rank for s in rows] == [1, 2, 3]


def test_equal_points_and_rating_share_a_rank():
    rows = standings(players("Ada", "Bo"), [], {})
    assert [s.rank for s in rows] == [1, 1]
