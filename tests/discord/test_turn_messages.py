"""A turn is one message: posted when a turn starts (pinging the newly awaited), edited in place
while the same player acts; the private move panel updates in place step by step."""

from __future__ import annotations

import copy
import io
import sys

import discord
import pytest
from PIL import Image

import engines
import rendering
from bot.discord_app.components import MOVES_LABEL
from tests.discord import wide
from tests.discord.harness import Harness


@pytest.fixture
async def two_steps(tmp_path):
    """The wide test game with three moves a step and two steps a turn, labels public."""
    async for harness in steps_game(tmp_path, public=True):
        yield harness


@pytest.fixture
async def private_steps(tmp_path):
    """The same with labels that only the player's private panel may show."""
    async for harness in steps_game(tmp_path, public=False):
        yield harness


async def steps_game(tmp_path, *, public: bool):
    wide.ENGINE.count, wide.ENGINE.long_ids = 3, False
    wide.ENGINE.per_turn, wide.ENGINE.limit = 2, 6
    wide.ENGINE.public_action_labels = public
    engines.register(wide.ENGINE)
    rendering.register("wide", sys.modules[wide.__name__])
    try:
        async with Harness.open(tmp_path / "turns.sqlite") as harness:
            ada, bob = harness.user("Ada"), harness.user("Bob")
            await harness.slash(ada, "game new", game="wide", choice="red")
            await harness.slash(bob, "game join", choice="blue")
            await harness.slash(ada, "game start")
            yield harness
            assert harness.world.violations == []
    finally:
        del wide.ENGINE.per_turn, wide.ENGINE.limit, wide.ENGINE.public_action_labels
        engines.unregister("wide")


def final_message(h):
    return next(m for m in reversed(h.public_messages()) if "Game over" in m.content)


def label_button(message, start: str) -> str:
    return next(b["custom_id"] for b in message.buttons() if b["label"].startswith(start))


async def test_a_second_step_of_the_same_player_edits_the_turn_message(two_steps):
    h = two_steps
    ada, bob = h.user("Ada"), h.user("Bob")
    turn = h.last_public()
    reply = await h.click(ada, turn, custom_id=label_button(turn, "Move number 1"))
    assert reply.public == []  # no new message (Discord notifies no one of an edit)
    assert h.last_public() is turn and "Ada makes move m1" in turn.content
    assert turn.allowed_mentions == {"parse": [], "users": [ada.id]}  # her name stays lit
    assert turn.buttons()  # Ada's next step is on it
    assert ada.mention in turn.content and bob.mention not in turn.content


async def test_a_new_turn_posts_one_message_pinging_only_the_newly_awaited(two_steps):
    h = two_steps
    ada, bob = h.user("Ada"), h.user("Bob")
    first = h.last_public()
    await h.click(ada, first, custom_id=label_button(first, "Move number 1"))
    reply = await h.click(ada, first, custom_id=label_button(first, "Move number 2"))
    [new] = reply.public
    assert new.mentioned_user_ids() == {bob.id}
    assert "Since your last turn" in new.content and "Ada makes move m2" in new.content
    assert first.components == []  # the old turn message's buttons are gone


async def test_an_edit_discord_refuses_falls_back_to_one_new_post(two_steps):
    h = two_steps
    ada = h.user("Ada")
    turn = h.last_public()
    real = h.client.http.request

    async def refuse_edits(route, **kwargs):
        if route.method == "PATCH" and route.path.startswith("/channels/"):
            response = type("R", (), {"status": 404, "reason": "Not Found"})()
            raise discord.NotFound(response, {"code": 10008, "message": "Unknown Message"})
        return await real(route, **kwargs)

    h.client.http.request = refuse_edits  # e.g. a moderator deleted the turn message
    real_hook = h.adapter.request

    async def refuse_hook_edits(route, *args, **kwargs):  # through the click's token too
        if route.method == "PATCH" and "@original" in route.path:
            response = type("R", (), {"status": 404, "reason": "Not Found"})()
            raise discord.NotFound(response, {"code": 10008, "message": "Unknown Message"})
        return await real_hook(route, *args, **kwargs)

    h.adapter.request = refuse_hook_edits
    reply = await h.click(ada, turn, custom_id=label_button(turn, "Move number 0"))
    [new] = reply.public
    assert "Ada makes move m0" in new.content and new.buttons()
    assert new.mentioned_user_ids() == set()  # Ada was pinged when her turn began
    game = await h.table.game(channel_id=turn.channel_id)
    assert game.version == 4  # opened, joined, started, and the move made once


async def test_the_private_panel_updates_in_place_after_each_step(private_steps):
    h = private_steps
    ada, bob = h.user("Ada"), h.user("Bob")
    turn = h.last_public()
    panel = (await h.click(ada, turn, label=MOVES_LABEL)).only_ephemeral()
    assert len(panel.buttons()) == 3 and all(
        b["custom_id"].startswith("ttp:") for b in panel.buttons()
    )
    reply = await h.click(ada, panel, custom_id=panel.buttons()[1]["custom_id"])
    assert reply.public == [] and reply.ephemeral == []  # the panel and the turn were edited
    assert "Done" in panel.content and len(panel.buttons()) == 3  # the next step's moves
    assert "Ada makes move m1" in turn.content
    reply = await h.click(ada, panel, custom_id=panel.buttons()[0]["custom_id"])
    assert panel.buttons() == [] and "turn is over" in panel.content
    [new] = reply.public
    assert new.mentioned_user_ids() == {bob.id}


async def test_a_stale_panel_answers_privately_with_the_latest_board(private_steps):
    h = private_steps
    ada = h.user("Ada")
    turn = h.last_public()
    panel = (await h.click(ada, turn, label=MOVES_LABEL)).only_ephemeral()
    old = copy.deepcopy(panel)
    await h.slash(ada, "play", action="m0")
    reply = await h.click(ada, old, custom_id=old.buttons()[0]["custom_id"])
    answer = reply.only_ephemeral()
    assert "out of date" in answer.content and answer.files
    game = await h.table.game(channel_id=turn.channel_id)
    assert game.version == 4  # opened, joined, started, and only the /play move


async def test_a_host_pause_leaves_the_boards_buttons_valid(two_steps):
    h = two_steps
    ada = h.user("Ada")
    turn = h.last_public()
    game = await h.table.game(channel_id=turn.channel_id)
    await h.table.note(game_id=game.id, kind="pause", user_id=ada.id, text="Ada pauses the clock.")
    reply = await h.click(ada, turn, custom_id=label_button(turn, "Move number 2"))
    assert "out of date" not in reply.text
    assert "Ada makes move m2" in turn.content


async def test_the_final_message_gives_standings_and_a_rematch_opens_the_same_lobby(two_steps):
    h = two_steps
    ada, bob = h.user("Ada"), h.user("Bob")
    for user in (ada, ada, bob, bob, ada, ada):
        await h.slash(user, "play", action="m0")
    final = final_message(h)
    assert "Game over" in final.content and "Rematch" in final.content
    assert final.mentioned_user_ids() == set()
    [rematch] = final.buttons()
    assert rematch["label"] == "Rematch"
    reply = await h.click(bob, final, label="Rematch")
    lobby = reply.public[0]
    assert "rematch" in lobby.content and "Ada" in lobby.content and "Bob" in lobby.content
    game = await h.table.game(channel_id=final.channel_id)
    assert game.status == "lobby" and game.host_id == bob.id
    assert {s.user_id: s.choices for s in game.seats} == {
        bob.id: {"colour": "blue"},
        ada.id: {"colour": "red"},
    }
    again = await h.click(ada, final, label="Rematch")
    assert "already" in again.only_ephemeral().content  # one lobby at a time


async def test_only_the_players_may_ask_for_a_rematch(two_steps):
    h = two_steps
    ada, bob = h.user("Ada"), h.user("Bob")
    for user in (ada, ada, bob, bob, ada, ada):
        await h.slash(user, "play", action="m0")
    reply = await h.click(h.user("Eve"), final_message(h), label="Rematch")
    assert "Only the players" in reply.only_ephemeral().content
    assert (await h.table.game(channel_id=h.last_public().channel_id)).status == "finished"


#: a destructive move's words: some the old bot guessed from, some no guess would catch
WORDINGS = pytest.mark.parametrize(
    "words", ["Give up and lose 5 points", "Burn down the farm"], ids=["losing words", "plain"]
)


@WORDINGS
async def test_a_move_its_engine_declares_destructive_is_red_and_asks_first(two_steps, words):
    h = two_steps
    ada = h.user("Ada")
    wide.ENGINE.losing, wide.ENGINE.losing_label = True, words
    try:
        await h.slash(h.user("Ada"), "game board")  # a board drawn with the losing move
        board = h.last_public()
        red = next(b for b in board.buttons() if b["label"] == words)
        assert red["style"] == 4
        game = await h.table.game(channel_id=board.channel_id)
        question = (await h.click(ada, board, custom_id=red["custom_id"])).only_ephemeral()
        assert "Are you sure" in question.content
        assert (await h.table.game(channel_id=board.channel_id)).version == game.version
        await h.click(ada, question, label="Yes, do it")
        assert (await h.table.game(channel_id=board.channel_id)).version == game.version + 1
        assert "Done" in question.content and question.buttons() == []
    finally:
        del wide.ENGINE.losing, wide.ENGINE.losing_label


async def test_the_whole_game_is_posted_as_an_animation_at_the_end_and_on_request(two_steps):
    h = two_steps
    ada, bob = h.user("Ada"), h.user("Bob")
    for user in (ada, ada, bob, bob, ada, ada):
        await h.slash(user, "play", action="m0")
    replay = h.last_public()
    [(name, data)] = replay.files
    image = Image.open(io.BytesIO(data))
    assert name == "replay.gif" and image.format == "GIF"
    _, frames = await h.table.replay_boards(channel_id=replay.channel_id)
    assert len(frames) == 4  # the start, Bob's turn, Ada's turn, the end
    again = await h.slash(h.user("Eve"), "game replay")
    assert again.public[0].files[0][0] == "replay.gif"
