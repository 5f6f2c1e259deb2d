"""The board and hand images: decodable PNGs of a sensible size that show the park."""

import io

from PIL import Image

import rendering
from engines.anatomy_park.engine import ENGINE
from tests.anatomy_park.helpers import NAMES, game, put
from tests.anatomy_park.parks import big_park


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_board_of_a_new_game_is_a_png_with_the_entrance():
    s = ENGINE.setup(NAMES[:2], seed=1)
    img = _image(rendering.render_board("anatomy_park", ENGINE.view(s, None)))
    assert img.width == 1000 and 300 < img.height < 1400


def test_board_of_a_40_tile_park_fits_the_width_and_stays_small():
    s = big_park(40)
    png = rendering.render_board("anatomy_park", ENGINE.view(s, None))
    img = _image(png)
    assert img.width == 1000 and img.height < 1600 and len(png) < 300_000


def test_park_growing_far_in_one_direction_is_scaled_to_fit():
    s = game()
    for i in range(1, 16):
        put(
            s,
            f"{i},0",
            ["Aorta Arcade", "Spleen Mountain", "Oxygen Bar"][i % 3] if i < 4 else f"T{i + 10:02d}",
        )
    img = _image(rendering.render_board("anatomy_park", ENGINE.view(s, None)))
    assert img.width == 1000


def test_tile_colours_are_drawn_where_the_tiles_are():
    s = game()
    put(s, "1,0", "Aorta Arcade")  # red
    img = _image(rendering.render_board("anatomy_park", ENGINE.view(s, None)))
    reds = sum(1 for px in img.get_flattened_data() if px[0] > 170 and px[1] < 80 and px[2] < 90)
    assert reds > 2000


def test_hand_image_shows_the_players_tiles_and_plan():
    s = ENGINE.setup(NAMES[:3], seed=2, options={"mode": "advanced"})
    png = rendering.render_hand("anatomy_park", ENGINE.view(s, "Ada"))
    img = _image(png)
    assert img.width == 1000 and img.height > 400


def test_hand_image_for_an_empty_hand():
    s = game()
    s.hands["Ada"] = []
    assert rendering.render_hand("anatomy_park", ENGINE.view(s, "Ada"))


def test_finished_game_board_renders():
    s = big_park(20, mode="basic")
    s.over, s.end_reason, s.winners = True, "the tile stack ran out a second time", ["Ada"]
    s.final_scores = {p: 3 for p in s.players}
    assert rendering.render_board("anatomy_park", ENGINE.view(s, None))
