"""Who goes first: everyone rolls two six-sided dice."""

import re

from engines.monopoly.engine import ENGINE


def test_opening_rolls_are_two_six_sided_dice():
    totals = []
    for seed in range(60):
        state = ENGINE.setup(["Ada", "Bea", "Cy", "Dee"], seed=seed)
        totals += [int(n) for n in re.findall(r"(?:Ada|Bea|Cy|Dee) (\d+)", state.opening)]
    assert min(totals) >= 2 and max(totals) == 12
