"""Who places first and starts the first round is drawn at random among all the seats."""

from engines.run_animals.engine import ENGINE


def test_any_seat_may_start_the_game():
    starts = {
        ENGINE.setup(["Ada", "Brook"], seed=seed, options={"species": {}}).start
        for seed in range(20)
    }
    assert starts == {0, 1}
