"""The family look every game's images share: sizes for a phone, who plays, the last turn."""

from __future__ import annotations

from rendering import family
from rendering.family import Seat
from rendering.kit import PAPER, new_canvas, recording_text


def seat(name: str, **kw) -> Seat:
    return Seat(name=name, colour=(230, 159, 0), letter=name[0], **kw)


def test_phone_min_text_is_nine_pixels_once_scaled_to_400_wide():
    assert family.phone_min_text(400) == 9
    assert family.phone_min_text(800) == 18
    assert family.phone_min_text(1000) == 23  # 22.5 rounds up: never below 9 px


def test_every_family_size_is_at_least_the_phone_minimum():
    for width in (600, 800, 1000, 1194):
        s = family.sizes(width)
        assert min(s.text, s.name, s.big, s.title) >= family.phone_min_text(width)


def test_seat_letters_are_unique_when_initials_clash():
    assert family.seat_letters(["Ada", "Bruno"]) == ["A", "B"]
    assert family.seat_letters(["Ada", "Alma", "Bruno"]) == ["Ad", "Al", "B"]
    assert family.seat_letters(["Al", "Al"]) == ["1", "2"]


def test_turn_words_name_whose_turn_it_is():
    assert family.turn_words([seat("Ada", turn=True, acting=True), seat("Bruno")]) == "Ada's turn"


def test_turn_words_say_who_else_the_game_waits_for():
    seats = [seat("Ada", turn=True), seat("Bruno", acting=True), seat("Chidi", acting=True)]
    assert family.turn_words(seats) == "Ada's turn · waiting for Bruno and Chidi"


def test_family_pieces_draw_no_text_below_the_phone_minimum():
    width = 820
    image, draw = new_canvas(width, 900, PAPER)
    seats = [seat("Ada", turn=True, score="7"), seat("Bruno", acting=True, score="3", out=True)]
    with recording_text() as drawn:
        y = family.header(
            draw, width, family.Theme("Game", (30, 60, 40), PAPER, PAPER, "paws"), "Round 2"
        )
        family.turn_strip(draw, (0, y, width, y + family.turn_strip_height(width)), seats, "phase")
        family.player_panel(draw, (0, 300, width, 500), seats)
        family.last_turn_line(draw, (0, 520, width, 600), "Ada moved")
        rows = [family.Standing(1, seats[0], "7", "3 tiles", winner=True)]
        family.standings(draw, (0, 620, width, 900), rows)
    assert drawn and min(size for size, _ in drawn) >= family.phone_min_text(width)


def test_the_winner_is_named_in_the_standings():
    width = 820
    _, draw = new_canvas(width, 400, PAPER)
    rows = [
        family.Standing(1, seat("Ada"), "7", "3 tiles", winner=True),
        family.Standing(2, seat("Bruno"), "3", "1 tile"),
    ]
    with recording_text() as drawn:
        family.standings(draw, (0, 0, width, 400), rows)
    texts = [t for _, t in drawn]
    assert "Ada  · winner" in texts and "1st" in texts and "2nd" in texts
    assert not any("Bruno" in t and "winner" in t for t in texts)


def test_the_last_turn_line_wraps_rather_than_cuts_when_the_box_holds_two_lines():
    width = 600
    _, draw = new_canvas(width, 200, PAPER)
    words = "Bruno rolled 3 and 5, moved the Black Bear to tile 7 and took a food and a nest cube"
    with recording_text() as drawn:
        family.last_turn_line(draw, (0, 0, width, family.last_turn_height(width, 2)), words)
    texts = [t for _, t in drawn if t != "LAST TURN"]
    assert " ".join(texts) == words


def test_a_narrow_strip_keeps_who_must_act_whole_and_moves_whose_turn_below():
    width = 400
    _, draw = new_canvas(width, 200, PAPER)
    seats = [seat("Bartholomew", turn=True), seat("Maximiliane", acting=True)]
    with recording_text() as drawn:
        family.turn_strip(draw, (0, 0, 250, family.turn_strip_height(width)), seats, "Auction")
    texts = [t for _, t in drawn]
    assert "Waiting for Maximiliane" in texts
    assert "Bartholomew's turn · Auction" in texts
