"""A finished game's board reads as finished: the end reason whole, nothing left to count down."""

from __future__ import annotations

from pathlib import Path

import pytest

import rendering
from rendering.kit import recording_text
from tests.rendering.test_legibility import positions

GAMES = Path(__file__).parent.parent / "golden" / "games"
ANATOMY_PARK = GAMES / "anatomy_park-advanced-4p.json"


def drawn_text(game: str, view) -> list[str]:
    with recording_text() as drawn:
        rendering.render_board(game, view)
    return [text for _, text in drawn]


def final_view(path: Path):
    game, engine, _, states = positions(path, every=10_000)
    assert engine.result(states[-1]) is not None, "the recorded game ends"
    return game, engine.view(states[-1], None)


def test_anatomy_park_final_board_shows_the_whole_end_reason():
    game, view = final_view(ANATOMY_PARK)
    long_reason = view.model_copy(
        update={"end_reason": view.end_reason + ", and " + "the park closes for good " * 3}
    )
    texts = drawn_text(game, long_reason)
    assert f"Game over: {long_reason.end_reason}" in " ".join(texts)
    assert not any(t.endswith("…") for t in texts if "park" in t)


def test_anatomy_park_final_board_counts_no_turns_down():
    game, view = final_view(ANATOMY_PARK)
    players = [p.model_copy(update={"final_turns_left": 1, "in_park": True}) for p in view.players]
    texts = drawn_text(game, view.model_copy(update={"players": players}))
    assert not any("turns left" in t for t in texts)


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.json")), ids=lambda p: p.stem)
def test_no_final_board_cuts_a_line_short(path: Path):
    game, view = final_view(path)
    reason = getattr(view, "end_reason", None) or getattr(view, "outcome", None) or ""
    texts = drawn_text(game, view)
    assert reason and all(word in " ".join(texts) for word in reason.split())
