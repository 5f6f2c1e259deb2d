"""A burst of moves against Discord's rate limits, lowered so 429s really happen: 40 games of the
toy at once, five rounds of one click in every channel (200 moves). Every move is made once and
shown once, every turn message ends showing its game's final position, and every click is
answered within Discord's 3 seconds (answers are interaction responses, which the global limit
does not count). Run with ``-s`` for its figures: 429s received, retries, time to settle.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

import pytest

from localdiscord.ratelimits import Limits, Window
from localdiscord.records import Channel, Message, User
from tests.e2e.conftest import HAVE_BOT, World
from tests.e2e.observe import GameRow, Witness

CHANNELS = 40
ROUNDS = 5
#: Discord's limits, lowered: the global one to 14 a second (from 50); each channel's posts and edits to
#: 3 per second (the toy's move posts one turn message and edits the previous one)
LIMITS = Limits(
    global_limit=14,
    routes={"messages.post": Window(3, 1.0), "messages.edit": Window(3, 1.0)},
)
TAKE = "Take 1"


@pytest.fixture()
def fresh_world(tmp_path):
    """conftest's world of its own, with the lowered limits (so the refused-request check and
    the bot log's tail on failure apply as to every scenario)."""
    if not HAVE_BOT:
        pytest.skip("the bot's Discord layer is not merged yet")
    w = World(tmp_path, limits=LIMITS)
    w.bot.start()
    yield w
    errors = w.bot.log_errors()
    w.close()
    assert errors == [], "the bot logged errors:\n" + "\n".join(errors)


@dataclass
class Table:
    channel: Channel
    players: list[User]
    witness: Witness


def _all_answered(w: World, iids: list[int], what: str) -> None:
    state = w.server.state
    w.server.wait_until(lambda: all(state.interactions[i].finished for i in iids), 60.0, what)


def _open_tables(w: World) -> list[Table]:
    """40 toy games started, every lobby step sent in every channel at once."""
    d = w.driver
    tables = []
    for n in range(CHANNELS):
        channel = d.channel(f"burst-{n}")
        players = [d.user(f"Ada{n}"), d.user(f"Bob{n}")]
        tables.append(Table(channel, players, Witness(w.db, channel.id)))
    steps = [
        lambda t: d.run_nowait(t.players[0], t.channel, "/game new", game="toy"),
        lambda t: d.run_nowait(t.players[1], t.channel, "/game join"),
        lambda t: d.run_nowait(t.players[0], t.channel, "/game start"),
    ]
    for step in steps:
        _all_answered(w, [step(t) for t in tables], "the lobbies")
    w.server.settle(quiet=0.3, timeout=60.0)
    assert [t.witness.row().status for t in tables] == ["running"] * CHANNELS
    return tables


def _turn_message(w: World, table: Table) -> Message:
    return w.driver.latest_public(table.channel, with_components=True)


def _click_take(w: World, table: Table) -> tuple[int, int]:
    """The awaited player takes one counter; (the interaction id, the clicked message's id)."""
    row = table.witness.row()
    (awaited,) = table.witness.to_act_users(row)
    user = next(u for u in table.players if u.id == awaited)
    turn = _turn_message(w, table)
    button = next(b for b in turn.buttons() if b.get("label") == TAKE)
    return w.driver.click_nowait(user, turn, button["custom_id"]), turn.id


def _shows_final_position(w: World, table: Table, row: GameRow) -> list[str]:
    """What is off about the channel's turn message, for the game's saved position."""
    turn = _turn_message(w, table)
    engine, state = table.witness.engine(row), table.witness.state(row)
    problems = []
    last = w.db.moves(row.id)[-1]
    for event in last.events:
        if event.get("private_to") is None and event["text"] not in turn.content:
            problems.append(f"the last move's {event['text']!r} is not shown")
    (awaited,) = table.witness.to_act_users(row)
    if f"<@{awaited}>" not in turn.content:
        problems.append(f"the awaited player <@{awaited}> is not named")
    versions = {
        int(m.group(1)) for b in turn.buttons() if (m := re.search(r":\d+:(\d+):", b["custom_id"]))
    }
    if versions != {row.version}:
        problems.append(f"its buttons are for versions {versions}, the game is at {row.version}")
    image = turn.images()[0]
    if image.description != f"{engine.title} board. {engine.summary(state)}":
        problems.append(f"its board says {image.description!r}")
    if image.data != table.witness.public_png(row):
        problems.append("its board is not the final position's")
    return [f"#{table.channel.name}: {p}" for p in problems]


def test_a_burst_of_moves_survives_429s(fresh_world):
    w = fresh_world
    tables = _open_tables(w)
    versions = [t.witness.row().version for t in tables]
    first_request = w.server.call(lambda: len(w.server.state.requests))
    first_message = w.driver.last_message_id()
    clicks: list[int] = []
    started = time.monotonic()
    for _ in range(ROUNDS):
        clicked = [_click_take(w, t) for t in tables]
        clicks += [iid for iid, _ in clicked]
        w.server.wait_until(
            lambda clicked=clicked: all(
                _turn_message(w, t).id != mid for t, (_, mid) in zip(tables, clicked, strict=True)
            ),
            60.0,
            "every channel's next turn message",
        )
    w.server.settle(quiet=0.5, timeout=60.0)
    settled = time.monotonic() - started

    state = w.server.state
    answered = w.server.call(
        lambda: [(state.interactions[i].failed, state.interactions[i].acknowledged) for i in clicks]
    )
    assert answered == [(None, True)] * len(clicks), "a click went unanswered within 3 s"
    rows = [t.witness.row() for t in tables]
    assert [r.version - v for r, v in zip(rows, versions, strict=True)] == [ROUNDS] * CHANNELS
    for table, row in zip(tables, rows, strict=True):
        made = [m for m in w.db.moves(row.id) if m.kind == "move"]
        assert len(made) == ROUNDS, f"#{table.channel.name} has {len(made)} moves"
        posted = [
            m
            for m in w.driver.public_messages(table.channel)
            if m.id > first_message and m.images()
        ]
        assert len(posted) == ROUNDS, f"#{table.channel.name}: {len(posted)} turn messages"
    problems = [
        p for t, r in zip(tables, rows, strict=True) for p in _shows_final_position(w, t, r)
    ]
    assert problems == []

    sent = w.server.call(lambda: state.requests[first_request:])
    limited = [n for n, r in enumerate(sent) if r.status == 429]
    retried = [
        n
        for n in limited
        if any((r.method, r.path) == (sent[n].method, sent[n].path) for r in sent[n + 1 :])
    ]
    assert limited, "the lowered limits were never reached: the burst proves nothing"
    assert len(retried) == len(limited), "a rate-limited request was never retried"
    print(
        f"\nburst: moves={ROUNDS * CHANNELS} channels={CHANNELS} requests={len(sent)} "
        f"429s={len(limited)} retries={len(retried)} settled_in={settled:.1f}s"
    )
