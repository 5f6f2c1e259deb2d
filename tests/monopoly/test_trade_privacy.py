"""A trade draft is its drafter's until proposed: the draft moves are private, and no other
seat's view, the spectator's view (board image, summary and alt text) or the log shows that a
draft exists, whom it is with or what is in it. Once proposed, the table sees the offer."""

import random

import pytest

from engines.monopoly.engine import ENGINE
from rendering import render_board

from .helpers import NAMES, act_ev, new, own

#: every move that changes a draft (its start included), as made by its drafter
DRAFT_MOVES = (
    "trade:seat:",
    "tr:give:",
    "tr:take:",
    "tr:gcard:",
    "tr:tcard:",
    "tr:pay:",
    "tr:ask:",
)


def _table():
    s = new(3)
    own(s, "Ada", 1, 5)
    own(s, "Brook", 3)
    s.cards["Ada"], s.cards["Brook"] = ["s09"], ["c05"]
    return s


def _others(s, drafter="Ada"):
    """Every view but the drafter's: the other seats' and a spectator's."""
    return {v: ENGINE.view(s, v).model_dump() for v in [*s.players, None] if v != drafter}


def _drafted():
    """Each step of Ada's draft with Brook, with the events it made."""
    s, steps = _table(), []
    for move in (
        "trade:seat:2",
        "tr:give:1",
        "tr:take:3",
        "tr:gcard:s09",
        "tr:tcard:c05",
        "tr:pay:100",
        "tr:ask:10",
        "tr:offer:250",
    ):
        before = s
        s, events = act_ev(s, "Ada", move)
        steps.append((move, before, s, events))
    return steps


def test_starting_and_changing_a_draft_changes_no_other_players_view():
    for move, before, after, _ in _drafted():
        assert _others(after) == _others(before), move


def test_the_drafter_alone_is_told_of_the_draft():
    for move, _, after, events in _drafted():
        assert all(e.private_to == "Ada" for e in events), move
        assert not any("trade" in line for line in after.log), move


def test_the_drafter_sees_their_draft():
    s = _drafted()[-1][2]
    mine = ENGINE.view(s, "Ada")
    assert mine.trade is not None and not mine.trade.proposed
    assert "Ada gives Harry Herpson High School" in mine.trade.text
    assert mine.pending.startswith("You are drafting a trade with Brook")


def test_the_board_summary_and_alt_text_do_not_show_a_draft():
    start = _table()
    s = _drafted()[-1][2]
    assert render_board("monopoly", ENGINE.view(s, None)) == render_board(
        "monopoly", ENGINE.view(start, None)
    )
    assert ENGINE.summary(s) == ENGINE.summary(start)


def test_dropping_a_draft_changes_no_other_players_view():
    s = _drafted()[-1][2]
    dropped, _ = act_ev(s, "Ada", "tr:cancel")
    assert _others(dropped) == _others(s)


def test_a_proposed_trade_shows_in_every_view():
    s = _drafted()[-1][2]
    s, events = act_ev(s, "Ada", "tr:propose")
    assert [e.private_to for e in events] == [None]
    for viewer in [*s.players, None]:
        v = ENGINE.view(s, viewer)
        assert v.trade is not None and v.trade.proposed, viewer
        assert "Waiting for Brook" in v.pending, viewer


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_in_whole_games_no_draft_move_changes_another_players_view(seed):
    """The conformance idea for drafts: whatever the game, a move that changes a draft before
    it is proposed leaves every other seat's view and the spectator's as they were."""
    rng = random.Random(seed)
    s = ENGINE.setup(NAMES[:3], seed=seed, options={"mode": "quick"})
    drafts_seen = 0
    for _ in range(ENGINE.max_playout_steps):
        if ENGINE.result(s) is not None:
            break
        # mostly the awaited player; now and then another, out of turn (drafts are free moves)
        player = ENGINE.to_act(s)[0]
        if rng.random() < 0.1:
            player = rng.choice(s.alive)
        legal = ENGINE.legal_actions(s, player)
        if not legal:
            continue
        drafting = [a.id for a in legal if a.id.startswith(DRAFT_MOVES)]
        if drafting and rng.random() < 0.3:
            move = rng.choice(drafting)
        else:
            move = ENGINE.suggest(s, player, rng)
        before = _others(s, player)
        s, _ = act_ev(s, player, move)
        if move.startswith(DRAFT_MOVES):
            drafts_seen += 1
            assert _others(s, player) == before, (seed, player, move)
    assert drafts_seen > 0
