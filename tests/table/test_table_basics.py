"""Small rules of the table's core: listeners that unsubscribe hear no more, the refusals for a
game not started and for a spectator in their own words, a lobby everyone left, and options
given as numbers or left empty."""

from __future__ import annotations

import pytest

from bot.errors import NotSeated, WrongStage
from tests.table.conftest import ADA, CHANNEL, CY, GUILD, NAMES, lobby, running


async def test_a_listener_that_unsubscribed_hears_no_more_changes(table):
    heard = []

    async def listen(change):
        heard.append(change.kind)

    table.subscribe(listen)
    await running(table)
    table.unsubscribe(listen)
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    assert "move" not in heard and "start" in heard


async def test_unsubscribing_a_listener_that_never_subscribed_does_nothing(table):
    async def listen(change):
        pass

    table.unsubscribe(listen)
    assert table.listeners == []


async def test_moving_before_the_start_says_the_host_starts_the_game(table):
    await lobby(table)
    with pytest.raises(WrongStage) as refused:
        await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    assert refused.value.message == (
        "The game has not started yet. The host starts it with /game start."
    )


async def test_a_spectator_trying_to_move_is_pointed_to_the_board(table):
    await running(table)
    with pytest.raises(NotSeated) as refused:
        await table.act(channel_id=CHANNEL, user_id=CY, action_id="take:1")
    assert refused.value.message == (
        "You are not playing in this game. You can follow it with /game board."
    )


async def test_a_lobby_everyone_left_lists_no_players(table):
    await lobby(table, users=(ADA,))
    await table.leave(channel_id=CHANNEL, user_id=ADA)
    lines = (await table.status(channel_id=CHANNEL))[1].split("\n")
    assert lines[1] == "Players: none"


async def _new(table, options):
    await table.new_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        user_id=ADA,
        user_name=NAMES[ADA],
        engine="toy",
        seed=5,
        options=options,
    )
    return await table.game(channel_id=CHANNEL)


async def test_an_option_given_as_a_number_counts_as_its_text(table):
    game = await _new(table, {"pile": 11})
    assert game.options == {"pile": "11"}


async def test_an_option_left_empty_takes_its_default(table):
    game = await _new(table, {"pile": None})
    assert game.options == {"pile": "21"}
