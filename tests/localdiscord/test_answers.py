"""The local Discord answers as Discord does: the spec's shapes (every answer here is checked
against the spec), the statuses, and direct messages including a user who refuses them."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from localdiscord import shapes
from localdiscord.protocol import GUILD_MEMBERS_INTENT
from localdiscord.server import LocalDiscord
from tests.localdiscord.rest import callback, interaction, send


@pytest.fixture(scope="module")
def server():
    with LocalDiscord(check_responses=True) as s:
        s.ada = s.add_user("Ada")
        s.hermit = s.add_user("Hermit", dms_open=False)
        s.chan = s.add_channel("games")
        yield s


@pytest.fixture(autouse=True)
def _answers_have_the_specs_shape(server):
    server.call(server.state.errors.clear)
    yield
    assert server.call(lambda: list(server.state.errors)) == []


def _buttons(*labels: str) -> list[dict]:
    return [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 1, "custom_id": label, "label": label} for label in labels
            ],
        }
    ]


def test_a_deferred_response_hands_back_no_message(server):
    status, answer = callback(server, interaction(server), {"type": 5})
    assert status == 200
    assert answer["interaction"]["response_message_loading"] is True
    assert "resource" not in answer


def test_an_immediate_response_hands_back_its_message(server):
    status, answer = callback(server, interaction(server), {"type": 4, "data": {"content": "hi"}})
    assert status == 200
    assert answer["resource"]["type"] == 4
    assert answer["resource"]["message"]["content"] == "hi"


def test_components_get_numeric_ids_in_reading_order(server):
    status, message = send(
        server, "POST", f"channels/{server.chan.id}/messages", {"components": _buttons("a", "b")}
    )
    assert status == 200
    row = message["components"][0]
    assert [row["id"], *(c["id"] for c in row["components"])] == [1, 2, 3]


def test_a_clicked_messages_answer_names_the_message_clicked(server):
    _, posted = send(
        server, "POST", f"channels/{server.chan.id}/messages", {"components": _buttons("a")}
    )
    click = interaction(server, kind=3, message_id=int(posted["id"]))
    _, answer = callback(server, click, {"type": 4, "data": {"content": "clicked"}})
    meta = answer["resource"]["message"]["interaction_metadata"]
    assert meta["interacted_message_id"] == posted["id"]


def test_a_thread_is_created_with_201(server):
    status, thread = send(
        server, "POST", f"channels/{server.chan.id}/threads", {"name": "chat", "type": 11}
    )
    assert (status, thread["type"], thread["parent_id"]) == (201, 11, str(server.chan.id))


def test_application_info_has_the_fields_discord_sends(server):
    status, app = send(server, "GET", "oauth2/applications/@me")
    assert status == 200 and app["id"] == str(server.state.application_id)


def test_without_the_members_intent_the_guild_lists_only_the_bot(server):
    server.call(lambda: setattr(server.state, "intents", 0))
    members = server.call(lambda: shapes.guild(server.state))["members"]
    assert [m["user"]["id"] for m in members] == [str(server.state.bot.id)]
    server.call(lambda: setattr(server.state, "intents", GUILD_MEMBERS_INTENT))
    members = server.call(lambda: shapes.guild(server.state))["members"]
    assert {m["user"]["id"] for m in members} >= {str(server.ada.id), str(server.hermit.id)}
    server.call(lambda: setattr(server.state, "intents", 0))


# -- direct messages -----------------------------------------------------------------------------
def _open_dm(server: LocalDiscord, user_id: int) -> tuple[int, dict]:
    return send(server, "POST", "users/@me/channels", {"recipient_id": str(user_id)})


def test_opening_a_dm_gives_one_channel_per_user(server):
    status, channel = _open_dm(server, server.ada.id)
    assert status == 200 and channel["type"] == 1
    assert [u["id"] for u in channel["recipients"]] == [str(server.ada.id)]
    assert _open_dm(server, server.ada.id)[1]["id"] == channel["id"]


def test_a_message_posted_to_a_dm_reaches_the_user(server):
    _, channel = _open_dm(server, server.ada.id)
    status, message = send(
        server, "POST", f"channels/{channel['id']}/messages", {"content": "your turn"}
    )
    assert status == 200 and "guild_id" not in message
    assert [m.content for m in server.dms_to(server.ada.id)][-1] == "your turn"


def test_a_user_with_closed_dms_cannot_be_sent_one(server):
    status, channel = _open_dm(server, server.hermit.id)
    assert status == 200  # opening works; Discord refuses only the message
    status, answer = send(
        server, "POST", f"channels/{channel['id']}/messages", {"content": "your turn"}
    )
    assert (status, answer["code"]) == (403, 50007)
    assert server.dms_to(server.hermit.id) == []


def test_a_dm_to_an_unknown_user_cannot_be_opened(server):
    status, answer = _open_dm(server, 12345)
    assert (status, answer["code"]) == (404, 10013)


def _request_whole_member_list(server: LocalDiscord, intents: int) -> tuple[list[str], int | None]:
    """Identify with ``intents``, ask for every member (op 8); the events seen and close code."""

    async def go() -> tuple[list[str], int | None]:
        seen: list[str] = []
        async with aiohttp.ClientSession() as http, http.ws_connect(server.gateway_url) as ws:
            await ws.receive_json()  # hello
            identify = {"token": server.state.token, "intents": intents, "properties": {}}
            await ws.send_json({"op": 2, "d": identify})
            await ws.send_json(
                {"op": 8, "d": {"guild_id": str(server.state.guild_id), "query": "", "limit": 0}}
            )
            while not ws.closed:
                msg = await ws.receive(timeout=5)
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                seen.append(json.loads(msg.data).get("t"))
                if seen[-1] == "GUILD_MEMBERS_CHUNK":
                    break
            return seen, ws.close_code

    return asyncio.run(go())


def test_the_whole_member_list_needs_the_members_intent(server):
    seen, code = _request_whole_member_list(server, intents=1)
    assert "GUILD_MEMBERS_CHUNK" not in seen and code == 4013
    assert server.call(lambda: server.state.errors.pop()).startswith("requested the member list")
    seen, _ = _request_whole_member_list(server, intents=1 | GUILD_MEMBERS_INTENT)
    assert seen[-1] == "GUILD_MEMBERS_CHUNK"
