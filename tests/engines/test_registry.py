import pytest

import engines


def test_names_lists_registered_engines_sorted():
    assert "toy" in engines.names()
    assert engines.names() == sorted(engines.names())


def test_get_engine_returns_the_engine_by_name():
    assert engines.get_engine("toy").name == "toy"


def test_unknown_game_error_lists_the_valid_names():
    with pytest.raises(engines.UnknownGame) as err:
        engines.get_engine("chess")
    assert "chess" in str(err.value)
    for name in engines.names():
        assert name in str(err.value)
