"""How Cemetery's events fold in a recap: the engine says which of its events are alike (the
front end never guesses from the words), so "Ada stitches 2 Parts to creature 1 (Flesh Core)."
stands for a run of stitches to one creature, and draws from one pile fold the same way."""

from __future__ import annotations

from tests.cemetery.helpers import creature, fresh, play, run_from, take

STITCHES = "Ada stitches {n} Parts to creature 1 (Flesh Core)."


def test_each_stitch_names_how_a_run_of_stitches_to_its_creature_reads():
    state = fresh()
    creature(state, 0, "F-core-1", [])
    state.sides[0].hand = [take(state, c) for c in ["F-arm-1", "F-arm-2"]]
    run_from(state, "stitch")
    state, first = play(state, "st:h1:0:E")
    state, second = play(state, "st:h1:0:W")
    folds = [e.fold for e in [*first, *second] if "stitches" in e.text]
    assert folds == [STITCHES, STITCHES]


def test_each_draw_from_a_pile_names_how_a_run_of_such_draws_reads():
    state = fresh()
    state, events = play(state, "part", "part")
    public = [e for e in events if e.private_to is None]
    assert [e.fold for e in public] == ["Ada draws {n} Parts from the pile."] * 2


def test_a_private_draw_is_never_folded():
    state = fresh()
    _, events = play(state, "part")
    assert [e.fold for e in events if e.private_to is not None] == [None]
