"""What a game's endings and departures write in its move log (the log replays the game and
feeds /game log, so its entries must say who did what, as which kind of entry)."""

from __future__ import annotations

import logging

import pytest

import engines
from bot.errors import EngineFailure, NoGame, NotAllowed, NotSeated
from tests.engines import toy
from tests.table.conftest import ADA, BO, CHANNEL, CY, DEE, lobby, running, snapshot


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


class QuietLeave(toy.ToyEngine):
    """The toy game whose rules let the last player stay without declaring a winner."""

    name = "quiet_leave"

    def leave(self, state, player, events):
        super().leave(state, player, events)
        state.winner = None


QUIET = engines.register(QuietLeave())


async def test_the_table_ends_a_game_left_to_one_player_when_the_rules_do_not(table):
    await running(table, engine=QUIET.name)
    outcome = await table.concede(channel_id=CHANNEL, user_id=BO)
    assert outcome.result is not None and outcome.result.winners == ["Ada"]
    assert outcome.game.status == "finished"


async def test_the_host_role_skips_players_who_left(table):
    await running(table, users=(ADA, BO, CY, DEE))
    await table.concede(channel_id=CHANNEL, user_id=BO)
    outcome = await table.concede(channel_id=CHANNEL, user_id=ADA)
    assert outcome.game.host_id == CY


async def test_removing_someone_who_never_played_is_refused(table):
    game = (await running(table)).game
    with pytest.raises(NotSeated, match="^That player is no longer playing in this game.$"):
        await table.remove_player(game_id=game.id, user_id=999, reason="was voted out")


async def test_removing_a_player_from_an_ended_game_is_refused(table):
    game = (await running(table)).game
    await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    with pytest.raises(NoGame, match="^That game has already ended.$"):
        await table.remove_player(game_id=game.id, user_id=BO, reason="was voted out")


async def test_handing_the_host_role_over_is_logged_as_who_gave_it(table):
    game = (await running(table, users=(ADA, BO, CY))).game
    info = await table.hand_over(game_id=game.id, new_host_id=CY, by_id=ADA, text="Cy hosts.")
    assert info.host_id == CY
    entry = await _last_entry(table, game.id)
    assert (entry.kind, entry.user_id) == ("host", ADA)
    assert [(e["text"], e["kind"]) for e in entry.events] == [("Cy hosts.", "host")]


@pytest.mark.parametrize("who", [BO, 999], ids=["left", "stranger"])
async def test_the_host_role_goes_only_to_a_player_still_in_the_game(table, db_path, who):
    game = (await running(table, users=(ADA, BO, CY))).game
    await table.concede(channel_id=CHANNEL, user_id=BO)
    before = snapshot(db_path)
    with pytest.raises(NotSeated, match="^The new host must be a player of this game.$"):
        await table.hand_over(game_id=game.id, new_host_id=who, by_id=ADA, text="...")
    assert snapshot(db_path) == before


async def test_the_host_role_of_an_ended_game_is_not_handed_over(table):
    game = (await running(table)).game
    await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    with pytest.raises(NoGame, match="^That game has already ended.$"):
        await table.hand_over(game_id=game.id, new_host_id=BO, by_id=ADA, text="...")


async def test_closing_a_live_game_aborts_it_with_its_reason_and_log_line(table):
    game = (await running(table)).game
    info = await table.close(game_id=game.id, reason="channel deleted", text="The channel is gone.")
    assert info is not None and (info.status, info.end_reason) == ("aborted", "channel deleted")
    entry = await _last_entry(table, game.id)
    assert (entry.kind, entry.user_id, entry.player) == ("closed", None, None)
    assert [(e["text"], e["kind"]) for e in entry.events] == [("The channel is gone.", "closed")]


async def test_closing_a_lobby_aborts_it_too(table):
    game = await lobby(table)
    info = await table.close(game_id=game.id, reason="everyone left", text="Nobody is left.")
    assert info is not None and info.status == "aborted"


async def test_closing_an_ended_game_changes_nothing(table, db_path):
    game = (await running(table)).game
    await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    before = snapshot(db_path)
    assert await table.close(game_id=game.id, reason="channel deleted", text="...") is None
    assert snapshot(db_path) == before


async def test_a_note_is_a_public_line_of_its_own_kind(table):
    game = (await running(table)).game
    version = game.version
    info = await table.note(game_id=game.id, kind="pause", user_id=ADA, text="Paused by Ada.")
    assert info.version == version + 1
    entry = await _last_entry(table, game.id)
    assert (entry.kind, entry.user_id) == ("pause", ADA)
    assert [(e["text"], e["kind"], e["private_to"]) for e in entry.events] == [
        ("Paused by Ada.", "pause", None)
    ]


async def test_removing_a_player_who_left_names_them(table):
    game = (await running(table, users=(ADA, BO, CY))).game
    await table.concede(channel_id=CHANNEL, user_id=CY)
    with pytest.raises(NotSeated, match="^Cy is no longer playing in this game.$"):
        await table.remove_player(game_id=game.id, user_id=CY, reason="was voted out")


async def test_a_host_who_leaves_hands_the_role_on_in_a_host_event(table):
    await running(table, users=(ADA, BO, CY))
    outcome = await table.concede(channel_id=CHANNEL, user_id=ADA)
    assert [(e.text, e.kind) for e in outcome.events if "host" in e.text] == [
        ("👑 Bo is the host now.", "host")
    ]
