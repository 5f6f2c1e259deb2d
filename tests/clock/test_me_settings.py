"""``/me zone``, ``/me quiet``, ``/me notifications``, ``/me mute`` through discord.py's own
objects: each answer is private, and bad input is answered and changes nothing (issue #28)."""

from __future__ import annotations

import pytest

from bot.player_day.settings import PlayerSettings
from tests.clock.conftest import FakeTime
from tests.discord import harness

START = 1_800_000_000.0  # 2027-01-15 08:00 UTC


@pytest.fixture
async def h(tmp_path):
    async with harness.Harness.open(tmp_path / "tabletop.sqlite", now=FakeTime(START)) as h:
        h.service = h.client.clock_service
        yield h
        assert h.world.violations == [], "the bot broke a Discord limit"


async def settings(h, user) -> PlayerSettings:
    return await h.service.clocks.player_settings(user.id)


async def test_a_zone_is_confirmed_privately_with_the_local_time_now(h):
    ada = h.user("Ada")
    answer = (await h.slash(ada, "me zone", zone="Asia/Tokyo")).only_ephemeral().content
    assert "Asia/Tokyo" in answer and "17:00" in answer  # 08:00 UTC is 17:00 in Tokyo
    assert (await settings(h, ada)).zone == "Asia/Tokyo"


async def test_an_unknown_zone_is_refused_privately_and_changes_nothing(h):
    ada = h.user("Ada")
    await h.slash(ada, "me zone", zone="Europe/Berlin")
    answer = (await h.slash(ada, "me zone", zone="Atlantis/Capital")).only_ephemeral().content
    assert "no time zone called" in answer
    assert (await settings(h, ada)).zone == "Europe/Berlin"


async def test_zones_are_suggested_as_you_type_at_most_25(h):
    ada = h.user("Ada")
    suggested = await h.autocomplete(ada, "me zone", "zone", "berlin")
    assert [c["value"] for c in suggested] == ["Europe/Berlin"]
    assert len(await h.autocomplete(ada, "me zone", "zone", "a")) == 25


async def test_quiet_hours_without_a_zone_are_refused_and_change_nothing(h):
    ada = h.user("Ada")
    answer = (await h.slash(ada, "me quiet", hours="23:00-07:00")).only_ephemeral().content
    assert "time zone first" in answer
    assert await settings(h, ada) == PlayerSettings()


@pytest.mark.parametrize(
    ("hours", "why"),
    [("22:00-22:00", "no time at all"), ("18:00-11:00", "at most 16 hours"), ("late", "like")],
)
async def test_bad_quiet_hours_are_refused_and_change_nothing(h, hours, why):
    ada = h.user("Ada")
    await h.slash(ada, "me zone", zone="Europe/Berlin")
    await h.slash(ada, "me quiet", hours="23:00-07:00")
    answer = (await h.slash(ada, "me quiet", hours=hours)).only_ephemeral().content
    assert why in answer
    assert (await settings(h, ada)).quiet_start == 23 * 60


async def test_quiet_hours_are_kept_and_confirmed_privately(h):
    ada = h.user("Ada")
    await h.slash(ada, "me zone", zone="Europe/Berlin")
    answer = (await h.slash(ada, "me quiet", hours="23:00-07:00")).only_ephemeral().content
    assert "23:00-07:00" in answer
    s = await settings(h, ada)
    assert (s.quiet_start, s.quiet_end) == (23 * 60, 7 * 60)
    await h.slash(ada, "me quiet", hours="off")
    assert not (await settings(h, ada)).has_quiet


async def test_how_to_be_told_and_reminders_are_kept(h):
    ada = h.user("Ada")
    reply = await h.slash(ada, "me notifications", how="dm", reminders=1)
    assert "direct message" in reply.only_ephemeral().content
    s = await settings(h, ada)
    assert (s.notify, s.reminders_per_turn) == ("dm", 1)


async def test_a_game_is_muted_and_unmuted_in_its_channel(h):
    ada, bob = h.user("Ada"), h.user("Bob")
    await h.slash(ada, "game new", game="toy", options="pile=11")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    game_id = (await h.client.table.live_game(harness.CHANNEL_ID)).id
    assert "is muted" in (await h.slash(bob, "me mute")).only_ephemeral().content
    assert await h.service.clocks.muted(bob.id, game_id)
    assert "unmuted" in (await h.slash(bob, "me unmute")).only_ephemeral().content
    assert not await h.service.clocks.muted(bob.id, game_id)


async def test_muting_where_no_game_runs_is_refused(h):
    reply = await h.slash(h.user("Ada"), "me mute")
    assert reply.only_ephemeral().content
