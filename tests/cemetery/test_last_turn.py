"""What the last finished turn changed, kept for the board (issue #31): public only."""

from __future__ import annotations

import random

from engines.cemetery.common import note_words
from engines.cemetery.engine import ENGINE
from engines.cemetery.state import CemeteryState
from tests.cemetery.helpers import PLAYERS


def _turns(seed: int):
    """Each state right after a turn ended, over a whole self-played game."""
    state = ENGINE.setup(PLAYERS, seed=seed)
    rng = random.Random(seed)
    while not state.over:
        turn = state.turn
        p = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, p, ENGINE.suggest(state, p, rng))
        if state.turn != turn or state.over:
            yield state


def _public_face_up(state: CemeteryState) -> set[str]:
    cards = {s.card for st in state.cemetery for s in st if s.face_up}
    for p in state.sides:
        cards |= {s.card for s in p.pet if s.face_up}
        for c in p.creatures:
            cards |= {c.core, *c.parts.values()}
    return cards


def test_no_turn_has_ended_at_the_start():
    assert ENGINE.setup(PLAYERS, seed=1).last_turn is None


def test_a_finished_turn_is_kept_as_the_last_turn_of_its_player():
    first = ENGINE.setup(PLAYERS, seed=3)
    starter = first.me.name
    state = next(_turns(3))
    assert state.last_turn is not None and state.last_turn.player == starter
    assert note_words(state.last_turn).startswith(f"{starter} drafted 5")


def test_the_last_turn_line_counts_what_the_turn_scored():
    for state in _turns(3):
        note = state.last_turn
        assert note is not None
        if "scored" in note_words(note):
            assert f"tokens:{note.player}" in note.marks
            return
    raise AssertionError("no turn scored")


def test_the_last_turn_marks_name_only_cards_face_up_on_the_public_board():
    for seed in (3, 5, 8):
        for state in _turns(seed):
            assert state.last_turn is not None
            cards = {m.split(":", 1)[1] for m in state.last_turn.marks if m.startswith("card:")}
            assert cards <= _public_face_up(state), (seed, state.turn)


def test_the_turn_in_progress_starts_with_an_empty_note():
    state = next(_turns(3))
    assert (state.tally, state.changed) == ({}, [])


def test_every_viewer_sees_the_same_last_turn():
    state = next(_turns(3))
    seen = [ENGINE.view(state, v).last_turn for v in (*PLAYERS, None)]
    assert None not in seen and len({s.model_dump_json() for s in seen if s}) == 1
