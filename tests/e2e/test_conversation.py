"""What a whole game feels like in the channel, per engine: moves, turns, public posts, pings
and clicks, counted on the local Discord while simulated users play through the bot. Run with:

    ./tabletop test -m bench -s tests/e2e/test_conversation.py

A turn starts when someone who was not awaited becomes awaited (the start is the first); when
several become awaited at once (everyone choosing together), each starts a turn of their own.
Posts are the public messages from the start's turn message on; clicks are the players'
component uses, forms sent (a typed amount) and ``/play`` commands. Targets for every game:
pings <= turns, posts <= turns + 3, clicks <= moves + turns + confirms (a move that loses
something asks "Are you sure?" first: its "Yes" is the one click more), cut_events = 0 (events shown cut
in any message or private answer the players received, or missing whole from the log they read at
the end: :mod:`tests.e2e.cuts`), max_public_buttons <= 5 (the most buttons any public message
showed: :mod:`tests.e2e.buttons`), private_leftovers <= players (the players' private panels
still open when the game ends: an ephemeral message still showing move components).

Now and then (:data:`UNDO_RATE`, seeded) a player takes back a move they may take back, with
"↩ Undo" or ``/play undo``; the line ``undo GAME: steps= undoable= undone= identical=`` counts
the moves, those that could be taken back, those taken back and those taken back to the very
state and every view before the move. Target: identical = undone. An undo is no click of the
conversation's (``clicks`` leaves it out) and no move (``moves`` counts moves made, the
moves taken back among them).

For Monopoly, one more line counts the pings of each auction: the pings of the public posts
made by the moves after which an auction is open (its opening included, the move that resolves
it not: that post awaits the next turn). Target: pings_per_auction_max <= the bidders of that
auction (each asked once, at the same time, for the most they will pay).

Requests are the bot's REST requests from the game's opening to its end, from the local
Discord's own record: ``global`` those counted against Discord's global rate limit, and
``interaction`` the rest (interaction callbacks, follow-ups and ``@original`` edits, which
Discord does not count). Target: global_per_move <= 0.4 for every shipped game (the test games
start a new turn, so a new post, on every move).
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass

import pytest

import engines
from tests.e2e.buttons import MAX_PUBLIC_BUTTONS, max_public_buttons
from tests.e2e.conftest import bot_games
from tests.e2e.cuts import cut_events
from tests.e2e.session import UNDO_ID, GameSession
from tests.e2e.test_whole_games import MAX_MOVES, NAMES, OPTIONS, STEER, player_count
from tests.shipped import shipped_games

#: the bot's components that make or open no move: a page of /game log, Rematch
NOT_MOVES = ("ttg:", "ttr:")
#: how often a simulated player takes back a move they may take back (seeded)
UNDO_RATE = 0.3


def is_undo(interaction) -> bool:
    """An "↩ Undo" click or ``/play undo``: counted on the ``undo`` line, not as a click."""
    data = interaction.data or {}
    if interaction.type == 3:
        return str(data.get("custom_id") or "").startswith(UNDO_ID)
    return any(o.get("value") == "undo" for o in data.get("options") or [])


#: the "Yes, do it" under the question a losing move asks first (bot.discord_app.custom_ids)
CONFIRM = re.compile(r"ttcp?:")


@dataclass
class Auction:
    """One Monopoly auction as the channel lived it."""

    key: tuple
    bidders: int
    pings: int = 0
    closed: bool = False


def _count_auction(d, channel, session, auctions: list[Auction], before: int) -> None:
    """Add the pings of the posts the last move made (ids above ``before``) to the auction
    open after it, if any (a new one when none, or another, was open before)."""
    a = getattr(session.witness.state(), "auction", None) if session.running() else None
    if a is None:
        if auctions:
            auctions[-1].closed = True
        return
    key = (a.item, a.space)
    if not auctions or auctions[-1].closed or auctions[-1].key != key:
        if auctions:
            auctions[-1].closed = True
        auctions.append(Auction(key=key, bidders=len(a.bidders)))
    posts = d.server.call(
        lambda: [
            m
            for m in d.server.state.messages.values()
            if m.id > before and m.channel_id == channel.id and m.public
        ]
    )
    auctions[-1].pings += sum(len(m.pinged) for m in posts)


def shows_moves(message) -> bool:
    """Whether a message still shows a move component someone could click."""
    ids = [
        c.get("custom_id") or ""
        for c in [*message.buttons(), *message.selects()]
        if not c.get("disabled")
    ]
    return any(i.startswith("tt") and not i.startswith(NOT_MOVES) for i in ids)


@pytest.mark.bench
@pytest.mark.parametrize("name", bot_games())
def test_bench_conversation(world, name):
    engine = engines.get_engine(name)
    d = world.driver
    channel = d.channel(f"talk-{name}")
    players = [d.user(n) for n in NAMES[: player_count(engine)]]
    session = GameSession(
        d,
        world.db,
        channel,
        name,
        players,
        spectator=d.user("Eve"),
        seed=zlib.crc32(name.encode()) % 1000,
        options=OPTIONS.get(name),
        steer=STEER,
        play_rate=0.0,
        undo_rate=UNDO_RATE,
    )
    d.settle()
    sent_before = d.server.call(lambda: len(d.server.state.requests))
    first = session.open_and_start().id
    turns, awaited = 0, set()
    auctions: list[Auction] = []
    while session.running() and session.tally.moves < MAX_MOVES:
        now = session.witness.to_act_users()
        turns += len(now - awaited)  # each player newly awaited starts a turn of their own
        awaited = now
        before = d.last_message_id()
        session.move()
        if name == "monopoly":
            _count_auction(d, channel, session, auctions, before)
    assert not session.running(), f"{name} did not end within {session.tally.moves} moves"
    ids = {u.id for u in players}

    def count() -> tuple[int, int, int]:
        posts = [
            m
            for m in d.server.state.messages.values()
            if m.id >= first and m.channel_id == channel.id and m.public
        ]
        clicks = [
            i
            for i in d.server.state.interactions.values()
            if i.id > first
            and i.channel_id == channel.id
            and i.user_id in ids
            and (i.type in (3, 5) or (i.type == 2 and i.data.get("name") == "play"))
            and not is_undo(i)
        ]
        leftovers = [
            m
            for m in d.server.state.messages.values()
            if m.id >= first
            and m.channel_id == channel.id
            and m.ephemeral
            and not m.deleted
            and m.visible_to in ids
            and shows_moves(m)
        ]
        confirms = [i for i in clicks if CONFIRM.match(i.data.get("custom_id", ""))]
        pinged = sum(len(m.pinged) for m in posts)
        return len(posts), pinged, len(clicks), len(confirms), len(leftovers)

    posts, pings, clicks, confirms, leftovers = d.server.call(count)
    d.settle()
    sent = d.server.call(lambda: d.server.state.requests[sent_before:])
    limited = sum(r.global_limited for r in sent)
    moves = session.tally.moves
    # read after the requests are counted: the players' reading of the whole log is no move's
    cut, examples = cut_events(d, world.db, channel, session.witness.row().id, first, players)
    most = max_public_buttons(d, channel, first)
    print(
        f"\nconversation {name}: moves={moves} turns={turns} posts={posts} "
        f"pings={pings} clicks={clicks} confirms={confirms} cut_events={cut} max_public_buttons={most}"
        f" private_leftovers={leftovers}"
        f"\nrequests {name}: moves={moves} global={limited} interaction={len(sent) - limited} "
        f"global_per_move={limited / max(moves, 1):.2f}"
        f"\n{session.undos.line(name)}"
    )
    if name == "monopoly":
        per = sorted(a.pings for a in auctions)
        p50 = per[len(per) // 2] if per else 0
        print(
            f"auctions monopoly: auctions={len(auctions)} pings_per_auction_p50={p50} "
            f"pings_per_auction_max={max(per, default=0)}"
        )
        for a in auctions:
            assert a.pings <= a.bidders, f"monopoly: {a.pings} pings for {a.bidders} bidders"
    assert pings <= turns, f"{name}: {pings} pings for {turns} turns"
    assert posts <= turns + 3, f"{name}: {posts} posts for {turns} turns"
    assert clicks <= moves + turns + confirms, f"{name}: {clicks} clicks for {moves} moves"
    assert cut == 0, f"{name}: events shown cut: {examples}"
    assert most <= MAX_PUBLIC_BUTTONS, f"{name}: a public message showed {most} buttons"
    assert leftovers <= len(players), f"{name}: {leftovers} private panels left open"
    undos = session.undos
    assert undos.identical == undos.undone, f"{name}: {undos.line(name)}"
    if name in shipped_games():
        assert limited <= 0.4 * moves, f"{name}: {limited} global requests for {moves} moves"
