"""Leaving a game through commands: conceding, and aborting (host or Manage Messages only)."""

from __future__ import annotations

from tests.e2e.session import GameSession


def _game(world, name: str, players: list[str]) -> GameSession:
    d = world.driver
    session = GameSession(
        d, world.db, d.channel(name), "toy", [d.user(n) for n in players], spectator=d.user("Eve")
    )
    session.open_and_start()
    return session


def test_a_player_who_concedes_leaves_and_the_others_play_on(world):
    game = _game(world, "leave-concede", ["Ada", "Bob", "Cy"])
    d = game.d
    row = game.witness.row()
    quitter = next(u for u in game.players if u.id not in game.witness.to_act_users(row))
    before, edits = d.last_message_id(), game._edit_count()
    reply = d.run(quitter, game.channel, "/game concede")
    assert reply.messages and reply.messages[0].ephemeral, reply
    after = game.witness.row()
    assert after.version == row.version + 1 and after.status == "running"
    # the same player is awaited: the turn's message says so in place, pinging no one
    announced = game.check_turn_after(before, edits, after)
    assert quitter.name in announced.content
    game.players = [u for u in game.players if u is not quitter]
    game.play(max_moves=40, max_seconds=30)
    assert not game.running()
    game.check_consistency()


def test_abort_needs_the_host_or_a_moderator(world):
    game = _game(world, "leave-abort", ["Ada", "Bob"])
    d = game.d
    row = game.witness.row()
    before = d.last_message_id()
    reply = d.run(game.players[1], game.channel, "/host abort")
    assert reply.ephemeral and not reply.new_public, reply
    assert game.witness.row().status == "running"
    moderator = d.user("Mo", moderator=True)
    reply = d.run(moderator, game.channel, "/host abort")
    assert reply.new_public and not reply.ephemeral, reply
    assert game.witness.row().status == "aborted"
    assert all(m.pinged == [] for m in reply.new_public)
    del row, before
