"""Loading a saved state runs the engine's numbered migrations from the state's schema version
up to the engine's, and refuses what it cannot read (the table then calls the game damaged)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel

from engines.core import UnreadableState
from tests.engines.toy import ToyEngine


class Shaped(BaseModel):
    steps: list[str] = []
    colour: str
    schema_version: int = 2


def _rename_color(state: dict[str, Any]) -> dict[str, Any]:
    state["colour"] = state.pop("color")
    state.setdefault("steps", []).append("0->1")
    return state


def _uppercase_colour(state: dict[str, Any]) -> dict[str, Any]:
    state["colour"] = state["colour"].upper()
    state.setdefault("steps", []).append("1->2")
    return state


class ShapedEngine(ToyEngine):
    state_type = Shaped
    migrations = [_rename_color, _uppercase_colour]


ENGINE = ShapedEngine()


def test_a_state_without_a_schema_version_is_version_0_and_runs_every_step_in_order():
    state = ENGINE.load_state(json.dumps({"color": "red"}))
    assert state.steps == ["0->1", "1->2"]
    assert state.colour == "RED"


def test_a_state_runs_only_the_steps_after_its_own_version():
    state = ENGINE.load_state(json.dumps({"colour": "red", "schema_version": 1}))
    assert state.steps == ["1->2"]
    assert state.colour == "RED"


def test_a_state_at_the_current_version_is_loaded_as_saved():
    state = ENGINE.load_state(json.dumps({"colour": "red", "schema_version": 2}))
    assert state.steps == []
    assert state.colour == "red"


def test_a_migrated_state_carries_the_current_version():
    state = ENGINE.load_state(json.dumps({"color": "red", "schema_version": 0}))
    assert state.schema_version == 2
    assert ENGINE.migrate({"color": "red"})["schema_version"] == 2


def test_a_state_saved_by_a_newer_engine_is_refused():
    with pytest.raises(UnreadableState, match="newer engine"):
        ENGINE.load_state(json.dumps({"colour": "red", "schema_version": 3}))


@pytest.mark.parametrize("version", [-1, "1", 1.0, True, None])
def test_a_schema_version_that_is_not_a_count_of_steps_is_refused(version):
    with pytest.raises(UnreadableState, match="not a version"):
        ENGINE.load_state(json.dumps({"colour": "red", "schema_version": version}))


@pytest.mark.parametrize("saved", ["[]", '"state"', "3", "null"])
def test_a_saved_state_that_is_not_a_json_object_is_refused(saved):
    with pytest.raises(UnreadableState, match="^the saved state is not a JSON object$"):
        ENGINE.load_state(saved)


def test_an_engine_without_migrations_refuses_any_later_version():
    toy = ToyEngine()
    raw = json.loads(toy.setup(["Ada", "Bo"], seed=1).model_dump_json())
    assert toy.load_state(json.dumps({**raw, "schema_version": 0})).pile == 21
    with pytest.raises(UnreadableState):
        toy.load_state(json.dumps({**raw, "schema_version": 1}))
