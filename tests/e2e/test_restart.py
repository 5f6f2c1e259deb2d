"""The bot process killed with ``kill -9`` in the middle of a game, then started again."""

from __future__ import annotations

import time

from tests.e2e.session import GameSession


def _session(world, name: str) -> GameSession:
    d = world.driver
    return GameSession(
        d,
        world.db,
        d.channel(name),
        "toy",
        [d.user("Ada"), d.user("Bob"), d.user("Cy")],
        spectator=d.user("Eve"),
        seed=7,
    )


def test_killed_between_moves_the_game_continues_and_old_buttons_work(fresh_world):
    w, d = fresh_world, fresh_world.driver
    game = _session(w, "restart-between")
    game.open_and_start()
    for _ in range(2):
        game.move()
    row = game.witness.row()
    turn = d.latest_public(game.channel)
    w.bot.kill()
    assert game.witness.row().version == row.version
    w.bot.start()
    assert w.server.identifies == 2
    actor = game._user(sorted(game.witness.to_act_users(row))[0])
    before = d.last_message_id()
    d.click(actor, turn, custom_id=d.buttons(turn)[0]["custom_id"])
    after = game.witness.row()
    assert after.version == row.version + 1, "the old button did not work after the restart"
    game._check_turn_message(game._turn_message(before), after)
    game.play(max_moves=60, max_seconds=60)
    assert not game.running()
    game.check_consistency()


def test_killed_while_handling_a_click_nothing_is_lost_or_applied_twice(fresh_world):
    w, d = fresh_world, fresh_world.driver
    game = _session(w, "restart-during")
    game.open_and_start()
    game.move()
    row = game.witness.row()
    turn = d.latest_public(game.channel)
    actor = game._user(sorted(game.witness.to_act_users(row))[0])
    button = d.buttons(turn)[0]["custom_id"]
    iid = d.click_nowait(actor, turn, button)
    time.sleep(0.05)  # the bot is somewhere inside the click: deferring, saving or posting
    w.bot.kill()
    saved = game.witness.row().version
    assert saved in (row.version, row.version + 1), "a single click applied more than once"
    # the dead bot may have missed the 3-second deadline: that one failure is expected
    w.server.call(lambda: w.server.errors.clear())
    w.bot.start()
    before = d.last_message_id()
    if button not in [b["custom_id"] for b in d.buttons(turn)]:
        # the bot had saved the move and cleared the old buttons before it died
        assert saved == row.version + 1, "the buttons are gone but the move was not saved"
        reply = None
    else:
        reply = d.click(actor, turn, custom_id=button)
    after = game.witness.row()
    if saved == row.version:
        assert after.version == row.version + 1, f"the move was lost: {reply!r}"
        game._check_turn_message(game._turn_message(before), after)
    else:
        assert after.version == saved, "the same click was applied twice"
        assert reply is None or (reply.ephemeral and not reply.new_public), reply
    del iid
    game.check_consistency()
    game.play(max_moves=60, max_seconds=60)
    assert not game.running()
    game.check_consistency()
