"""Seating a round: Swiss pairings for two-player games, tables of similar standing for
multiplayer ones (bot/leagues/pairing.py)."""

from __future__ import annotations

import itertools

from bot.leagues.pairing import pair_key, similar_tables, swiss, table_sizes


def test_swiss_pairs_neighbours_in_the_standings():
    paired = swiss([1, 2, 3, 4], set(), {})
    assert paired.pairs == [(1, 2), (3, 4)] and paired.bye is None


def test_swiss_never_repeats_a_pair_while_another_pairing_exists():
    met = {pair_key(1, 2), pair_key(3, 4)}
    paired = swiss([1, 2, 3, 4], met, {})
    assert paired.rematches == 0
    assert not {pair_key(*p) for p in paired.pairs} & met


def test_swiss_backtracks_when_the_greedy_pairing_leaves_a_rematch():
    # greedy 1-3 would leave 2-4, who met; 1-4 and 2-3 have not
    met = {pair_key(1, 2), pair_key(2, 4)}
    paired = swiss([1, 2, 3, 4], met, {})
    assert sorted(pair_key(*p) for p in paired.pairs) == [(1, 4), (2, 3)]


def test_swiss_allows_a_rematch_only_when_every_pairing_has_one():
    met = {pair_key(a, b) for a, b in itertools.combinations([1, 2, 3, 4], 2)} - {(1, 2)}
    paired = swiss([1, 2, 3, 4], met, {})
    assert paired.rematches == 1 and len(paired.pairs) == 2


def test_an_odd_player_out_gets_a_bye_the_lowest_placed_first():
    paired = swiss([1, 2, 3, 4, 5], set(), {})
    assert paired.bye == 5 and sorted(u for p in paired.pairs for u in p) == [1, 2, 3, 4]


def test_nobody_gets_a_second_bye_while_someone_has_had_none():
    paired = swiss([1, 2, 3, 4, 5], set(), {5: 1, 4: 1})
    assert paired.bye == 3


def test_six_rounds_of_63_players_repeat_no_pair_and_give_no_second_bye():
    players = list(range(1, 64))  # odd: a bye every round
    met: set[tuple[int, int]] = set()
    byes: dict[int, int] = {}
    for rnd in range(6):
        order = players[rnd:] + players[:rnd]
        paired = swiss(order, met, byes)
        assert paired.rematches == 0
        met |= {pair_key(*p) for p in paired.pairs}
        assert paired.bye is not None
        byes[paired.bye] = byes.get(paired.bye, 0) + 1
    assert max(byes.values()) == 1


def test_tables_are_cut_from_the_standings_in_order():
    tables, out = similar_tables(list(range(1, 9)), 4, 2, 4)
    assert tables == [(1, 2, 3, 4), (5, 6, 7, 8)] and out == []


def test_table_sizes_are_balanced_within_the_games_range():
    assert table_sizes(10, 4, 3, 5) == [4, 3, 3]
    assert table_sizes(9, 4, 3, 4) == [3, 3, 3]
    assert table_sizes(7, 4, 3, 4) == [4, 3]
    assert table_sizes(13, 6, 3, 6) == [5, 4, 4]


def test_players_who_cannot_be_seated_within_the_range_sit_out():
    tables, out = similar_tables([1, 2, 3, 4, 5], 4, 3, 4)
    assert tables == [(1, 2, 3, 4)] and out == [5]


def test_too_few_players_make_no_table():
    assert table_sizes(2, 4, 3, 4) == []
