"""Issue #31 for Anatomy Park: boards for a phone and for every eye.

Readable at 400 px, never taller than wide, colour never alone, figures beside the names, the
last turn on the board, the end as ranked standings with the plans revealed, a taught legend.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from engines.anatomy_park import data
from engines.anatomy_park import render as ap
from engines.anatomy_park.engine import ENGINE
from engines.anatomy_park.last import changes, note_start
from engines.anatomy_park.migrations import MIGRATIONS
from engines.anatomy_park.state import APState, Task
from rendering import family, vision
from rendering.kit import recording_text
from tests.anatomy_park.helpers import NAMES, act, disease, game, give, put
from tests.anatomy_park.parks import big_park
from tests.rendering.test_legibility import positions

GOLDEN = Path(__file__).parent.parent / "golden" / "games"
RECORDED = sorted(GOLDEN.glob("anatomy_park-*.json"))


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _drawn(render, view) -> tuple[list[tuple[int, str]], Image.Image, int]:
    with recording_text() as drawn:
        png = render(view)
    return drawn, _image(png), len(png)


def _texts(view) -> list[str]:
    return [t for _, t in _drawn(ap.render_board, view)[0]]


def _finished(n_players: int = 4) -> APState:
    s = big_park(30)
    s.players, s.characters = s.players[:n_players], dict(list(s.characters.items())[:n_players])
    for p in list(s.pos):
        if p not in s.players:
            del s.pos[p]
    s.over, s.end_reason, s.ruben_alive = True, "the tile stack ran out a second time", True
    from engines.anatomy_park.scoring import final_scores, winners

    s.final_scores = final_scores(s)
    s.winners = winners(s, s.final_scores)
    return s


# -- readable at 400 px ---------------------------------------------------------------------------
@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.stem)
def test_no_board_or_hand_text_is_smaller_than_9_px_at_phone_width(path):
    _, engine, players, states = positions(path, every=15)
    for state in states:
        for viewer, render in [(None, ap.render_board)] + [(p, ap.render_hand) for p in players]:
            drawn, image, _ = _drawn(render, engine.view(state, viewer))
            smallest = min(size for size, _ in drawn)
            assert smallest >= family.phone_min_text(image.width), (viewer, smallest)


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.stem)
def test_no_board_is_taller_than_wide_nor_over_300_kb(path):
    _, engine, _, states = positions(path, every=5)
    for state in states:
        _, image, size = _drawn(ap.render_board, engine.view(state, None))
        assert image.height <= image.width and size <= 300_000


def test_a_park_grown_far_in_one_line_stays_a_landscape_board():
    s = game()
    names = [t.name for t in data.tiles().values() if t.type in ("attraction", "cafe")]
    for i, name in enumerate(names[:18], 1):
        put(s, f"0,{i}", name)  # a column 19 tiles high
    image = _image(ap.render_board(ENGINE.view(s, None)))
    assert image.width == ap.WIDTH and image.height <= image.width


def test_the_end_board_of_six_players_is_no_taller_than_wide():
    s = _finished(6)
    drawn, image, size = _drawn(ap.render_board, ENGINE.view(s, None))
    assert image.height <= image.width and size <= 300_000
    assert min(sz for sz, _ in drawn) >= family.phone_min_text(image.width)


def test_a_hand_of_eight_tiles_with_a_plan_and_a_card_to_act_out_is_at_most_a_quarter_taller_than_wide():
    s = ENGINE.setup(NAMES[:3], seed=2, options={"mode": "advanced"})
    give(
        s,
        "Ada",
        "Aorta Arcade",
        "Haunted Liver",
        "Spleen Mountain",
        "Oxygen Bar",
        "Mucus Luge",
        "Colon Cruise",
    )
    s.hands["Ada"] += [t for t in data.tiles() if t.startswith("F")][:2]
    s.tasks = [Task(kind="act_out", player="Ada", data={"card": next(iter(data.reactions()))})]
    image = _image(ap.render_hand(ENGINE.view(s, "Ada")))
    assert image.height <= 1.25 * image.width


# -- colour with a second cue ---------------------------------------------------------------------
@pytest.mark.parametrize("palette", sorted(ap.RULE_COLOURS))
def test_no_two_rule_colours_can_be_confused_under_any_colour_blindness(palette):
    assert vision.confusable_pairs(ap.RULE_COLOURS[palette]) == []


def test_red_and_brown_tiles_would_be_confused_without_their_patterns():
    red, brown = (
        vision.RuleColour(c.meaning, c.rgb)
        for c in ap.RULE_COLOURS["tile colours"]
        if c.meaning in ("red tile", "brown tile")
    )
    assert vision.confusable_pairs([red, brown]), "the cue is needed: the test above guards it"


@pytest.mark.parametrize("colour", ["red", "blue", "brown", "closed"])
def test_each_declared_tile_pattern_is_drawn_on_the_tile(colour):
    face, _ = ap._face(colour, 120, 120)
    pixels = set(face.get_flattened_data())
    assert ap.PATTERN_INK[colour] in pixels


@pytest.mark.parametrize("tile_type, letter", [("exit", "X"), ("transport", "R")])
def test_exits_and_rides_carry_their_letter_on_the_smallest_tile(tile_type, letter):
    tile = next(t for t in data.tiles().values() if t.type == tile_type)
    with recording_text() as drawn:
        ap._cell_image(tile.id, False, None, (), (), ap.CHIP + 12, ap.CHIP + 12)
    assert letter in [t for _, t in drawn]


# -- figures, markers and diseases beside the names ------------------------------------------------
def test_figures_markers_and_diseases_never_cover_the_tile_name(monkeypatch):
    tile = next(t for t in data.tiles().values() if t.name == "Pirates of the Pancreas")
    stamped, foot = [], []
    real_stamp, real_figure = ap.stamp, ap.figure
    real_marker, real_disease = ap.control_marker, ap.disease_chip

    def stamp(image, xy, text, size, **kw):
        stamped.append((xy, text, size))
        real_stamp(image, xy, text, size, **kw)

    def figure(draw, centre, seat, letter):
        foot.append(centre[1] - ap.FIGURE_R)
        real_figure(draw, centre, seat, letter)

    def marker(draw, xy, letter, seat):
        foot.append(xy[1])
        real_marker(draw, xy, letter, seat)

    def sick(image, draw, xy, effect, lasting):
        foot.append(xy[1])
        return real_disease(image, draw, xy, effect, lasting)

    monkeypatch.setattr(ap, "stamp", stamp)
    monkeypatch.setattr(ap, "figure", figure)
    monkeypatch.setattr(ap, "control_marker", marker)
    monkeypatch.setattr(ap, "disease_chip", sick)
    ap._cell_image.cache_clear()
    ap._cell_image(tile.id, False, ("A", 0), (("e_coli", True),), ((1, "B"), (2, "C")), 200, 130)
    name = [(xy, size) for xy, text, size in stamped if text in tile.name and len(text) > 3]
    assert name and len(foot) == 4
    assert all(y + size <= min(foot) for (_, y), size in name)


# -- the last turn --------------------------------------------------------------------------------
def _placed_aorta() -> APState:
    s = game()
    note_start(s, "Ada")
    give(s, "Ada", "Aorta Arcade")
    s, _ = act(s, "Ada", "nomove", f"place:{data.tiles()['T01'].id}:1,0")
    return s


def test_the_last_turn_names_the_tile_placed_and_marks_its_space():
    s = _placed_aorta()
    assert s.last_turn is not None and s.last_turn.player == "Ada"
    assert "Ada placed Aorta Arcade at (1,0)" in s.last_turn.line
    assert "cell:1,0" in s.last_turn.marks


def test_a_turn_that_takes_tiles_says_how_many():
    s = game()
    note_start(s, "Ada")
    s, _ = act(s, "Ada", "nomove", "take")
    assert s.last_turn is not None and "took 2 tiles" in s.last_turn.line


def test_the_board_draws_the_last_turn_line_and_marks_the_changed_tile():
    s = _placed_aorta()
    view = ENGINE.view(s, None)
    drawn, image, _ = _drawn(ap.render_board, view)
    assert "LAST TURN" in [t for _, t in drawn]
    x0, y0, x1, y1 = ap.geometry(view).cell_box(1, 0)
    marked = image.crop((x0, y0, x1 + 1, y1 + 1)).get_flattened_data()
    assert family.LAST in set(marked)


def test_a_game_saved_before_the_board_showed_the_last_turn_loads_without_one():
    s = game()
    raw = s.model_dump(mode="json")
    del raw["turn_start"], raw["last_ends"]
    raw["schema_version"] = 1
    loaded = ENGINE.load_state(json.dumps(raw))
    assert loaded.last_turn is None and loaded.turn_start is None
    assert loaded.schema_version == len(MIGRATIONS) == 2


# -- who must act, and the players' panel ---------------------------------------------------------
def test_the_turn_strip_says_whose_turn_it_is_and_who_the_game_waits_for():
    s = game(3)
    s.tasks = [Task(kind="each_move", player="Ada", data={"order": ["Bea", "Cy"]})]
    assert "Ada's turn · waiting for Bea" in _texts(ENGINE.view(s, None))


def test_the_panel_shows_each_characters_ability_in_short_words():
    s = game(2, chars=["Rick", "Morty"])
    texts = " ".join(_texts(ENGINE.view(s, None)))
    assert "Rick: may reroll a miss" in texts and "Morty: takes 3 tiles" in texts


def test_a_heart_attack_is_on_the_board_in_words():
    s = game()
    s.heart_attacks, s.final_turns = 1, {"Ada": 2, "Bea": 2}
    assert any("HEART ATTACK" in t for t in _texts(ENGINE.view(s, None)))


def test_a_disease_is_named_in_the_panel_by_the_letters_its_chip_shows():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    disease(s, "tuberculosis", "1,0")
    texts = _texts(ENGINE.view(s, None))
    assert "TB" in texts and any("TB Tuberculosis" in t for t in texts)


# -- the end --------------------------------------------------------------------------------------
def test_the_end_board_ranks_the_players_and_names_the_winner_in_the_standings():
    s = _finished(4)
    texts = _texts(ENGINE.view(s, None))
    (winner,) = s.winners
    assert "1st" in texts and f"{winner}  · winner" in texts
    assert not any(t.startswith("Winner:") for t in texts)


def test_the_end_board_reveals_each_master_plan_in_its_player_s_breakdown():
    s = _finished(4)
    words = " ".join(_texts(ENGINE.view(s, None)))
    for p in s.players:
        assert data.plans()[s.plans[p]].name.split()[0] in words
    assert words.count(" plan ") >= len(s.players) or words.count("plan") >= len(s.players)


def test_master_plans_stay_out_of_the_public_view_until_the_end():
    s = ENGINE.setup(NAMES[:3], seed=4, options={"mode": "advanced"})
    assert all(p.plan_name is None and p.breakdown is None for p in ENGINE.view(s, None).players)


# -- codes and the legend -------------------------------------------------------------------------
def test_every_park_tile_has_its_own_short_code():
    codes = data.short_codes()
    assert (
        len(set(codes.values()))
        == len(codes)
        == sum(t.type != "focus" for t in data.tiles().values())
    )


def test_the_legend_is_a_real_board_with_callouts_on_it_and_a_key_of_drawn_symbols():
    from engines.anatomy_park import legend

    taught = legend.legend()
    sample = ap.draw_board(legend.sample())
    assert taught.board.size == sample.size
    assert len(taught.callouts) >= 6 and len(taught.symbols) >= 10
    for c in taught.callouts:
        assert 0 <= c.at[0] <= sample.width and 0 <= c.at[1] <= sample.height


def test_the_legend_text_obeys_the_phone_rule_and_the_file_is_small():
    from rendering import legend as kit_legend

    kit_legend.render_legend.cache_clear()
    with recording_text() as drawn:
        png = kit_legend.render_legend("anatomy_park")
    image = _image(png)
    assert min(size for size, _ in drawn) >= family.phone_min_text(image.width)
    assert len(png) <= 300_000


def test_a_disease_killed_in_the_last_turn_is_named_and_its_space_marked():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    disease(s, "tuberculosis", "1,0")
    note_start(s, "Ada")
    start = s.turn_start
    assert start is not None
    s.diseases = []  # shot during the turn
    last = changes(s, start)
    assert "killed Tuberculosis" in last.line and "cell:1,0" in last.marks


def test_the_winner_s_long_name_is_written_whole_in_the_standings():
    view = ENGINE.view(_finished(6), None)
    longer = {p.name: f"{p.name} Bartholomew-Smythe" for p in view.players}
    view = view.model_copy(
        update={
            "players": [p.model_copy(update={"name": longer[p.name]}) for p in view.players],
            "winners": [longer[w] for w in view.winners],
        }
    )
    texts = _texts(view)
    assert all(f"{w}  · winner" in texts for w in view.winners)
    assert all(n in texts for n in longer.values() if n not in view.winners)


def test_on_a_low_tile_the_foot_row_follows_the_type_letter_instead_of_covering_it(monkeypatch):
    tile = next(t for t in data.tiles().values() if t.name == "Pirates of the Pancreas")
    chips, foot = [], []
    real_chip, real_figure, real_marker = ap.chip, ap.figure, ap.control_marker

    def chip(image, draw, xy, text):
        w = real_chip(image, draw, xy, text)
        chips.append((xy[0], xy[0] + w))
        return w

    def figure(draw, centre, seat, letter):
        foot.append(centre[0] - ap.FIGURE_R)
        real_figure(draw, centre, seat, letter)

    def marker(draw, xy, letter, seat):
        foot.append(xy[0])
        real_marker(draw, xy, letter, seat)

    monkeypatch.setattr(ap, "chip", chip)
    monkeypatch.setattr(ap, "figure", figure)
    monkeypatch.setattr(ap, "control_marker", marker)
    ap._cell_image.cache_clear()
    ap._cell_image(tile.id, False, ("A", 0), (), ((1, "B"),), 96, 56)
    assert chips and len(foot) == 2
    assert min(foot) >= max(right for _, right in chips)
