"""Activity and stability: what makes a creature act, and what makes a type stable."""

from __future__ import annotations

from engines.cemetery.stability import (
    STABLE,
    UNSTABLE,
    creature_statuses,
    is_active,
    score,
    triggers,
    type_counts,
)
from tests.cemetery.helpers import creature, fresh


def test_a_creature_is_active_with_four_parts_not_three():
    state = fresh()
    c = creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "F-head-1"])
    assert not is_active(c)
    c2 = creature(state, 0, "F-core-2", ["F-arm-3", "B-arm-1", "F-head-2", "P-tail-1"])
    assert is_active(c2)


def test_an_inactive_creature_is_neither_stable_nor_unstable_and_does_nothing():
    state = fresh()
    c = creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "F-head-1"])
    assert set(creature_statuses(c, state.flipped, marks=True).values()) == {None}
    assert triggers(c, 0, state.flipped) == []
    assert score(c, state.flipped) == {"revenge": 0, "science": 0}


def test_duals_count_toward_the_four_part_threshold():
    state = fresh()
    c = creature(state, 0, "M-core-1", ["FB-arm", "BM-arm", "FP-head", "PM-tail"])
    assert is_active(c)
    assert score(c, state.flipped) == {"revenge": 0, "science": 1}


def test_flipped_parts_count_toward_activity_but_have_no_type():
    state = fresh()
    c = creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "F-head-1", "F-tail-1"])
    state.flipped.append("F-head-1")
    assert is_active(c)
    assert type_counts(c, state.flipped, marks=False)["flesh"] == 3
    assert score(c, state.flipped) == {"revenge": 2, "science": 0}


def test_affinity_needs_a_pair_of_both_types():
    state = fresh()
    c = creature(state, 0, "M-core-1", ["F-arm-1", "F-arm-2", "B-head-1", "P-tail-1"])
    st = creature_statuses(c, state.flipped, marks=False)
    assert st["flesh"] == UNSTABLE and st["beast"] is None
    assert score(c, state.flipped) == {"revenge": 0, "science": 1}


def test_the_core_never_counts_toward_a_pair():
    state = fresh()
    # a Beast Core and one Beast Part is not a Beast pair, so Flesh has no partner pair
    c = creature(state, 0, "B-core-1", ["F-arm-1", "F-arm-2", "B-head-1", "P-tail-1"])
    st = creature_statuses(c, state.flipped, marks=False)
    assert st["flesh"] == UNSTABLE
    assert score(c, state.flipped) == {"revenge": 1, "science": 0}


def test_the_core_type_is_stable_without_any_pair_but_earns_only_the_core_token():
    state = fresh()
    c = creature(state, 0, "P-core-1", ["F-arm-1", "B-arm-1", "M-head-1", "P-tail-1"])
    assert creature_statuses(c, state.flipped, marks=False)["plant"] == STABLE
    assert triggers(c, 0, state.flipped) == []
    assert score(c, state.flipped) == {"revenge": 0, "science": 1}


def test_an_unmarked_dual_forms_no_pair():
    state = fresh()
    c = creature(state, 0, "M-core-1", ["F-arm-1", "FB-arm", "B-head-1", "P-tail-1"])
    assert type_counts(c, state.flipped, marks=True)["flesh"] == 1
    assert triggers(c, 0, state.flipped) == []


def test_a_marked_dual_counts_for_pairs_only_during_behaviors():
    state = fresh()
    c = creature(state, 0, "M-core-1", ["F-arm-1", "FB-arm", "B-head-1", "P-tail-1"])
    c.marks["E"] = "flesh"
    assert type_counts(c, state.flipped, marks=True)["flesh"] == 2
    assert type_counts(c, state.flipped, marks=False)["flesh"] == 1
    assert [t.type for t in triggers(c, 0, state.flipped)] == ["flesh"]


def test_a_centre_mark_counts_the_dual_as_both_types():
    state = fresh()
    c = creature(state, 0, "P-core-1", ["F-arm-1", "FB-arm", "B-head-1", "P-tail-1"])
    c.marks["E"] = "both"
    fired = [(t.type, t.unstable) for t in triggers(c, 0, state.flipped)]
    assert fired == [("flesh", False), ("beast", False)]


def test_stable_types_fire_once_per_pair():
    state = fresh()
    parts = ["F-arm-1", "F-arm-2", "F-head-1", "F-tail-1"]
    c = creature(state, 0, "F-core-1", parts)
    assert [(t.type, t.unstable) for t in triggers(c, 0, state.flipped)] == [("flesh", False)] * 2


def _marked_flesh_pair(state, core: str):
    """An active creature whose only Flesh pair needs its dual arm marked Flesh."""
    c = creature(state, 0, core, ["F-arm-1", "FB-arm", "P-tail-1", "P-leg-2"])
    dual = next(pos for pos, card in c.parts.items() if card == "FB-arm")
    c.marks[dual] = "flesh"
    return c


def test_a_marked_dual_counts_toward_its_pair_in_behaviors():
    state = fresh()
    c = _marked_flesh_pair(state, "M-core-1")
    assert creature_statuses(c, state.flipped, marks=True)["flesh"] == UNSTABLE
    assert creature_statuses(c, state.flipped, marks=False)["flesh"] is None


def test_marks_never_make_a_dual_score():
    state = fresh()
    c = _marked_flesh_pair(state, "F-core-1")
    assert score(c, state.flipped) == {"revenge": 1, "science": 0}
