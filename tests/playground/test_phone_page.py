"""``./tabletop local``'s page on a phone (390×844 CSS pixels, 3× density, a touch screen): the
chat takes the width, commands are typed and sent by touch, and a new board is followed to the
bottom once it has loaded (but a reader who scrolled up is left where they are)."""

from __future__ import annotations

import json
import random

import pytest

from tests.playground.browser import IPHONE_14, Page
from tests.playground.test_browser_game import (
    CHOOSE,
    Player,
    _move,
    _next_turn,
    _open,
    _open_game,
)

pytestmark = pytest.mark.slow

LAST_IMAGE = """(() => {
  const box = document.getElementById('messages');
  const images = [...box.querySelectorAll('article.message img.attachment')];
  const img = images[images.length - 1];
  if (!img || !img.complete || !img.naturalHeight) return null;
  const b = box.getBoundingClientRect(), r = img.getBoundingClientRect();
  return {
    message: img.closest('article.message').dataset.id,
    scrollTop: box.scrollTop,
    fromBottom: box.scrollHeight - box.scrollTop - box.clientHeight,
    visible: r.top >= b.top - 1 && r.bottom <= b.bottom + 1,
    width: r.width, boxWidth: b.width,
  };
})()"""


def _phone(local, chromium, seat: str, channel: str) -> Page:
    page = chromium.open(local.url + f"?seat={seat}&channel={channel}", phone=IPHONE_14)
    page.wait_for(f"document.body.dataset.drawnSeat === {json.dumps(seat)}")
    return page


def _switch(page: Page, seat: str) -> None:
    """Seats are in the drawer the menu button opens; picking one closes it."""
    page.tap("#menu-toggle")
    page.tap(f"button.seat[data-seat='{seat}']")
    page.wait_for(f"document.body.dataset.drawnSeat === {json.dumps(seat)}")


def _send(page: Page, text: str, answer: str) -> None:
    page.tap("#box")
    page.send("Input.insertText", {"text": text})
    page.tap("#send")
    page.wait_for("document.getElementById('box').value === ''", what=f"{text} sent")
    page.wait_for(
        f"document.getElementById('messages').innerText.includes({json.dumps(answer)})",
        what=f"the answer to {text}",
    )


def test_the_chat_column_takes_the_phones_width_and_the_sidebar_does_not_cover_it(local, chromium):
    page = _phone(local, chromium, "Ada", "general")
    shown = page.evaluate(
        """(() => {
          const box = document.getElementById('messages');
          const m = box.getBoundingClientRect();
          const hit = document.elementFromPoint(m.left + m.width / 2, m.top + m.height / 2);
          return {width: innerWidth, chat: m.width, page: document.documentElement.scrollWidth,
                  covered: !box.contains(hit), composer: document.getElementById('box')
                    .getBoundingClientRect().width};
        })()"""
    )
    assert shown["width"] == 390
    assert shown["chat"] >= 0.9 * shown["width"], shown
    assert shown["page"] <= shown["width"], "the page scrolls sideways"
    assert not shown["covered"], "something is drawn over the chat"
    assert shown["composer"] >= 0.6 * shown["width"], shown


def _start_game(page: Page) -> None:
    """Ada opens the race, Bruno joins and Ada starts it: commands typed and sent by touch,
    seats switched through the drawer."""
    _send(page, "/game new game:toy_secret", "Ada opened a game")
    _switch(page, "Bruno")
    _send(page, "/game join", "Bruno joined")
    _switch(page, "Ada")
    _send(page, "/game start", "the game starts")


def test_a_command_sent_by_touch_is_answered_and_the_new_board_is_seen_at_the_bottom(
    local, chromium
):
    page = _phone(local, chromium, "Ada", "games")
    _start_game(page)
    board = page.wait_for(
        f"(() => {{ const s = {LAST_IMAGE}; return s && s.fromBottom <= 2 ? s : null; }})()",
        what="the board loaded and the chat at the bottom",
    )
    assert board["visible"], board
    assert board["width"] <= board["boxWidth"], "the board is wider than the chat"
    assert "the game starts" in page.evaluate(
        f"document.querySelector(\"article[data-id='{board['message']}']\").innerText"
    )


def test_a_move_is_made_by_tapping_buttons_a_finger_can_hit(local, chromium):
    page = _phone(local, chromium, "Ada", "general")
    _start_game(page)
    you = Player(
        page,
        {"seats": [{"id": str(u.id), "name": u.name} for u in local.page.seats]},
        local.server.settle,
    )
    turn = _next_turn(you, "0")
    (mover_id,) = set(turn["mentions"]) & set(you.names)
    _switch(page, you.names[mover_id])
    you.seat = you.names[mover_id]
    heights = page.evaluate(
        "[...document.querySelectorAll('#messages button, #send, #menu-toggle')]"
        ".map(b => b.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 44, heights
    choose = next(b for b in turn["buttons"] if b["label"] == CHOOSE)
    page.tap(
        f"article.message[data-id='{turn['id']}'] button[data-custom-id={json.dumps(choose['id'])}]"
    )
    panel = you.wait_for_message(turn["id"], lambda m: m["ephemeral"] and m["buttons"], "moves")
    move = next(b for b in panel["buttons"] if not b["disabled"])
    page.tap(
        f"article.message[data-id='{panel['id']}'] button[data-custom-id={json.dumps(move['id'])}]"
    )
    _next_turn(you, turn["id"])


def test_a_reader_who_scrolled_up_is_not_moved_when_a_new_board_loads(local, chromium):
    you = _open(local, chromium, "Ada", "more-games")  # the players, at a desk
    _open_game(you, "race", "Race to 21, secret words (test game)", "toy_secret")
    reader = _phone(local, chromium, "Chiara", "more-games")
    rng = random.Random(5)
    turn = _next_turn(you, "0")
    while not reader.evaluate(  # enough boards to scroll through
        "(() => { const b = document.getElementById('messages');"
        " return b.scrollHeight > 2 * b.clientHeight; })()"
    ):
        _move(you, turn, rng)
        turn = _next_turn(you, turn["id"])
        assert "Game over" not in turn["text"]
    last = reader.wait_for(LAST_IMAGE, what="the latest board loaded")["message"]
    reader.evaluate("document.getElementById('messages').scrollTop = 0")
    _move(you, turn, rng)
    seen = reader.wait_for(
        f"(() => {{ const s = {LAST_IMAGE}; return s && s.message !== {json.dumps(last)} ? s : null; }})()",
        what="the next board loaded",
    )
    assert seen["scrollTop"] == 0, seen
