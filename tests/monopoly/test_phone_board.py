"""Issue #31: the Monopoly board, hand, end picture and legend read on a phone (every text at
least 9 px once the image is 400 px wide, boards no taller than wide, files under 300 KB),
show each player's cash and net worth, who must act, what the last turn changed, and carry a
second cue with every colour that carries a rule."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from PIL import Image

from engines.monopoly import render, views
from engines.monopoly.data import SPACES
from engines.monopoly.engine import ENGINE
from engines.monopoly.render_layout import WIDTH
from engines.monopoly.state import MonopolyState
from rendering import family, kit
from rendering import legend as shared_legend
from rendering.kit import recording_text
from rendering.vision import confusable_pairs

from .helpers import NAMES, act, dice, new, own

GOLDEN = Path(__file__).parent.parent / "golden" / "games"


def drawn(draw) -> tuple[list[tuple[int, str]], Image.Image, int]:
    """Every (size, text) drawn by ``draw()`` (PNG bytes), the image and its file size."""
    with recording_text() as texts:
        png = draw()
    return texts, Image.open(io.BytesIO(png)), len(png)


def words(view) -> str:
    texts, _image, _size = drawn(lambda: render.render_board(view))
    return " ".join(t for _, t in texts)


def golden_positions(every: int = 25) -> list[MonopolyState]:
    out = []
    for path in sorted(GOLDEN.glob("monopoly-*.json")):
        rec = json.loads(path.read_text())
        s = ENGINE.setup(rec["players"], seed=rec["seed"], options=rec["options"])
        out.append(s)
        for k, (actor, action) in enumerate(rec["actions"], 1):
            s, _ = ENGINE.apply(s, actor, action)
            if k % every == 0:
                out.append(s)
        out.append(s)
    return out


def played(n: int, seed: int, mode: str = "classic", steps: int | None = None) -> MonopolyState:
    """The engine playing itself: ``steps`` moves, or to the end."""
    s = ENGINE.setup(NAMES[:n], seed=seed, options={"mode": mode})
    rng = random.Random(seed)
    k = 0
    while not s.over and (steps is None or k < steps):
        p = ENGINE.to_act(s)[0]
        s, _ = ENGINE.apply(s, p, ENGINE.pick(s, p, ENGINE.legal_actions(s, p), rng))
        k += 1
    return s


# -- the phone rule -------------------------------------------------------------------------
def test_every_board_text_is_nine_pixels_at_phone_width_and_the_board_no_taller_than_wide():
    for s in golden_positions():
        texts, image, size = drawn(lambda s=s: render.render_board(ENGINE.view(s, None)))
        assert min(sz for sz, _ in texts) >= family.phone_min_text(image.width)
        assert image.height <= image.width and size <= 300_000


def test_the_end_picture_obeys_the_phone_rule_with_six_players():
    s = played(6, seed=3)
    texts, image, size = drawn(lambda: render.render_board(ENGINE.view(s, None)))
    assert min(sz for sz, _ in texts) >= family.phone_min_text(image.width)
    assert image.height <= image.width and size <= 300_000


def test_every_hand_text_is_nine_pixels_at_phone_width_and_the_hand_not_too_tall():
    s = played(4, seed=1, steps=400)
    for viewer in s.players:
        texts, image, _size = drawn(lambda v=viewer: render.render_hand(ENGINE.view(s, v)))
        assert min(sz for sz, _ in texts) >= family.phone_min_text(image.width)
        assert image.height <= image.width * 5 // 4


def test_the_legend_obeys_the_phone_rule_and_stays_under_300_kb():
    texts, image, size = drawn(
        lambda: shared_legend.to_png(shared_legend.draw_legend(render_legend()))
    )
    assert min(sz for sz, _ in texts) >= family.phone_min_text(image.width)
    assert size <= 300_000


def render_legend():
    from engines.monopoly import legend

    return legend.legend()


# -- short names ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "space",
    [sp for sp in SPACES if sp.kind not in ("corner", "jail", "parking", "gotojail")],
    ids=lambda sp: str(sp.index),
)
def test_every_printed_name_fits_its_space_in_two_lines(space):
    _bar, _band, (x0, _y0, x1, _y1) = render.layout(space.index, space.kind)
    assert len(render.name_lines(space.printed, x1 - x0)) <= 2


def test_a_short_name_is_tabletops_abbreviation_used_only_where_the_name_does_not_fit():
    for sp in SPACES:
        if not sp.short:
            continue
        assert sp.origin("short") == "designed" and "Tabletop's abbreviation" in sp.note
        _bar, _band, (x0, _y0, x1, _y1) = render.layout(sp.index, sp.kind)
        # a card space prints its deck's mark above the name, leaving room for one line
        assert len(render.name_lines(sp.name, x1 - x0)) > (1 if sp.kind == "card" else 2)


def test_full_names_stay_in_the_hand():
    s = new(2)
    own(s, "Ada", 1)
    hand = render.hand_rows(ENGINE.view(s, "Ada"))
    assert any("Harry Herpson High School" in text for _, text, _ in hand)


# -- players: cash, net worth, who acts ------------------------------------------------------
def test_net_worth_is_shown_for_each_player_with_a_mortgaged_deed_at_half():
    s = new(3)
    own(s, "Ada", 37, 39)
    s.mortgaged = [37]
    s.level = {39: 1}
    seats = render.seats_of(ENGINE.view(s, None))
    ada = next(seat for seat in seats if seat.name == "Ada")
    # 1500 cash + 350 / 2 for Morty's Bedroom mortgaged + 400 Rick's Garage + 200 for a stilt
    assert ada.score == "1,500" and "worth 2,275" in ada.detail
    assert "worth 2,275" in words(ENGINE.view(s, None))


def test_the_turn_strip_tells_whose_turn_from_who_must_act_in_an_auction():
    s = new(3)
    s.offer = 3
    s = act(s, "Ada", "auction")
    s = act(s, "Ada", "limit:to:10")
    v = ENGINE.view(s, None)
    flags = {seat.name: (seat.turn, seat.acting) for seat in render.seats_of(v)}
    assert flags == {"Ada": (True, False), "Brook": (False, True), "Cy": (False, True)}
    text = words(v)
    assert "Waiting for Brook and Cy" in text and "Ada's turn" in text


def test_a_bankrupt_player_is_marked_out_in_the_panel():
    s = new(3)
    s.bankrupt = ["Cy"]
    cy = next(seat for seat in render.seats_of(ENGINE.view(s, None)) if seat.name == "Cy")
    assert cy.out and cy.score == "out"


# -- the last turn --------------------------------------------------------------------------
def bought_pluto(monkeypatch) -> MonopolyState:
    s = new(2)
    s.pos["Ada"] = 13
    dice(monkeypatch, (2, 3))
    s = act(s, "Ada", "roll")  # to 18, Pluto
    return act(s, "Ada", "buy")


def test_the_last_turn_line_says_what_the_turn_did(monkeypatch):
    s = bought_pluto(monkeypatch)
    v = ENGINE.view(s, None)
    assert v.last_turn.player == "Ada" and v.last_turn.line == "Ada to Pluto, bought Pluto"
    assert "Ada to Pluto, bought Pluto" in words(v)


def test_last_turn_spaces_are_highlighted_with_the_last_move_mark(monkeypatch):
    s = bought_pluto(monkeypatch)
    v = ENGINE.view(s, None)
    assert v.last_turn.marks == ["space:18"]
    image = render.draw_board(v)
    x0, y0, x1, y1 = render.mark_box(18)
    lit = sum(image.getpixel((x, y)) == family.LAST for x in range(x0, x1) for y in range(y0, y1))
    assert lit > 100
    x0, y0, x1, y1 = render.mark_box(19)  # the next space's apron (clear of 18's star)
    inside = [(x, y) for x in range(x0 + 12, x1 - 12) for y in range(y0 + 12, y1 - 12)]
    assert not any(image.getpixel(xy) == family.LAST for xy in inside)


def test_the_last_turn_stays_shown_once_the_next_turn_begins(monkeypatch):
    s = bought_pluto(monkeypatch)
    assert s.current == "Brook" and s.this_turn is None
    assert ENGINE.view(s, None).last_turn.line == "Ada to Pluto, bought Pluto"


def test_mortgages_and_builds_out_of_turn_join_the_turn_they_happen_in(monkeypatch):
    s = bought_pluto(monkeypatch)
    own(s, "Ada", 16, 19)
    s = act(s, "Ada", "mortgage:16")
    v = ENGINE.view(s, None)
    assert v.last_turn.player == "Brook" and v.last_turn.line == "Ada mortgaged Fantasy World"
    assert v.last_turn.marks == ["space:16"]


def test_a_game_saved_before_last_turns_loads_with_none():
    s = new(2)
    raw = s.model_dump(mode="json")
    for key in ("this_turn", "last_turn", "fates"):
        del raw[key]
    raw["schema_version"] = 5
    old = ENGINE.load_state(json.dumps(raw))
    assert old.last_turn is None and old.fates == {} and ENGINE.view(old, None).last_turn is None


# -- colour with a second cue -----------------------------------------------------------------
def test_no_two_rule_colours_are_confusable_without_a_second_cue():
    for name, palette in render.RULE_COLOURS.items():
        assert confusable_pairs(palette) == [], name


def test_every_colour_bar_carries_its_group_letter():
    texts = words(ENGINE.view(new(2), None)).split()
    for letter in render.GROUP_LETTERS.values():
        assert texts.count(letter) >= 2  # every group has two or three locations


def test_a_mortgaged_deed_says_so_in_words():
    s = new(2)
    own(s, "Ada", 16)
    assert "mortgaged" not in words(ENGINE.view(s, None)).split()
    s.mortgaged = [16]
    assert "mortgaged" in words(ENGINE.view(s, None)).split()


def test_the_owner_band_carries_the_owners_colour_and_letter():
    s = new(2)
    own(s, "Brook", 16)
    image = render.draw_board(ENGINE.view(s, None))
    _bar, band, _text = render.layout(16, "location")
    x0, y0, x1, y1 = band
    tag = render.owner_tag("B", family_colour(1), x1 - x0, y1 - y0)
    assert image.crop(band).tobytes() == tag.tobytes()
    assert len(tag.getcolors() or []) > 2  # the letter is on it, not just the colour


def family_colour(seat: int):
    from rendering.kit import player_colour

    return player_colour(seat)


# -- defects ----------------------------------------------------------------------------------
def test_the_log_shows_whole_entries_only():
    long = "Ada pays 1000 to Brook (rent on Rick's Garage with a gublet box) and more words here."
    entries = ["Brook's turn.", long, "Ada's turn."]
    lines = render.log_lines(entries, 300, 3)
    assert lines == ["Ada's turn."]  # the long entry takes more than the two lines left
    assert " ".join(render.log_lines(entries, 300, 99)).startswith("Brook's turn.")


def test_the_hand_list_does_not_overlap_the_next_title(monkeypatch):
    s = new(2)
    own(s, "Ada", 1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24, 5, 15)  # five groups
    s.level = {1: 1, 3: 1}
    s.mortgaged = [5, 15]  # so a list of lifts follows the cut list of mortgages
    placed: list[tuple[float, str, int]] = []
    original = kit.Draw.text

    def spy(self, xy, text, fill=None, font=None, *args, **kwargs):
        placed.append((xy[1], str(text), font.size))
        return original(self, xy, text, fill, font, *args, **kwargs)

    monkeypatch.setattr(kit.Draw, "text", spy)
    render.render_hand(ENGINE.view(s, "Ada"))
    mores = [k for k, (_y, text, _s) in enumerate(placed) if "more in the menu" in text]
    assert mores, "the lists are long enough to be cut"
    for k in mores:
        y, _text, size = placed[k]
        assert all(abs(y - other) >= size for other, _t, _s in placed[:k] + placed[k + 1 :])


# -- the end --------------------------------------------------------------------------------
def test_the_end_ranks_bankrupt_players_by_elimination_saying_when_and_to_whom():
    s = played(6, seed=3)
    v = ENGINE.view(s, None)
    rows = render._standings(v, render.seats_of(v))
    assert rows[0].winner and rows[0].seat.name == s.winners[0]
    out_rows = rows[1:]
    assert [r.seat.name for r in out_rows] == list(reversed(s.bankrupt))
    assert len({r.breakdown for r in out_rows}) == len(out_rows) == 5
    for r in out_rows:
        assert "turn " in r.breakdown and " to " in r.breakdown


def placed_texts(monkeypatch, view) -> list[tuple[float, float, str]]:
    """Every (x, y, text) the board draws through the kit's ``Draw``, in order."""
    placed: list[tuple[float, float, str]] = []
    original = kit.Draw.text

    def spy(self, xy, text, fill=None, font=None, *args, **kwargs):
        placed.append((xy[0], xy[1], str(text)))
        return original(self, xy, text, fill, font, *args, **kwargs)

    monkeypatch.setattr(kit.Draw, "text", spy)
    render.draw_board(view)
    return placed


def test_the_final_board_is_the_ring_with_each_owners_band():
    s = played(3, seed=5)
    v = ENGINE.view(s, None)
    image = render.draw_board(v)
    assert image.size == (WIDTH, WIDTH)
    seats = {seat.name: seat for seat in render.seats_of(v)}
    owned = [sp for sp in v.spaces if sp.owner]
    assert len(owned) > 20
    for sp in owned:
        _bar, band, _text = render.layout(sp.index, sp.kind)
        x0, y0, x1, y1 = band
        seat = seats[sp.owner]
        tag = render.owner_tag(seat.letter, seat.colour, x1 - x0, y1 - y0)
        assert image.crop(band).tobytes() == tag.tobytes(), sp.name


def test_the_final_board_keeps_buildings_and_mortgages():
    s = played(3, seed=5)
    v = ENGINE.view(s, None)
    assert any(sp.stilts or sp.box for sp in v.spaces) and any(sp.mortgaged for sp in v.spaces)
    image = render.draw_board(v)
    for sp in v.spaces:
        bar, _band, box = render.layout(sp.index, sp.kind)
        if sp.mortgaged:
            name = sp.short or sp.name
            tile = render.mortgaged_tile(name, box[2] - box[0] + 1, box[3] - box[1] + 1, "en-US")
            assert image.crop((box[0], box[1], box[2] + 1, box[3] + 1)).tobytes() == tile.tobytes()
        if bar and (sp.stilts or sp.box):
            colours = {c for _n, c in image.crop(bar).getcolors(1 << 16)}
            assert (render.BOX if sp.box else render.STILT) in colours, sp.name


def test_the_final_standings_are_ranked_in_the_centre_with_the_winner_named(monkeypatch):
    s = played(3, seed=5)
    v = ENGINE.view(s, None)
    placed = placed_texts(monkeypatch, v)
    x0, y0, x1, y1 = render.END_PANEL
    centre = [t for x, y, t in placed if x0 <= x <= x1 and y0 <= y <= y1]
    assert centre[0] == "Final standings"
    assert [t for t in centre if t in ("1st", "2nd", "3rd")] == ["1st", "2nd", "3rd"]
    # the winner first and named, then the bankrupt, the last out first
    names = [t for t in centre if t.split("  ·")[0] in s.players]
    assert names == [f"{s.winners[0]}  · winner", *reversed(s.bankrupt)]
    assert v.end_reason in " ".join(centre)


def test_six_players_fit_the_final_board_each_breakdown_whole_on_one_line(monkeypatch):
    s = played(6, seed=3)
    v = ENGINE.view(s, None)
    assert render.end_layout(v)[1] == 1
    placed = placed_texts(monkeypatch, v)
    texts = [t for _x, _y, t in placed]
    rows = render._standings(v, render.seats_of(v), render.breakdown_room(render.END_PANEL), 1)
    assert len(rows) == 6
    for row in rows:
        assert row.breakdown in texts  # drawn whole, on one line
        assert "turn " in row.breakdown or row.winner  # when each player went out stays
    reason_y = next(y for _x, y, t in placed if v.end_reason.startswith(t))
    assert reason_y + render.TEXT <= render.END_PANEL[3]


def test_a_breakdown_takes_its_fullest_wording_that_fits():
    wordings = render.bankrupt_breakdowns(
        "2nd", "turn 80, owing 550 to Ada (rent on Earth C-137); everything to Ada"
    )
    assert render.fitting(wordings, None, 1) == wordings[0]
    assert render.fitting(wordings, 2000, 1) == wordings[0]
    assert render.fitting(wordings, 450, 1) == "2nd out: turn 80, owing 550 to Ada"


def test_the_alt_text_at_the_end_tells_how_each_player_went_out_in_full():
    s = played(6, seed=3)
    text = ENGINE.summary(s)
    for name in s.bankrupt:
        assert f"{name} went out: {views.fate_words(s.fates[name])[0]}." in text


def test_a_survivors_breakdown_adds_up_to_their_net_worth():
    s = played(2, seed=3, mode="quick")
    v = ENGINE.view(s, None)
    row = render._standings(v, render.seats_of(v))[0]
    p = next(p for p in v.players if p.name == row.seat.name)
    assert p.cash + p.estate + p.buildings == p.worth and row.total == f"{p.worth:,}"
    assert f"cash {p.cash:,}" in row.breakdown and f"buildings {p.buildings:,}" in row.breakdown


# -- the legend -----------------------------------------------------------------------------
def test_the_legend_is_a_real_board_with_its_callouts_on_it():
    taught = render_legend()
    assert taught.board.size == (WIDTH, WIDTH) and len(taught.callouts) >= 8
    for c in taught.callouts:
        assert 0 <= c.at[0] <= WIDTH and 0 <= c.at[1] <= WIDTH
    assert len(taught.symbols) >= 6


def test_the_header_carries_the_portal_art():
    assert render.THEME.art == "portal"


def test_the_view_line_of_a_turn_merges_a_players_doings():
    from engines.monopoly.state import TurnRecord

    t = TurnRecord(
        player="Ada",
        notes=[
            ("Ada", "to", "18"),
            ("Ada", "mortgaged", "1"),
            ("Ada", "mortgaged", "3"),
            ("Brook", "paid", "10|Ada"),
        ],
    )
    assert views.turn_line(t) == (
        "Ada to Pluto, mortgaged Herpson High and Needful Things; Brook paid 10 to Ada"
    )
