"""The turn notice by direct message (``/me notifications how:both``): it arrives when the player's DMs are
open; when they are closed the channel is told once instead (played on the toy game)."""

from __future__ import annotations

from localdiscord.records import User
from tests.e2e.session import GameSession

NOTICE = "It is your turn in"
FALLBACK = "direct message about their turn"


def _game_awaiting(world, name: str, watcher: User) -> GameSession:
    """A toy game between Ada and ``watcher`` (who asked for turn notices) played until a move
    by Ada has handed the turn to ``watcher``."""
    d = world.driver
    channel = d.channel(name)
    reply = d.run(watcher, channel, "/me notifications", how="both")
    assert reply.ephemeral and not reply.failed, reply
    game = GameSession(
        d, world.db, channel, "toy", [d.user("Ada"), watcher], spectator=d.user("Eve")
    )
    game.open_and_start()
    ada = game.players[0]
    for _ in range(6):
        if game.witness.to_act_users() == {ada.id}:
            game.move()  # Ada's move: the turn passes to the watcher
            break
        game.move()
    assert game.witness.to_act_users() == {watcher.id}
    return game


def test_a_player_who_asked_for_turn_notices_gets_one_by_direct_message(world):
    dee = world.driver.user("Dee")
    game = _game_awaiting(world, "notice-dm-open", dee)
    notices = world.server.wait_until(
        lambda: [m for m in world.server.dms_to(dee.id) if NOTICE in m.content],
        what="the turn notice by DM",
    )
    assert f"<#{game.channel.id}>" in notices[-1].content
    assert notices[-1].pinged == []  # a DM names the channel, it mentions nobody
    public = [m.content for m in world.driver.public_messages(game.channel)]
    assert not any(FALLBACK in text for text in public)
    game.check_consistency()  # every request the bot sent was one Discord accepts


def test_a_player_with_closed_dms_is_told_in_the_channel_once(world):
    hal = world.driver.user("Hal", dms_open=False)
    game = _game_awaiting(world, "notice-dm-closed", hal)
    d = world.driver
    told = world.server.wait_until(
        lambda: [
            m for m in world.server.channel_messages(game.channel.id) if FALLBACK in m.content
        ],
        what="the channel told that the DM failed",
    )
    assert f"<@{hal.id}>" in told[0].content
    assert world.server.dms_to(hal.id) == []
    game.play(max_moves=6, max_seconds=20)  # more turns for Hal: the channel is not told again
    fallbacks = [m for m in d.public_messages(game.channel) if FALLBACK in m.content]
    assert len(fallbacks) == 1
    assert world.bot.log_errors() == []
