"""The public turn message, line by line: its heading, who it names, the hints under the
moves, the final standings, and the board image it carries (built from outcomes, no Discord)."""

from __future__ import annotations

import io

from PIL import Image

from bot.discord_app.posts import (
    PLAY_HINT,
    PRIVATE_HINT,
    Post,
    board_post,
    lobby_post,
    turn_post,
    who,
)
from bot.discord_app.recap import EARLIER
from bot.table import Outcome, Seat
from engines import Action, ActionRole, Event, Result
from tests.discord.game_info import TITLE, game


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), "white").save(out, format="PNG")
    return out.getvalue()


def outcome(events=(), awaited=None, *, to_act=(22,), result=None, **kw) -> Outcome:
    kw.setdefault("board_png", png())
    kw.setdefault("game", game())
    return Outcome(
        events=[Event(text=e) if isinstance(e, str) else e for e in events],
        private_events={},
        to_act=list(to_act),
        result=result,
        awaited=awaited or {},
        labels_public=True,
        summary="Ada 3, Bob 4.",
        **kw,
    )


def lines_of(post: Post) -> list[str]:
    return post.content.split("\n")


def test_a_turn_message_without_a_headline_is_headed_by_the_game_title_alone():
    post = turn_post(outcome(["Ada rolls a 4"]))
    assert lines_of(post)[0] == f"**{TITLE}**"


def test_a_headline_follows_the_game_title():
    post = turn_post(outcome(["Ada rolls a 4"]), headline="Ada moved")
    assert lines_of(post)[0] == f"**{TITLE}** — Ada moved"


def test_a_long_headline_is_cut_to_300_characters():
    post = turn_post(outcome(["Ada rolls a 4"]), headline="x" * 400)
    head = lines_of(post)[0]
    assert len(head) == 300 and head.endswith("…")


def test_a_single_awaited_player_is_told_it_is_their_move():
    post = turn_post(outcome(["Ada rolls a 4"], to_act=(22,)))
    assert lines_of(post)[-1] == "➡️ Your move: <@22>"


def test_a_message_awaiting_nobody_names_nobody():
    post = turn_post(outcome(["Ada rolls a 4"], to_act=()))
    assert lines_of(post) == [f"**{TITLE}**", "Ada rolls a 4"]
    assert post.mention_ids == []


def test_public_notes_stand_on_their_own_lines_above_who_acts():
    post = turn_post(outcome(["Ada rolls a 4"]), notes=["A stand-in plays for Ada."])
    assert lines_of(post)[-2:] == ["A stand-in plays for Ada.", "➡️ Your move: <@22>"]


def test_long_notes_are_cut_so_the_events_keep_room():
    no_board = outcome(["Ada rolls a 4"], to_act=(), board_png=None)  # no image for the notes
    post = turn_post(no_board, notes=["n" * 3000])
    head, event, tail = lines_of(post)
    assert event == "Ada rolls a 4"
    assert len(tail) == 1300 and tail.endswith("…")


def test_moves_left_out_of_the_buttons_are_pointed_to_play():
    many = {22: [Action(id=f"m{i}", label=f"Move {i}", role=ActionRole.NORMAL) for i in range(150)]}
    post = turn_post(outcome(["Ada rolls a 4"], many))
    assert PLAY_HINT in lines_of(post)
    assert PRIVATE_HINT not in post.content


def test_moves_that_all_fit_need_no_pointer_to_play():
    few = {22: [Action(id=f"m{i}", label=f"Move {i}", role=ActionRole.NORMAL) for i in range(3)]}
    post = turn_post(outcome(["Ada rolls a 4"], few))
    assert PLAY_HINT not in post.content


def test_private_moves_are_pointed_to_the_private_panel():
    hidden = {
        22: [
            Action(
                id="play:K", label="Play the king of spades", private=True, role=ActionRole.NORMAL
            )
        ]
    }
    post = turn_post(outcome(["Ada rolls a 4"], hidden))
    assert lines_of(post)[-1] == PRIVATE_HINT
    assert "king" not in post.content


def test_the_final_message_names_every_winner():
    result = Result(winners=["Ada", "Bob"], scores={"Ada": 3, "Bob": 3}, reason="a tie")
    post = turn_post(outcome(["Bob scores"], to_act=(), result=result))
    assert "🏁 **Game over.** Winners: Ada, Bob" in lines_of(post)


def test_a_single_winner_is_named_in_the_singular():
    result = Result(winners=["Ada"], scores={"Ada": 3, "Bob": 1}, reason="most points")
    post = turn_post(outcome(["Bob scores"], to_act=(), result=result))
    assert "🏁 **Game over.** Winner: Ada" in lines_of(post)


def test_a_game_without_winners_says_nobody_won():
    result = Result(winners=[], scores={}, reason="everyone left")
    post = turn_post(outcome([], to_act=(), result=result))
    assert "🏁 **Game over.** Winner: nobody" in lines_of(post)
    assert "Why: everyone left" in lines_of(post)


def test_the_final_standings_say_how_each_score_was_made():
    result = Result(winners=["Ada"], scores={"Ada": 3, "Bob": 1}, reason="most points")
    report = {"Ada": "2 farms, 1 goal", "Bob": "1 farm"}
    post = turn_post(outcome([], to_act=(), result=result, report=report))
    lines = lines_of(post)
    at = lines.index("Standings:")
    assert lines[at + 1 : at + 3] == ["1. Ada 🏆 — 3 (2 farms, 1 goal)", "2. Bob — 1 (1 farm)"]
    assert lines[-1] == "Play again with the same players and options: **Rematch**."


def test_a_long_standings_line_is_cut_to_300_characters():
    result = Result(winners=["Ada"], scores={"Ada": 3, "Bob": 1}, reason="most points")
    report = {"Ada": "a" * 500}
    post = turn_post(outcome([], to_act=(), result=result, report=report))
    [line] = [ln for ln in lines_of(post) if ln.startswith("1. Ada")]
    assert len(line) == 300 and line.endswith("…")


def test_a_bot_seat_that_left_the_table_is_called_a_bot():
    assert who(game(), -42) == "a bot"


def test_the_board_image_is_attached_as_board_png():
    post = turn_post(outcome(["Ada rolls a 4"]))
    file = post.send_kwargs()["file"]
    assert file.filename == "board.png" and file.fp.read() == png()


def test_an_edit_replaces_the_board_image_with_the_new_one():
    post = turn_post(outcome(["Ada rolls a 4"]))
    [file] = post.edit_kwargs()["attachments"]
    assert file.filename == "board.png" and file.fp.read() == png()


def test_an_edit_without_a_board_removes_the_old_image():
    post = Post(content="The lobby is closed.")
    assert post.edit_kwargs()["attachments"] == []
    assert "file" not in post.send_kwargs()


def test_a_game_named_by_its_host_is_headed_by_that_name():
    post = turn_post(outcome(["Ada rolls a 4"], game=game(title="Friday night race")))
    assert lines_of(post)[0] == "**Friday night race**"


def test_a_game_without_its_own_name_is_headed_by_the_games_title():
    post = turn_post(outcome(["Ada rolls a 4"], game=game(title="")))
    assert lines_of(post)[0] == f"**{TITLE}**"


# -- how the events share the 2,000 characters Discord allows -----------------------------------


def filler(total: int, tag: str = "e") -> list[str]:
    """Numbered event lines (none long enough to be cut) exactly ``total`` characters long
    joined by newlines."""
    k = (total - 1) // 200
    lines = [f"{tag}{i:03d}" + "." * 195 for i in range(k)]
    return [*lines, f"{tag}last" + "." * (total - 200 * k - 5)]


def room_for_events(**kw) -> int:
    """The characters a turn's events may take: what Discord allows less the message without
    them and the newline before them."""
    return 2000 - len(turn_post(outcome([]), **kw).content) - 1


def test_a_turns_events_may_fill_the_message_to_discords_last_character():
    events = filler(room_for_events())
    post = turn_post(outcome(events))
    assert len(post.content) == 2000
    assert lines_of(post)[1:-1] == events
    assert lines_of(post)[-1] == "➡️ Your move: <@22>"


def test_one_character_more_and_the_earliest_event_gives_way_to_the_log_pointer():
    events = filler(room_for_events() + 1)
    post = turn_post(outcome(events))
    assert lines_of(post)[1] == EARLIER.format(n=1)
    assert lines_of(post)[2:-1] == events[1:]
    assert lines_of(post)[-1] == "➡️ Your move: <@22>"


def test_what_happened_since_your_last_turn_comes_first_under_its_heading():
    since = ["Bob rolls a 3.", "Bob buys the farm."]
    post = turn_post(outcome(["Ada rolls a 4"]), since=since)
    assert lines_of(post) == [
        f"**{TITLE}**",
        "🕑 Since your last turn:",
        *since,
        "This turn:",
        "Ada rolls a 4",
        "➡️ Your move: <@22>",
    ]


def test_with_nothing_done_this_turn_there_is_no_this_turn_heading():
    post = turn_post(outcome([]), since=["Bob rolls a 3."])
    assert "This turn:" not in post.content
    assert lines_of(post)[-2:] == ["Bob rolls a 3.", "➡️ Your move: <@22>"]


def test_the_since_lines_may_take_half_the_room_left_for_events():
    room = room_for_events()
    since = filler(room // 2, tag="s")
    post = turn_post(outcome([]), since=since)
    assert lines_of(post)[2:-1] == since


def test_a_long_since_your_last_turn_keeps_its_newest_lines():
    since = filler(room_for_events() // 2 + 1, tag="s")
    post = turn_post(outcome([]), since=since)
    assert lines_of(post)[1:3] == ["🕑 Since your last turn:", EARLIER.format(n=1)]
    assert lines_of(post)[3:-1] == since[1:]


def test_the_this_turn_heading_is_shown_when_it_fits():
    since = ["Bob rolls a 3."]
    events = filler(room_for_events(since=since) - len("This turn:\n"))
    post = turn_post(outcome(events), since=since)
    assert len(post.content) == 2000
    assert lines_of(post)[4:-1] == events and lines_of(post)[3] == "This turn:"


def test_the_this_turn_heading_gives_way_to_the_events_themselves():
    since = ["Bob rolls a 3."]
    events = filler(room_for_events(since=since) - len("This turn:\n") + 1)
    post = turn_post(outcome(events), since=since)
    assert "This turn:" not in post.content
    assert lines_of(post)[3:-1] == events
    assert lines_of(post)[-1] == "➡️ Your move: <@22>"


# -- the other public posts ---------------------------------------------------------------------


def test_the_board_on_request_shows_the_title_the_summary_and_the_notes():
    post = board_post(game(), png(), "Ada 3, Bob 4.", notes=["A stand-in plays for Ada."])
    assert lines_of(post) == [f"**{TITLE}**", "Ada 3, Bob 4.", "A stand-in plays for Ada."]
    assert post.mention_ids == []


def test_a_long_board_summary_is_cut_to_1500_characters():
    post = board_post(game(), png(), "s" * 3000)
    assert len(lines_of(post)[1]) == 1500


def test_a_closed_lobby_points_to_a_new_game():
    post = lobby_post(game(status="finished"), "Ada left")
    assert lines_of(post) == [
        f"**{TITLE}** — Ada left",
        "The lobby is closed. Start a game with `/game new`.",
    ]


def test_a_lobby_short_of_players_says_how_many_more_are_needed():
    post = lobby_post(game(status="lobby", seats=[Seat(0, 11, "Ada")]), "Ada opened a game")
    assert lines_of(post)[1:] == [
        "Players (1/4): Ada",
        "Join with `/game join`; 1 more needed before the host can `/game start`.",
    ]


def test_a_lobby_with_enough_players_lets_the_host_start():
    post = lobby_post(game(status="lobby"), "Bob joined")
    assert lines_of(post)[1:] == [
        "Players (2/4): Ada, Bob",
        "Join with `/game join`, or the host (<@11>) can `/game start`.",
    ]


def test_an_empty_lobby_lists_nobody_yet():
    post = lobby_post(game(status="lobby", seats=[]), "Ada left")
    assert lines_of(post)[1] == "Players (0/4): nobody yet"


def test_a_long_lobby_headline_is_cut_to_300_characters():
    post = lobby_post(game(status="lobby"), "h" * 400)
    assert len(lines_of(post)[0].removeprefix(f"**{TITLE}** — ")) == 300


# -- never cut, folded as the engine says ----------------------------------------------------------


def test_like_events_of_a_turn_are_one_line_as_the_engine_words_them():
    fold = "Bruno stitches {n} Parts to creature 2."
    events = [Event(text=f"Bruno stitches {p} to creature 2.", fold=fold) for p in ("Arm", "Leg")]
    post = turn_post(outcome(events))
    assert lines_of(post)[1:-1] == ["Bruno stitches 2 Parts to creature 2."]


def test_an_event_too_long_for_the_message_gives_way_whole_to_the_log_pointer():
    events = ["Ada rolls doubles. " * 120, "Ada bids 77."]
    post = turn_post(outcome(events))
    assert lines_of(post)[1:-1] == [EARLIER.format(n=1), "Ada bids 77."]
    assert "…" not in post.content


def test_the_newest_event_since_your_last_turn_may_take_more_than_half_the_room():
    newest = "Bob " + "x" * (room_for_events() // 2 + 100)
    post = turn_post(outcome([]), since=["Bob rolls a 3.", newest])
    assert lines_of(post)[-2] == newest and "…" not in post.content


def test_since_your_last_turn_shows_at_most_eight_lines():
    since = [f"P{i} moves." for i in range(10)]
    post = turn_post(outcome([]), since=since)
    assert lines_of(post)[1:-1] == ["🕑 Since your last turn:", EARLIER.format(n=3), *since[3:]]
