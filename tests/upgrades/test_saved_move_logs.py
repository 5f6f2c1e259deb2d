"""Move logs saved by an earlier bot replay move for move in this one (``/game replay`` and
the history read them with ``apply``): ids an engine no longer makes, such as Monopoly's
``trade:new:<name>`` from before trade partners were named by seat, are still understood.

``move_logs/`` holds whole recorded games as they were at ``recorded_at_commit``; never
re-record them (that would test nothing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engines

LOGS = sorted((Path(__file__).parent / "move_logs").glob("*.json"))


def _replayed(saved: dict):
    engine = engines.get_engine(saved["game"])
    state = engine.setup(saved["players"], seed=saved["seed"], options=saved["options"])
    for player, action_id in saved["actions"]:
        state, _ = engine.apply(state, player, action_id)
    return engine, state


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_an_old_move_log_replays_every_move(path):
    saved = json.loads(path.read_text())
    assert any(a.startswith("trade:new:") for _, a in saved["actions"]), "old trade ids in it"
    _replayed(saved)  # an id no longer understood raises IllegalAction


def test_an_old_classic_game_replays_to_its_recorded_result():
    saved = json.loads((Path(__file__).parent / "move_logs/monopoly-classic-3p.json").read_text())
    engine, state = _replayed(saved)
    result = json.loads(engine.result(state).model_dump_json())
    # the same ending, which now also keeps its reason as data for each reader's language
    assert {k: v for k, v in result.items() if k != "reason_said"} == saved["result"]


def test_an_old_quick_game_now_waits_for_the_winners_fee_before_its_count():
    """Recorded before the receiver of mortgaged property paid its 10% fee at the quick game's
    end: the same moves now leave the game waiting for that fee."""
    saved = json.loads((Path(__file__).parent / "move_logs/monopoly-quick-2p.json").read_text())
    engine, state = _replayed(saved)
    assert engine.result(state) is None and engine.to_act(state) == ["Ada"]
    assert state.fee_choices and state.bankrupt == ["Bruno"]
