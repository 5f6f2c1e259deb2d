"""The board, end board, hand and legend images: phone-sized, marked where the last turn
changed something, and with a second cue for every colour that carries a rule."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import rendering
from engines.run_animals import legend as ra_legend
from engines.run_animals import render as art
from engines.run_animals.engine import ENGINE
from rendering import family, vision
from rendering.kit import new_canvas, recording_text
from tests.run_animals.helpers import PLAYERS, act, game


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def _played(n: int, steps: int, seed: int = 3):
    state = ENGINE.setup(PLAYERS[:n], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if ENGINE.result(state) is not None:
            break
        p = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, p, ENGINE.suggest(state, p, rng))
    return state


def _tile_origin(number: int) -> tuple[int, int]:
    row, col = divmod(number - 1, 4)
    return art.MAP_X + col * (art.TILE + art.GAP), art.MAP_Y + row * (art.TILE + art.GAP)


def _texts(draw) -> tuple[list[tuple[int, str]], bytes]:
    with recording_text() as drawn:
        png = draw()
    return drawn, png


def _moved(state):
    """Ada plays a Move card: her animal on tile 6 moves to tile 7 (and takes nothing)."""
    state.seats["Ada"].hand = ["cat3", "cat5"]  # Move then Acquire food; Warm Up
    state, _ = act(state, "play:cat3", "move:7")
    if state.phase == "step":  # food on tile 7: leave it
        state, _ = act(state, "skip")
    return state


# -- phone size ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n,steps", [(2, 0), (3, 80), (4, 400), (2, 3000), (4, 3000)])
def test_a_board_is_1000_px_wide_no_taller_than_wide_and_under_300_kb(n, steps):
    data = rendering.render_board("run_animals", ENGINE.view(_played(n, steps), None))
    image = _png(data)
    assert image.width == 1000
    assert image.height <= image.width
    assert len(data) < 300_000


@pytest.mark.parametrize("n,steps", [(2, 0), (4, 150), (4, 3000)])
def test_no_board_text_is_below_9_px_on_a_400_px_phone(n, steps):
    view = ENGINE.view(_played(n, steps), None)
    drawn, png = _texts(lambda: art.render_board(view))
    assert min(size for size, _ in drawn) >= family.phone_min_text(_png(png).width)


def test_no_hand_text_is_below_9_px_on_a_400_px_phone_and_the_hand_is_not_too_tall():
    view = ENGINE.view(_played(4, 150), "Ada")
    drawn, png = _texts(lambda: art.render_hand(view))
    image = _png(png)
    assert min(size for size, _ in drawn) >= family.phone_min_text(image.width)
    assert image.height <= 1.25 * image.width


def test_no_legend_text_is_below_9_px_on_a_400_px_phone():
    rendering.legend.render_legend.cache_clear()
    drawn, png = _texts(lambda: rendering.legend.render_legend("run_animals"))
    assert min(size for size, _ in drawn) >= family.phone_min_text(_png(png).width)
    assert len(png) < 300_000


# -- the map ------------------------------------------------------------------------------------
def test_board_paints_forest_and_cleared_tiles_in_their_colours_and_writes_the_side():
    state = game("cat", "bear")  # two players: tile 1 is Cleared, tile 6 Forest
    drawn, png = _texts(lambda: art.render_board(ENGINE.view(state, None)))
    image = _png(png)
    x, y = _tile_origin(1)
    assert image.getpixel((x + art.TILE - 10, y + art.TILE - 10)) == art.CLEARED
    x, y = _tile_origin(16 - 6)
    assert image.getpixel((x + art.TILE - 10, y + art.TILE - 10)) == art.FOREST
    words = [t for _, t in drawn]
    assert "cleared" in words and "forest" in words


def test_board_draws_cubes_in_slot_order_and_cement_in_grey():
    state = game("cat", "bear")
    state.tiles[12].slots = ["C", "N"]  # tile 13, Cleared: water slot cemented, nest cube
    image = _png(art.render_board(ENGINE.view(state, None)))
    x, y = _tile_origin(13)
    assert image.getpixel((x + 8 + 14, y + 36 + 5)) == art.CEMENT_FILL
    assert image.getpixel((x + 8 + 34 + 14, y + 36 + 20)) == art.CUBE["N"]


def _shape(kind: str, content: str = "cube") -> bytes:
    image, draw = new_canvas(40, 40, (255, 255, 255))
    art.cube(draw, (4, 4, 36, 36), kind, content)
    return image.convert("1", dither=Image.Dither.NONE).tobytes()


def test_food_nest_and_water_cubes_differ_in_shape_not_only_in_colour():
    shapes = {_shape(k) for k in ("F", "N", "W")} | {_shape("F", "cement")}
    assert len(shapes) == 4


def test_an_empty_slot_is_the_outline_of_its_kind():
    image, draw = new_canvas(40, 40, (255, 255, 255))
    art.cube(draw, (4, 4, 36, 36), "N", "empty")
    assert image.getpixel((20, 28)) == art.EMPTY_FILL
    assert image.getpixel((20, 35)) == art.CUBE["N"]


def test_board_shows_each_species_on_a_tile_as_a_disc_of_its_colour_with_its_initials():
    state = game("cat", "bear", tile=7)
    drawn, png = _texts(lambda: art.render_board(ENGINE.view(state, None)))
    image = _png(png)
    x, y = _tile_origin(7)
    top = y + 36 + 28 + 4 + art.DISC
    assert image.getpixel((x + 6 + art.DISC, top + 13)) == art.SPECIES_COLOUR["cat"]
    assert (
        image.getpixel((x + 6 + art.DISC + art.TILE // 2 - 2, top + 13))
        == (art.SPECIES_COLOUR["bear"])
    )
    assert {"LC", "BB"} <= {t for _, t in drawn}


def test_every_rule_colour_palette_has_no_confusable_pair_under_colour_blindness():
    for name, palette in art.RULE_COLOURS.items():
        assert vision.confusable_pairs(palette) == [], name


def test_board_is_the_same_for_every_viewer():
    state = _played(3, 60)
    images = {art.render_board(ENGINE.view(state, v)) for v in [None, *state.players]}
    assert len(images) == 1


# -- the family frame ---------------------------------------------------------------------------
def test_the_turn_strip_names_whose_turn_it_is_and_what_they_are_doing():
    state = game("cat", "bear")
    state.seats["Ada"].hand = ["cat3"]
    state, _ = act(state, "play:cat3")
    drawn, _ = _texts(lambda: art.render_board(ENGINE.view(state, None)))
    texts = [t for _, t in drawn]
    assert "Ada's turn" in texts
    assert "Playing Move then Acquire food" in texts


def test_a_player_row_shows_score_goal_points_done_grave_hand_discard_and_map():
    state = game("cat", "bear")
    state.seats["Brook"].completed = [1]
    state.graveyard[0] = "Ada"
    drawn, _ = _texts(lambda: art.render_board(ENGINE.view(state, None)))
    texts = [t for _, t in drawn]
    assert "done 0 (0) · grave −1" in texts
    assert "done 1 (4) · grave −0" in texts
    assert "hand 5 · discard 0 · map 3" in texts
    assert "-1" in texts or "−1" in texts


# -- the last turn ------------------------------------------------------------------------------
def _marked_at(image: Image.Image, number: int) -> bool:
    """Whether tile ``number`` carries the family's last-move outline (its LAST band)."""
    x, y = _tile_origin(number)
    unit = art.MARK_UNIT
    return image.getpixel((x + art.TILE // 2, y + unit + unit)) == family.LAST


def test_tiles_the_last_turn_changed_carry_the_last_move_mark():
    state = _moved(game("cat", "bear"))
    image = _png(art.render_board(ENGINE.view(state, None)))
    assert _marked_at(image, 6) and _marked_at(image, 7)
    assert not _marked_at(image, 1)


def test_the_last_turn_line_says_who_played_what_and_where_they_went():
    state = _moved(game("cat", "bear"))
    drawn, _ = _texts(lambda: art.render_board(ENGINE.view(state, None)))
    texts = [t for _, t in drawn]
    assert "LAST TURN" in texts
    assert any(t.startswith("Ada played Move then Acquire food: moved 6 to 7") for t in texts)


def test_tiles_hit_by_the_roll_carry_a_die():
    state = _played(2, 60)
    view = ENGINE.view(state, None)
    rolled = {int(m[5:]) for m in view.last_turn.marks if m.startswith("roll:")}
    assert rolled
    image = _png(art.render_board(view))
    for number in range(1, 17):
        x, y = _tile_origin(number)
        corner = (x + art.TILE - 5 - 26 + 4, y + art.TILE - 5 - 13)
        assert (image.getpixel(corner) == art.DIE) == (number in rolled), number


# -- the end board ------------------------------------------------------------------------------
def test_the_end_board_ranks_the_players_and_names_the_winner_in_the_standings():
    state = _played(4, 3000)
    view = ENGINE.view(state, None)
    rows = art.standing_rows(view)
    assert [r.place for r in rows] == sorted(r.place for r in rows)
    assert rows[0].winner and rows[0].seat.name in view.winners
    drawn, png = _texts(lambda: art.render_board(view))
    texts = [t for _, t in drawn]
    assert "Final standings" in texts
    assert f"{rows[0].seat.name}  · winner" in texts
    assert _png(png).height <= 1000


def test_each_standing_breaks_the_score_into_goal_points_and_graveyard_penalty():
    state = _played(2, 3000)
    view = ENGINE.view(state, None)
    for row in art.standing_rows(view):
        p = next(q for q in view.players if q.name == row.seat.name)
        assert row.total == str(p.goal_points - p.penalty)
        done = f"{p.completed} goal{'s' * (p.completed != 1)}"
        assert f"{p.goal_points} from {done}, grave −{p.penalty}" in row.breakdown


# -- the hand -----------------------------------------------------------------------------------
def test_hand_image_shows_the_viewers_cards():
    state = game("cat", "bear")
    drawn, png = _texts(lambda: art.render_hand(ENGINE.view(state, "Ada")))
    assert _png(png).height >= art.CARD_H + 56
    assert "Warm Up" in [t for _, t in drawn]


def test_the_hand_shows_every_players_public_discard_pile():
    state = game("cat", "bear")
    state.seats["Brook"].discard = ["bear4"]  # Move then Move
    drawn, _ = _texts(lambda: art.render_hand(ENGINE.view(state, "Ada")))
    texts = [t for _, t in drawn]
    assert "Brook: 1 card" in texts and "Move then Move" in texts


def test_a_spectator_sees_the_discard_piles_but_no_hand():
    state = game("cat", "bear")
    state.seats["Brook"].discard = ["bear4"]
    drawn, _ = _texts(lambda: art.render_hand(ENGINE.view(state, None)))
    texts = [t for _, t in drawn]
    assert "Spectators hold no cards." in texts and "Move then Move" in texts
    assert "Warm Up" not in texts  # Ada's and Brook's hands hold one each


# -- the legend ---------------------------------------------------------------------------------
def test_the_legend_is_a_real_board_drawn_by_the_renderer_with_callouts_on_it():
    taught = ra_legend.legend()
    board = art.draw_board(ra_legend.sample_view())
    assert taught.board.tobytes() == board.tobytes()
    assert all(0 <= c.at[0] < board.width and 0 <= c.at[1] < board.height for c in taught.callouts)
    assert len(taught.callouts) >= 8


def test_the_legend_position_shows_a_last_turn_a_roll_and_a_card_being_played():
    view = ra_legend.sample_view()
    assert view.last_turn is not None
    assert any(m.startswith("roll:") for m in view.last_turn.marks)
    assert view.pending is not None and view.pending.meeple_tile is not None


def test_the_legend_key_draws_the_renderers_own_symbols():
    taught = ra_legend.legend()
    image, draw = new_canvas(60, 60, (255, 255, 255))
    taught.symbols[0].draw(draw, (0, 0, 60, 60))
    assert image.getpixel((30, 30)) == art.CUBE["F"]
    assert taught.symbols[0].text == "Food cube (round)"
