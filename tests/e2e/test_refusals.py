"""Every refusal is a private (ephemeral) answer and changes nothing (played on the toy game)."""

from __future__ import annotations

import pytest

from tests.e2e.session import GameSession


@pytest.fixture()
def game(world, request):
    d = world.driver
    channel = d.channel(f"refusals-{request.node.name}"[:90])
    session = GameSession(
        d, world.db, channel, "toy", [d.user("Ada"), d.user("Bob")], spectator=d.user("Eve")
    )
    session.open_and_start()
    return session


def _refused(session, reply, version, before):
    row = session.witness.row()
    assert row.version == version, "a refusal changed the game"
    assert not reply.failed, reply.failed
    assert reply.ephemeral, f"not a private answer: {reply!r}"
    assert not [m for m in reply.new_public if m.id > before], "a refusal posted publicly"
    return "\n".join(m.content for m in reply.messages)


def test_a_player_clicking_out_of_turn_is_refused_privately(game):
    d, row = game.d, game.witness.row()
    waiting = {u for u in game.players if u.id not in game.witness.to_act_users(row)}
    (other,) = waiting
    before = d.last_message_id()
    reply = d.click(other, game.channel, "Take 1")
    text = _refused(game, reply, row.version, before)
    assert text


def test_a_spectator_clicking_is_refused_privately(game):
    d, row = game.d, game.witness.row()
    before = d.last_message_id()
    reply = d.click(game.spectator, game.channel, "Take 2")
    assert "not one of them" in _refused(game, reply, row.version, before) or reply.ephemeral


def test_a_stale_private_panel_is_refused_privately_with_the_latest_board(world):
    d = world.driver
    ada, bob = d.user("Ada"), d.user("Bob")
    game = GameSession(
        d,
        world.db,
        d.channel("refusals-stale-panel"),
        "toy_secret",
        [ada, bob],
        spectator=d.user("Eve"),
    )
    game.open_and_start()
    row = game.witness.row()
    first = next(u for u in game.players if u.id in game.witness.to_act_users(row))
    second = bob if first is ada else ada
    panel = d.click(
        first, game.channel, custom_id=d.buttons(d.latest_public(game.channel))[0]["custom_id"]
    )
    [panel] = [m for m in panel.messages if m.ephemeral and d.buttons(m)]
    d.run(first, game.channel, "/play", action="take:1")  # the panel is left as it was
    d.run(second, game.channel, "/play", action="take:1")
    row = game.witness.row()
    before = d.last_message_id()
    reply = d.click(first, panel, custom_id=d.buttons(panel)[0]["custom_id"])
    text = _refused(game, reply, row.version, before)
    assert "out of date" in text and any(m.images() for m in reply.messages)


def test_a_spectator_playing_is_refused_privately(game):
    d, row = game.d, game.witness.row()
    before = d.last_message_id()
    assert d.autocomplete(game.spectator, game.channel, "/play", "action", "") == []
    _refused(
        game, d.run(game.spectator, game.channel, "/play", action="take:1"), row.version, before
    )


def test_an_illegal_play_is_refused_privately(game):
    d, row = game.d, game.witness.row()
    actor = next(u for u in game.players if u.id in game.witness.to_act_users(row))
    before = d.last_message_id()
    _refused(game, d.run(actor, game.channel, "/play", action="take:9"), row.version, before)


def test_words_naming_no_move_are_answered_with_the_nearest_moves(game):
    d, row = game.d, game.witness.row()
    actor = next(u for u in game.players if u.id in game.witness.to_act_users(row))
    before = d.last_message_id()
    reply = d.run(actor, game.channel, "/play", action="fly to the moon")
    text = _refused(game, reply, row.version, before)
    assert "“fly to the moon” is not one of your moves right now. The nearest: “" in text


def test_a_second_game_in_the_channel_is_refused_privately(game):
    d, row = game.d, game.witness.row()
    before = d.last_message_id()
    reply = d.run(game.spectator, game.channel, "/game new", game="toy")
    _refused(game, reply, row.version, before)


def test_joining_a_running_game_is_refused_privately(game):
    d, row = game.d, game.witness.row()
    before = d.last_message_id()
    _refused(game, d.run(game.spectator, game.channel, "/game join"), row.version, before)


def test_only_the_host_may_start(world):
    d = world.driver
    channel = d.channel("refusals-host-only")
    ada, bob = d.user("Ada"), d.user("Bob")
    d.run(ada, channel, "/game new", game="toy")
    d.run(bob, channel, "/game join")
    before = d.last_message_id()
    reply = d.run(bob, channel, "/game start")
    assert reply.ephemeral and not reply.new_public, reply
    assert world.db.game(channel.id).status == "lobby"
    del before


def test_commands_in_a_channel_without_a_game_are_refused_privately(world):
    d = world.driver
    channel = d.channel("refusals-empty")
    for command in ("/game status", "/game hand", "/game start", "/game join"):
        reply = d.run(d.user("Ada"), channel, command)
        assert reply.ephemeral and not reply.new_public, (command, reply)
    assert world.db.game(channel.id) is None


def test_the_bot_logged_no_errors_while_refusing(world):
    assert world.bot.log_errors() == []
