"""Recorded whole games replay exactly: same public log, same views, same result."""

from __future__ import annotations

import json

import pytest

import engines
from tests.golden.recording import GAMES, HERE, file_name, replay
from tests.shipped import shipped_games

RECORDED = sorted(HERE.glob("*.json"))
RERECORD = (
    "If the change is meant, re-record with `.venv/bin/python -m tests.golden.recording` and "
    "give the engine a state migration: games saved mid-play would change under their players."
)


def test_every_game_and_mode_has_a_recording():
    assert {p.name for p in RECORDED} == {file_name(g, n, o) for g, n, o, _ in GAMES}
    assert {json.loads(p.read_text())["game"] for p in RECORDED} >= shipped_games()


@pytest.mark.parametrize("path", RECORDED, ids=[p.stem for p in RECORDED])
def test_a_recorded_game_replays_exactly(path):
    recorded = json.loads(path.read_text())
    try:
        again = replay(recorded)
    except engines.IllegalAction as exc:
        pytest.fail(f"{path.name}: a recorded action is now refused ({exc.reason}). {RERECORD}")
    assert recorded["result"] is not None, "a recording is a whole game"
    for i, (old, new) in enumerate(zip(recorded["view_hashes"], again["view_hashes"], strict=True)):
        assert old == new, f"{path.name}: the views differ after action {i}. {RERECORD}"
    assert again["public_log"] == recorded["public_log"], (
        f"{path.name}: the log differs. {RERECORD}"
    )
    assert again["result"] == recorded["result"], f"{path.name}: the result differs. {RERECORD}"
