"""Random games to the end at 2, 3 and 4 players, checking the invariants at every step."""

from __future__ import annotations

import random

import pytest

from engines.run_animals.engine import ENGINE
from engines.run_animals.state import CEMENT, FRONT, GRAVE
from tests.run_animals.helpers import PLAYERS, cube_total


def check_invariants(state) -> None:
    assert cube_total(state) == {"F": 22, "N": 18, "W": 18}
    poured = sum(s == CEMENT for t in state.tiles for s in t.slots)
    assert state.cement >= 0 and poured + state.cement == 10
    for m in state.meeples:
        assert m.tile == GRAVE or m.tile == FRONT or 1 <= m.tile <= 16
        if m.tile == FRONT:
            assert state.phase == "place"
    for p in state.players:
        in_grave = sum(m.owner == p and m.tile == GRAVE for m in state.meeples)
        assert in_grave == state.graveyard.count(p) or state.seats[p].eliminated
    for p in state.players:
        seat = state.seats[p]
        cards = seat.hand + seat.discard + [c for c in state.boxed if c.startswith(seat.species)]
        if state.pending is not None and p == state.current:
            cards.append(state.pending.card)
        assert len(cards) == len(set(cards))


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_game_reaches_an_end_keeping_cubes_cement_and_meeples_accounted_for(n, seed):
    state = ENGINE.setup(PLAYERS[:n], seed=seed)
    rng = random.Random(seed)
    for _ in range(ENGINE.max_playout_steps):
        check_invariants(state)
        if ENGINE.result(state) is not None:
            break
        player = ENGINE.to_act(state)[0]
        if rng.random() < 0.2:
            action = rng.choice(ENGINE.legal_actions(state, player)).id
        else:
            action = ENGINE.suggest(state, player, rng)
        state, _ = ENGINE.apply(state, player, action)
    result = ENGINE.result(state)
    assert result is not None
    assert result.reason
    assert set(result.winners) <= set(state.players)
