"""Wald's sequential test decides known cases and stops where its bounds say."""

from __future__ import annotations

import math
import random

import pytest

from engines.ai.sprt import H0, H1, UNDECIDED, Sprt, parse

TEST = Sprt(0.5, 0.7)


def run_coin(p: float, rng: random.Random, cap: int = 2000) -> tuple[str, int]:
    """Flip a coin that A wins with probability ``p`` until the test decides."""
    wins = losses = 0
    for n in range(1, cap + 1):
        if rng.random() < p:
            wins += 1
        else:
            losses += 1
        decision = TEST.decide(wins, losses)
        if decision != UNDECIDED:
            return decision, n
    return UNDECIDED, cap


def test_the_bounds_are_walds_for_five_percent_errors():
    assert TEST.upper == pytest.approx(math.log(19))
    assert TEST.lower == pytest.approx(-math.log(19))


def test_a_fair_coin_is_judged_no_better_than_p0():
    rng = random.Random(1)
    decisions = [run_coin(0.5, rng)[0] for _ in range(400)]
    # the test wrongly says H1 at most about alpha = 5% of the time
    assert decisions.count(H1) / len(decisions) <= 0.08
    assert decisions.count(H0) / len(decisions) >= 0.92


def test_a_coin_biased_to_p1_is_judged_better():
    rng = random.Random(2)
    decisions = [run_coin(0.7, rng)[0] for _ in range(400)]
    assert decisions.count(H1) / len(decisions) >= 0.92


def test_a_clear_difference_is_decided_in_few_games():
    rng = random.Random(3)
    lengths = sorted(run_coin(0.9, rng)[1] for _ in range(200))
    assert lengths[len(lengths) // 2] <= 15


def test_the_test_decides_on_the_game_that_crosses_a_bound():
    # every win adds ln(1.4) = 0.336: the ninth crosses ln(19) = 2.94, the eighth does not
    assert TEST.decide(8, 0) == UNDECIDED
    assert TEST.decide(9, 0) == H1
    # every loss subtracts ln(0.6) = 0.511: the sixth crosses the lower bound
    assert TEST.decide(0, 5) == UNDECIDED
    assert TEST.decide(0, 6) == H0


@pytest.mark.parametrize("text", ["0.7,0.5", "0.5", "a,b", "0,0.5", "0.5,1"])
def test_a_bad_hypothesis_pair_is_refused_in_words(text):
    with pytest.raises(ValueError, match="P0,P1"):
        parse(text)
