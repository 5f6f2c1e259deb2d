"""States saved by earlier versions of the engine still load."""

from __future__ import annotations

import json

from engines.cemetery.engine import ENGINE
from i18n.say import Say


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


def test_a_turn_note_saved_before_notes_kept_their_words_reads_as_its_english():
    """4 -> 5: a saved last-turn note has only its English line; it loads with no tally, and
    every reader reads that English."""
    state = ENGINE.setup(["Ada", "Bruno"], seed=3)
    saved = json.loads(state.model_dump_json())
    saved["schema_version"] = 4
    saved["last_turn"] = {"player": "Bruno", "line": "Bruno drafted 5", "marks": []}
    loaded = ENGINE.load_state(json.dumps(saved))
    assert loaded.schema_version == 5 and loaded.last_turn.tally is None
    line = ENGINE.view(loaded, None).last_turn.line
    assert line == "Bruno drafted 5" and not isinstance(line, Say)
