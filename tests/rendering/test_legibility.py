"""Every image reads on a phone (issue #31): no text smaller than 9 px once the image is shown
400 px wide, as Discord's apps show it before it is tapped, and a shape Discord previews wide
(boards at most square, hands at most 1.25 times as tall as wide), over whole recorded games
(boards every few moves and the final one, every seat's hand, the legend)."""

from __future__ import annotations

import io
import json
from functools import partial
from pathlib import Path

import pytest
from PIL import Image

import engines
import rendering
from rendering import legend
from rendering.kit import min_text, recording_text
from tests.shipped import shipped_games

GAMES = Path(__file__).parent.parent / "golden" / "games"
#: a hand may be this much taller than wide (a board no taller than wide)
HAND_ASPECT = 1.25


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


def shape(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_the_phone_rule_is_9_px_at_400_px_wide():
    assert [min_text(w) for w in (400, 800, 1000, 1100, 1200)] == [9, 18, 23, 25, 27]


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.json")), ids=lambda p: p.stem)
def test_no_board_text_is_under_9_px_on_a_phone(path: Path):
    game, engine, _, states = positions(path)
    for state in states:
        view = engine.view(state, None)
        size, width = smallest_text(partial(rendering.render_board, game, view))
        assert size >= min_text(width), f"{size} px text on a {width} px board"


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.json")), ids=lambda p: p.stem)
def test_no_hand_text_is_under_9_px_on_a_phone(path: Path):
    game, engine, players, states = positions(path, every=25)
    for state in states:
        for player in players:
            view = engine.view(state, player)
            if rendering.render_hand(game, view) is None:
                return
            size, width = smallest_text(partial(rendering.render_hand, game, view))
            assert size >= min_text(width), f"{size} px text on {player}'s {width} px hand"


@pytest.mark.parametrize("game", sorted(shipped_games()))
def test_no_legend_text_is_under_9_px_on_a_phone(game: str):
    size, width = smallest_text(partial(legend.render_legend, game))
    assert size >= min_text(width), f"{size} px text on a {width} px legend"


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.json")), ids=lambda p: p.stem)
def test_every_board_is_no_taller_than_wide(path: Path):
    game, engine, _, states = positions(path)
    for state in states:  # the final board among them
        width, height = shape(rendering.render_board(game, engine.view(state, None)))
        assert height <= width, f"a {width}x{height} board"


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.json")), ids=lambda p: p.stem)
def test_every_hand_is_at_most_a_quarter_taller_than_wide(path: Path):
    game, engine, players, states = positions(path, every=3)
    for state in states:
        for player in players:
            png = rendering.render_hand(game, engine.view(state, player))
            if png is None:
                return
            width, height = shape(png)
            assert height <= HAND_ASPECT * width, f"{player}'s hand is {width}x{height}"
