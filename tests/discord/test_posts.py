"""The public messages built from outcomes: length, truncation, mentions, results."""

from __future__ import annotations

from bot.discord_app.posts import turn_post
from bot.discord_app.text import fit_lines
from bot.table import Outcome, Seat
from engines import Action, ActionRole, Event, Result
from tests.discord.game_info import game


def outcome(events, awaited=None, *, to_act=(22,), result=None) -> Outcome:
    return Outcome(
        game=game(),
        events=events,
        private_events={},
        to_act=list(to_act),
        result=result,
        board_png=b"png",
        awaited=awaited or {},
        labels_public=True,
        summary="Ada 3, Bob 4.",
    )


def test_fit_lines_keeps_everything_that_fits():
    assert fit_lines(["a", "b"], 100, more="+{n}") == ["a", "b"]


def test_fit_lines_says_how_many_were_left_out():
    lines = fit_lines(["x" * 40] * 10, 100, more="… {n} more")
    assert lines[-1] == "… 8 more" and len("\n".join(lines)) <= 100


def test_a_turn_message_with_huge_events_stays_under_2000_characters():
    events = [Event(text="Something long happens. " * 30) for _ in range(30)]
    post = turn_post(outcome(events, {22: [Action(id="a", label="A", role=ActionRole.NORMAL)]}))
    assert len(post.content) <= 2000
    assert "<@22>" in post.content and "/game log" in post.content


def test_private_events_never_reach_the_public_message():
    events = [Event(text="Bob draws"), Event(text="Bob drew the ace of spades", private_to="Bob")]
    post = turn_post(outcome(events))
    assert "spades" not in post.content


def test_the_turn_message_may_ping_only_the_awaited_users():
    post = turn_post(outcome([Event(text="<@11> was mentioned in text")]))
    assert post.allowed_mentions.to_dict() == {"parse": [], "users": [22]}


def test_the_final_message_names_the_winner_gives_standings_and_offers_only_a_rematch():
    result = Result(winners=["Ada"], scores={"Ada": 1, "Bob": 0}, reason="took the last one")
    post = turn_post(outcome([Event(text="Ada wins")], to_act=(), result=result))
    assert "Game over" in post.content and "Winner: Ada" in post.content
    assert "took the last one" in post.content
    assert "1. Ada 🏆 — 1" in post.content and "2. Bob — 0" in post.content
    assert [c.item.label for c in post.view.children] == ["Rematch"]
    assert post.mention_ids == []


def test_several_awaited_players_are_all_pinged_and_share_the_buttons():
    acts = {
        11: [Action(id="bid", label="Bid", role=ActionRole.NORMAL)],
        22: [Action(id="bid", label="Bid", role=ActionRole.NORMAL)],
    }
    post = turn_post(outcome([Event(text="An auction starts")], acts, to_act=(11, 22)))
    assert "Waiting for: <@11>, <@22>" in post.content
    assert sorted(post.mention_ids) == [11, 22]
    assert len(post.view.children) == 1


def test_a_new_turn_pings_only_the_players_it_names():
    post = turn_post(outcome([Event(text="An auction starts")], to_act=(11, 22)), ping=[22])
    assert "<@11>" in post.content and "<@22>" in post.content
    assert post.allowed_mentions.to_dict() == {"parse": [], "users": [22]}


def test_an_edit_allows_only_the_awaited_players_mentions():
    post = turn_post(outcome([Event(text="<@11> is named")]))
    assert post.edit_kwargs()["allowed_mentions"].to_dict() == {"parse": [], "users": [22]}


def test_the_board_image_carries_alt_text_from_the_public_summary():
    post = turn_post(outcome([Event(text="Bob builds")]))
    file = post.send_kwargs()["file"]
    assert file.description == "Race to 21 (test game) board. Ada 3, Bob 4."


def test_public_components_carry_indices_never_action_ids():
    acts = {
        22: [
            Action(id="place:T30:0,-1", label="Place here", role=ActionRole.NORMAL),
            Action(id="pass", label="Pass", role=ActionRole.NORMAL),
        ]
    }
    post = turn_post(outcome([], acts))
    ids = [c.item.custom_id for c in post.view.children]
    assert ids == ["tt:5:9:0", "tt:5:9:1"]


def test_private_moves_stay_behind_the_panel_button():
    acts = {
        22: [
            Action(id="focus:T1:T2", label="Focus group A", private=True, role=ActionRole.NORMAL),
            Action(id="x", label="Take 2 tiles", role=ActionRole.MAIN),
        ]
    }
    post = turn_post(outcome([], acts))
    labels = [c.item.label for c in post.view.children]
    assert labels == ["Take 2 tiles", "Choose your move (privately)"]  # the main move first
    assert all("Focus" not in (label or "") for label in labels)


def bot_outcome(to_act=(-21,)) -> Outcome:
    seats = [Seat(0, 11, "Ada"), Seat(1, -21, "🤖 Bot 2 (hard)")]
    return Outcome(
        game=game(seats=seats),
        events=[Event(text="Ada rolls")],
        private_events={},
        to_act=list(to_act),
        result=None,
        board_png=b"png",
        awaited={},
        labels_public=True,
        summary="",
    )


def test_a_bot_seat_awaited_is_named_never_mentioned():
    post = turn_post(bot_outcome())
    assert "🤖 Bot 2 (hard)" in post.content
    assert "<@-21>" not in post.content and "<@" not in post.content


def test_a_bot_seat_is_never_among_the_users_a_message_may_ping():
    post = turn_post(bot_outcome(to_act=(11, -21)), ping=[11, -21])
    assert post.allowed_mentions.to_dict() == {"parse": [], "users": [11]}
    assert "<@11>" in post.content


def test_fit_lines_can_let_the_earliest_lines_give_way():
    lines = fit_lines([f"event {n}" for n in range(30)], 60, more="… {n} earlier", newest=True)
    assert lines[0].startswith("… ") and lines[-1] == "event 29"
    assert len("\n".join(lines)) <= 60


def test_a_long_turn_keeps_its_newest_events_in_the_message():
    events = [Event(text=f"Step {n}: something long happens. " * 8) for n in range(30)]
    post = turn_post(outcome(events, {22: [Action(id="a", label="A", role=ActionRole.NORMAL)]}))
    assert "Step 29:" in post.content and "Step 0:" not in post.content
    assert "earlier in `/game log`" in post.content
