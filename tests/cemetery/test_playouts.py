"""Random games to the end, checking the invariants at every step."""

from __future__ import annotations

import random

import pytest

from engines.cemetery.data import CARDS, CONSTANTS
from engines.cemetery.engine import ENGINE
from engines.cemetery.state import CemeteryState
from tests.cemetery.helpers import PLAYERS, all_cards


def hidden_ids(state: CemeteryState, viewer: str | None) -> set[str]:
    """Cards the viewer must not be able to identify."""
    out = set()
    for p in state.sides:
        if p.name != viewer:
            out.update(p.hand)
            out.update(s.card for s in p.pet if not s.face_up)
    for stack in state.cemetery:
        out.update(s.card for s in stack if not s.face_up and viewer not in s.seen_by)
    p = state.pending
    if p is not None and p.kind == "bind" and not p.react and p.player != viewer:
        out.add(p.card)
    return out


def check(state: CemeteryState) -> None:
    assert sorted(all_cards(state)) == sorted(CARDS), "every card is in exactly one place"
    for kind, total in (
        ("revenge", CONSTANTS.revenge_supply),
        ("science", CONSTANTS.science_supply),
    ):
        supply = getattr(state, f"supply_{kind}")
        held = sum(getattr(p, kind) + getattr(p, f"{kind}_spent") for p in state.sides)
        assert supply >= 0 and supply + held == total, "tokens come only from the supply"
    for viewer in (None, *PLAYERS):
        text = ENGINE.view(state, viewer).model_dump_json()
        leaked = [c for c in hidden_ids(state, viewer) if f'"{c}"' in text]
        assert not leaked, f"{viewer} sees {leaked}"
    for who in ENGINE.to_act(state):
        secret = hidden_ids(state, None)
        for a in ENGINE.legal_actions(state, who):
            assert not any(c in a.id for c in secret), a.id


@pytest.mark.parametrize("seed", range(8))
def test_random_games_end_with_cards_and_tokens_conserved_and_nothing_leaked(seed):
    state = ENGINE.setup(PLAYERS, seed=seed)
    rng = random.Random(seed)
    for _ in range(ENGINE.max_playout_steps):
        if ENGINE.result(state) is not None:
            break
        check(state)
        player = ENGINE.to_act(state)[0]
        if rng.random() < 0.2:
            action = rng.choice(ENGINE.legal_actions(state, player)).id
        else:
            action = ENGINE.suggest(state, player, rng)
        state, events = ENGINE.apply(state, player, action)
        for e in events:
            if e.private_to is None:
                assert "You " not in e.text[:4]
    else:
        pytest.fail("the game did not end")
    check(state)
    result = ENGINE.result(state)
    assert state.final_round or state.conceded
    totals = {p.name: p.total for p in state.sides}
    assert result.scores == {k: float(v) for k, v in totals.items()}
    # the second player always plays the final turn
    assert state.current == 1 - state.first
