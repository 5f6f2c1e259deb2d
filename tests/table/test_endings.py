"""Conceding and aborting."""

from __future__ import annotations

import pytest

from bot.errors import NotAllowed, NotSeated, NotYourTurn, WrongStage
from tests.table.conftest import ADA, BO, CHANNEL, CY, lobby, running, snapshot


async def test_a_game_that_can_go_on_without_the_player_goes_on(table):
    await running(table, users=(ADA, BO, CY))
    outcome = await table.concede(channel_id=CHANNEL, user_id=ADA)
    assert outcome.result is None and outcome.game.status == "running"
    assert outcome.to_act == [BO]
    assert [s.active for s in outcome.game.seats] == [False, True, True]


async def test_a_conceded_player_cannot_act_any_more(table):
    await running(table, users=(ADA, BO, CY))
    await table.concede(channel_id=CHANNEL, user_id=BO)
    with pytest.raises(NotSeated, match="conceded"):
        await table.act(channel_id=CHANNEL, user_id=BO, action_id="take:1")
    with pytest.raises(NotSeated, match="conceded"):
        await table.concede(channel_id=CHANNEL, user_id=BO)


async def test_conceding_a_two_player_game_makes_the_other_the_winner(table):
    await running(table)
    outcome = await table.concede(channel_id=CHANNEL, user_id=BO)
    assert outcome.game.status == "finished"
    assert outcome.result.winners == ["Ada"]


async def test_when_the_game_cannot_go_on_it_ends_and_the_others_share_the_win(table):
    await running(table, users=(ADA, BO, CY), engine="secret_toy")
    outcome = await table.concede(channel_id=CHANNEL, user_id=ADA)
    assert outcome.game.status == "finished"
    assert outcome.result.winners == ["Bo", "Cy"]
    assert outcome.result.reason == "Ada conceded"
    assert outcome.to_act == []
    assert "Ada concedes." in (await table.log(channel_id=CHANNEL))[-1]


async def test_conceding_in_the_lobby_points_to_leave(table):
    await lobby(table)
    with pytest.raises(WrongStage, match="/game start"):
        await table.concede(channel_id=CHANNEL, user_id=ADA)


async def test_conceding_out_of_turn_is_allowed(table):
    await running(table, users=(ADA, BO, CY))
    outcome = await table.concede(channel_id=CHANNEL, user_id=CY)
    assert outcome.to_act == [ADA]
    with pytest.raises(NotYourTurn):
        await table.act(channel_id=CHANNEL, user_id=BO, action_id="take:1")


async def test_only_the_host_or_a_moderator_may_abort(table, db_path):
    await running(table)
    before = snapshot(db_path)
    with pytest.raises(NotAllowed, match="Manage Messages"):
        await table.abort(channel_id=CHANNEL, user_id=BO, is_moderator=False)
    assert snapshot(db_path) == before


async def test_the_host_aborts(table):
    await running(table)
    game = await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    assert (game.status, game.end_reason) == ("aborted", "aborted by Ada")
    _, text = await table.status(channel_id=CHANNEL)
    assert "Aborted" in text


async def test_a_moderator_who_is_not_playing_aborts(table):
    await lobby(table)
    game = await table.abort(channel_id=CHANNEL, user_id=999, is_moderator=True, user_name="Mod")
    assert game.end_reason == "aborted by Mod"
    assert (await table.log(channel_id=CHANNEL))[-1] == "3. The game is aborted by Mod."


async def test_a_player_removed_by_the_others_is_described_as_such(table):
    game = (await running(table, users=(ADA, BO, CY), engine="secret_toy")).game
    outcome = await table.remove_player(game_id=game.id, user_id=CY, reason="was voted out")
    assert outcome.result.reason == "Cy was voted out"
    assert outcome.events[0].text == "Cy was voted out."


async def test_a_removal_in_a_game_that_goes_on_says_why(table):
    game = (await running(table, users=(ADA, BO, CY))).game
    outcome = await table.remove_player(game_id=game.id, user_id=CY, reason="was voted out")
    assert outcome.game.status == "running"
    assert outcome.events[0].text == "Cy was voted out."


async def test_the_table_announces_the_end_when_the_engine_does_not(table):
    await running(table, users=(ADA, BO, CY), engine="secret_toy")
    outcome = await table.concede(channel_id=CHANNEL, user_id=ADA)
    assert outcome.events[-1].text == "The game is over: Bo and Cy win (Ada conceded)."


async def test_the_end_is_told_once_when_the_engine_announces_it(table):
    await running(table, options={"pile": "11"})
    for user, take in [(ADA, 3), (BO, 3), (ADA, 3)]:
        await table.act(channel_id=CHANNEL, user_id=user, action_id=f"take:{take}")
    outcome = await table.act(channel_id=CHANNEL, user_id=BO, action_id="take:2")
    assert [e.kind for e in outcome.events] == ["info", "end"]
    assert (await table.log(channel_id=CHANNEL))[-1].count("wins") == 1


class Ended:
    """A subscriber that records which games it was told ended."""

    def __init__(self):
        self.games = []

    async def __call__(self, change):
        if change.ended:
            self.games.append((change.game.id, change.game.status))


async def test_aborting_tells_the_subscribers_at_once(table):
    told = Ended()
    table.subscribe(told)
    game = (await running(table)).game
    await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    assert told.games == [(game.id, "aborted")]


async def test_a_concession_that_ends_the_game_tells_the_subscribers(table):
    told = Ended()
    table.subscribe(told)
    game = (await running(table)).game
    await table.concede(channel_id=CHANNEL, user_id=BO)
    assert told.games == [(game.id, "finished")]


async def test_the_last_move_tells_the_subscribers_and_other_moves_do_not(table):
    told = Ended()
    table.subscribe(told)
    await running(table, options={"pile": "11"})
    for user, action in ((ADA, "take:3"), (BO, "take:3"), (ADA, "take:3"), (BO, "take:2")):
        assert told.games == []  # 3 + 3 + 3 + 2 = 11: only the last move ends it
        await table.act(channel_id=CHANNEL, user_id=user, action_id=action)
    assert [status for _, status in told.games] == ["finished"]


async def test_the_last_player_leaving_the_lobby_tells_the_subscribers(table):
    told = Ended()
    table.subscribe(told)
    await lobby(table, users=(ADA,))
    await table.leave(channel_id=CHANNEL, user_id=ADA)
    assert [status for _, status in told.games] == ["aborted"]


async def test_a_failing_subscriber_does_not_undo_the_ending(table):
    async def broken(change):
        raise RuntimeError("listener bug")

    told = Ended()
    table.subscribe(broken)
    table.subscribe(told)
    await running(table)
    info = await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    assert info.status == "aborted"
    assert len(told.games) == 1


async def test_a_second_removal_of_the_same_player_is_refused_and_the_game_goes_on(table):
    game = (await running(table, users=(ADA, BO, CY))).game
    await table.concede(channel_id=CHANNEL, user_id=CY)
    with pytest.raises(NotSeated, match="no longer playing"):
        await table.remove_player(game_id=game.id, user_id=CY, reason="was voted out")
    info = await table.game(channel_id=CHANNEL)
    assert info.status == "running"
    assert [s.name for s in info.seats if s.active] == ["Ada", "Bo"]
