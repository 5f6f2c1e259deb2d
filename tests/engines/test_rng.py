from engines.core import Rng


def test_rng_position_round_trips_through_json():
    rng = Rng(seed=42)
    rng.randint(1, 6)
    copy = Rng.model_validate_json(rng.model_dump_json())
    assert [rng.randint(1, 100) for _ in range(5)] == [copy.randint(1, 100) for _ in range(5)]


def test_rng_same_seed_same_draws():
    assert [Rng(seed=3).randint(1, 1000) for _ in range(1)] == [Rng(seed=3).randint(1, 1000)]
    a, b = Rng(seed=3), Rng(seed=3)
    assert [a.randint(1, 6) for _ in range(20)] == [b.randint(1, 6) for _ in range(20)]


def test_rng_seeded_output_is_pinned_so_saved_games_keep_their_future():
    """Every saved game's future rolls come from this stream: changing it needs a migration."""
    rng = Rng(seed=2026)
    assert [rng.randint(1, 6) for _ in range(12)] == [2, 6, 3, 1, 5, 5, 6, 2, 5, 5, 2, 5]
    big = Rng(seed=2**127 + 5)
    deck = list(range(10))
    big.shuffle(deck)
    assert deck == [8, 4, 5, 6, 3, 7, 1, 2, 0, 9]
    assert big.draws == 1
