"""The lines that open a new turn message: what happened since the awaited players last acted
("since your last turn"), one line per player in turn, and this turn's events so far."""

from __future__ import annotations

import pytest

from bot.discord_app.turn_book import (
    MORE,
    SINCE_LINE,
    TurnBook,
    TurnRecord,
    player_line,
    since_lines,
    turn_lines,
)
from bot.table import LogLine, Table
from bot.table.texts import ellipsize
from storage import Store

ADA, BOB = 1, 2


def _entry(seq: int, player: str | None, text: str, *, kind="move", user=None) -> LogLine:
    return LogLine(seq=seq, version=seq, kind=kind, user_id=user, player=player, text=text)


def _start() -> LogLine:
    return _entry(0, None, "", kind="start")


def _history(ada_texts: list[str]) -> list[LogLine]:
    bob = _entry(1, "Bob", "Bob rolls 2 and 3.", user=BOB)
    ada = [_entry(2 + i, "Ada", t, user=ADA) for i, t in enumerate(ada_texts)]
    return [_start(), bob, *ada]


def test_a_players_events_since_your_turn_are_one_line():
    lines = since_lines(_history(["Ada rolls 4 and 1.", "Ada buys Anatomy Park."]), [BOB])
    assert lines == ["Ada rolls 4 and 1. Ada buys Anatomy Park."]


def test_each_player_in_turn_has_a_line_and_the_table_its_own():
    history = [
        _start(),
        _entry(1, "Bob", "Bob rolls.", user=BOB),
        _entry(2, "Ada", "Ada rolls.", user=ADA),
        _entry(3, None, "The bank pays 10."),
        _entry(4, "Table", "Table (a player so named) passes.", user=3),
        _entry(5, "Ada", "Ada buys.", user=ADA),
    ]
    assert since_lines(history, [BOB]) == [
        "Ada rolls.",
        "The bank pays 10.",
        "Table (a player so named) passes.",
        "Ada buys.",
    ]


def test_entries_without_words_are_skipped_not_the_end():
    history = [*_history(["Ada rolls."]), _entry(9, "Ada", ""), _entry(10, "Ada", "Ada buys.")]
    assert since_lines(history, [BOB]) == ["Ada rolls. Ada buys."]


def test_a_first_turn_shows_everything_since_the_start():
    history = [_entry(0, "Ada", "Ada opens."), _start(), _entry(2, "Ada", "Ada rolls.", user=ADA)]
    assert since_lines(history, [BOB]) == ["Ada rolls."]


def test_a_first_turn_whose_start_was_not_read_back_shows_all_that_was():
    history = [_entry(5, "Ada", "Ada rolls.", user=ADA), _entry(6, "Cy", "Cy buys.", user=3)]
    assert since_lines(history, [BOB]) == ["Ada rolls.", "Cy buys."]


def _players(n: int) -> list[LogLine]:
    """``n`` players' moves in turn since Bob's."""
    moves = [_entry(2 + i, f"P{i}", f"P{i} moves.", user=10 + i) for i in range(n)]
    return [_start(), _entry(1, "Bob", "Bob rolls.", user=BOB), *moves]


def test_as_many_lines_as_allowed_are_all_shown():
    assert since_lines(_players(8), [BOB], at_most=8) == [f"P{i} moves." for i in range(8)]


def test_more_lines_than_allowed_keep_the_newest_and_count_the_rest():
    assert since_lines(_players(10), [BOB], at_most=8) == [
        "… 3 earlier in `/game log`",
        *[f"P{i} moves." for i in range(3, 10)],
    ]


def test_a_long_line_gives_way_before_the_newest_event_which_the_next_player_answers():
    texts = [f"Ada rolls doubles and moves to space number {n} of the board." for n in range(9)]
    [line] = since_lines(_history([*texts, "Ada bids 77."]), [BOB])
    assert line.endswith(" Ada bids 77.")
    assert line.startswith(f"{texts[0]} {texts[1][:10]}")
    assert MORE in line and len(line) <= SINCE_LINE


def test_two_events_too_long_for_a_line_keep_the_newest():
    line = player_line(["Ada rolls doubles. " * 20, "Ada bids 77."])
    assert line.endswith(f"{MORE} Ada bids 77.") and len(line) <= SINCE_LINE


@pytest.mark.parametrize("word", ["aa", "aaa"])
def test_the_earlier_events_fill_the_line_up_to_its_limit(word):
    line = player_line([f"{word} " * 80, "Ada bids 77."])
    assert SINCE_LINE - 2 <= len(line) <= SINCE_LINE


def test_a_line_that_fits_is_whole_however_long_its_newest_event():
    newest = "Ada " + "x" * (SINCE_LINE - 60)
    earlier = "e" * (SINCE_LINE - len(newest) - 1)
    assert player_line([earlier, newest]) == f"{earlier} {newest}"


def test_a_single_event_too_long_for_a_line_is_cut_with_a_pointer_to_the_log():
    text = "word " * 100
    assert player_line([text]) == ellipsize(text, SINCE_LINE, more=MORE)


def test_this_turn_is_what_was_saved_after_it_began():
    history = [_entry(4, "Ada", "Ada rolls."), _entry(5, "Ada", ""), _entry(6, "Ada", "Ada buys.")]
    assert turn_lines(history, 4) == ["Ada buys."]


async def test_a_dropped_turn_message_is_no_longer_one_to_close(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        table = Table(store, render=False)
        await table.new_game(guild_id=1, channel_id=9, user_id=ADA, user_name="Ada", engine="toy")
        await table.join(channel_id=9, user_id=BOB, user_name="Bob")
        outcome = await table.start(channel_id=9, user_id=ADA)
        book = TurnBook(store)
        await book.put(outcome.game.id, TurnRecord(77, 9, [ADA], 1, 1))
        await table.abort(channel_id=9, user_id=ADA, is_moderator=False)
        assert await book.ended() == [outcome.game.id]
        await book.drop(outcome.game.id)
        assert await book.ended() == [] and await book.get(outcome.game.id) is None
    finally:
        await store.close()
