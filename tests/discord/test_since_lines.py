"""The "since your last turn" lines that open a new turn message."""

from __future__ import annotations

from bot.discord_app.turn_book import MORE, SINCE_LINE, since_lines
from bot.table import LogLine

ADA, BOB = 1, 2


def _move(seq: int, user: int, player: str, text: str) -> LogLine:
    return LogLine(seq=seq, version=seq, kind="move", user_id=user, player=player, text=text)


def _history(ada_texts: list[str]) -> list[LogLine]:
    start = LogLine(seq=0, version=0, kind="start", user_id=None, player=None, text="")
    bob = _move(1, BOB, "Bob", "Bob rolls 2 and 3.")
    ada = [_move(2 + i, ADA, "Ada", t) for i, t in enumerate(ada_texts)]
    return [start, bob, *ada]


def test_a_players_events_since_your_turn_are_one_line():
    lines = since_lines(_history(["Ada rolls 4 and 1.", "Ada buys Anatomy Park."]), [BOB])
    assert lines == ["Ada rolls 4 and 1. Ada buys Anatomy Park."]


def test_a_long_line_gives_way_before_the_newest_event_which_the_next_player_answers():
    texts = [f"Ada rolls doubles and moves to space number {n} of the board." for n in range(9)]
    [line] = since_lines(_history([*texts, "Ada bids 77."]), [BOB])
    assert line.endswith("Ada bids 77.")
    assert MORE in line and len(line) <= SINCE_LINE
    assert line.startswith(texts[0][:20])


def test_a_single_event_too_long_for_a_line_is_cut_with_a_pointer_to_the_log():
    [line] = since_lines(_history(["word " * 100]), [BOB])
    assert line.endswith(MORE) and len(line) <= SINCE_LINE
