"""Answers after the lifecycle moves on are about the game the person means (issue #29, item
7), and a lobby shows each player's own pick, the host's too, and what a player who picked none
is dealt (item 8)."""

from __future__ import annotations

import pytest

from bot.discord_app.commands.game import NO_LOBBY


async def _play_out(h, ada, bob):
    """A toy game (pile 11) of Ada and Bob played to its end; returns the final message."""
    await h.slash(ada, "game new", game="toy", options="pile=11")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    while (game := await h.table.game(channel_id=h.last_public().channel_id)).status == "running":
        [user_id] = await h.table.waiting_for(channel_id=game.channel_id)
        await h.slash(ada if user_id == ada.id else bob, "play", action="take:1")
    return next(m for m in reversed(h.public_messages()) if "Game over" in m.content)


@pytest.fixture
async def rematch(h, ada, bob):
    """The final message of a finished game whose Rematch Bob clicked: Ada is seated again."""
    final = await _play_out(h, ada, bob)
    await h.click(bob, final, label="Rematch")
    return final


async def test_a_player_seated_by_a_rematch_who_clicks_rematch_is_told_they_are_seated(
    h, ada, rematch
):
    said = (await h.click(ada, rematch, label="Rematch")).only_ephemeral().content
    assert said == "You are already seated in the rematch lobby; Bob, the host, starts it."


async def test_the_rematch_host_who_clicks_rematch_again_is_told_to_start_it(h, bob, rematch):
    said = (await h.click(bob, rematch, label="Rematch")).only_ephemeral().content
    assert "as its host: `/game start`" in said and "/game join" not in said


async def test_a_seated_player_opening_another_game_is_told_they_are_seated(h, ada, rematch):
    said = (await h.slash(ada, "game new", game="toy")).only_ephemeral().content
    assert said == "You are already seated in this channel's lobby; Bob, the host, starts it."


async def test_joining_after_a_failed_new_game_says_no_lobby_is_open(h, ada, bob):
    await _play_out(h, ada, bob)
    refused = await h.slash(ada, "game new", game="run_animals", choice="species=dragon")
    assert "not a choice for Species" in refused.only_ephemeral().content
    said = (await h.slash(bob, "game join", choice="species=cat")).only_ephemeral().content
    assert said == NO_LOBBY


async def test_a_full_lobby_says_it_is_full_instead_of_inviting_more(h, ada, bob):
    await h.slash(ada, "game new", game="toy")
    for name in ("Bob", "Cy", "Dee"):  # the toy game seats four
        await h.slash(h.user(name), "game join")
    last = h.last_public().content
    assert "The lobby is full" in last and "Join with" not in last


async def test_the_hosts_own_pick_is_shown_when_the_lobby_opens(h, ada):
    await h.slash(ada, "game new", game="run_animals", choice="species=cat")
    assert "Players (1/4): Ada (Leopard Cat)" in h.last_public().content


async def test_a_lobby_says_a_player_who_picked_nothing_is_dealt_at_random(h, ada, bob):
    await h.slash(ada, "game new", game="run_animals", choice="species=cat")
    await h.slash(bob, "game join")
    assert "Ada (Leopard Cat), Bob (Species: at random)" in h.last_public().content


async def test_the_start_says_what_a_player_who_picked_nothing_was_dealt(h, ada, bob):
    await h.slash(ada, "game new", game="run_animals", choice="species=cat")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    dealt = await h.table.game(channel_id=h.last_public().channel_id)
    assert dealt.status == "running"
    text = "\n".join(m.content for m in h.public_messages()[-2:])
    assert "Bob chose no species and is dealt " in text
    assert "Ada chose no" not in text
