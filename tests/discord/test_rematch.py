"""The Rematch button seats again only the players still seated at the end: one who conceded
or was removed is left out, and their own click opens nothing."""

from __future__ import annotations

import pytest

from bot.discord_app.rematch import REMATCH_LEFT


@pytest.fixture
async def cy_conceded(h, ada, bob):
    """A toy game (pile 11) of Ada, Bob and Cy; Cy concedes at once, Ada and Bob play it out.
    Returns the final message."""
    cy = h.user("Cy")
    await h.slash(ada, "game new", game="toy", options="pile=11")
    await h.slash(bob, "game join")
    await h.slash(cy, "game join")
    await h.slash(ada, "game start")
    await h.slash(cy, "game concede")
    while (game := await h.table.game(channel_id=h.last_public().channel_id)).status == "running":
        [user_id] = await h.table.waiting_for(channel_id=game.channel_id)
        mover = next(u for u in (ada, bob) if u.id == user_id)
        await h.slash(mover, "play", action="take:1")
    return next(m for m in reversed(h.public_messages()) if "Game over" in m.content)


async def test_a_rematch_seats_only_the_players_still_seated_at_the_end(h, ada, bob, cy_conceded):
    reply = await h.click(bob, cy_conceded, label="Rematch")
    assert "the players still seated" in reply.public[0].content
    lobby = await h.table.game(channel_id=cy_conceded.channel_id)
    assert lobby.status == "lobby" and lobby.host_id == bob.id
    assert [s.user_id for s in lobby.seats] == [bob.id, ada.id]


async def test_a_player_who_left_gets_a_private_answer_and_opens_no_rematch(h, cy_conceded):
    reply = await h.click(h.user("Cy"), cy_conceded, label="Rematch")
    assert reply.only_ephemeral().content == REMATCH_LEFT
    assert (await h.table.game(channel_id=cy_conceded.channel_id)).status == "finished"


async def test_a_rematch_keeps_the_last_games_clock_rules(h, ada, bob):
    await h.slash(ada, "game new", game="toy", options="pile=11", bank="1d", weekends=True)
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    while (game := await h.table.game(channel_id=h.last_public().channel_id)).status == "running":
        [user_id] = await h.table.waiting_for(channel_id=game.channel_id)
        mover = next(u for u in (ada, bob) if u.id == user_id)
        await h.slash(mover, "play", action="take:1")
    over = next(m for m in reversed(h.public_messages()) if "Game over" in m.content)
    await h.click(bob, over, label="Rematch")
    lobby = await h.table.game(channel_id=over.channel_id)
    rules = await h.client.clock_service.clocks.rules(lobby.id)
    assert (rules.bank_seconds, rules.weekends_off) == (86400, True)
