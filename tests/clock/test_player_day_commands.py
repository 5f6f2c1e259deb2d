"""The player's day through discord.py's own objects: ``/me turns`` and ``/me away`` in every
server and in direct messages, and the clock rules at ``/game new`` and ``/host clock``."""

from __future__ import annotations

import re

import pytest

from bot.player_day.settings import PlayerSettings
from storage.clock import ClockRules
from tests.clock.conftest import FakeTime
from tests.discord import harness

CHANNEL = harness.CHANNEL_ID
GUILD = harness.GUILD_ID


@pytest.fixture
async def h(tmp_path):
    async with harness.Harness.open(tmp_path / "tabletop.sqlite", now=FakeTime()) as h:
        h.service = h.client.clock_service
        yield h
        assert h.world.violations == [], "the bot broke a Discord limit"


async def opened(h, **clock):
    ada, bob = h.user("Ada"), h.user("Bob")
    reply = await h.slash(ada, "game new", game="toy", options="pile=11", **clock)
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    return ada, bob, reply


async def test_my_turns_link_to_the_latest_turn_message_with_the_deadline_as_a_timestamp(h):
    ada, _, _ = await opened(h)
    board = h.last_public()
    text = (await h.slash(ada, "me turns")).only_ephemeral().content
    assert f"https://discord.com/channels/{GUILD}/{CHANNEL}/{board.id})" in text
    assert re.search(r"deadline <t:\d+:f> \(<t:\d+:R>\)", text)


async def test_my_turns_answer_in_direct_messages_with_the_bot(h):
    ada, _, _ = await opened(h)
    text = (await h.slash(ada, "me turns", dm=True)).only_ephemeral().content
    assert "**Race to 21" in text and "**your turn**" in text


async def test_my_turns_leave_out_games_that_await_someone_else(h):
    _, bob, _ = await opened(h)
    text = (await h.slash(bob, "me turns")).only_ephemeral().content
    assert text == "No game is waiting for you, in any server."


async def test_all_my_games_list_those_that_await_someone_else(h):
    _, bob, _ = await opened(h)
    text = (await h.slash(bob, "me turns", show="all")).only_ephemeral().content
    assert "waiting for Ada" in text


async def test_away_works_in_direct_messages_with_the_bot(h):
    ada, _, _ = await opened(h)
    text = (await h.slash(ada, "me away", dm=True, duration="2d")).only_ephemeral().content
    assert "your clocks in 1 game, in every server, stand still" in text


async def test_new_game_with_a_time_bank_and_weekends_off_keeps_them(h):
    _, _, reply = await opened(h, clock="12h", bank="2d", weekends=True, away="standin")
    assert "time bank 2d each, weekends off" in reply.public[0].content
    info = await h.table.game(channel_id=CHANNEL)
    assert await h.service.clocks.rules(info.id) == ClockRules(2 * 86400, True, True)


async def test_new_game_with_a_bank_out_of_range_is_refused_privately_and_opens_nothing(h):
    reply = await h.slash(h.user("Ada"), "game new", game="toy", bank="90d")
    assert "from 1m to 30d" in reply.only_ephemeral().content
    assert await h.store.live_game(CHANNEL) is None


async def test_new_game_with_a_bank_but_no_clock_is_refused_privately(h):
    reply = await h.slash(h.user("Ada"), "game new", game="toy", clock="none", bank="1d")
    assert "need a turn clock" in reply.only_ephemeral().content
    assert await h.store.live_game(CHANNEL) is None


async def test_the_host_clock_shows_each_awaited_players_bank_left(h):
    ada, _, _ = await opened(h, clock="12h", bank="1d")
    text = (await h.slash(ada, "host clock")).only_ephemeral().content
    assert re.search(r"Ada: deadline <t:\d+:f> \(<t:\d+:R>\), time bank 1d left", text)


async def test_a_digest_without_a_time_zone_is_refused_clearly_and_changes_nothing(h):
    ada = h.user("Ada")
    reply = await h.slash(ada, "me digest", time="08:00")
    assert "set your time zone first" in reply.only_ephemeral().content
    assert (await h.service.clocks.player_settings(ada.id)).digest_at is None


async def test_a_digest_is_set_at_the_players_local_time(h):
    ada = h.user("Ada")
    await h.service.clocks.set_player_settings(ada.id, PlayerSettings(zone="Asia/Tokyo"))
    reply = await h.slash(ada, "me digest", dm=True, time="07:30")
    assert "Every day at 07:30 your time" in reply.only_ephemeral().content
    assert (await h.service.clocks.player_settings(ada.id)).digest_at == 7 * 60 + 30
