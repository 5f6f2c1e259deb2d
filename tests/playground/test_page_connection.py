"""The local page is honest about its connection: when the local server goes away the page says
so (the dot is not green, a banner offers "Reconnect"), a command typed meanwhile is refused in
words and kept in the box, and once a restarted server answers the page joins it (its seats and
channels have new ids) instead of acting as seats that no longer exist.

No bot here: the local Discord and its page are started bare, the way ``./tabletop local``
starts them, and a "restart" is a new pair on the same port; commands are recorded as sent.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from localdiscord.server import LocalDiscord
from localdiscord.web.page import LocalPage
from tests.playground.browser import Page

PING = {"id": "1", "name": "ping", "description": "Are you there?", "type": 1, "options": []}
STALE = """(() => {
  const banner = document.getElementById('banner');
  return !banner.hidden && document.getElementById('connection').className !== 'online'
    && !document.getElementById('reconnect').hidden && banner.innerText;
})()"""
ONLINE = "document.getElementById('connection').className === 'online'"


class LocalServer:
    """A local Discord with two seats and #games, and its page; ``stop`` and ``start`` again
    on the same port is a restart: new ids, no messages."""

    def __init__(self) -> None:
        self.port = 0
        self.sent: list[dict] = []  # the interactions the page sent, as the bot would get them
        self.server: LocalDiscord | None = None
        self.page: LocalPage | None = None

    def start(self) -> LocalServer:
        self.server = server = LocalDiscord().start()
        self.seats = {name: server.add_user(name) for name in ("Ada", "Bruno")}
        self.games = server.add_channel("games")
        server.call(lambda: server.state.guild_commands.update({server.state.guild_id: [PING]}))
        server.create_interaction = lambda **kw: self.sent.append(kw) or 1
        self.page = LocalPage(server, list(self.seats.values()), [self.games])
        self.port = self._run(self.page.start("127.0.0.1", self.port))
        return self

    def stop(self) -> None:
        if self.server is not None and self.page is not None:
            self._run(self.page.stop())
            self.server.stop()
        self.server = self.page = None

    def post(self, text: str) -> None:
        server = self.server

        def post() -> None:
            server.state.new_message(self.games.id, {"content": text}, [])
            server.state.changed()

        server.call(post)

    def _run(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.server.running_loop).result(10)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


@pytest.fixture
def local_server():
    server = LocalServer().start()
    yield server
    server.stop()


def _open(chromium, server: LocalServer, seat: str) -> Page:
    page = chromium.open(server.url + f"?seat={seat}&channel=games")
    page.wait_for(f"document.body.dataset.drawnSeat === {json.dumps(seat)}")
    page.wait_for(ONLINE, what="the page connected")
    return page


def _shows(page: Page, text: str) -> str:
    return f"document.getElementById('messages').innerText.includes({json.dumps(text)})"


def test_a_page_left_open_across_a_restart_says_it_is_stale_then_joins_the_new_server(
    local_server, chromium
):
    page = _open(chromium, local_server, "Bruno")
    local_server.post("before the restart")
    page.wait_for(_shows(page, "before the restart"))

    local_server.stop()
    banner = page.wait_for(STALE, what="the page to say it is not connected")
    assert "not connected" in banner.lower(), banner

    local_server.start()  # new ids for the same seats and channels
    local_server.post("after the restart")
    page.click("#reconnect")
    page.wait_for(_shows(page, "after the restart"), what="the new server's messages")
    assert page.evaluate(ONLINE) and not page.evaluate(STALE)
    assert "restarted" in page.evaluate("document.getElementById('banner').innerText")
    assert not page.evaluate(_shows(page, "before the restart")), "the old session is shown"
    assert page.evaluate("document.body.dataset.drawnSeat") == "Bruno"

    page.type_text("#box", "/ping")
    page.press_enter()
    page.wait_for("document.getElementById('box').value === ''", what="/ping sent")
    (sent,) = local_server.sent
    assert sent["user"] is local_server.seats["Bruno"] and sent["data"]["name"] == "ping"
    assert chromium.console == []


def test_a_command_typed_while_disconnected_is_refused_in_words_and_kept_in_the_box(
    local_server, chromium
):
    page = _open(chromium, local_server, "Ada")
    local_server.stop()
    page.wait_for(STALE, what="the page to say it is not connected")

    page.type_text("#box", "/ping")
    page.press_enter()
    note = page.wait_for(
        "!document.getElementById('composer-note').hidden"
        " && document.getElementById('composer-note').textContent",
        what="the refusal",
    )
    assert "not sent" in note.lower(), note
    assert page.evaluate("document.getElementById('box').value") == "/ping"

    local_server.start()  # the page reconnects by itself (backing off between tries)
    page.wait_for(ONLINE, timeout=30, what="the page to reconnect by itself")
    assert not page.evaluate(STALE)
    page.click("#box")
    page.press_enter()
    page.wait_for("document.getElementById('box').value === ''", what="/ping sent")
    (sent,) = local_server.sent
    assert sent["user"] is local_server.seats["Ada"]
    assert chromium.console == []
