"""Who may move, and what a click or a typed move means: a board button is looked up in the
list the public turn message showed, a stale or foreign click is refused in words that say
why, and a move the engine refuses at the last moment gets the engine's own reason."""

from __future__ import annotations

import random

import pytest

import engines
from bot.errors import BoardChanged, EngineFailure, IllegalMove, NotYourTurn
from bot.table import Table
from engines import IllegalAction
from tests.table import council
from tests.table.conftest import ADA, BO, CHANNEL, running, snapshot

NOT_YOURS = "That is not one of your moves right now. Use /play to see the moves you have."
EARLIER_GAME = "That button belongs to an earlier game in this channel."


@pytest.fixture
def council_game():
    """The Council game (everyone decides at once), registered for the test."""
    with council.registered() as engine:
        yield engine


@pytest.fixture
async def quiet(store):
    """A table that draws no images (the test games have no renderer)."""
    return Table(store, now=lambda: 1_700_000_000.0, render=False)


async def _click(table, user, index, start, **kw):
    return await table.offered(
        channel_id=CHANNEL,
        user_id=user,
        index=index,
        expected_version=start.game.version,
        expected_game_id=start.game.id,
        **kw,
    )


async def test_a_board_button_is_the_move_the_public_board_showed_at_that_place(
    quiet, council_game
):
    start = await running(quiet, engine="council")
    # the board shows Ada's and Bo's public moves, each id once: pass, Ada's bell, bid, Bo's bell
    move = await _click(quiet, BO, 3, start)
    assert move.id == "ring:Bo"


async def test_a_panel_button_is_the_move_at_that_place_on_the_clickers_own_panel(
    quiet, council_game
):
    start = await running(quiet, engine="council")
    # Bo's panel shows all his moves, the private one too: pass, peek, his bell, bid
    move = await _click(quiet, BO, 3, start, own=True)
    assert move.id == "bid"


async def test_another_players_button_on_the_board_is_refused_as_not_yours(
    quiet, council_game, db_path
):
    start = await running(quiet, engine="council")
    before = snapshot(db_path)
    with pytest.raises(IllegalMove) as refused:
        await _click(quiet, BO, 1, start)  # Ada's bell
    assert refused.value.message == NOT_YOURS
    with pytest.raises(IllegalMove) as refused:
        await quiet.act(
            channel_id=CHANNEL,
            user_id=BO,
            offered=1,
            expected_version=start.game.version,
            expected_game_id=start.game.id,
        )
    assert refused.value.message == NOT_YOURS
    assert snapshot(db_path) == before


async def test_a_click_by_someone_the_game_does_not_await_names_whom_it_awaits(table, db_path):
    start = await running(table)
    before = snapshot(db_path)
    with pytest.raises(NotYourTurn) as refused:
        await _click(table, BO, 0, start)
    assert refused.value.message == "It is not your turn: the game is waiting for Ada."
    assert snapshot(db_path) == before


async def test_a_player_with_a_move_out_of_turn_clicking_anothers_button_is_told_it_is_not_theirs(
    quiet, council_game
):
    """Ada has spoken, so the game awaits only Bo, but she may still take it back: a click on
    Bo's pass is not one of her moves (she has some), not "not your turn"."""
    await running(quiet, engine="council")
    spoken = await quiet.act(channel_id=CHANNEL, user_id=ADA, action_id="pass")
    assert spoken.to_act == [BO]
    with pytest.raises(IllegalMove) as refused:
        await _click(quiet, ADA, 0, spoken)
    assert refused.value.message == NOT_YOURS


async def test_a_button_of_an_earlier_game_says_so_whichever_way_it_is_clicked(table, db_path):
    start = await running(table)
    before = snapshot(db_path)
    with pytest.raises(BoardChanged) as refused:
        await table.offered(
            channel_id=CHANNEL,
            user_id=ADA,
            index=0,
            expected_version=start.game.version,
            expected_game_id=start.game.id + 1,
        )
    assert refused.value.message == EARLIER_GAME
    with pytest.raises(BoardChanged) as refused:
        await table.act(
            channel_id=CHANNEL, user_id=ADA, offered=0, expected_game_id=start.game.id + 1
        )
    assert refused.value.message == EARLIER_GAME
    assert snapshot(db_path) == before


async def test_a_typed_move_that_is_none_of_the_players_names_the_nearest_of_theirs(table):
    await running(table)
    with pytest.raises(IllegalMove) as refused:
        await table.act(channel_id=CHANNEL, user_id=ADA, action_id="Take 9")
    assert refused.value.message.startswith("“Take 9” is not one of your moves right now.")
    assert "“Take 1”" in refused.value.message


async def test_a_typed_bid_in_lower_case_with_its_number_is_the_move(quiet, council_game):
    await running(quiet, engine="council")
    outcome = await quiet.act(channel_id=CHANNEL, user_id=ADA, action_id="bid 7")
    assert (outcome.action.id, outcome.action.label) == ("bid:7", "Bid 7")


async def test_a_typed_bid_out_of_range_is_refused_with_the_range(quiet, council_game, db_path):
    await running(quiet, engine="council")
    before = snapshot(db_path)
    with pytest.raises(IllegalMove) as refused:
        await quiet.act(channel_id=CHANNEL, user_id=ADA, action_id="bid -5")
    assert refused.value.message.startswith("-5 is out of range: Bid 1 to Bid ")
    assert snapshot(db_path) == before


async def test_a_players_own_move_is_not_marked_as_a_stand_ins(table):
    await running(table)
    heard = []

    async def listen(change):
        heard.append(change)

    table.subscribe(listen)
    outcome = await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    assert outcome.by_standin is False
    assert [(c.kind, c.by_standin) for c in heard] == [("move", False)]


async def test_a_move_the_engine_refuses_when_made_is_refused_in_the_engines_words(
    table, db_path, monkeypatch
):
    await running(table)
    before = snapshot(db_path)

    def refuse(state, player, action):
        raise IllegalAction("The pile is frozen for this turn.")

    monkeypatch.setattr(engines.get_engine("toy"), "play", refuse)
    with pytest.raises(IllegalMove) as refused:
        await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    assert refused.value.message == "The pile is frozen for this turn."
    assert snapshot(db_path) == before


async def test_a_suggestion_for_a_player_with_nothing_to_do_says_so(table):
    await running(table)
    with pytest.raises(NotYourTurn) as refused:
        await table.suggest(channel_id=CHANNEL, user_id=BO, rng=random.Random(1))
    assert refused.value.message == "Bo has nothing to do now."


async def test_a_clicked_board_button_makes_the_move_the_board_showed_at_that_place(
    quiet, council_game
):
    start = await running(quiet, engine="council")
    outcome = await quiet.act(
        channel_id=CHANNEL,
        user_id=BO,
        offered=3,  # Bo's bell on the board (on his own panel, place 3 is his bid)
        expected_version=start.game.version,
        expected_game_id=start.game.id,
    )
    assert outcome.action.id == "ring:Bo"


async def test_an_amount_sent_with_a_move_that_takes_none_is_refused(quiet, council_game, db_path):
    await running(quiet, engine="council")
    before = snapshot(db_path)
    with pytest.raises(IllegalMove) as refused:
        await quiet.act(channel_id=CHANNEL, user_id=ADA, action_id="pass", amount="3")
    assert refused.value.message == "That move takes no amount; the board has changed since."
    assert snapshot(db_path) == before


async def test_a_typed_bid_is_made_with_its_amount(quiet, council_game):
    await running(quiet, engine="council")
    outcome = await quiet.act(channel_id=CHANNEL, user_id=ADA, action_id="bid", amount="7")
    assert (outcome.action.id, outcome.action.label) == ("bid:7", "Bid 7")


async def test_a_player_with_a_move_out_of_turn_typing_anothers_move_is_told_it_is_not_theirs(
    quiet, council_game
):
    await running(quiet, engine="council")
    await quiet.act(channel_id=CHANNEL, user_id=ADA, action_id="pass")
    with pytest.raises(IllegalMove) as refused:
        await quiet.act(channel_id=CHANNEL, user_id=ADA, action_id="ring:Bo")
    assert "is not one of your moves right now" in refused.value.message


async def test_a_crash_in_the_rules_is_logged_with_the_game_and_the_failure_not_the_move(
    table, monkeypatch, caplog
):
    start = await running(table)

    def crash(state, player, action):
        raise ZeroDivisionError(f"while {player} did {action.id}")

    monkeypatch.setattr(engines.get_engine("toy"), "play", crash)
    with pytest.raises(EngineFailure):
        await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:2")
    [line] = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert line.startswith(f"toy: apply failed in game {start.game.id}: ZeroDivisionError\n")
    assert "take:2" not in line
