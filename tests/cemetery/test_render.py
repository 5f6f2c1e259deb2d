"""The board and hand images: phone-first PNGs drawn from views only (issue #31)."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import rendering
from engines.cemetery import render as art
from engines.cemetery.common import note_words
from engines.cemetery.engine import ENGINE
from engines.cemetery.state import Pending, Slot, TurnNote
from engines.cemetery.views import CardView
from rendering import family
from rendering.kit import new_canvas, recording_text
from tests.cemetery.helpers import PLAYERS, creature, fresh, run_from, set_cemetery, take


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _played(seed=4, steps=150):
    state = ENGINE.setup(PLAYERS, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if ENGINE.result(state):
            break
        p = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, p, ENGINE.suggest(state, p, rng))
    return state


POSITIONS = {"start": (4, 0), "midgame": (4, 150), "busy": (7, 400), "end": (2, 5000)}


def _many_creatures():
    state = fresh()
    for core in ("F-core-1", "B-core-1", "P-core-1", "M-core-1", "F-core-2", "B-core-2"):
        creature(state, 0, core, [])
    return state


@pytest.mark.parametrize("name", POSITIONS)
def test_the_board_is_landscape_and_small(name):
    data = rendering.render_board("cemetery", ENGINE.view(_played(*POSITIONS[name]), None))
    image = _png(data)
    assert image.width == art.WIDTH and image.height <= image.width
    assert len(data) <= 300_000


def test_a_player_with_six_creatures_still_gets_a_landscape_board():
    image = _png(art.render_board(ENGINE.view(_many_creatures(), None)))
    assert image.height <= image.width


@pytest.mark.parametrize("name", POSITIONS)
def test_every_text_on_the_board_reads_at_nine_pixels_on_a_phone(name):
    view = ENGINE.view(_played(*POSITIONS[name]), None)
    with recording_text() as drawn:
        image = art.draw_board(view)
    assert drawn and min(size for size, _ in drawn) >= family.phone_min_text(image.width)


def test_every_text_on_the_hand_reads_at_nine_pixels_on_a_phone():
    view = ENGINE.view(_played(7, 400), "Ada")
    with recording_text() as drawn:
        image = _png(art.render_hand(view))
    assert drawn and min(size for size, _ in drawn) >= family.phone_min_text(image.width)
    assert image.height <= 1.25 * image.width


def test_creature_cells_are_drawn_in_their_type_colour():
    state = fresh()
    creature(state, 0, "F-core-1", ["B-arm-1"])
    view = ENGINE.view(state, None)
    [cell] = view.players[0].creatures[0].cells
    image = _png(art.render_board(view)).convert("RGB")
    x0, y0, x1, y1 = art.cell_box(view, 0, 0, cell.pos)
    assert image.getpixel((x0 + 3, y1 - art.TEXT - 9)) == art.TYPE_COLOURS["beast"]


def test_pet_cemetery_cards_carry_their_type_letter_not_only_their_colour():
    state = fresh()
    set_cemetery(state, [])
    state.sides[0].pet = [Slot(card=take(state, "M-arm-1"))]
    with recording_text() as drawn:
        art.draw_board(ENGINE.view(state, None))
    assert "M" in {text for _, text in drawn}


def test_hand_counts_show_while_a_pet_cemetery_is_not_empty():
    state = fresh()
    state.sides[0].hand = [take(state, "M-core-1"), take(state, "F-arm-1")]
    state.sides[0].pet = [Slot(card=take(state, "P-arm-1"))]
    with recording_text() as drawn:
        art.draw_board(ENGINE.view(state, None))
    assert any(text.startswith("hand 2 · Pet 1") for _, text in drawn)


def test_the_player_who_must_answer_a_maim_is_acting_while_it_stays_the_others_turn():
    state = fresh()
    creature(state, 1, "B-core-1", ["F-arm-1"])
    state.phase = "behaviors"
    state.pending = Pending(kind="maim", player="Brook")
    ada, brook = art._seats(ENGINE.view(state, None))
    assert (ada.turn, ada.acting) == (True, False)
    assert (brook.turn, brook.acting) == (False, True)


def _last_pixels(image: Image.Image, box) -> int:
    x0, y0, x1, y1 = box
    region = image.crop((x0 - 2, y0 - 2, x1 + 3, y1 + 3)).convert("RGB")
    return sum(n for n, colour in region.getcolors(1 << 16) or [] if colour == family.LAST)


def test_a_part_the_last_turn_stitched_carries_the_last_move_highlight():
    state = fresh()
    creature(state, 0, "F-core-1", [], W="B-arm-1", E="F-arm-1")
    state.last_turn = TurnNote(player="Ada", line="Ada stitched 1", marks=("card:B-arm-1",))
    view = ENGINE.view(state, None)
    image = _png(art.render_board(view))
    assert _last_pixels(image, art.cell_box(view, 0, 0, "W")) > 0


def test_a_part_the_last_turn_did_not_touch_has_no_highlight():
    state = fresh()
    creature(state, 0, "F-core-1", [], W="B-arm-1", E="F-arm-1")
    state.last_turn = TurnNote(player="Ada", line="Ada stitched 1", marks=("card:B-arm-1",))
    view = ENGINE.view(state, None)
    image = _png(art.render_board(view))
    assert _last_pixels(image, art.cell_box(view, 0, 0, "E")) == 0


def test_the_board_says_what_the_last_turn_did():
    state = _played(4, 150)
    assert state.last_turn is not None
    with recording_text() as drawn:
        art.draw_board(ENGINE.view(state, None))
    words = " ".join(text for _, text in drawn)
    assert "LAST TURN" in words and note_words(state.last_turn).split(",")[0] in words


def test_the_divider_of_a_dual_card_stops_above_its_kind():
    card = CardView(id="FB-arm", types=["flesh", "beast"], kind="arm", dual=True)
    image, draw = new_canvas(56, 56)
    art.card_face(draw, (0, 0, 55, 55), card)
    band_top = 55 - art.TEXT - 5
    column = [image.getpixel((27, y)) for y in range(band_top + 1, 56)]
    assert (255, 255, 255) not in column


def _ended(seed=2):
    state = _played(seed, 5000)
    assert state.over
    return state


def test_the_end_board_ranks_the_players_by_tokens():
    view = ENGINE.view(_ended(), None)
    rows = art._standing_rows(view)
    totals = [int(r.total) for r in rows]
    assert totals == sorted(totals, reverse=True) and [r.place for r in rows][0] == 1


def test_the_end_board_names_the_winner_in_the_standings():
    state = _ended()
    view = ENGINE.view(state, None)
    [winner] = ENGINE.result(state).winners
    assert [r.seat.name for r in art._standing_rows(view) if r.winner] == [winner]


def test_each_standing_breaks_the_total_into_revenge_and_science_spent_and_unspent():
    state = _ended()
    rows = art._standing_rows(ENGINE.view(state, None))
    for row in rows:
        p = state.player(row.seat.name)
        assert f"Revenge {p.revenge + p.revenge_spent} ({p.revenge_spent} spent)" in row.breakdown
        assert f"Science {p.science + p.science_spent} ({p.science_spent} spent)" in row.breakdown


def test_a_draw_puts_both_players_first_and_both_win():
    state = fresh()
    state.over = True
    state.sides[0].revenge = state.sides[1].science = 4
    rows = art._standing_rows(ENGINE.view(state, None))
    assert [(r.place, r.winner) for r in rows] == [(1, True), (1, True)]


def test_a_player_who_conceded_is_ranked_last():
    state = fresh()
    state.sides[1].revenge = 9
    state, _ = ENGINE.remove_player(state, "Brook")
    rows = art._standing_rows(ENGINE.view(state, None))
    assert [(r.seat.name, r.winner) for r in rows] == [("Ada", True), ("Brook", False)]


def test_the_public_board_does_not_depend_on_the_hand():
    a, b = fresh(), fresh()
    a.sides[0].hand = [take(a, "M-core-1"), take(a, "F-arm-1")]
    b.sides[0].hand = [take(b, "P-core-1"), take(b, "B-arm-1")]
    b.core_pile, b.part_pile = list(a.core_pile), list(a.part_pile)
    assert art.render_board(ENGINE.view(a, None)) == art.render_board(ENGINE.view(b, None))


def test_the_hand_image_shows_the_viewers_cards_and_spectators_get_a_note():
    state = fresh()
    state.sides[0].hand = [take(state, "M-core-1"), take(state, "F-arm-1")]
    with recording_text() as drawn:
        rendering.render_hand("cemetery", ENGINE.view(state, "Ada"))
    assert {"card 1", "card 2"} <= {text for _, text in drawn}
    spectator = _png(rendering.render_hand("cemetery", ENGINE.view(state, None)))
    assert spectator.height >= 100


def test_the_board_names_each_creature_as_the_moves_name_it():
    """Issue #29: "positions are named as the board labels them"."""
    state = fresh()
    creature(state, 0, "M-core-1", [])
    state.sides[0].hand = [take(state, "F-arm-1")]
    run_from(state, "stitch")
    [made] = ENGINE.view(state, None).players[0].creatures
    title = art.creature_title(made, art.font(art.TEXT, True), 140)
    stitches = [a.label for a in ENGINE.legal_actions(state, "Ada") if a.id.startswith("st:")]
    assert title.startswith("creature 1") and all(" creature 1 " in s for s in stitches)


def test_the_end_board_titles_its_standings_with_how_the_game_ended():
    view = ENGINE.view(_ended(), None)
    with recording_text() as drawn:
        art.draw_board(view)
    assert view.outcome in {text for _, text in drawn}


def test_the_phase_line_names_the_player_who_must_answer_when_it_is_not_their_turn():
    state = fresh()
    creature(state, 1, "B-core-1", ["F-arm-1"])
    state.phase = "behaviors"
    state.pending = Pending(kind="maim", player="Brook")
    assert art._phase(ENGINE.view(state, None)).startswith("Brook: Maim")
