"""The bot process killed with ``kill -9`` in the middle of a game, then started again."""

from __future__ import annotations

import copy
import time

import pytest

import engines
from tests.e2e.conftest import bot_games
from tests.e2e.session import GameSession


def _session(world, name: str, engine: str = "toy") -> GameSession:
    d = world.driver
    eng = engines.get_engine(engine)
    count = max(eng.min_players, min(3, eng.max_players))
    return GameSession(
        d,
        world.db,
        d.channel(name),
        engine,
        [d.user(n) for n in ["Ada", "Bob", "Cy"][:count]],
        spectator=d.user("Eve"),
        seed=7,
    )


def _click_old_button(game: GameSession, turn) -> None:
    """An awaited player uses an old turn message's buttons to make a move: a button for one
    of their moves, or the button that shows them their moves privately and then one of those."""
    row = game.witness.row()
    eng, state = game.witness.engine(row), game.witness.state(row)
    seats = {s.user_id: s.name for s in game.db.seats(row.id)}
    d = game.d
    for uid in sorted(game.witness.to_act_users(row)):
        labels = {a.label for a in eng.legal_actions(state, seats[uid])}
        for button in d.buttons(turn):
            if button.get("label") in labels:
                reply = d.click(game._user(uid), turn, custom_id=button["custom_id"])
                _confirm_if_asked(game, uid, reply)
                return
    uid = sorted(game.witness.to_act_users(row))[0]
    reply = d.click(game._user(uid), turn, custom_id=d.buttons(turn)[0]["custom_id"])
    private = [m for m in reply.messages if m.ephemeral and game._offers(m)]
    assert private, f"the old button led nowhere: {reply!r}"
    kind, item, value = game._offers(private[-1])[0]
    if kind == "button":
        reply = d.click(game._user(uid), private[-1], custom_id=item["custom_id"])
        _confirm_if_asked(game, uid, reply)
    else:
        d.select(game._user(uid), private[-1], [value], custom_id=item["custom_id"])


def _confirm_if_asked(game, uid: int, reply) -> None:
    """A move that loses something first asks "Are you sure?" privately: say yes."""
    for m in reply.messages:
        for b in game.d.buttons(m) if m.ephemeral else []:
            if b.get("label") == "Yes, do it":
                game.d.click(game._user(uid), m, custom_id=b["custom_id"])
                return


def _row_after(game, version: int, seconds: float = 20.0):
    """The game's row once its version passed ``version`` (a click acknowledged with type 6 is
    saved a moment after the acknowledgement), or as it is after ``seconds``."""
    give_up = time.monotonic() + seconds
    row = game.witness.row()
    while row.version <= version and time.monotonic() < give_up:
        time.sleep(0.02)
        row = game.witness.row()
    return row


@pytest.mark.parametrize("engine", bot_games())
def test_killed_between_moves_the_game_continues_and_old_buttons_work(fresh_world, engine):
    w, d = fresh_world, fresh_world.driver
    game = _session(w, "restart-between", engine)
    game.open_and_start()
    for _ in range(2):
        game.move()
    row = game.witness.row()
    turn = d.latest_public(game.channel)
    if not d.buttons(turn):
        game.move()  # a turn offered through a select menu or /play: go on to one with buttons
        row, turn = game.witness.row(), d.latest_public(game.channel)
    ready = w.bot.times_ready()
    w.bot.kill()
    assert game.witness.row().version == row.version
    w.bot.start()
    assert w.server.gateway.identifies == 2
    # the bot's catch-up at connect may edit the channel's messages: let it finish first, so
    # the click below is answered by its own move, not mistaken for an answer by that edit
    w.bot.wait_ready(times=ready + 1)
    w.server.settle(quiet=0.5)
    before, edits = d.last_message_id(), game._edit_count()
    _click_old_button(game, turn)
    after = _row_after(game, row.version)
    assert after.version == row.version + 1, "the old button did not work after the restart"
    game.check_turn_after(before, edits, after)
    if engine == "toy":
        game.play(max_moves=60, max_seconds=60)
        assert not game.running()
    else:
        game.play(max_moves=3, max_seconds=20)
    game.check_consistency()


@pytest.mark.parametrize("when", ["while acknowledging", "a moment later", "after saving"])
def test_killed_while_handling_a_click_nothing_is_lost_or_applied_twice(fresh_world, when):
    """Killed before the click is saved (its acknowledgement held at the local Discord), after
    it is saved (its messages held), or at a moment that may fall anywhere in it; either way
    the click counts once or not at all."""
    w, d = fresh_world, fresh_world.driver
    game = _session(w, "restart-during")
    game.open_and_start()
    game.move()
    row = game.witness.row()
    turn = d.latest_public(game.channel)
    actor = game._user(sorted(game.witness.to_act_users(row))[0])
    button = d.buttons(turn)[0]["custom_id"]
    stale = copy.deepcopy(turn)
    if when == "while acknowledging":
        w.server.hold(("interactions/",))
    elif when == "after saving":
        w.server.hold()
    iid = d.click_nowait(actor, turn, button)
    if when == "while acknowledging":
        w.server.wait_until(
            lambda: w.server.rest.held >= 1, what="the bot to acknowledge the click"
        )
    elif when == "after saving":
        w.server.wait_until(
            lambda: w.server.rest.held >= 1 and game.witness.row().version == row.version + 1,
            what="the move to be saved while the bot's messages are held",
        )
    else:
        time.sleep(0.05)  # the bot is somewhere inside the click: deferring, saving or posting
    w.bot.kill()
    w.server.release(drop=True)
    saved = game.witness.row().version
    if when == "while acknowledging":
        assert saved == row.version, "the move was saved before the click was acknowledged"
    if when == "after saving":
        assert saved == row.version + 1
    assert saved in (row.version, row.version + 1), "a single click applied more than once"
    # the dead bot may have missed the 3-second deadline: that one failure is expected, once
    # the local Discord has judged the click (else it lands after the clearing)
    record = w.server.state.interactions[iid]
    w.server.wait_until(lambda: record.acknowledged or record.failed, what="the click's verdict")
    w.server.call(lambda: w.server.state.errors.clear())
    w.bot.start()
    before, edits = d.last_message_id(), game._edit_count()
    # the click again, by whoever may make that move now: the first clicker if it was lost,
    # else the player now awaited, for whom the old button's move is legal ("Take 1"), so only
    # the button being out of date keeps it from counting a second time. The restart may have
    # taken the old board's buttons off already: a client that has not redrawn it yet still
    # shows them (``stale``, the board as it was)
    clicker = actor if saved == row.version else _awaited(game)
    reply = d.click(clicker, stale, custom_id=button)
    after = game.witness.row()
    if saved == row.version:
        assert after.version == row.version + 1, f"the move was lost: {reply!r}"
        game.check_turn_after(before, edits, after)
    else:
        assert after.version == saved, "the same click was applied twice"
        fresh = [m for m in reply.new_public if "where the game stands" not in m.content]
        assert reply.ephemeral and not fresh, reply
        mark = f":{after.version}:"  # the saved move is announced at the restart
        d.server.wait_until(
            lambda: any(mark in b["custom_id"] for b in d.buttons(d.latest_public(game.channel))),
            20.0,
            "the saved move's board",
        )
        game.seen_fresh_board(after)
    game.check_consistency()
    game.play(max_moves=60, max_seconds=60)
    assert not game.running()
    game.check_consistency()


def _awaited(game: GameSession):
    return game._user(sorted(game.witness.to_act_users(game.witness.row()))[0])


def _kill_after_save_before_announcement(w, game):
    """Click, let the bot save the move, and kill it while its messages are still on the way."""
    d = w.driver
    row = game.witness.row()
    turn = d.latest_public(game.channel)
    actor = game._user(sorted(game.witness.to_act_users(row))[0])
    button = d.buttons(turn)[0]["custom_id"]
    w.server.hold()
    d.click_nowait(actor, turn, button)
    w.server.wait_until(
        lambda: w.server.rest.held >= 1 and game.witness.row().version == row.version + 1,
        what="the move to be saved while the bot's messages are held",
    )
    w.bot.kill()
    w.server.release(drop=True)
    w.server.call(lambda: w.server.state.errors.clear())
    return row, turn


def test_killed_after_saving_a_move_the_game_goes_on_from_it(fresh_world):
    """The move is saved but never announced; after the restart the saved move is announced,
    the old board's buttons are taken off (a click that beats that is answered as stale, with
    the current moves), and the game is played on from the saved move."""
    w, d = fresh_world, fresh_world.driver
    game = _session(w, "restart-after-save")
    game.open_and_start()
    game.move()
    before = d.last_message_id()
    row, turn = _kill_after_save_before_announcement(w, game)
    w.bot.start()
    saved = game.witness.row()
    assert saved.version == row.version + 1
    game.check_consistency()
    awaited = game._user(sorted(game.witness.to_act_users(saved))[0])
    fresh = d.wait_for_public(game.channel, before, lambda m: bool(m.images()))
    d.settle()
    assert d.buttons(turn) == [], "the old board still offers moves"
    assert game.witness.row().version == saved.version
    game.seen_fresh_board(saved)
    before, edits = d.last_message_id(), game._edit_count()
    offers = game._offers(fresh)
    kind, item, value = offers[0]
    reply = d.click(awaited, fresh, custom_id=item["custom_id"])
    if game.witness.row().version == saved.version:  # the button opened the private panel
        panel = [m for m in reply.messages if m.ephemeral and game._offers(m)][-1]
        kind, item, value = game._offers(panel)[0]
        if kind == "button":
            d.click(awaited, panel, custom_id=item["custom_id"])
        else:
            d.select(awaited, panel, [value], custom_id=item["custom_id"])
    after = game.witness.row()
    assert after.version == saved.version + 1, "the move from the new board did not land"
    game.check_turn_after(before, edits, after)
    game.play(max_moves=60, max_seconds=60)
    assert not game.running()
    game.check_consistency()


def test_a_move_saved_but_not_announced_is_announced_after_a_restart(fresh_world):
    w, d = fresh_world, fresh_world.driver
    game = _session(w, "restart-announce")
    game.open_and_start()
    game.move()
    _kill_after_save_before_announcement(w, game)
    before = d.last_message_id()
    w.bot.start()
    saved = game.witness.row()
    awaited = game.witness.to_act_users(saved)
    announced = d.wait_for_public(
        game.channel, before, lambda m: set(m.pinged) == awaited and bool(m.images()), timeout=5
    )
    assert announced
