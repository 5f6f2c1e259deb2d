"""the local Discord against a real, minimal discord.py client: log in, commands, responses, limits."""

from __future__ import annotations

import json
import urllib.request

import pytest

from localdiscord import shapes
from localdiscord.protocol import GUILD_MEMBERS_INTENT
from localdiscord.server import LocalDiscord
from tests.localdiscord.clientthread import ClientThread
from tests.localdiscord.demo_bot import _png, make_client
from tests.localdiscord.driver import Driver, DriverError


@pytest.fixture(scope="module")
def world():
    server = LocalDiscord(check_responses=True).start()
    driver = Driver(server)
    chan = driver.channel("games")
    ada, bob = driver.user("Ada"), driver.user("Bob")
    bot = ClientThread(server, make_client).start()
    yield server, driver, chan, ada, bob
    bot.stop()
    server.stop()


def _shape_problems(server: LocalDiscord) -> list[str]:
    return [e for e in server.call(lambda: list(server.state.errors)) if "the local Discord's" in e]


@pytest.fixture()
def clean(world):
    server = world[0]
    assert _shape_problems(server) == []
    server.call(server.state.errors.clear)
    yield world
    # every answer and gateway payload of the test had the spec's shape
    assert _shape_problems(server) == []


def test_client_logs_in_and_syncs_its_commands(clean):
    server, *_ = clean
    assert server.gateway.identifies == 1
    assert [c["name"] for c in server.commands()] == ["demo"]
    assert server.state.unhandled == []


def test_slash_command_reply_pings_only_the_allowed_user(clean):
    server, d, chan, ada, bob = clean
    reply = d.run(ada, chan, "/demo hello", who=bob)
    assert reply.interaction.response_type == 4
    message = reply.messages[0]
    assert message.content == f"hello <@{bob.id}>" and message.public
    assert message.pinged == [bob.id]
    assert server.state.errors == []


def test_deferred_answer_with_a_file_keeps_its_bytes(clean):
    server, d, chan, ada, _ = clean
    reply = d.run(ada, chan, "/demo picture")
    assert reply.interaction.response_type == 5
    follow = [m for m in reply.messages if m.attachments]
    assert follow and follow[0].images()[0].data == _png()
    assert follow[0].content == "here it is" and follow[0].history[-1]["content"] == "here"
    assert follow[0].attachments[0].filename == "board.png"
    assert server.state.errors == []


def test_first_follow_up_to_a_private_deferral_replaces_it_and_stays_private(clean):
    server, d, chan, ada, _ = clean
    reply = d.run(ada, chan, "/demo quiet")
    first, second = reply.messages
    assert first.content == "meant for everyone" and first.ephemeral and not first.loading
    assert second.content == "second follow-up" and second.public


def test_editing_a_deferred_answer_does_not_ping(clean):
    server, d, chan, ada, _ = clean
    reply = d.run(ada, chan, "/demo edit")
    original = reply.messages[0]
    assert original.content == f"done <@{ada.id}>" and not original.loading
    assert original.pinged == []


def test_clicking_a_button_updates_the_message(clean):
    server, d, chan, ada, bob = clean
    d.run(ada, chan, "/demo counter")
    reply = d.click(bob, chan, "Plus one")
    assert reply.interaction.response_type == 7
    assert d.latest_public(chan).content == "count 1"
    assert d.latest_public(chan).history[-1]["content"] == "count 0"


def test_ephemeral_answer_is_seen_only_by_the_clicker(clean):
    server, d, chan, ada, bob = clean
    d.run(ada, chan, "/demo counter")
    reply = d.click(bob, chan, "Secret")
    assert reply.ephemeral
    assert any(m.content == "only you see this" for m in d.ephemeral_to(bob))
    assert all(m.content != "only you see this" for m in d.ephemeral_to(ada))
    assert all(m.content != "only you see this" for m in d.public_messages(chan))


def test_picking_in_a_select_menu_after_a_deferred_update(clean):
    server, d, chan, ada, bob = clean
    d.run(ada, chan, "/demo flavours")
    reply = d.select(bob, chan, ["mint"])
    assert reply.interaction.response_type == 6
    assert d.latest_public(chan).content == "Bob picked mint"
    with pytest.raises(DriverError):
        d.select(bob, d.public_messages(chan)[-2], ["cherry"])


def test_a_button_opens_a_form_and_the_form_sent_comes_back_as_an_interaction(clean):
    server, d, chan, ada, bob = clean
    d.run(ada, chan, "/demo naming")
    opened = d.click(bob, chan, "Name it")
    assert opened.interaction.response_type == 9 and opened.messages == []
    form = opened.interaction.modal
    assert form["title"] == "Name the counter" and form["components"][0]["type"] == 18
    sent = d.submit(bob, opened, name="Clicks")
    assert sent.interaction.type == 5 and sent.interaction.response_type == 7
    assert d.latest_public(chan).content == "Clicks 0"  # the form's button message, updated


def test_a_form_refuses_what_discords_client_would_not_send(clean):
    server, d, chan, ada, bob = clean
    d.run(ada, chan, "/demo naming")
    opened = d.click(bob, chan, "Name it")
    with pytest.raises(DriverError, match="required"):
        d.submit(bob, opened, name="")
    with pytest.raises(DriverError, match="1 to 20"):
        d.submit(bob, opened, name="x" * 21)
    with pytest.raises(DriverError, match="no field"):
        d.submit(bob, opened, name="Mine", colour="red")
    with pytest.raises(DriverError, match="only to the user"):
        d.submit(ada, opened, name="Mine")


def test_autocomplete_choices_come_back(clean):
    server, d, chan, ada, _ = clean
    choices = d.autocomplete(ada, chan, "/demo pick", "fruit", "fruit1")
    assert [c["value"] for c in choices][:3] == ["fruit1", "fruit10", "fruit11"]
    assert len(choices) == 11


def test_more_than_25_autocomplete_choices_is_an_error(clean):
    server, d, chan, ada, _ = clean
    # typing "many" makes the demo ignore the limit; the refused answer leaves the user waiting
    server.state.response_deadline = 0.3
    try:
        with pytest.raises(DriverError):
            d.autocomplete(ada, chan, "/demo pick", "fruit", "many")
    finally:
        server.state.response_deadline = 3.0
    assert any("data.choices: Must be 25 or fewer" in e for e in server.state.errors)


def test_answer_after_the_deadline_fails_the_interaction(clean):
    server, d, chan, ada, _ = clean
    server.state.response_deadline = 0.3
    try:
        reply = d.run(ada, chan, "/demo late")
    finally:
        server.state.response_deadline = 3.0
    assert reply.failed and reply.messages == []
    assert any("not acknowledged" in e for e in server.state.errors)


def test_message_over_2000_characters_is_refused(clean):
    server, d, chan, ada, _ = clean
    reply = d.run(ada, chan, "/demo long")
    assert reply.ephemeral and reply.messages[0].content == "could not"
    assert any("content: Must be 2000 or fewer in length" in e for e in server.state.errors)


def test_channel_message_edit_and_thread(clean):
    server, d, chan, ada, _ = clean
    d.run(ada, chan, "/demo channel")
    message = d.latest_public(chan)
    assert message.content == "edited in the channel" and message.images()
    assert any(c.parent_id == chan.id for c in server.state.channels.values())
    url = shapes.message(server.state, message)["attachments"][0]["url"]
    assert urllib.request.urlopen(url).read() == message.attachments[0].data


def test_second_answer_to_an_interaction_is_an_error(clean):
    server, d, chan, ada, _ = clean
    reply = d.run(ada, chan, "/demo counter")
    record = reply.interaction
    req = urllib.request.Request(
        f"{server.api_base}/interactions/{record.id}/{record.token}/callback",
        data=json.dumps({"type": 4, "data": {"content": "again"}}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req)
    assert err.value.code == 400
    assert any("answered twice" in e for e in server.state.errors)


def test_unknown_command_cannot_be_run(clean):
    _, d, chan, ada, _ = clean
    with pytest.raises(DriverError):
        d.run(ada, chan, "/nope")
    with pytest.raises(DriverError):
        d.run(ada, chan, "/demo hello")  # required option missing


def test_reconnect_request_resumes_the_session(clean):
    server, d, chan, ada, bob = clean
    server.disconnect_bot(reconnect_op=True)
    server.wait_until(
        lambda: server.gateway.resumes >= 1 and server.gateway.active.ws is not None, what="resume"
    )
    reply = d.run(ada, chan, "/demo hello", who=bob)
    assert reply.messages[0].content == f"hello <@{bob.id}>"


def test_bot_process_killed_and_restarted_keeps_its_persistent_buttons(tmp_path):
    from tests.localdiscord.botprocess import BotProcess

    with LocalDiscord() as server:
        d = Driver(server)
        chan, ada = d.channel("games"), d.user("Ada")
        bot = BotProcess(
            server, [], entry="tests.localdiscord.demo_bot:main", log_path=tmp_path / "bot.log"
        )
        bot.start()
        try:
            d.run(ada, chan, "/demo counter")
            old = d.latest_public(chan)
            bot.kill()
            assert not server.bot_connected() or server.wait_until(
                lambda: not server.bot_connected()
            )
            bot.start()
            assert server.gateway.identifies == 2
            d.click(ada, old, "Plus one")
            assert d.latest_public(chan).content == "count 1"
            assert server.state.errors == []
        finally:
            bot.stop()


def test_guild_commands_are_kept_apart_from_global_ones(clean):
    server, *_ = clean
    req = urllib.request.Request(
        f"{server.api_base}/applications/{server.state.application_id}/guilds/{server.state.guild_id}/commands",
        data=json.dumps([{"name": "local", "description": "Guild only", "type": 1}]).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bot {server.state.token}"},
        method="PUT",
    )
    stored = json.loads(urllib.request.urlopen(req).read())
    assert stored[0]["guild_id"] == str(server.state.guild_id)
    assert [c["name"] for c in server.commands()] == ["local", "demo"]
    server.call(lambda: server.state.guild_commands.clear())


def test_requests_without_the_bot_token_are_unauthorized(clean):
    server, *_ = clean
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(f"{server.api_base}/users/@me")
    assert err.value.code == 401


def test_a_dropped_gateway_socket_is_resumed(clean):
    server, d, chan, ada, bob = clean
    resumes = server.gateway.resumes
    server.disconnect_bot(reconnect_op=False)
    server.wait_until(
        lambda: server.gateway.resumes > resumes and server.gateway.active.ws is not None,
        what="resume",
    )
    reply = d.run(ada, chan, "/demo hello", who=bob)
    assert reply.messages[0].pinged == [bob.id]


def test_no_member_events_reach_a_bot_without_the_members_intent(clean):
    server, d, *_ = clean
    d.user("Newcomer")
    events = server.call(lambda: [e["t"] for e in server.gateway.active.events])
    assert "GUILD_MEMBER_ADD" not in events
    assert server.state.intents & GUILD_MEMBERS_INTENT == 0


def test_a_direct_message_reaches_the_user(clean):
    server, d, chan, ada, _ = clean
    reply = d.run(ada, chan, "/demo dm")
    assert reply.messages[0].content == "sent"
    assert [m.content for m in d.dms_to(ada)] == ["a private hello"]
    assert server.state.errors == []


def test_a_user_with_closed_dms_gets_none_and_the_bot_hears_50007(clean):
    server, d, chan, *_ = clean
    hermit = d.user("Hermit", dms_open=False)
    reply = d.run(hermit, chan, "/demo dm")
    assert reply.messages[0].content == "could not (50007)"
    assert d.dms_to(hermit) == []
