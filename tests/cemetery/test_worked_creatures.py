"""The rulebook's four worked creatures, scored exactly, and the stability rules they teach."""

from __future__ import annotations

from engines.cemetery.stability import STABLE, UNSTABLE, creature_statuses, score, triggers
from tests.cemetery.helpers import creature, fresh


def test_flesh_core_with_four_flesh_parts_scores_three_revenge():
    state = fresh()
    c = creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "F-head-1", "F-tail-1"])
    assert score(c, state.flipped) == {"revenge": 3, "science": 0}
    assert creature_statuses(c, state.flipped, marks=False)["flesh"] == STABLE


def test_core_stabilises_every_pair_of_its_type_six_flesh_parts_are_three_pairs():
    state = fresh()
    parts = ["F-arm-1", "F-arm-2", "F-head-1", "F-tail-1", "F-leg-1", "F-leg-2"]
    c = creature(state, 0, "F-core-1", parts)
    assert score(c, state.flipped) == {"revenge": 4, "science": 0}


def test_plant_core_with_flesh_and_beast_pairs_scores_one_science_and_two_revenge():
    state = fresh()
    c = creature(state, 0, "P-core-1", ["F-arm-1", "F-arm-2", "B-head-1", "B-tail-1"])
    assert score(c, state.flipped) == {"revenge": 2, "science": 1}
    st = creature_statuses(c, state.flipped, marks=False)
    assert st["flesh"] == st["beast"] == st["plant"] == STABLE


def test_beast_core_with_flesh_and_monster_pairs_scores_only_its_core():
    state = fresh()
    c = creature(state, 0, "B-core-1", ["F-arm-1", "F-arm-2", "M-head-1", "M-tail-1"])
    assert score(c, state.flipped) == {"revenge": 1, "science": 0}
    st = creature_statuses(c, state.flipped, marks=False)
    assert st == {"flesh": UNSTABLE, "beast": STABLE, "plant": None, "monster": UNSTABLE}


def test_unstable_pairs_still_act_and_each_fires_its_reaction():
    state = fresh()
    c = creature(state, 0, "B-core-1", ["F-arm-1", "F-arm-2", "M-head-1", "M-tail-1"])
    fired = [(t.type, t.unstable) for t in triggers(c, 0, state.flipped)]
    assert fired == [("flesh", True), ("monster", True)]


def test_flesh_core_with_a_flesh_pair_and_two_duals_scores_two_revenge():
    state = fresh()
    c = creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "FP-head", "FP-tail"])
    assert score(c, state.flipped) == {"revenge": 2, "science": 0}


def test_marked_duals_still_earn_nothing_at_scoring():
    state = fresh()
    c = creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "FP-head", "FP-tail"])
    c.marks = {"N": "flesh", "S": "both"}
    assert score(c, state.flipped) == {"revenge": 2, "science": 0}
