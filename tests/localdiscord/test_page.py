"""The page's web app acts for a seat only on what that seat can see (no bot needed: messages
are put straight into the local Discord)."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request

import pytest

from localdiscord.protocol import EPHEMERAL
from localdiscord.records import Interaction
from localdiscord.server import LocalDiscord
from localdiscord.web.page import LocalPage

PNG = b"\x89PNG\r\n\x1a\n" + b"0" * 16
MENU = {
    "type": 1,
    "components": [
        {
            "type": 3,
            "custom_id": "menu",
            "min_values": 1,
            "max_values": 1,
            "options": [{"label": "Red", "value": "red"}, {"label": "Blue", "value": "blue"}],
        }
    ],
}


@pytest.fixture(scope="module")
def world():
    server = LocalDiscord().start()
    ada, bruno = server.add_user("Ada"), server.add_user("Bruno")
    games = server.add_channel("games")
    page = LocalPage(server, [ada, bruno], [games])
    asyncio.run_coroutine_threadsafe(page.start(), server.loop).result(10)
    dispatched: list[dict] = []
    server.create_interaction = lambda **kw: dispatched.append(kw) or 1  # no bot here

    def post(body: dict, *, files=(), ephemeral_to=None) -> str:
        def make():
            interaction = None
            if ephemeral_to is not None:
                interaction = Interaction(
                    id=server.state.ids.next(),
                    token="t",
                    type=2,
                    user_id=ephemeral_to.id,
                    channel_id=games.id,
                    data={"name": "game"},
                    created=0.0,
                )
                server.state.interactions[interaction.id] = interaction
                body["flags"] = EPHEMERAL
            return str(
                server.state.new_message(games.id, body, list(files), interaction=interaction).id
            )

        return server.call(make)

    yield server, page, ada, bruno, games, dispatched, post
    asyncio.run_coroutine_threadsafe(page.stop(), server.loop).result(10)
    server.stop()


@pytest.fixture(autouse=True)
def _nothing_dispatched_yet(world):
    world[5].clear()


def _call(page, path: str, body: dict | None = None) -> tuple[int, dict | bytes]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{page.port}{path}",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            raw = response.read()
            status = response.status
    except urllib.error.HTTPError as exc:
        raw, status = exc.read(), exc.code
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw


def test_a_seat_sees_public_messages_and_only_its_own_private_ones(world):
    server, page, ada, bruno, games, _, post = world
    public = post({"content": "everyone"})
    mine = post({"content": "for Ada only"}, ephemeral_to=ada)
    theirs = post({"content": "for Bruno only"}, ephemeral_to=bruno)
    _, seen = _call(page, f"/api/messages?seat={ada.id}&channel={games.id}")
    ids = [m["id"] for m in seen["messages"]]
    assert public in ids and mine in ids and theirs not in ids
    assert "for Bruno only" not in json.dumps(seen)


def test_a_seat_cannot_use_a_menu_on_another_seats_private_message(world):
    server, page, ada, bruno, games, dispatched, post = world
    theirs = post({"content": "pick", "components": [MENU]}, ephemeral_to=bruno)
    status, answer = _call(
        page,
        "/api/select",
        {"seat": str(ada.id), "message": theirs, "custom_id": "menu", "values": ["red"]},
    )
    assert status == 400 and not dispatched
    status, _ = _call(
        page,
        "/api/select",
        {"seat": str(bruno.id), "message": theirs, "custom_id": "menu", "values": ["red"]},
    )
    assert status == 200
    (sent,) = dispatched
    assert sent["user"] is bruno and sent["data"] == {
        "custom_id": "menu",
        "component_type": 3,
        "values": ["red"],
    }
    dispatched.clear()


@pytest.mark.parametrize("values", [["green"], [], ["red", "blue"]])
def test_a_menu_takes_only_its_own_options_in_its_own_number(world, values):
    server, page, ada, bruno, games, dispatched, post = world
    public = post({"content": "pick", "components": [MENU]})
    status, answer = _call(
        page,
        "/api/select",
        {"seat": str(ada.id), "message": public, "custom_id": "menu", "values": values},
    )
    assert status == 400 and not dispatched


def test_a_disabled_or_missing_button_cannot_be_clicked(world):
    server, page, ada, bruno, games, dispatched, post = world
    row = {
        "type": 1,
        "components": [{"type": 2, "style": 1, "label": "No", "custom_id": "no", "disabled": True}],
    }
    public = post({"content": "x", "components": [row]})
    for custom_id in ("no", "made-up"):
        status, _ = _call(
            page, "/api/click", {"seat": str(ada.id), "message": public, "custom_id": custom_id}
        )
        assert status == 400
    assert not dispatched


def test_an_image_on_another_seats_private_message_is_not_served(world):
    server, page, ada, bruno, games, dispatched, post = world
    theirs = post(
        {"content": "hand"}, files=[(0, "hand.png", "image/png", PNG)], ephemeral_to=bruno
    )
    (attachment,) = server.call(lambda: server.state.messages[int(theirs)].attachments)
    assert _call(page, f"/attachments/{attachment.id}?seat={ada.id}")[0] == 404
    assert _call(page, f"/attachments/{attachment.id}?seat={bruno.id}") == (200, PNG)


def test_a_png_board_and_a_gif_replay_are_shown_as_pictures_other_files_are_not(world):
    server, page, ada, bruno, games, dispatched, post = world
    files = [
        (0, "board.png", "image/png", PNG),
        (1, "replay.gif", "image/gif", b"GIF89a" + b"0" * 16),
        (2, "log.txt", "text/plain", b"GIF? no, words"),
    ]
    post({"content": "pictures"}, files=files)
    _, seen = _call(page, f"/api/messages?seat={ada.id}&channel={games.id}")
    [message] = [m for m in seen["messages"] if m["content"] == "pictures"]
    assert [a["image"] for a in message["attachments"]] == [True, True, False]


def test_a_command_is_checked_against_the_synced_commands_before_it_is_sent(world):
    server, page, ada, bruno, games, dispatched, post = world
    status, answer = _call(
        page, "/api/command", {"seat": str(ada.id), "channel": str(games.id), "text": "/game new"}
    )
    assert status == 400 and "no command /game" in answer["error"]
    assert (
        _call(page, "/api/command", {"seat": "1", "channel": str(games.id), "text": "/x"})[0] == 400
    )
    assert not dispatched


def test_the_seats_the_latest_ping_is_for_are_marked(world):
    server, page, ada, bruno, games, dispatched, post = world
    post({"content": f"Your move: <@{bruno.id}>"})
    post({"content": "a later message without a ping"})
    post({"content": f"psst <@{ada.id}>"}, ephemeral_to=ada)  # private: not a ping of the channel
    _, seen = _call(page, f"/api/messages?seat={ada.id}&channel={games.id}")
    assert seen["pinged"] == [str(bruno.id)]


def _open_form(server, games, user) -> Interaction:
    form = {
        "custom_id": "ttn:1:2:3",
        "title": "Bid",
        "components": [
            {
                "type": 18,
                "label": "Amount (a whole number)",
                "description": "From 61 to 1500.",
                "component": {"type": 4, "custom_id": "amount", "style": 1, "max_length": 12},
            }
        ],
    }

    def make():
        record = Interaction(
            id=server.state.ids.next(),
            token="f",
            type=3,
            user_id=user.id,
            channel_id=games.id,
            data={"custom_id": "tta:1:2:3"},
            created=0.0,
            modal=form,
        )
        server.state.interactions[record.id] = record
        return record

    return server.call(make)


def _forms(page, seat, games) -> list[dict]:
    return _call(page, f"/api/messages?seat={seat.id}&channel={games.id}")[1]["forms"]


def test_a_form_the_bot_opened_is_shown_to_its_seat_only_and_sent_as_typed(world):
    server, page, ada, bruno, games, dispatched, post = world
    record = _open_form(server, games, ada)
    [shown] = _forms(page, ada, games)
    assert shown["title"] == "Bid" and shown["fields"][0]["description"] == "From 61 to 1500."
    assert _forms(page, bruno, games) == []
    body = {"seat": str(ada.id), "interaction": str(record.id), "values": {"amount": "75"}}
    assert _call(page, "/api/form", body)[0] == 200
    [sent] = dispatched
    assert sent["type"] == 5 and sent["data"]["custom_id"] == "ttn:1:2:3"
    assert sent["data"]["components"][0]["component"]["value"] == "75"
    assert _forms(page, ada, games) == []  # sent: the form closes
    assert _call(page, "/api/form", body)[0] == 400  # and cannot be sent twice


def test_a_form_refuses_what_discords_client_would_not_send_and_can_be_closed(world):
    server, page, ada, bruno, games, dispatched, post = world
    record = _open_form(server, games, ada)
    too_long = {"seat": str(ada.id), "interaction": str(record.id), "values": {"amount": "9" * 13}}
    assert _call(page, "/api/form", too_long)[0] == 400
    theirs = {"seat": str(bruno.id), "interaction": str(record.id), "values": {"amount": "5"}}
    assert _call(page, "/api/form", theirs)[0] == 400
    assert not dispatched
    close = {"seat": str(ada.id), "interaction": str(record.id), "close": True}
    assert _call(page, "/api/form", close)[0] == 200
    assert _forms(page, ada, games) == [] and not dispatched


def _get(page, path: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{page.port}{path}", timeout=10) as got:
            return got.status, got.headers.get_content_type(), got.read()
    except urllib.error.HTTPError as exc:
        return exc.code, "", b""


def test_the_page_its_script_and_its_styles_are_served_with_their_types(world):
    page = world[1]
    assert _get(page, "/")[:2] == (200, "text/html")
    status, kind, script = _get(page, "/static/app.js")
    assert status == 200 and kind.endswith("javascript") and script
    assert _get(page, "/static/style.css")[:2] == (200, "text/css")


def test_only_the_page_s_own_static_files_are_served(world):
    page = world[1]
    for path in ("/static/missing.js", "/static/..%2Fwebapp.py", "/static/%2E%2E", "/static/"):
        assert _get(page, path)[0] == 404, path
