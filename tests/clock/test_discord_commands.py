"""The clock commands through discord.py's own objects (the Discord helper's harness)."""

from __future__ import annotations

import asyncio
import io
import time

import discord
import pytest
from PIL import Image

from tests.clock.conftest import HOUR, FakeTime
from tests.discord import harness

CHANNEL = harness.CHANNEL_ID


@pytest.fixture
async def h(tmp_path):
    now = FakeTime()
    async with harness.Harness.open(tmp_path / "tabletop.sqlite", now=now) as h:
        h.service = h.client.clock_service  # built in setup_hook, on the table's clock
        yield h
        assert h.world.violations == [], "the bot broke a Discord limit"


@pytest.fixture
async def players(h):
    ada, bob = h.user("Ada"), h.user("Bob")
    await h.slash(ada, "game new", game="toy", options="pile=11")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    return ada, bob


async def test_my_turns_list_your_games_with_a_link_to_the_latest_turn_message(h, players):
    ada, _ = players
    board = h.last_public()
    reply = await h.slash(ada, "me turns")
    text = reply.only_ephemeral().content
    assert "**your turn**, deadline <t:" in text
    assert f"/{CHANNEL}/{board.id})" in text


async def test_nudge_pings_only_the_awaited_player_and_only_once_in_twelve_hours(h, players):
    ada, bob = players
    reply = await h.slash(bob, "game nudge")
    [message] = reply.public
    assert message.mentioned_user_ids() == {ada.id}
    refused = await h.slash(bob, "game nudge")
    assert "nudged less than 12h ago" in refused.only_ephemeral().content


async def test_pause_by_a_player_who_is_not_host_is_refused_privately(h, players):
    _, bob = players
    reply = await h.slash(bob, "host pause")
    assert "Only the host" in reply.only_ephemeral().content


async def test_a_moderator_may_pause_and_resume_the_clock(h, players):
    mod = h.user("Mod", manage_messages=True)
    assert "paused" in (await h.slash(mod, "host pause")).public[0].content
    assert "runs again" in (await h.slash(mod, "host resume")).public[0].content


async def test_a_seatless_moderators_pause_is_logged_under_their_display_name(h, players):
    await h.slash(h.user("Mod", manage_messages=True), "host pause")
    log = await h.table.log(channel_id=CHANNEL, limit=1)
    assert log[0].endswith("⏸️ Mod paused the clock.")


async def test_a_passed_deadline_posts_the_stand_ins_turn_and_pings_the_next_player(h, players):
    ada, bob = players
    h.now.advance(24 * HOUR)
    await h.service.firing.fire_due()
    turn = h.last_public()
    assert "Ada ran out of time; a stand-in played for them" in turn.content
    assert turn.mentioned_user_ids() == {bob.id}
    assert turn.buttons()
    # the posted board became the latest turn message for /me turns
    text = (await h.slash(bob, "me turns")).only_ephemeral().content
    assert f"/{turn.id})" in text


async def test_vote_offers_the_players_names_as_you_type(h, players):
    choices = await h.autocomplete(players[1], "game vote", "player", "a", choice="kick")
    assert [c["name"] for c in choices] == ["Ada"]


async def test_a_bad_away_duration_is_answered_with_how_to_write_one(h, players):
    reply = await h.slash(players[0], "me away", duration="soon")
    assert "12h" in reply.only_ephemeral().content


async def test_away_and_back_answer_privately(h, players):
    ada, _ = players
    assert (
        "You are away until"
        in (await h.slash(ada, "me away", duration="2d")).only_ephemeral().content
    )
    assert (
        "Welcome back" in (await h.slash(ada, "me away", duration="back")).only_ephemeral().content
    )


async def test_losing_access_to_the_channel_closes_the_game_without_a_crash(h, players):
    http = h.client.http
    real = http.request

    async def forbidden(route, **kwargs):
        if route.path == "/channels/{channel_id}/messages" and route.method == "POST":
            response = type("R", (), {"status": 403, "reason": "Forbidden"})()
            raise discord.Forbidden(response, {"code": 50001, "message": "Missing Access"})
        return await real(route, **kwargs)

    http.request = forbidden
    h.now.advance(24 * HOUR)
    await h.service.firing.fire_due()
    info = await h.table.game(channel_id=CHANNEL)
    assert info.status == "aborted"
    assert info.end_reason == "the bot can no longer post in its channel"


async def test_history_and_stats_after_a_finished_game(h, players):
    ada, bob = players
    await h.slash(ada, "play", action="take:3")
    await h.slash(bob, "play", action="take:3")
    await h.slash(ada, "play", action="take:3")
    await h.slash(bob, "play", action="take:2")
    history = (await h.slash(ada, "game history")).only_ephemeral().content
    assert "won by Bob" in history
    stats = (await h.slash(ada, "game stats")).only_ephemeral().content
    assert f"<@{bob.id}>: 1 / 1" in stats


def _channel(channel_id: int, *, hidden: bool = False) -> dict:
    deny = discord.Permissions(view_channel=True).value if hidden else 0
    return {
        "id": str(channel_id),
        "type": 0,
        "name": f"games-{channel_id % 1000}",
        "position": 0,
        "permission_overwrites": [
            {"id": str(harness.GUILD_ID), "type": 0, "allow": "0", "deny": str(deny)}
        ],
        "nsfw": False,
        "parent_id": None,
    }


def _thread(thread_id: int, parent_id: int, *, private: bool) -> dict:
    return {
        "id": str(thread_id),
        "guild_id": str(harness.GUILD_ID),
        "parent_id": str(parent_id),
        "owner_id": "1",
        "name": f"game-{thread_id % 1000}",
        "type": 12 if private else 11,
        "message_count": 0,
        "member_count": 0,
        "rate_limit_per_user": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 1440,
            "archive_timestamp": "2026-01-01T00:00:00+00:00",
            "locked": False,
        },
    }


async def test_server_history_names_only_games_in_channels_the_asker_can_see(h):
    """The server's channels as discord.py holds them: the asker's, another they see and a
    public thread in it, one hidden from them, a private thread they are not in, and one the
    bot cannot resolve (not among the server's channels)."""
    seen, hidden, unknown = CHANNEL + 1, CHANNEL + 2, CHANNEL + 3
    thread, private = CHANNEL + 4, CHANNEL + 5
    everyone = {
        "id": str(harness.GUILD_ID),
        "name": "@everyone",
        "permissions": str(harness.DEFAULT_PERMISSIONS.value),
        "position": 0,
        "color": 0,
        "hoist": False,
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }
    guild = {
        "id": str(harness.GUILD_ID),
        "name": "Board gamers",
        "owner_id": "1",
        "roles": [everyone],
        "members": [],
        "channels": [_channel(CHANNEL), _channel(seen), _channel(hidden, hidden=True)],
        "threads": [_thread(thread, seen, private=False), _thread(private, seen, private=True)],
        "features": [],
        "emojis": [],
        "stickers": [],
    }
    h.state._add_guild(discord.Guild(data=guild, state=h.state))
    ada, bob = h.user("Ada"), h.user("Bob")
    winners = {CHANNEL: "Ada", seen: "Bob", hidden: "Cy", unknown: "Di", thread: "Bob"}
    winners[private] = "Flo"
    for channel, name in winners.items():  # each game won by the other's concession
        winner = h.user(name)
        loser = bob if winner is ada else ada
        await h.slash(winner, "game new", game="toy", channel=channel)
        await h.slash(loser, "game join", channel=channel)
        await h.slash(winner, "game start", channel=channel)
        await h.slash(loser, "game concede", channel=channel)
    text = (await h.slash(ada, "game history", scope="server")).only_ephemeral().content
    assert all(f"<#{c}>" in text for c in (CHANNEL, seen, thread))
    assert all(f"<#{c}>" not in text for c in (hidden, unknown, private))
    assert "won by Bob" in text and not any(n in text for n in ("Cy", "Di", "Flo"))
    assert "3 recent game(s) in channels you cannot see are not listed." in text


async def test_new_game_with_a_clock_sets_the_time_per_turn(h):
    ada = h.user("Ada")
    reply = await h.slash(ada, "game new", game="toy", clock="3d")
    assert "turn clock 3d" in reply.public[0].content
    info = await h.table.game(channel_id=CHANNEL)
    assert (await h.service.clocks.game(info.id)).turn_seconds == 3 * 86400


async def test_new_game_with_a_bad_clock_is_refused_and_opens_nothing(h):
    reply = await h.slash(h.user("Ada"), "game new", game="toy", clock="soon")
    assert "12h" in reply.only_ephemeral().content
    assert await h.store.live_game(CHANNEL) is None


def thread_payload(thread_id: int, name: str) -> dict:
    """What Discord answers when the bot creates a public thread in the test channel."""
    return {
        "id": str(thread_id),
        "type": 11,
        "guild_id": str(harness.GUILD_ID),
        "parent_id": str(CHANNEL),
        "name": name,
        "owner_id": str(harness.BOT_ID),
        "message_count": 0,
        "member_count": 1,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 10080,
            "archive_timestamp": "2026-01-01T00:00:00+00:00",
            "locked": False,
        },
    }


async def test_new_game_in_a_thread_lives_in_that_thread(h):
    thread_id = harness.snowflake()
    real = h.client.http.request

    async def with_threads(route, **kwargs):
        if route.path == "/channels/{channel_id}/threads" and route.method == "POST":
            return thread_payload(thread_id, kwargs["json"]["name"])
        return await real(route, **kwargs)

    h.client.http.request = with_threads
    ada = h.user("Ada")
    reply = await h.slash(ada, "game new", game="toy", thread=True)
    assert f"<#{thread_id}>" in reply.text
    assert any(f"<#{thread_id}>" in m.content for m in reply.public)  # the channel is told too
    assert "opened a game" in h.last_public(channel=thread_id).content
    assert (await h.store.live_game(thread_id)) is not None
    assert await h.store.live_game(CHANNEL) is None
    await h.slash(h.user("Bob"), "game join", channel=thread_id)
    started = await h.slash(ada, "game start", channel=thread_id)
    assert started.public[0].channel_id == thread_id


async def test_bad_options_with_thread_are_refused_before_any_thread_is_made(h):
    reply = await h.slash(h.user("Ada"), "game new", game="toy", options="pile=99", thread=True)
    assert reply.only_ephemeral()
    assert not [s for s in h.world.sent if s.path == "/channels/{channel_id}/threads"]


async def test_the_host_sets_the_clock_and_the_missed_turn_limit(h, players):
    reply = await h.slash(players[0], "host clock", turn="12h", missed=2)
    assert "12h a turn; a vote after 2 missed turns in a row" in reply.public[0].content
    refused = await h.slash(players[1], "host clock", turn="1h")
    assert "Only the host" in refused.only_ephemeral().content


async def test_the_host_sets_the_stand_ins_level_and_anyone_sees_it(h, players):
    reply = await h.slash(players[0], "host clock", standin="hard")
    assert "a stand-in plays at hard" in reply.public[0].content
    seen = await h.slash(players[1], "host clock")
    assert "plays at the **hard** level" in seen.only_ephemeral().content


async def test_a_deadline_that_passed_while_the_bot_was_down_fires_once_after_a_restart(h, players):
    ada, bob = players
    h.now.advance(30 * HOUR)
    await h.restart()
    h.service = h.client.clock_service
    await h.service.deadlines.recover()
    assert await h.service.firing.fire_due() == 1
    turn = h.last_public()
    assert "Ada ran out of time" in turn.content and turn.mentioned_user_ids() == {bob.id}
    await h.restart()
    h.service = h.client.clock_service
    await h.service.deadlines.recover()
    assert await h.service.firing.fire_due() == 0
    reply = await h.click(bob, turn, label="Take 1")
    assert reply.public and ada.id in reply.public[0].mentioned_user_ids()


async def test_deleting_the_channel_closes_its_game(h, players):
    await h.client.on_guild_channel_delete(discord.Object(id=CHANNEL))
    info = await h.table.game(channel_id=CHANNEL)
    assert (info.status, info.end_reason) == ("aborted", "its channel was deleted")


async def test_the_scheduler_starts_on_connect_and_fires_on_its_own(h, players):
    _, bob = players
    h.now.advance(24 * HOUR)  # Ada's deadline is already due when the bot connects
    await h.client.on_connect()
    scheduler = h.client.clock_scheduler
    try:
        give_up = time.monotonic() + 30  # a wait for the firing, not a speed check
        while time.monotonic() < give_up:
            if (await h.table.waiting_for(channel_id=CHANNEL)) == [bob.id]:
                break
            await asyncio.sleep(0.01)
        assert await h.table.waiting_for(channel_id=CHANNEL) == [bob.id]
    finally:
        await scheduler.stop()


async def test_clock_without_options_shows_the_clock_privately(h, players):
    reply = await h.slash(players[1], "host clock")
    assert "1d a turn" in reply.only_ephemeral().content


async def test_changing_only_the_missed_turn_limit_keeps_the_time_per_turn(h, players):
    await h.slash(players[0], "host clock", turn="3d")
    reply = await h.slash(players[0], "host clock", missed=5)
    assert "3d a turn; a vote after 5 missed turns" in reply.public[0].content


async def test_game_abort_drops_the_games_deadlines_and_reminders_at_once(h, players):
    ada, _ = players
    game = await h.table.game(channel_id=CHANNEL)
    assert await h.service.firing.next_due_at() is not None
    reply = await h.slash(ada, "host abort")
    assert "was ended by Ada" in reply.public[0].content
    assert await h.service.clocks.deadlines(game.id) == []
    assert await h.service.firing.next_due_at() is None
    h.now.advance(48 * HOUR)
    assert await h.service.firing.fire_due() == 0


async def test_the_turn_message_status_and_board_name_the_seats_a_stand_in_keeps(h, players):
    ada, bob = players
    game = await h.table.game(channel_id=CHANNEL)
    await h.service.clocks.update_seat(game.id, bob.id, standin_for_good=1)  # as after a keep vote
    reply = await h.click(ada, h.last_public(), label="Take 1")
    [turn] = reply.public
    assert "🤖 A stand-in plays for Bob (kept seat" in turn.content
    status = (await h.slash(ada, "game status")).only_ephemeral().content
    assert "🤖 A stand-in plays for Bob" in status
    board = await h.slash(ada, "game board")
    assert "🤖 A stand-in plays for Bob" in board.public[0].content


async def test_the_board_image_itself_names_the_seats_a_stand_in_keeps(h, players):
    ada, bob = players
    plain = await h.click(ada, h.last_public(), label="Take 1")
    [(_, plain_png)] = plain.public[0].files
    game = await h.table.game(channel_id=CHANNEL)
    await h.service.clocks.update_seat(game.id, bob.id, standin_for_good=1)
    await h.service.clocks.update_seat(game.id, ada.id, standin_for_good=1)
    noted = await h.slash(bob, "game board")
    [(_, noted_png)] = noted.public[0].files
    plain_img = Image.open(io.BytesIO(plain_png))
    noted_img = Image.open(io.BytesIO(noted_png))
    assert noted_img.width == plain_img.width
    assert noted_img.height > plain_img.height  # a strip of notes under the board
    # the strip is the pale banner colour, not the board
    assert noted_img.convert("RGB").getpixel((4, noted_img.height - 4)) == (255, 243, 205)


async def test_without_kept_seats_the_turn_message_has_no_stand_in_note(h, players):
    ada, _ = players
    reply = await h.click(ada, h.last_public(), label="Take 1")
    assert "stand-in" not in reply.public[0].content


async def test_a_thread_the_bot_cannot_post_in_opens_no_game_and_is_removed(h):
    thread_id = harness.snowflake()
    real = h.client.http.request
    deleted = []

    async def threads_without_posting(route, **kwargs):
        if route.path == "/channels/{channel_id}/threads" and route.method == "POST":
            return thread_payload(thread_id, kwargs["json"]["name"])
        if route.path == "/channels/{channel_id}/messages" and int(route.channel_id) == thread_id:
            response = type("R", (), {"status": 403, "reason": "Forbidden"})()
            raise discord.Forbidden(response, {"code": 50001, "message": "Missing Access"})
        if route.path == "/channels/{channel_id}" and route.method == "DELETE":
            deleted.append(int(route.channel_id))
            return {}
        return await real(route, **kwargs)

    h.client.http.request = threads_without_posting
    reply = await h.slash(h.user("Ada"), "game new", game="toy", thread=True)
    assert "Send Messages in Threads" in reply.text
    assert not reply.public
    assert await h.store.live_game(thread_id) is None
    assert deleted == [thread_id]


async def test_without_thread_permissions_a_thread_game_is_refused_before_anything(h, monkeypatch):
    perms = discord.Permissions(send_messages=True, create_public_threads=True)
    monkeypatch.setattr(discord.Interaction, "app_permissions", property(lambda self: perms))
    reply = await h.slash(h.user("Ada"), "game new", game="toy", thread=True)
    assert "Send Messages in Threads" in reply.only_ephemeral().content
    assert not [s for s in h.world.sent if s.path == "/channels/{channel_id}/threads"]
    assert await h.store.live_game(CHANNEL) is None


async def test_an_absurd_turn_clock_is_refused_privately_and_changes_nothing(h, players):
    ada, _ = players
    before = await h.service.host.clock_info(channel_id=CHANNEL)
    reply = await h.slash(ada, "host clock", turn="9" * 30 + "w")
    assert "at most 365d" in reply.only_ephemeral().content
    assert await h.service.host.clock_info(channel_id=CHANNEL) == before


async def test_the_clock_service_is_built_once_at_setup_and_listens_to_the_table_once(h):
    service, ratings = h.client.clock_service, h.client.ratings
    await h.client.setup_hook()  # a second setup (a reconnect) builds nothing new
    assert h.client.clock_service is service and h.client.ratings is ratings
    # the clocks, the ratings (bot.discord_app.ratings) and the leagues, each once
    assert h.table.listeners == [
        service.deadlines.on_change,
        ratings.on_change,
        h.client.leagues.on_change,
    ]
    assert h.table.note_sources == [service.standins.note]
