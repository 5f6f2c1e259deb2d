"""``/game leaderboard``, ``/me rating`` and ``/me leaderboards`` through discord.py's own
objects: a game played to its end is rated by the running bot, and both answers are a
picture whose alt text is the message's own lines."""

from __future__ import annotations

import pytest

from tests.discord import harness


@pytest.fixture
async def h(tmp_path):
    async with harness.Harness.open(tmp_path / "tabletop.sqlite") as h:
        yield h
        assert h.world.violations == [], "the bot broke a Discord limit"


@pytest.fixture
async def finished(h):
    """Ada and Bob play Race to 21 to its end; Bob takes the last counter and wins."""
    ada, bob = h.user("Ada"), h.user("Bob")
    await h.slash(ada, "game new", game="toy", options="pile=11")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    for who, take in ((ada, 3), (bob, 3), (ada, 3), (bob, 2)):
        await h.slash(who, "play", action=f"take:{take}")
    return ada, bob


async def test_the_leaderboard_lists_the_winner_first_with_the_askers_place(h, finished):
    ada, _ = finished
    answer = (await h.slash(ada, "game leaderboard", game="toy")).only_ephemeral()
    lines = answer.content.splitlines()
    assert lines[2].startswith("1. Bob: ") and lines[3].startswith("2. Ada: ")
    assert lines[-1].startswith("Your place: 2. Ada: ")
    [attachment] = answer.attachments
    assert attachment["description"] == answer.content  # the picture's alt text: the same lines


async def test_my_rating_shows_my_rating_reliability_and_result_with_a_picture(h, finished):
    _, bob = finished
    answer = (await h.slash(bob, "me rating")).only_ephemeral()
    assert "Reliability: 100% reliable (1 of 1)" in answer.content
    assert "place 1 of 2" in answer.content
    [attachment] = answer.attachments
    assert attachment["description"] == answer.content
    assert answer.files and answer.files[0][1].startswith(b"\x89PNG")


async def test_hiding_from_other_servers_is_said_and_kept(h, finished):
    ada, _ = finished
    answer = (await h.slash(ada, "me leaderboards", show="played")).only_ephemeral()
    assert "hidden from the leaderboards of servers where you have not played" in answer.content
    from storage.ratings import reliability

    assert (await h.client.ratings.store.read(reliability, ada.id))[2] is True
