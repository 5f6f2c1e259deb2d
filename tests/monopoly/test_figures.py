"""Setup: "Choose one of six collectible figures ... Place your figure on the GO space." Each
player picks at /game join (unique), the rest are dealt at random, and the board draws each."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from engines.core import IllegalAction
from engines.monopoly.data import FIGURES
from engines.monopoly.engine import ENGINE
from engines.monopoly.render_layout import token_anchor
from rendering import render_board

from .helpers import NAMES

RULEBOOK_FIGURES = [
    "Council of Ricks badge",
    "Mr. Meeseeks box",
    "Plumbus",
    "Portal Gun",
    "Rick's ship",
    "Snuffles' helmet",
]


def _spec():
    return next(o for o in ENGINE.options if o.key == "figure")


def test_choose_one_of_six_collectible_figures_when_you_join():
    spec = _spec()
    assert spec.per_player and spec.unique
    assert spec.choices == RULEBOOK_FIGURES


def test_choose_one_of_six_collectible_figures_no_two_players_share_one():
    with pytest.raises(IllegalAction):
        ENGINE.setup(NAMES[:2], seed=1, options={"figure": {"Ada": "Plumbus", "Brook": "Plumbus"}})


def test_a_player_who_chooses_no_figure_gets_a_free_one_at_random():
    chosen = {"Ada": "Plumbus", "Cy": "Portal Gun"}
    dealt = []
    for seed in range(12):
        s = ENGINE.setup(NAMES[:6], seed=seed, options={"figure": chosen})
        assert s.figures["Ada"] == "plumbus" and s.figures["Cy"] == "portalgun"
        assert sorted(s.figures.values()) == sorted(FIGURES)  # six players, six figures
        dealt.append(s.figures["Brook"])
    assert len(set(dealt)) > 1  # random, not a fixed order
    again = ENGINE.setup(NAMES[:6], seed=3, options={"figure": chosen})
    assert again.figures == ENGINE.setup(NAMES[:6], seed=3, options={"figure": chosen}).figures


def test_the_figures_do_not_change_a_seed_s_opening_rolls_or_decks():
    a = ENGINE.setup(NAMES[:3], seed=5)
    b = ENGINE.setup(NAMES[:3], seed=5, options={"figure": {"Cy": "Plumbus"}})
    assert (a.turn, a.decks, a.opening) == (b.turn, b.decks, b.opening)


def test_place_your_figure_on_go_the_public_view_names_each_player_s_figure():
    s = ENGINE.setup(NAMES[:2], seed=1, options={"figure": {"Brook": "Snuffles' helmet"}})
    v = ENGINE.view(s, None)
    brook = next(p for p in v.players if p.name == "Brook")
    assert (brook.figure, brook.figure_name, brook.position) == ("helmet", "Snuffles' helmet", 0)


def test_the_board_draws_the_figure_not_just_a_colour():
    """A pink Plumbus on its token; the same seat with a Portal Gun has no pink there."""

    def token_pixels(figure: str) -> list[tuple[int, int, int]]:
        s = ENGINE.setup(NAMES[:2], seed=1, options={"figure": {"Ada": figure}})
        s.pos["Ada"], s.pos["Brook"] = 24, 0
        image = Image.open(io.BytesIO(render_board("monopoly", ENGINE.view(s, None))))
        x0, y0, x1, y1 = token_anchor(24)
        rgb = image.convert("RGB")
        return [rgb.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)]

    def pink(px):
        r, g, b = px
        return r > 220 and 110 < g < 150 and 150 < b < 190

    assert sum(map(pink, token_pixels("Plumbus"))) > 40
    assert sum(map(pink, token_pixels("Portal Gun"))) == 0


def test_a_game_saved_before_figures_gets_them_dealt_and_draws_its_tokens():
    s = ENGINE.setup(NAMES[:2], seed=1)
    raw = s.model_dump(mode="json")
    del raw["figures"], raw["schema_version"]  # as saved before figures existed
    old = ENGINE.load_state(json.dumps(raw))
    assert old.figures == s.figures, "dealt as setup deals them when nobody picked"
    v = ENGINE.view(old, None)
    assert all(p.figure in FIGURES for p in v.players)
    assert render_board("monopoly", v).startswith(b"\x89PNG")
