"""/game board, hand, status, log and rules: who sees what."""

from __future__ import annotations

import pytest

import engines
from tests.shipped import shipped_games

PNG = b"\x89PNG\r\n\x1a\n"


async def test_hand_is_ephemeral_and_for_the_caller_only(running, h, ada):
    reply = await h.slash(ada, "game hand")
    [hand] = reply.messages
    assert hand.ephemeral and hand.interaction_user == ada.id
    assert reply.public == []


async def test_hand_of_someone_not_seated_is_refused_privately(running, h):
    reply = await h.slash(h.user("Eve"), "game hand")
    reply.only_ephemeral()


async def test_board_is_posted_publicly_without_pinging_anyone(running, h, ada):
    reply = await h.slash(h.user("Eve"), "game board")
    [board] = reply.public
    assert board.files[0][1].startswith(PNG)
    assert board.mentioned_user_ids() == set()


async def test_board_carries_the_buttons_of_the_awaited_player(running, h, ada):
    reply = await h.slash(h.user("Eve"), "game board")
    [board] = reply.public
    answer = await h.click(ada, board, label="Take 1")
    assert "Ada takes 1" in answer.public[0].content


async def test_board_without_a_game_is_refused_privately(h, ada):
    reply = await h.slash(ada, "game board")
    assert "/game new" in reply.only_ephemeral().content


async def test_status_answers_privately_with_players(running, h, bob):
    reply = await h.slash(bob, "game status")
    status = reply.only_ephemeral()
    assert "Ada" in status.content and "Bob" in status.content


async def test_log_lists_recent_moves_privately(running, h, ada):
    await h.click(ada, running, label="Take 2")
    reply = await h.slash(ada, "game log")
    assert "Ada takes 2" in reply.only_ephemeral().content


async def test_rules_of_a_named_game_show_its_guide(h, ada):
    reply = await h.slash(ada, "game rules", game="toy")
    assert "last counter" in reply.only_ephemeral().content


async def test_rules_default_to_the_channels_game(running, h, bob):
    reply = await h.slash(bob, "game rules")
    assert "Race to 21" in reply.only_ephemeral().content


async def test_rules_offer_the_rulings_page_privately_in_messages_that_fit(h, ada):
    reply = await h.slash(ada, "game rules", game="monopoly", page="rulings")
    assert reply.public == [] and len(reply.ephemeral) > 1
    assert all(m.interaction_user == ada.id and len(m.content) <= 2000 for m in reply.ephemeral)
    text = "\n".join(m.content for m in reply.ephemeral)
    assert "## Taxes" in text and "## Quick game end" in text


async def test_the_guide_points_to_the_rulings_page(h, ada):
    reply = await h.slash(ada, "game rules", game="cemetery")
    assert "page:rulings" in reply.only_ephemeral().content


async def test_a_game_without_rulings_says_so(h, ada):
    reply = await h.slash(ada, "game rules", game="toy", page="rulings")
    assert "no rulings page" in reply.only_ephemeral().content


async def test_rules_list_every_command_by_the_group_it_is_in(h, ada):
    text = (await h.slash(ada, "game rules", page="commands")).only_ephemeral().content
    host = text[text.index("**/host**") : text.index("**/me**")]
    assert "`handover`" in host and "`pause`" in host and "`pause`" not in text[: text.index(host)]
    assert "`notifications`" in text[text.index("**/me**") :] and "**/play**" in text


async def test_rules_without_a_game_here_point_to_the_command_list(h, ada):
    assert "page:commands" in (await h.slash(ada, "game rules")).only_ephemeral().content


async def test_new_game_options_autocomplete_suggests_key_value_pairs(h, ada):
    choices = await h.autocomplete(ada, "game new", "options", "pi", game="toy")
    assert [c["value"] for c in choices] == ["pile=11", "pile=21"]


async def test_play_autocomplete_lists_only_the_callers_moves(running, h, ada, bob):
    assert [c["value"] for c in await h.autocomplete(ada, "play", "action", "")] == [
        "take:1",
        "take:2",
        "take:3",
    ]
    assert await h.autocomplete(bob, "play", "action", "") == []


async def test_play_autocomplete_filters_labels(running, h, ada):
    choices = await h.autocomplete(ada, "play", "action", "2")
    assert choices == [{"name": "Take 2", "value": "take:2"}]


async def test_the_log_pages_back_through_the_whole_game_with_buttons(running, h, ada, bob):
    for user in (ada, bob, ada):
        await h.slash(user, "play", action="take:1")
    first = (await h.slash(ada, "game log", count=2)).only_ephemeral()
    assert "page 1 of 3" in first.content and "Ada takes 1; 8 left" in first.content
    older, newer = first.buttons()
    assert newer["disabled"] and not older["disabled"]
    await h.click(ada, first, label=older["label"])
    assert "page 2 of 3" in first.content  # the same private message, another page
    await h.click(ada, first, label=first.buttons()[0]["label"])
    assert "page 3 of 3" in first.content and "Ada opens a game" in first.content
    assert first.buttons()[0]["disabled"]


def test_the_rules_speak_the_buttons_words_not_move_ids():
    import re

    from bot.discord_app.commands.looking import rules_text

    for name in sorted(shipped_games()):
        text = rules_text(engines.get_engine(name)).replace("page:rulings", "")
        assert not re.search(r"`[a-z_]+:[^`]*`", text), f"{name}'s guide names a move id"
        assert not re.search(r"\b[a-z_]+:[a-z0-9_]+", text), f"{name}'s guide names a move id"
        assert "(+" not in text and "+10" not in text, f"{name}'s guide names fixed steps"


@pytest.mark.parametrize("game", sorted(shipped_games()))
async def test_rules_come_with_a_legend_picture_and_its_words(h, ada, game):
    answer = (await h.slash(ada, "game rules", game=game)).only_ephemeral()
    [(name, data)] = answer.files
    assert name == "legend.png" and data[:4] == b"\x89PNG"
    [attachment] = answer.attachments
    title = engines.get_engine(game).title
    assert attachment["description"].startswith(title)
