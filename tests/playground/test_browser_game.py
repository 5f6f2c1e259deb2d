"""A whole game of Cemetery Creatures played in a headless browser on ``./tabletop local``'s
page, by clicking: commands typed with the bot's own autocomplete, seats switched as the turn
passes, every move made through the private "Choose your move" answer.

Checked along the way: each seat sees only its own private answers (never another seat's, and
the seat watching sees none), the board image changes as the game goes on, the player to move
is the one whose view highlights the ping, and the end shows the result to everyone. Then the
spectator page (``/game watch``) shows the last board, the log and a slider through every turn.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from tests.playground.browser import BrowserError

pytestmark = pytest.mark.slow

SNAPSHOT = """[...document.querySelectorAll('#messages .message')].map(el => ({
  id: el.dataset.id,
  ephemeral: el.classList.contains('ephemeral'),
  mentioned: el.classList.contains('mentioned'),
  failure: el.classList.contains('failure'),
  text: el.innerText,
  mentions: [...el.querySelectorAll('.text .mention[data-user]')].map(x => x.dataset.user),
  buttons: [...el.querySelectorAll('button[data-custom-id]')].map(b => ({
    label: b.textContent, id: b.dataset.customId, disabled: b.disabled})),
  selects: [...el.querySelectorAll('select[data-custom-id]')].map(s => ({
    id: s.dataset.customId, multiple: s.multiple,
    options: [...s.options].filter(o => o.value).map(o => o.value)})),
  images: [...el.querySelectorAll('img.attachment')].map(i => i.getAttribute('src')),
}))"""
CHOOSE = "Choose your move (privately)"
MAX_MOVES = 400


class Player:
    """One browser tab on the local channel, acting as whichever seat is selected."""

    def __init__(self, page, world: dict, settle):
        self.page = page
        self.settle = settle  # waits until the bot has answered everything (a user's pace)
        self.names = {s["id"]: s["name"] for s in world["seats"]}
        self.seat = page.evaluate("document.body.dataset.drawnSeat")
        self.private_seen: dict[str, set[str]] = {name: set() for name in self.names.values()}

    def messages(self) -> list[dict]:
        shown = self.page.evaluate(SNAPSHOT)
        self.private_seen[self.seat].update(m["id"] for m in shown if m["ephemeral"])
        return shown

    def switch(self, name: str) -> None:
        if name == self.seat:
            return
        self.page.click(f"button.seat[data-seat='{name}']")
        self.page.wait_for(f"document.body.dataset.drawnSeat === {json.dumps(name)}")
        self.seat = name

    def command(self, text: str) -> None:
        before = self.page.evaluate("document.body.dataset.drawn")
        self.page.type_text("#box", text)
        self.page.press("Escape", 27)
        self.page.press_enter()
        self.page.wait_for("document.getElementById('box').value === ''", what=f"{text} sent")
        self.page.wait_for(f"document.body.dataset.drawn !== {json.dumps(before)}")

    def wait_for_message(self, after: str, predicate, what: str) -> dict:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            for m in self.messages():
                if int(m["id"]) > int(after) and predicate(m):
                    return m
            time.sleep(0.05)
        note = self.page.evaluate("document.getElementById('composer-note').textContent")
        shown = [
            (m["id"], m["ephemeral"], m["text"][-90:], [b["id"] for b in m["buttons"]])
            for m in self.messages()[-6:]
        ]
        raise BrowserError(
            f"no {what} after {after} for {self.seat} (note: {note!r}); it sees: {shown}"
        )

    def click(self, message: dict, custom_id: str) -> None:
        self.settle()
        self.page.click(
            f"article.message[data-id='{message['id']}'] "
            f"button[data-custom-id={json.dumps(custom_id)}]"
        )

    def pick(self, message: dict, select: dict, value: str) -> None:
        """Choose in a select menu (a native menu cannot be clicked in a headless browser)."""
        self.page.evaluate(
            f"""(() => {{
              const s = document.querySelector(
                "article.message[data-id='{message["id"]}'] select[data-custom-id=" +
                {json.dumps(json.dumps(select["id"]))} + "]");
              s.value = {json.dumps(value)};
              s.dispatchEvent(new Event('change'));
            }})()"""
        )


def _public_turn(messages: list[dict]) -> dict | None:
    public = [m for m in messages if not m["ephemeral"] and (m["buttons"] or m["selects"])]
    return public[-1] if public else None


def _image_hash(page, src: str) -> str:
    return page.evaluate(
        f"""fetch({json.dumps(src)}).then(r => r.arrayBuffer())
            .then(b => crypto.subtle.digest('SHA-256', b))
            .then(d => [...new Uint8Array(d)].map(x => x.toString(16).padStart(2, '0')).join(''))"""
    )


def _open(local, chromium, seat: str, channel: str = "games") -> Player:
    world = {"seats": [{"id": str(u.id), "name": u.name} for u in local.page.seats]}
    page = chromium.open(local.url + f"?seat={seat}&channel={channel}")
    page.wait_for(f"document.body.dataset.drawnSeat === {json.dumps(seat)}")
    return Player(page, world, lambda: local.server.settle(quiet=0.05))


def _open_game(you: Player, typed: str, title: str, value: str) -> None:
    """Ada opens the game (picked from the bot's own suggestions), Bruno joins, Ada starts."""
    you.switch("Ada")
    page = you.page
    page.type_text("#box", f"/game new game:{typed}")
    page.wait_for(
        "[...document.querySelectorAll('#suggestions .suggestion .label')]"
        f".some(l => l.textContent === {json.dumps(title)})",
        what="the game suggested",
    )
    page.click("#suggestions .suggestion")
    assert page.evaluate("document.getElementById('box').value") == f"/game new game:{value} "
    page.press_enter()
    page.wait_for("document.getElementById('box').value === ''")
    lobby = you.wait_for_message("0", lambda m: "Ada opened a game" in m["text"], "lobby")
    you.switch("Bruno")
    you.command("/game join")
    you.wait_for_message(lobby["id"], lambda m: "Bruno joined" in m["text"], "join")
    you.switch("Ada")
    you.command("/game start")


def _next_turn(you: Player, after: str) -> dict:
    """The public turn message (or the end) posted after message ``after``."""
    return you.wait_for_message(
        after,
        lambda m: not m["ephemeral"] and (m["buttons"] or "Game over" in m["text"]),
        "turn message",
    )


def _move(you: Player, turn: dict, rng: random.Random, check=lambda seat, shown: None) -> None:
    """The seat pinged by ``turn`` makes one move through its private "Choose your move"."""
    (mover_id,) = set(turn["mentions"]) & set(you.names)
    you.switch(you.names[mover_id])
    turn = next(m for m in you.messages() if m["id"] == turn["id"])
    assert turn["mentioned"], "the player to move sees the ping highlighted"
    choose = next((b for b in turn["buttons"] if b["label"] == CHOOSE), None)
    private = turn
    if choose is not None:
        you.click(turn, choose["id"])
        private = you.wait_for_message(
            turn["id"], lambda m: m["ephemeral"] and (m["buttons"] or m["selects"]), "moves"
        )
    check(you.seat, you.messages())
    offered = [b for b in private["buttons"] if not b["disabled"]]
    if offered:
        you.click(private, rng.choice(offered)["id"])
    else:
        menu = private["selects"][0]
        you.pick(private, menu, rng.choice(menu["options"]))


def _play_to_the_end(you: Player, rng: random.Random, check=lambda seat, shown: None) -> tuple:
    """Every move through the private "Choose your move" answer, as the seat whose turn it is;
    returns the board images seen and the number of moves."""
    boards: list[str] = []
    moves = 0
    last_turn = "0"
    while moves < MAX_MOVES:
        turn = _next_turn(you, last_turn)
        last_turn = turn["id"]
        boards.extend(src for src in turn["images"] if src not in boards)
        if "Game over" in turn["text"]:
            return boards, moves
        _move(you, turn, rng, check)
        moves += 1
    pytest.fail(f"the game did not end in {MAX_MOVES} moves")


def test_a_whole_game_is_played_by_clicking_and_each_seat_sees_only_its_own_secrets(
    local, chromium
):
    you = _open(local, chromium, "Ada")
    _open_game(you, "race", "Race to 21, secret words (test game)", "toy_secret")

    def no_other_secrets(seat: str, shown: list[dict]) -> None:
        # the move labels name a secret word per player ("amber-ada"): only its owner sees it
        for other in you.names.values():
            if other != seat:
                leaked = [m["text"] for m in shown if f"-{other.lower()})" in m["text"]]
                assert not leaked, f"{seat} sees {other}'s secret: {leaked}"

    boards, moves = _play_to_the_end(you, random.Random(7), no_other_secrets)

    # the result, for everyone, the watcher included
    for name in ("Ada", "Bruno", "Chiara"):
        you.switch(name)
        shown = you.messages()
        no_other_secrets(name, shown)
        ended = [m for m in shown if not m["ephemeral"] and "Game over" in m["text"]]
        assert ended, "no final message"  # (the game's replay may follow it)
        assert "Winner" in ended[-1]["text"], ended[-1]["text"]

    # private answers: each seat saw only its own, the watcher none
    owners = {m.id: m.visible_to for m in local.server.all_messages() if m.ephemeral}
    for name, seen in you.private_seen.items():
        seat_id = next(i for i, n in you.names.items() if n == name)
        assert all(str(owners[int(mid)]) == seat_id for mid in seen), name
    assert you.private_seen["Ada"] and you.private_seen["Bruno"]
    assert not you.private_seen["Chiara"]

    # the board image changed as the game went on
    assert moves >= 7 and len(boards) == moves + 1
    assert _image_hash(you.page, boards[0]) != _image_hash(you.page, boards[-1])
    assert not [m for m in you.messages() if m["failure"]], "an interaction failed"
    assert chromium.console == []


def test_the_spectator_link_shows_the_result_the_log_and_every_turns_board(local, chromium):
    you = _open(local, chromium, "Ada", "more-games")
    _open_game(you, "race", "Race to 21, secret words (test game)", "toy_secret")
    _, moves = _play_to_the_end(you, random.Random(3))

    links = []
    for name in ("Chiara", "Bruno"):  # anyone in the channel may ask; the link stays the same
        you.switch(name)
        you.command("/game watch")
        answer = you.wait_for_message("0", lambda m: "/watch/" in m["text"], "watch link")
        assert answer["ephemeral"]
        links.append(
            you.page.evaluate(
                f"document.querySelector(\"article[data-id='{answer['id']}'] a[href*='/watch/']\").href"
            )
        )
    assert links[0] == links[1]
    token = links[0].rsplit("/", 1)[1]
    assert len(token) >= 22  # 128 random bits, URL-safe base64

    page = you.page
    page.goto(links[0])
    page.wait_for("document.body.dataset.version !== undefined", what="the game loaded")
    assert "wins" in page.evaluate("document.getElementById('result').textContent")
    assert page.evaluate("document.getElementById('turn').max") == str(moves)
    assert page.evaluate("document.body.dataset.turn") == str(moves)  # the latest board first
    page.wait_for(
        "document.getElementById('board').complete && document.getElementById('board').naturalWidth > 0"
    )
    latest = page.evaluate("document.getElementById('board').src")
    log = page.evaluate("document.getElementById('log').innerText")
    assert "The game begins: Ada, Bruno." in log and "wins" in log.splitlines()[-1]

    page.click("#prev")
    page.wait_for(f"document.body.dataset.turn === '{moves - 1}'")
    page.wait_for(
        "document.getElementById('board').complete && document.getElementById('board').naturalWidth > 0"
    )
    assert page.evaluate("document.getElementById('board').src") != latest
    assert _image_hash(page, latest) != _image_hash(
        page, page.evaluate("document.getElementById('board').src")
    )

    text = page.evaluate("document.body.innerText")
    assert not [w for w in ("-ada)", "-bruno)") if w in text], "a secret word is on the page"
    missing = page.evaluate(
        f"fetch({json.dumps(links[0][: -len(token)] + 'A' * len(token) + '/game.json')})"
        ".then(r => r.status)"
    )
    assert missing == 404


def test_a_real_game_moves_with_typed_play_commands_and_ends_on_a_concession(local, chromium):
    """Cemetery Creatures: moves by clicking and by ``/play`` with the bot's suggestions of the
    mover's own moves; the board image changes; a concession ends it with the winner shown."""
    you = _open(local, chromium, "Ada", "general")
    _open_game(you, "cem", "Cemetery Creatures", "cemetery")
    start = you.wait_for_message("0", lambda m: "the game starts" in m["text"], "start")
    first_board = start["images"][0]

    # a move typed: /play action:, picked from what the bot suggests to the player to move
    (mover_id,) = set(start["mentions"]) & set(you.names)
    you.switch(you.names[mover_id])
    page = you.page
    page.type_text("#box", "/play action:")
    page.wait_for("document.querySelectorAll('#suggestions .suggestion').length > 0")
    page.click("#suggestions .suggestion")
    assert page.evaluate("document.getElementById('box').value").startswith("/play action:")
    page.press_enter()
    # a new turn message, or the turn's message edited in place while the same seat acts on
    after = you.wait_for_message(
        str(int(start["id"]) - 1),
        lambda m: (
            not m["ephemeral"]
            and m["images"]
            and m["images"][0].split("?")[0] != first_board.split("?")[0]
        ),
        "move",
    )
    assert _image_hash(page, after["images"][0]) != _image_hash(page, first_board)

    # the other seat sees the new board too, and the ping is theirs when it is their turn
    (next_id,) = set(after["mentions"]) & set(you.names)
    page.wait_for(
        f"document.querySelector(\"#seats .seat[data-seat='{you.names[next_id]}']\")"
        ".classList.contains('pinged')",
        what="the seat to move marked",
    )
    you.switch(you.names[next_id])
    assert next(m for m in you.messages() if m["id"] == after["id"])["mentioned"]

    # a spectator page opened now follows the game to its end
    you.command("/game watch")
    answer = you.wait_for_message(after["id"], lambda m: "/watch/" in m["text"], "watch link")
    link = page.evaluate(
        f"document.querySelector(\"article[data-id='{answer['id']}'] a[href*='/watch/']\").href"
    )
    watcher = chromium.open(link)
    watcher.wait_for("document.body.dataset.version !== undefined", what="the watch page")
    assert watcher.evaluate("document.getElementById('turn').max") == "1"  # start, one move
    assert watcher.evaluate("document.getElementById('result').hidden")

    you.command("/game concede")
    end = you.wait_for_message(after["id"], lambda m: "Game over" in m["text"], "the end")
    assert "conceded" in end["text"]
    watcher.wait_for(
        "!document.getElementById('result').hidden", timeout=15, what="the result on the page"
    )
    assert "wins" in watcher.evaluate("document.getElementById('result').textContent")
    assert watcher.evaluate("document.getElementById('turn').max") == "2"  # and the concession
    you.switch("Chiara")
    shown = [m for m in you.messages() if not m["ephemeral"]]
    assert [m for m in shown if "Game over" in m["text"]][-1]["id"] == end["id"]
    assert chromium.console == []


def test_a_game_opened_in_a_thread_shows_the_thread_under_its_channel(local, chromium):
    you = _open(local, chromium, "Dev" if len(local.page.seats) > 3 else "Chiara", "general")
    you.command("/game new game:cemetery thread:true")
    page = you.page
    page.wait_for("document.querySelector('#channels .channel.thread') !== null", what="thread")
    page.click("#channels .channel.thread")
    you.wait_for_message("0", lambda m: "opened a game" in m["text"], "the lobby in the thread")
    you.command("/host abort")


def test_an_amount_is_typed_in_a_form_the_page_shows(local, chromium):
    """Monopoly: the trade's cash is typed in the form the bot opens (a dialog on the page);
    a bad amount is answered privately, a good one updates the private panel."""
    you = _open(local, chromium, "Ada", "more-games")
    before = str(max((int(m["id"]) for m in you.messages()), default=0))  # an earlier game's
    _open_game(you, "mono", "Monopoly: Rick and Morty", "monopoly")
    start = you.wait_for_message(before, lambda m: "the game starts" in m["text"], "start")
    (mover_id,) = set(start["mentions"]) & set(you.names)
    you.switch(you.names[mover_id])
    turn = next(m for m in you.messages() if m["id"] == start["id"])
    # starting a trade is the player's private business: on their panel, not the board
    assert not any(b["label"].startswith("Start a trade") for b in turn["buttons"])
    you.click(turn, next(b["id"] for b in turn["buttons"] if b["label"] == CHOOSE))
    panel = you.wait_for_message(
        turn["id"], lambda m: m["ephemeral"] and m["buttons"], "the private panel"
    )
    you.click(
        panel, next(b["id"] for b in panel["buttons"] if b["label"].startswith("Start a trade"))
    )
    panel = you.wait_for_message(
        str(int(panel["id"]) - 1),
        lambda m: (
            m["ephemeral"] and any(b["label"].startswith("Offer shmeckles") for b in m["buttons"])
        ),
        "the trade drafted privately",
    )
    offer = next(b for b in panel["buttons"] if b["label"].startswith("Offer shmeckles"))
    page = you.page
    for typed, expect in (("lots", "whole number"), ("120", "Offer 120 shmeckles")):
        you.click(panel, offer["id"])
        page.wait_for("document.getElementById('form-dialog').open", what="the form")
        assert (
            page.evaluate("document.getElementById('form-title').textContent") == "Offer shmeckles"
        )
        page.type_text("#form-fields input", typed)
        page.click("#form-body button[type=submit]")
        page.wait_for("!document.getElementById('form-dialog').open", what="the form sent")
        you.wait_for_message(
            str(int(panel["id"]) - 1), lambda m, e=expect: m["ephemeral"] and e in m["text"], expect
        )
        panel = next(m for m in you.messages() if m["id"] == panel["id"])
    assert chromium.console == []
