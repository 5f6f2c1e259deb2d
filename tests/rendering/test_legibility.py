"""Every image stays readable at Discord's 550 px preview: no text smaller than 1/60 of the
image's width, over whole recorded games (boards after every few moves, every seat's hand)."""

from __future__ import annotations

import io
import json
from functools import partial
from pathlib import Path

import pytest
from PIL import Image

import engines
import rendering
from rendering.kit import min_text, recording_text

GAMES = Path(__file__).parent.parent / "golden" / "games"


def positions(path: Path, every: int = 9):
    """(engine, players, state) every few moves of a recorded game, and its last position."""
    recorded = json.loads(path.read_text())
    engine = engines.get_engine(recorded["game"])
    players = recorded["players"]
    state = engine.setup(players, seed=recorded["seed"], options=recorded["options"])
    out = [state]
    for k, (actor, action) in enumerate(recorded["actions"], 1):
        state, _ = engine.apply(state, actor, action)
        if k % every == 0:
            out.append(state)
    out.append(state)
    return recorded["game"], engine, players, out


def smallest_text(draw) -> tuple[int, int]:
    """(smallest font size drawn, image width) of one image."""
    with recording_text() as drawn:
        png = draw()
    assert png is not None and drawn, "nothing was drawn"
    return min(size for size, _ in drawn), Image.open(io.BytesIO(png)).width


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.json")), ids=lambda p: p.stem)
def test_no_board_text_smaller_than_a_sixtieth_of_the_width(path: Path):
    game, engine, _, states = positions(path)
    for state in states:
        view = engine.view(state, None)
        size, width = smallest_text(partial(rendering.render_board, game, view))
        assert size >= min_text(width), f"{size} px text on a {width} px board"


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.json")), ids=lambda p: p.stem)
def test_no_hand_text_smaller_than_a_sixtieth_of_the_width(path: Path):
    game, engine, players, states = positions(path, every=25)
    for state in states:
        for player in players:
            view = engine.view(state, player)
            if rendering.render_hand(game, view) is None:
                return
            size, width = smallest_text(partial(rendering.render_hand, game, view))
            assert size >= min_text(width), f"{size} px text on {player}'s {width} px hand"
