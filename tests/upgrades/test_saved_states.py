"""States saved by an earlier version of the engines still load and play to the end.

A bot upgrade must never break the games people are in the middle of. Each file in
``saved_states/`` is a mid-game state as an older engine saved it (see
``record_saved_states.py``); the current engine must load it and finish the game. If one fails
after a change to a state model, that change needs a state migration for games already saved.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import engines
from tests.shipped import shipped_games

SAVED = sorted((Path(__file__).parent / "saved_states").glob("*.json"))


def test_there_is_a_saved_state_of_every_game():
    assert {json.loads(p.read_text())["game"] for p in SAVED} == shipped_games()


@pytest.mark.parametrize("path", SAVED, ids=[p.stem for p in SAVED])
def test_a_saved_mid_game_state_loads_and_plays_to_the_end(path):
    saved = json.loads(path.read_text())
    engine = engines.get_engine(saved["game"])
    state = engine.load_state(json.dumps(saved["state"]))
    assert engine.result(state) is None, "the snapshot should be mid-game"
    assert engine.to_act(state), "a running game awaits someone"
    rng = random.Random(saved["seed"])
    for _ in range(engine.max_playout_steps):
        if engine.result(state) is not None:
            break
        actor = engine.to_act(state)[0]
        state, _ = engine.apply(state, actor, engine.suggest(state, actor, rng))
    result = engine.result(state)
    assert result is not None, f"{path.name} did not finish within the engine's move limit"
    assert set(result.winners) <= set(saved["players"])
