"""States saved by earlier versions of the engine still load."""

from __future__ import annotations

import json

from engines.cemetery.engine import ENGINE


def test_a_game_saved_with_finished_instead_of_over_loads_as_over():
    state = ENGINE.setup(["Ada", "Brook"], seed=1)
    saved = json.loads(state.model_dump_json())
    del saved["over"], saved["schema_version"]  # as saved before the rename
    saved["players"] = saved.pop("sides")  # and before the records became the sides
    saved["finished"] = True
    loaded = ENGINE.load_state(json.dumps(saved))
    assert loaded.over
    assert ENGINE.to_act(loaded) == []
    assert '"over":true' in loaded.model_dump_json()
