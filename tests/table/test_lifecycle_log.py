"""What a game's endings and departures write in its move log (the log replays the game and
feeds /game log, so its entries must say who did what, as which kind of entry)."""

from __future__ import annotations

import logging

import pytest

import engines
from bot.errors import EngineFailure, NotAllowed
from tests.engines import toy
from tests.table.conftest import ADA, BO, CHANNEL, CY, running, snapshot


class CrashingLeave(toy.ToyEngine):
    """The toy game whose rules fail when a player leaves (a bug in an engine)."""

    name = "crashing_leave"

    def leave(self, state, player, events):
        raise RuntimeError(f"lucky numbers: {state.secrets}")


CRASHING = engines.register(CrashingLeave())


async def _last_entry(table, game_id: int):
    return (await table.store.moves(game_id))[-1]


async def test_an_abort_is_logged_as_the_hosts_ending(table):
    game = (await running(table)).game
    await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    entry = await _last_entry(table, game.id)
    assert (entry.kind, entry.user_id, entry.player) == ("abort", ADA, "Ada")
    assert [(e["text"], e["kind"]) for e in entry.events] == [
        ("The game is aborted by Ada.", "end")
    ]


async def test_a_moderator_whose_name_is_not_known_aborts_as_a_moderator(table):
    game = (await running(table)).game
    info = await table.abort(channel_id=CHANNEL, user_id=999, is_moderator=True)
    assert info.end_reason == "aborted by a moderator"
    assert (await _last_entry(table, game.id)).player == "a moderator"


async def test_a_refused_abort_names_the_host(table):
    await running(table)
    with pytest.raises(NotAllowed, match=r"^Only the host \(Ada\), "):
        await table.abort(channel_id=CHANNEL, user_id=BO, is_moderator=False)


async def test_a_concession_is_logged_under_the_players_name(table):
    game = (await running(table, users=(ADA, BO, CY))).game
    await table.concede(channel_id=CHANNEL, user_id=CY)
    entry = await _last_entry(table, game.id)
    assert (entry.kind, entry.user_id, entry.player) == ("concede", CY, "Cy")


async def test_a_concession_the_game_cannot_go_on_after_ends_it_for_the_others(table):
    await running(table, users=(ADA, BO, CY), engine="secret_toy")
    outcome = await table.concede(channel_id=CHANNEL, user_id=BO)
    assert (outcome.result.winners, outcome.result.scores) == (["Ada", "Cy"], {})
    assert outcome.result.reason == "Bo conceded"
    assert (outcome.events[0].text, outcome.events[0].kind) == ("Bo concedes.", "concede")


async def test_a_removal_the_game_cannot_go_on_after_is_a_concede_event_saying_why(table):
    game = (await running(table, users=(ADA, BO, CY), engine="secret_toy")).game
    outcome = await table.remove_player(game_id=game.id, user_id=CY, reason="was voted out")
    assert (outcome.events[0].text, outcome.events[0].kind) == ("Cy was voted out.", "concede")


async def test_a_removal_in_a_game_that_goes_on_is_a_concede_event_saying_why(table):
    game = (await running(table, users=(ADA, BO, CY))).game
    outcome = await table.remove_player(game_id=game.id, user_id=CY, reason="was voted out")
    assert outcome.events[0].kind == "concede"


async def test_rules_that_fail_when_a_player_leaves_change_nothing_and_are_logged(
    table, db_path, caplog
):
    game = (await running(table, engine=CRASHING.name)).game
    before = snapshot(db_path)
    with caplog.at_level(logging.ERROR), pytest.raises(EngineFailure):
        await table.concede(channel_id=CHANNEL, user_id=BO)
    assert snapshot(db_path) == before
    [line] = [r.getMessage() for r in caplog.records if "remove_player" in r.getMessage()]
    assert line.startswith(f"crashing_leave: remove_player failed in game {game.id}: RuntimeError")
    assert "{'Ada': " not in line  # the message may hold hidden facts: never logged
