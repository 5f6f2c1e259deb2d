"""/game status in words: the game and its players (the host marked, a conceded player struck
through), then the lobby's count, whose turn it is, or how the game ended."""

from __future__ import annotations

from tests.table.conftest import ADA, BO, CHANNEL, CY, lobby, raw, running


async def _status(table) -> str:
    return (await table.status(channel_id=CHANNEL))[1]


async def test_a_lobbys_status_names_the_host_and_counts_the_seats(table):
    game = await lobby(table, users=(ADA, BO))
    assert await _status(table) == (
        f"**Race to 21 (test game)** (game #{game.id})\n"
        "Players: Ada (host), Bo\n"
        "In the lobby: 2 of 2-4 players. Join with /game join; the host starts with /game start."
    )


async def test_a_running_games_status_strikes_through_who_conceded_and_says_whose_turn(table):
    start = await running(table, users=(ADA, BO, CY))
    await table.concede(channel_id=CHANNEL, user_id=BO)
    assert await _status(table) == (
        f"**Race to 21 (test game)** (game #{start.game.id})\n"
        "Players: Ada (host), ~~Bo~~ (conceded), Cy\n"
        "21 counters left.\n"
        "Waiting for Ada."
    )


async def test_a_finished_games_status_gives_its_result(table):
    await running(table)
    ended = await table.concede(channel_id=CHANNEL, user_id=BO)
    lines = (await _status(table)).split("\n")
    assert lines[1] == "Players: Ada (host), ~~Bo~~ (conceded)"
    assert lines[2:] == [ended.events[-1].text]


async def test_a_finished_game_whose_result_does_not_read_still_gives_its_reason(table, db_path):
    await running(table)
    await table.concede(channel_id=CHANNEL, user_id=BO)
    with raw(db_path) as db:
        db.execute("UPDATE games SET result = ?", ('{"winners": "nobody"}',))
    assert (await _status(table)).split("\n")[2:] == ["Finished: the others conceded."]


async def test_an_aborted_games_status_gives_the_reason(table):
    await running(table)
    await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    game = (await table.status(channel_id=CHANNEL))[0]
    assert (await _status(table)).split("\n")[2:] == [f"Aborted ({game.end_reason})."]


async def test_an_aborted_game_without_a_reason_says_none_was_given(table, db_path):
    await running(table)
    await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    with raw(db_path) as db:
        db.execute("UPDATE games SET end_reason = NULL")
    assert (await _status(table)).split("\n")[2:] == ["Aborted (no reason given)."]
