"""The log, lossless: pages split between entries, an entry too long for a page is split across
pages at word ends (never cut), every entry is reachable, and a player reads their own private
events in words while everyone else (other players, the watch page) sees the hidden form."""

from __future__ import annotations

from aiohttp.test_utils import TestClient, TestServer

from bot.simulate import CHANNEL as SIMULATED
from bot.simulate import DB_NAME, simulate
from bot.table import Table
from bot.table.log_pages import CONTINUED, paginate, pieces
from bot.table.looking import entry_words, log_line
from bot.watch.server import WatchServer
from storage import Store
from storage.store import MoveRow
from tests.table.conftest import ADA, BO, CHANNEL, running

WHISPER = "Psst, Ada: your lucky number is"


def entry(events, seq=7, player="Ada") -> MoveRow:
    return MoveRow(
        game_id=1,
        seq=seq,
        kind="move",
        user_id=ADA,
        player=player,
        action_id="take:1",
        events=list(events),
        version=seq,
        created_at=0.0,
        readable=True,
    )


def test_a_long_log_line_is_whole():
    text = "word " * 200
    assert log_line(entry([{"text": text}])) == f"7. {text}"


def test_a_player_reads_their_own_private_event_in_words():
    events = [{"text": "Ada keeps the ace.", "private_to": "Ada"}]
    assert entry_words(entry(events), "Ada") == "(only you see this: Ada keeps the ace.)"


def test_another_player_reads_a_private_choice_in_its_hidden_form():
    events = [{"text": "Ada keeps the ace.", "private_to": "Ada"}]
    assert entry_words(entry(events), "Bo") == "Ada made a choice that only they can see."
    assert entry_words(entry(events)) == "Ada made a choice that only they can see."


def test_a_reader_sees_only_their_own_private_events_beside_the_public_ones():
    events = [
        {"text": "Ada draws."},
        {"text": "Ada drew the ace.", "private_to": "Ada"},
        {"text": "Bo is passed the king.", "private_to": "Bo"},
    ]
    assert (
        entry_words(entry(events), "Bo") == "Ada draws. (only you see this: Bo is passed the king.)"
    )


# -- the pages ------------------------------------------------------------------------------------


def test_an_entry_too_long_for_a_page_is_split_at_word_ends_and_loses_nothing():
    text = " ".join(f"w{i}" for i in range(300))
    lines = pieces(12, text, 100)
    assert len(lines) > 1 and all(len(line) <= 100 for line in lines)
    assert lines[0].startswith("12. w0 ") and lines[1].startswith(f"12. {CONTINUED} ")
    words = [w for line in lines for w in line.split() if w.startswith("w")]
    assert words == text.split()


def test_pages_split_between_entries_never_inside_one_that_fits():
    entries = [(i, "x" * 40) for i in range(1, 11)]
    book = paginate(entries, 50, 100)
    assert all(len("\n".join(page)) <= 100 for page in book)
    assert [line for page in reversed(book) for line in page] == [
        f"{i}. {'x' * 40}" for i in range(1, 11)
    ]


def test_every_entry_is_on_some_page():
    entries = [(i, f"entry {i} " + "y " * (i * 37 % 300)) for i in range(1, 60)]
    book = paginate(entries, 15, 500)
    shown = "\n".join(line for page in reversed(book) for line in page)
    for seq, _ in entries:
        assert f"\n{seq}. entry {seq} " in f"\n{shown}"


def test_the_newest_page_comes_first_and_ends_with_the_newest_entry():
    book = paginate([(1, "a"), (2, "b"), (3, "c")], 2, None)
    assert book == [["2. b", "3. c"], ["1. a"]]


def test_an_empty_log_has_one_empty_page():
    assert paginate([], 15, 100) == [[]]


async def test_the_last_entry_is_on_the_first_page_however_long_the_entries(table):
    game = await running(table)
    for k in range(6):
        text = " ".join([f"n{k}"] * 150)
        await table.note(game_id=game.game.id, kind="pause", user_id=None, text=text)
    info, lines, page, pages = await table.log_page(channel_id=CHANNEL, page=1, room=1900)
    assert page == 1 and pages > 1
    assert "\n".join(lines).endswith(" ".join(["n5"] * 150))


async def test_a_players_log_holds_their_own_private_words(table):
    await running(table, engine="secret_toy")
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    _, lines, _, _ = await table.log_page(channel_id=CHANNEL, page=1, reader_id=ADA)
    assert WHISPER in "\n".join(lines)


async def test_another_players_log_never_holds_those_private_words(table):
    await running(table, engine="secret_toy")
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    _, lines, _, _ = await table.log_page(channel_id=CHANNEL, page=1, reader_id=BO)
    assert WHISPER not in "\n".join(lines)


async def test_the_watch_page_never_holds_the_words_a_players_log_shows_them(tmp_path):
    await simulate("cemetery", players=2, seed=4, out=tmp_path, images=False)
    store = await Store.open(tmp_path / DB_NAME)
    table = Table(store, render=False)
    client = TestClient(TestServer(WatchServer(table).app()))
    await client.start_server()
    try:
        game = await table.game(channel_id=SIMULATED)
        ada, bruno = game.seats[0], game.seats[1]
        book = []
        for page in range(1, 200):
            _, lines, shown, pages = await table.log_page(
                channel_id=SIMULATED, page=page, reader_id=ada.user_id
            )
            book += lines
            if shown == pages:
                break
        said: dict[str | None, set[str]] = {}
        for move in await store.moves(game.id):
            for e in move.events:
                said.setdefault(e.get("private_to"), set()).add(str(e.get("text")))
        private = said[ada.name] - said[bruno.name] - said[None]  # words only Ada was told
        assert private and all(text in "\n".join(book) for text in private)
        _, others, _, _ = await table.log_page(
            channel_id=SIMULATED, page=1, per_page=10_000, reader_id=bruno.user_id
        )
        token = await table.watch_token(game.id)
        body = await (await client.get(f"/watch/{token}/game.json")).text()
        assert not [t for t in private if t in body or t in "\n".join(others)]
    finally:
        await client.close()
        await table.close_watching()
        await store.close()
