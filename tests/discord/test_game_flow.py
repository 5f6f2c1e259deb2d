"""A toy game through slash commands and buttons, as players see it in the channel."""

from __future__ import annotations

import asyncio
import copy
import re

PNG = b"\x89PNG\r\n\x1a\n"


def button_labels(message):
    return [b["label"] for b in message.buttons()]


async def test_new_game_posts_a_public_lobby_notice(h, ada):
    reply = await h.slash(ada, "game new", game="toy")
    [notice] = reply.public
    assert "Race to 21" in notice.content
    assert "Ada" in notice.content
    assert "/game join" in notice.content


async def test_joining_posts_who_is_in(h, ada, bob):
    await h.slash(ada, "game new", game="toy")
    reply = await h.slash(bob, "game join")
    [notice] = reply.public
    assert "Bob joined" in notice.content
    assert "Ada, Bob" in notice.content


async def test_start_posts_the_first_turn_message_with_board_and_buttons(running, ada):
    assert running.files and running.files[0][1].startswith(PNG)
    assert ada.mention in running.content
    assert button_labels(running) == ["Take 1", "Take 2", "Take 3"]


async def test_turn_message_pings_only_the_awaited_player(running, h, ada, bob):
    assert running.mentioned_user_ids() == {ada.id}
    assert [int(u) for u in running.allowed_mentions["users"]] == [ada.id]
    assert running.allowed_mentions["parse"] == []
    reply = await h.click(ada, running, label="Take 2")
    [turn] = reply.public
    assert turn.mentioned_user_ids() == {bob.id}


async def test_whole_toy_game_is_played_with_buttons_to_the_end(running, h, ada, bob):
    turn, players = running, [ada, bob]
    for step in range(20):
        mover = players[step % 2]
        label = "Take 3" if "Take 3" in button_labels(turn) else button_labels(turn)[-1]
        reply = await h.click(mover, turn, label=label)
        turn = reply.public[0]  # at the end, the replay follows the final message
        assert turn.files[0][1].startswith(PNG)
        if "Game over" in turn.content:
            break
        assert turn.mentioned_user_ids() == {players[(step + 1) % 2].id}
    assert "Game over" in turn.content
    assert button_labels(turn) == ["Rematch"] and turn.selects() == []
    assert turn.mentioned_user_ids() == set()
    assert re.search(r"Winner: (Ada|Bob)", turn.content)


async def test_clicked_message_loses_its_buttons_after_the_move(running, h, ada):
    await h.click(ada, running, label="Take 1")
    assert running.buttons() == []


async def test_click_by_a_seated_player_out_of_turn_is_refused_privately(running, h, bob):
    reply = await h.click(bob, running, label="Take 1")
    refusal = reply.only_ephemeral()
    assert refusal.interaction_user == bob.id
    assert "turn" in refusal.content.lower()


async def test_click_by_someone_not_seated_is_refused_privately(running, h):
    eve = h.user("Eve")
    reply = await h.click(eve, running, label="Take 1")
    refusal = reply.only_ephemeral()
    assert "not one of them" in refusal.content
    assert "Ada" in refusal.content


async def test_stale_button_answers_with_the_latest_board_privately(running, h, ada, bob):
    old = copy.deepcopy(running)  # a client still showing the first board's buttons
    await h.slash(ada, "play", action="take:1")
    reply = await h.click(bob, old, label="Take 1")
    answer = reply.only_ephemeral()
    assert "out of date" in answer.content
    assert answer.files and answer.files[0][1].startswith(PNG)
    assert button_labels(answer) == ["Take 1", "Take 2", "Take 3"]  # Bob's moves, current
    assert h.last_public().content.count("takes") == 1  # nothing was played by the stale click


async def test_latest_board_buttons_from_a_stale_answer_make_the_move(running, h, ada, bob):
    old = copy.deepcopy(running)
    await h.slash(ada, "play", action="take:1")
    answer = (await h.click(bob, old, label="Take 1")).only_ephemeral()
    reply = await h.click(bob, answer, label="Take 2")
    assert "Bob takes 2" in reply.public[0].content


async def test_buttons_keep_working_after_a_restart(running, h, ada, bob):
    await h.restart()
    reply = await h.click(ada, running, label="Take 2")
    [turn] = reply.public
    assert "Ada takes 2" in turn.content
    assert turn.mentioned_user_ids() == {bob.id}


async def test_play_makes_a_move_and_acknowledges_privately(running, h, ada, bob):
    reply = await h.slash(ada, "play", action="take:2")
    [turn] = reply.public
    assert "Ada takes 2" in turn.content
    assert turn.mentioned_user_ids() == {bob.id}
    [ack] = reply.ephemeral
    assert ack.interaction_user == ada.id and "Take 2" in ack.content


async def test_play_accepts_a_typed_label(running, h, ada):
    reply = await h.slash(ada, "play", action="take 3")
    assert "Ada takes 3" in reply.public[0].content


async def test_play_refuses_an_illegal_move_privately(running, h, ada):
    reply = await h.slash(ada, "play", action="take:9")
    refusal = reply.only_ephemeral()
    assert "take:9" in refusal.content or "not" in refusal.content.lower()
    assert h.last_public() is running


async def test_play_out_of_turn_is_refused_privately(running, h, bob):
    reply = await h.slash(bob, "play", action="take:1")
    assert "turn" in reply.only_ephemeral().content.lower()


async def test_play_without_a_game_in_the_channel_is_refused_privately(h, ada):
    reply = await h.slash(ada, "play", action="take:1")
    assert "/game new" in reply.only_ephemeral().content


async def test_joining_a_full_game_is_refused_privately(h, ada):
    await h.slash(ada, "game new", game="toy")
    for name in ("Bob", "Cy", "Di"):
        await h.slash(h.user(name), "game join")
    reply = await h.slash(h.user("Eve"), "game join")
    assert "full" in reply.only_ephemeral().content.lower()


async def test_joining_twice_is_refused_privately(h, ada):
    await h.slash(ada, "game new", game="toy")
    reply = await h.slash(ada, "game join")
    reply.only_ephemeral()


async def test_start_by_a_non_host_is_refused_privately(h, ada, bob):
    await h.slash(ada, "game new", game="toy")
    await h.slash(bob, "game join")
    reply = await h.slash(bob, "game start")
    reply.only_ephemeral()


async def test_start_with_too_few_players_is_refused_privately(h, ada):
    await h.slash(ada, "game new", game="toy")
    reply = await h.slash(ada, "game start")
    reply.only_ephemeral()


async def test_abort_by_a_player_who_is_not_host_nor_moderator_is_refused(running, h, bob):
    reply = await h.slash(bob, "host abort")
    assert "Manage Messages" in reply.only_ephemeral().content


async def test_abort_by_a_member_with_manage_messages_ends_the_game(running, h):
    mod = h.user("Mod", manage_messages=True)
    reply = await h.slash(mod, "host abort")
    [notice] = reply.public
    assert "ended by Mod" in notice.content


async def test_abort_by_the_host_ends_the_game_and_its_buttons_go(running, h, ada):
    old = copy.deepcopy(running)
    await h.slash(ada, "host abort")
    assert running.components == []
    reply = await h.click(ada, old, label="Take 1")
    assert "no longer running" in reply.only_ephemeral().content


async def test_leave_in_the_lobby_posts_a_notice(h, ada, bob):
    await h.slash(ada, "game new", game="toy")
    await h.slash(bob, "game join")
    reply = await h.slash(bob, "game leave")
    assert "Bob left" in reply.public[0].content


async def test_concede_ends_a_two_player_game_with_a_result(running, h, bob):
    reply = await h.slash(bob, "game concede")
    final, replay = reply.public
    assert replay.files[0][0] == "replay.gif"
    assert "Game over" in final.content
    assert [b["label"] for b in final.buttons()] == ["Rematch"]


async def test_new_game_with_unknown_option_is_refused_privately(h, ada):
    reply = await h.slash(ada, "game new", game="toy", options="speed=fast")
    assert "pile" in reply.only_ephemeral().content


async def test_new_game_with_an_unknown_game_is_refused_privately(h, ada):
    reply = await h.slash(ada, "game new", game="chess")
    reply.only_ephemeral()


async def test_second_game_in_a_channel_is_refused_privately(running, h, bob):
    reply = await h.slash(bob, "game new", game="toy")
    reply.only_ephemeral()


async def test_the_last_player_leaving_closes_the_lobby(h, ada):
    await h.slash(ada, "game new", game="toy")
    reply = await h.slash(ada, "game leave")
    assert "lobby is closed" in reply.public[0].content


async def test_a_double_click_makes_one_move_and_explains_the_other(running, h, ada):
    first, second = await asyncio.gather(
        h.click(ada, running, label="Take 1"), h.click(ada, running, label="Take 1")
    )
    turns = [m for m in first.messages + second.messages if m.public and "takes" in m.content]
    assert len({m.id for m in turns}) == 1
    answers = [m for m in first.messages + second.messages if m.ephemeral]
    assert answers and all("out of date" in m.content for m in answers)


async def test_no_public_message_can_ping_everyone_or_roles(running, h, ada, bob):
    await h.click(ada, running, label="Take 1")
    await h.slash(bob, "game board")
    await h.slash(bob, "game concede")
    for message in h.public_messages():
        assert message.allowed_mentions is not None
        assert message.allowed_mentions.get("parse") == []


async def test_games_in_two_channels_do_not_meet(h, ada, bob):
    other = 700_000_000_000_000_099
    await h.slash(ada, "game new", game="toy")
    await h.slash(bob, "game new", game="toy", channel=other)
    reply = await h.slash(ada, "game join", channel=other)
    assert "Ada joined" in reply.public[0].content
    assert all("Ada joined" not in m.content for m in h.public_messages())
