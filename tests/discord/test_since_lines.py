"""The lines that open a new turn message: what happened since the awaited players last acted
("since your last turn"), one event a line, like events folded as the engine words them, and
this turn's events so far."""

from __future__ import annotations

from bot.discord_app.recap import EARLIER, Line, fit_newest, folded
from bot.discord_app.turn_book import TurnBook, TurnRecord, since_lines, turn_lines
from bot.table import LogLine, Table, Told
from storage import Store

ADA, BOB = 1, 2


def _entry(seq: int, player: str | None, text: str, *, kind="move", user=None, told=None):
    told = tuple(told) if told is not None else ((Told(text),) if text else ())
    return LogLine(
        seq=seq, version=seq, kind=kind, user_id=user, player=player, text=text, told=told
    )


def _start() -> LogLine:
    return _entry(0, None, "", kind="start")


def _history(ada_texts: list[str]) -> list[LogLine]:
    bob = _entry(1, "Bob", "Bob rolls 2 and 3.", user=BOB)
    ada = [_entry(2 + i, "Ada", t, user=ADA) for i, t in enumerate(ada_texts)]
    return [_start(), bob, *ada]


def _texts(lines: list[Line]) -> list[str]:
    return [line.text for line in lines]


def test_each_event_since_your_last_turn_is_a_line_of_its_own():
    lines = since_lines(_history(["Ada rolls 4 and 1.", "Ada buys Anatomy Park."]), [BOB])
    assert _texts(lines) == ["Ada rolls 4 and 1.", "Ada buys Anatomy Park."]


def test_the_events_of_one_log_entry_are_each_a_line():
    told = [Told("Ada rolls 4 and 1."), Told("Ada buys Anatomy Park.")]
    history = [_start(), _entry(1, "Bob", "Bob rolls.", user=BOB), _entry(2, "Ada", "", told=told)]
    assert _texts(since_lines(history, [BOB])) == ["Ada rolls 4 and 1.", "Ada buys Anatomy Park."]


def test_each_player_in_turn_has_their_lines_and_the_table_its_own():
    history = [
        _start(),
        _entry(1, "Bob", "Bob rolls.", user=BOB),
        _entry(2, "Ada", "Ada rolls.", user=ADA),
        _entry(3, None, "The bank pays 10."),
        _entry(4, "Table", "Table (a player so named) passes.", user=3),
        _entry(5, "Ada", "Ada buys.", user=ADA),
    ]
    assert _texts(since_lines(history, [BOB])) == [
        "Ada rolls.",
        "The bank pays 10.",
        "Table (a player so named) passes.",
        "Ada buys.",
    ]


def test_entries_without_words_are_skipped_not_the_end():
    history = [*_history(["Ada rolls."]), _entry(9, "Ada", ""), _entry(10, "Ada", "Ada buys.")]
    assert _texts(since_lines(history, [BOB])) == ["Ada rolls.", "Ada buys."]


def test_a_first_turn_shows_everything_since_the_start():
    history = [_entry(0, "Ada", "Ada opens."), _start(), _entry(2, "Ada", "Ada rolls.", user=ADA)]
    assert _texts(since_lines(history, [BOB])) == ["Ada rolls."]


def test_a_first_turn_whose_start_was_not_read_back_shows_all_that_was():
    history = [_entry(5, "Ada", "Ada rolls.", user=ADA), _entry(6, "Cy", "Cy buys.", user=3)]
    assert _texts(since_lines(history, [BOB])) == ["Ada rolls.", "Cy buys."]


FOLD = "Bruno stitches {n} Parts to creature 2."


def _stitch(part: str) -> Told:
    return Told(f"Bruno stitches {part} to creature 2, top-left.", FOLD)


def test_a_run_of_events_the_engine_folds_alike_is_one_line_counting_them():
    lines = folded([_stitch("Arm"), _stitch("Leg"), _stitch("Tail")])
    assert lines == [Line("Bruno stitches 3 Parts to creature 2.", 3)]


def test_a_single_event_with_a_fold_reads_as_itself():
    assert folded([_stitch("Arm")]) == [Line("Bruno stitches Arm to creature 2, top-left.")]


def test_events_are_folded_only_while_they_run_on():
    lines = folded([_stitch("Arm"), Told("Bruno draws."), _stitch("Leg"), _stitch("Tail")])
    assert _texts(lines) == [
        "Bruno stitches Arm to creature 2, top-left.",
        "Bruno draws.",
        "Bruno stitches 2 Parts to creature 2.",
    ]


def test_events_are_never_folded_by_their_words_alone():
    same = Told("Bruno draws a Part from the pile.")
    assert folded([same, same]) == [Line(same.text), Line(same.text)]


def test_events_with_different_folds_stay_apart():
    other = Told(
        "Bruno stitches Arm to creature 1, top.", "Bruno stitches {n} Parts to creature 1."
    )
    assert len(folded([_stitch("Leg"), other])) == 2


def test_folding_reaches_across_log_entries():
    history = [
        _start(),
        _entry(1, "Ada", "Ada passes.", user=ADA),
        *[_entry(2 + i, "Bruno", "", user=BOB + 1, told=[_stitch(p)]) for i, p in enumerate("ab")],
    ]
    assert _texts(since_lines(history, [ADA])) == ["Bruno stitches 2 Parts to creature 2."]


def test_a_long_recap_keeps_its_newest_lines_and_counts_the_rest_in_the_log():
    history = [
        _start(),
        _entry(1, "Bob", "Bob rolls.", user=BOB),
        *[_entry(2 + i, f"P{i}", f"P{i} moves.", user=10 + i) for i in range(12)],
    ]
    lines = since_lines(history, [BOB])
    assert lines == [
        Line(EARLIER.format(n=5), 5),
        *[Line(f"P{i} moves.") for i in range(5, 12)],
    ]


def test_this_turn_is_what_was_saved_after_it_began_one_event_a_line():
    history = [_entry(4, "Ada", "Ada rolls."), _entry(5, "Ada", ""), _entry(6, "Ada", "Ada buys.")]
    assert _texts(turn_lines(history, 3)) == ["Ada rolls.", "Ada buys."]
    assert _texts(turn_lines(history, 4)) == ["Ada buys."]


# -- keeping the newest whole --------------------------------------------------------------------


def test_lines_that_fit_are_all_shown():
    lines = [Line(f"P{i} moves.") for i in range(8)]
    assert fit_newest(lines, 1000, at_most=8) == [f"P{i} moves." for i in range(8)]


def test_more_lines_than_allowed_keep_the_newest_and_count_the_rest_in_the_log():
    lines = [Line(f"P{i} moves.") for i in range(10)]
    assert fit_newest(lines, 1000, at_most=8) == [
        EARLIER.format(n=3),
        *[f"P{i} moves." for i in range(3, 10)],
    ]


def test_the_pointer_counts_the_events_of_folded_lines_it_stands_for():
    lines = [
        Line("Bruno stitches 3 Parts to creature 2.", 3),
        Line("Ada rolls."),
        Line("Ada buys."),
    ]
    assert fit_newest(lines, 40) == [EARLIER.format(n=4), "Ada buys."]


def test_an_event_that_does_not_fit_gives_way_whole_never_cut():
    long = Line("Ada rolls doubles and moves to space number 7 of the board. " * 4)
    shown = fit_newest([long, Line("Ada bids 77.")], 200)
    assert shown == [EARLIER.format(n=1), "Ada bids 77."]
    assert all("…" not in line for line in shown)


def test_lines_saved_in_a_turn_record_come_back_as_lines():
    record = TurnRecord(1, 9, [ADA], 1, 1, [{"text": "Ada folds.", "events": 2}, "Ada bids."])  # type: ignore[list-item]
    assert record.since == [Line("Ada folds.", 2), Line("Ada bids.")]


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
