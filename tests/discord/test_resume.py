"""After a crash between saving a move and posting it, the bot announces it at start."""

from __future__ import annotations

from tests.discord.harness import CHANNEL_ID


async def test_a_saved_but_unannounced_move_is_announced_after_a_restart(running, h, ada, bob):
    await h.table.act(channel_id=CHANNEL_ID, user_id=ada.id, action_id="take:1")  # then a crash
    await h.restart()
    assert await h.catch_up() == 1
    turn = h.last_public()
    assert "where the game stands" in turn.content and "Ada takes 1" in turn.content
    assert turn.mentioned_user_ids() == {bob.id}
    assert turn.files and turn.buttons()
    reply = await h.click(bob, turn, label="Take 2")
    assert "Bob takes 2" in reply.public[0].content


async def test_an_announced_game_is_not_announced_again(running, h):
    await h.restart()
    assert await h.catch_up() == 0


async def test_a_catch_up_happens_once(running, h, ada):
    await h.table.act(channel_id=CHANNEL_ID, user_id=ada.id, action_id="take:1")
    await h.restart()
    await h.catch_up()
    await h.restart()
    assert await h.catch_up() == 0


async def test_lobbies_are_not_announced(h, ada):
    await h.slash(ada, "game new", game="toy")
    await h.restart()
    assert await h.catch_up() == 0


async def test_an_ending_saved_but_not_posted_is_announced_once_and_its_buttons_go(
    running, h, ada, bob
):
    for user, action in ((ada, "take:3"), (bob, "take:3"), (ada, "take:3")):
        await h.click(user, h.last_public(), label=f"Take {action[-1]}")
    last_board = h.last_public()
    assert last_board.buttons()
    await h.table.act(channel_id=CHANNEL_ID, user_id=bob.id, action_id="take:2")  # then a crash
    await h.restart()
    assert await h.catch_up() == 1
    final = h.last_public()
    assert final is not last_board and "Game over" in final.content
    assert final.mentioned_user_ids() == set()
    assert last_board.components == []
    await h.restart()
    assert await h.catch_up() == 0


async def test_an_abort_saved_but_not_posted_takes_the_old_buttons_off(running, h, ada):
    await h.table.abort(channel_id=CHANNEL_ID, user_id=ada.id, is_moderator=False)  # then a crash
    await h.restart()
    assert await h.catch_up() == 1
    assert "ended" in h.last_public().content
    assert running.components == []


async def test_an_ending_announced_late_shows_its_last_events_whole_never_cut(running, h, ada, bob):
    for user, action in ((ada, "take:3"), (bob, "take:3"), (ada, "take:3")):
        await h.click(user, h.last_public(), label=f"Take {action[-1]}")
    game = await h.table.game(channel_id=CHANNEL_ID)
    for k in range(4):  # long public lines in the log just before the end
        text = " ".join([f"note{k}"] * 300)
        await h.table.note(game_id=game.id, kind="pause", user_id=None, text=text)
    await h.table.act(channel_id=CHANNEL_ID, user_id=bob.id, action_id="take:2")  # then a crash
    await h.restart()
    assert await h.catch_up() == 1
    final = h.last_public().content
    assert "Bob takes 2" in final and "Game over" in final and "…" not in final
