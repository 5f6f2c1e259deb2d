"""A small league through the local Discord and the real bot process: a game master opens it,
four players sign up with the button, two rounds of a two-player game are played in their
threads by clicking the turn messages' buttons, and the league posts its final standings (a
picture, and the same standings in words)."""

from __future__ import annotations

import discord
import pytest

from localdiscord.protocol import DEFAULT_PERMISSIONS
from tests.e2e.observe import Witness

MANAGE_SERVER = discord.Permissions(manage_guild=True).value
PLAYERS = ("Lea", "Max", "Noa", "Oli")


@pytest.fixture(scope="module")
def game_master(world):
    return world.server.add_user("Gina", permissions=DEFAULT_PERMISSIONS | MANAGE_SERVER)


def threads_of(world, channel) -> list:
    return world.server.call(
        lambda: sorted(
            (c for c in world.server.state.channels.values() if c.parent_id == channel.id),
            key=lambda c: c.id,
        )
    )


def play_out(world, thread, users: dict[int, object]) -> None:
    """Each awaited player clicks the first (main) button of the turn message until the end."""
    d = world.driver
    witness = Witness(world.db, thread.id)
    # the bot opens the thread, then posts its first turn message: wait for that message
    world.server.wait_until(
        lambda: any(
            m.channel_id == thread.id and m.public and m.components and not m.deleted
            for m in world.server.state.messages.values()
        ),
        20,
        f"the first turn message in {thread.name}",
    )
    for _ in range(60):
        awaited = witness.to_act_users()
        if not awaited:
            return
        user = users[next(iter(awaited))]
        message = d.latest_public(thread, with_components=True)
        reply = d.click(user, message)
        assert not reply.failed, reply
    raise AssertionError(f"the game in {thread.name} did not end")


def test_a_league_of_four_plays_two_rounds_to_its_final_standings(world, game_master):
    d = world.driver
    channel = d.channel("league-night")
    opened = d.run(
        game_master, channel, "/league open", game="toy", players=2, rounds=2, clock="none"
    )
    assert not opened.failed and opened.new_public, opened
    message = opened.new_public[-1]
    assert (
        "Swiss pairings" in message.content
        and "scored from the game's standings" in message.content
    )

    users = {}
    for name in PLAYERS:
        user = d.user(name)
        users[user.id] = user
        assert not d.click(user, message, "Sign up").failed
    again = d.click(d.user("Lea"), d.latest_public(channel, with_components=True), "Sign up")
    assert again.ephemeral and "already signed up" in again.text
    pia = d.user("Pia")
    assert not d.click(pia, d.latest_public(channel, with_components=True), "Sign up").failed
    assert "Signed up (5)" in d.latest_public(channel, with_components=True).content
    assert not d.click(pia, d.latest_public(channel, with_components=True), "Withdraw").failed
    assert "Signed up (4)" in d.latest_public(channel, with_components=True).content

    refused = d.run(d.user("Max"), channel, "/league start")
    assert refused.ephemeral and "game master" in refused.text
    before = d.last_message_id()
    started = d.run(game_master, channel, "/league start")
    assert not started.failed, started

    for round_no in (1, 2):
        world.server.wait_until(
            lambda n=round_no: len(threads_of(world, channel)) == 2 * n,
            20,
            f"round {round_no}'s two threads",
        )
        for thread in threads_of(world, channel)[2 * (round_no - 1) :]:
            play_out(world, thread, users)

    final = d.wait_for_public(channel, before, lambda m: "is over. Final standings" in m.content)
    (picture,) = final.images()
    assert picture.description.startswith("1. ")
    words = d.wait_for_public(channel, final.id, lambda m: m.content.startswith("1. "))
    lines = words.content.splitlines()
    assert len(lines) == 4 and all("point(s) from 2 game(s)" in line for line in lines)
    # Swiss: the two winners of round 1 met in round 2, so exactly one player won both
    assert lines[0].startswith("1. ") and "2 point(s)" in lines[0]

    shown = d.run(d.user("Noa"), channel, "/league standings")
    assert shown.ephemeral and "standings after round 2 of 2" in shown.text


def test_the_league_left_no_error_in_the_bots_log(world):
    assert world.bot.log_errors() == []
