"""``/tabletop settings`` and what the settings do to games, through discord.py's own objects."""

from __future__ import annotations

import discord
import pytest

from bot.server_settings import ServerSettings, validated
from tests.clock.conftest import HOUR, FakeTime
from tests.discord import harness

CHANNEL, OTHER = harness.CHANNEL_ID, harness.CHANNEL_ID + 1
MANAGE_SERVER = harness.DEFAULT_PERMISSIONS | discord.Permissions(manage_guild=True)
GM_ROLE = 700_000_000_000_000_900


@pytest.fixture
async def h(tmp_path):
    now = FakeTime()
    async with harness.Harness.open(tmp_path / "tabletop.sqlite", now=now) as h:
        h.service = h.client.clock_service  # built in setup_hook, on the table's clock
        h.keeper = h.client.server_settings  # built in setup_hook
        yield h
        assert h.world.violations == [], "the bot broke a Discord limit"


def member(h, name: str, **kwargs) -> harness.User:
    if name not in h.users:
        h.users[name] = harness.User(next(harness._user_ids), name, **kwargs)
    return h.users[name]


@pytest.fixture
def admin(h):
    return member(h, "Admin", permissions=MANAGE_SERVER)


async def _clock_of(h, channel=CHANNEL):
    row = await h.store.live_game(channel)
    return await h.service.clocks.game(row.id)


async def _open_and_start(h, channel=CHANNEL):
    ada, bob = h.user("Ada"), h.user("Bob")
    await h.slash(ada, "game new", channel=channel, game="toy", options="pile=11")
    await h.slash(bob, "game join", channel=channel)
    await h.slash(ada, "game start", channel=channel)
    return ada, bob


async def test_anyone_may_look_at_the_settings_privately(h):
    reply = await h.slash(h.user("Ada"), "tabletop settings")
    text = reply.only_ephemeral().content
    assert "Turn clock for new games: **1d**" in text
    assert "Manage Server can change these" in text


async def test_a_member_without_manage_server_cannot_change_a_setting(h):
    reply = await h.slash(h.user("Ada", manage_messages=True), "tabletop settings", clock="1h")
    assert "Manage Server" in reply.only_ephemeral().content
    assert h.keeper.server(harness.GUILD_ID) == ServerSettings()
    assert await h.keeper.history(harness.GUILD_ID) == []


async def test_a_bad_clock_is_refused_privately_and_nothing_changes(h, admin):
    reply = await h.slash(admin, "tabletop settings", clock="soon", missed=5)
    assert "is not a duration" in reply.only_ephemeral().content
    assert h.keeper.server(harness.GUILD_ID) == ServerSettings()


async def test_new_games_take_the_servers_turn_clock_and_missed_turn_limit(h, admin):
    reply = await h.slash(admin, "tabletop settings", clock="12h", missed=5)
    assert "Saved: turn clock 1d -> 12h; missed-turn limit 3 -> 5" in reply.only_ephemeral().content
    await h.slash(h.user("Ada"), "game new", game="toy")
    clock = await _clock_of(h)
    assert (clock.turn_seconds, clock.missed_limit) == (12 * HOUR, 5)


async def test_a_clock_given_at_game_new_wins_over_the_servers(h, admin):
    await h.slash(admin, "tabletop settings", clock="none")
    await h.slash(h.user("Ada"), "game new", game="toy", clock="6h")
    assert (await _clock_of(h)).turn_seconds == 6 * HOUR


async def test_a_game_keeps_its_clock_when_the_server_changes_it(h, admin):
    await h.slash(admin, "tabletop settings", clock="12h")
    await _open_and_start(h)
    await h.slash(admin, "tabletop settings", clock="2d", missed=9)
    clock = await _clock_of(h)
    assert (clock.turn_seconds, clock.missed_limit) == (12 * HOUR, 3)


async def test_a_game_turned_off_cannot_be_opened(h, admin):
    await h.slash(admin, "tabletop settings", disable="toy")
    reply = await h.slash(h.user("Ada"), "game new", game="toy")
    assert "turned off on this server" in reply.only_ephemeral().content
    assert await h.store.live_game(CHANNEL) is None
    await h.slash(admin, "tabletop settings", enable="toy")
    assert (await h.slash(h.user("Ada"), "game new", game="toy")).public


async def test_games_open_only_in_the_servers_game_channels(h, admin):
    await h.keeper.change(
        harness.GUILD_ID, admin.id, validated(ServerSettings(), channels=(OTHER,))
    )
    reply = await h.slash(h.user("Ada"), "game new", game="toy")
    assert f"only in <#{OTHER}>" in reply.only_ephemeral().content
    assert (await h.slash(h.user("Ada"), "game new", channel=OTHER, game="toy")).public


async def test_with_pings_by_name_turn_messages_name_the_player_without_a_ping(h, admin):
    await h.slash(admin, "tabletop settings", pings="name")
    ada, bob = await _open_and_start(h)
    turn = h.last_public()
    assert ada.mention in turn.content
    assert turn.mentioned_user_ids() == set()
    await h.click(ada, turn, label="Take 1")
    assert h.last_public().mentioned_user_ids() == set()


async def test_a_game_opened_with_pings_by_name_stays_quiet_when_the_server_turns_them_on(h, admin):
    await h.slash(admin, "tabletop settings", pings="name")
    ada, bob = await _open_and_start(h)
    await h.slash(admin, "tabletop settings", pings="mention")
    await h.click(ada, h.last_public(), label="Take 1")
    assert h.last_public().mentioned_user_ids() == set()
    await _open_and_start(h, channel=OTHER)  # a new game pings
    assert h.last_public(OTHER).mentioned_user_ids() == {ada.id}


async def test_a_turn_announced_after_a_restart_keeps_the_games_pings_by_name(h, admin):
    await h.slash(admin, "tabletop settings", pings="name")
    ada, bob = await _open_and_start(h)
    await h.table.act(channel_id=CHANNEL, user_id=ada.id, action_id="take:1")  # then a crash
    await h.restart()
    assert await h.catch_up() == 1
    turn = h.last_public()
    assert "where the game stands" in turn.content and bob.mention in turn.content
    assert turn.mentioned_user_ids() == set()


async def test_reminders_of_a_game_with_pings_by_name_ping_nobody(h, admin):
    await h.slash(admin, "tabletop settings", pings="name")
    ada, _ = await _open_and_start(h)
    h.now.advance(13 * HOUR)
    await h.service.firing.fire_due()
    reminder = h.last_public()
    assert "half your time" in reminder.content and ada.mention in reminder.content
    assert reminder.mentioned_user_ids() == set()


async def test_reminders_ping_by_default(h):
    ada, _ = await _open_and_start(h)
    h.now.advance(13 * HOUR)
    await h.service.firing.fire_due()
    assert h.last_public().mentioned_user_ids() == {ada.id}


async def test_members_with_the_game_master_role_have_host_powers(h, admin):
    await _open_and_start(h)
    gm = member(h, "Gm", roles=(GM_ROLE,))
    refused = await h.slash(gm, "host pause")
    assert "server's game master role" in refused.only_ephemeral().content
    await h.keeper.change(
        harness.GUILD_ID, admin.id, validated(ServerSettings(), game_master_role=GM_ROLE)
    )
    assert "paused" in (await h.slash(gm, "host pause")).public[0].content
    reply = await h.slash(gm, "host abort")
    assert "was ended by Gm" in reply.public[0].content


async def test_refusing_an_abort_names_the_game_master_role_too(h):
    await _open_and_start(h)
    refused = await h.slash(h.user("Bob"), "host abort")
    assert "the server's game master role" in refused.only_ephemeral().content


async def test_the_check_needs_manage_server(h):
    reply = await h.slash(h.user("Ada", manage_messages=True), "tabletop check")
    assert "Manage Server" in reply.only_ephemeral().content


async def test_the_check_with_every_permission_says_so(h, admin):
    text = (await h.slash(admin, "tabletop check")).only_ephemeral().content
    assert "I have every permission I need in this channel" in text
    assert "Games may be opened here" in text


def _with_threads(h) -> int:
    """Let the bot create threads in the test channel; returns the id the next one gets."""
    from tests.clock.test_discord_commands import thread_payload

    thread_id = harness.snowflake()
    real = h.client.http.request

    async def with_threads(route, **kwargs):
        if route.path == "/channels/{channel_id}/threads" and route.method == "POST":
            return thread_payload(thread_id, kwargs["json"]["name"])
        return await real(route, **kwargs)

    h.client.http.request = with_threads
    return thread_id


async def test_with_threads_by_default_a_new_game_opens_in_its_own_thread(h, admin):
    thread_id = _with_threads(h)
    await h.slash(admin, "tabletop settings", thread=True)
    reply = await h.slash(h.user("Ada"), "game new", game="toy")
    assert f"<#{thread_id}>" in reply.text
    assert await h.store.live_game(thread_id) is not None


async def test_thread_false_at_game_new_wins_over_the_servers_default(h, admin):
    _with_threads(h)
    await h.slash(admin, "tabletop settings", thread=True)
    await h.slash(h.user("Ada"), "game new", game="toy", thread=False)
    assert await h.store.live_game(CHANNEL) is not None


async def test_the_settings_show_every_game_channel_even_at_the_limit(h, admin):
    channels = tuple(range(900_000_000_000_000_000, 900_000_000_000_000_025))
    await h.keeper.change(
        harness.GUILD_ID, admin.id, validated(ServerSettings(), channels=channels)
    )
    text = (await h.slash(h.user("Ada"), "tabletop settings")).only_ephemeral().content
    assert all(f"<#{c}>" in text for c in channels)


async def test_a_host_who_concedes_hands_the_role_on_and_a_game_master_keeps_the_powers(h, admin):
    """Host powers follow the seat; the game master's come from the role, seat or not."""
    gm = member(h, "Gm", roles=(GM_ROLE,))
    await h.keeper.change(
        harness.GUILD_ID, admin.id, validated(ServerSettings(), game_master_role=GM_ROLE)
    )
    ada = h.user("Ada")
    await h.slash(gm, "game new", game="toy", options="pile=11")
    for player in (ada, h.user("Bob"), h.user("Cy")):
        await h.slash(player, "game join")
    await h.slash(gm, "game start")
    conceded = await h.slash(gm, "game concede")
    assert "Ada is the host now" in conceded.public[0].content
    assert "paused" in (await h.slash(gm, "host pause")).public[0].content
    await h.slash(ada, "game concede")
    refused = await h.slash(ada, "host resume")
    assert "Only the host" in refused.only_ephemeral().content
