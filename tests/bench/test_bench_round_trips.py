"""Database round trips, game row loads, state parses, "who acts" and legal-move computations
for one move through the whole move path: ``/play`` -> ``Table.act`` (with the clock service
subscribed, and its public notes) -> the turn message built from the outcome. Counts, not
timings.

    python -m pytest -m bench -s tests/bench/test_bench_round_trips.py
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engines
import storage.rows
import storage.store
from bot.clock.service import ClockServices
from bot.discord_app.posts import turn_post
from bot.table import Table
from storage import Store
from storage.clock import ClockStore
from tests.clock.conftest import Notifier

MOVES = 40
GAME_TRIPS = "round trips (game store)"
CLOCK_TRIPS = "round trips (clock store)"


class Counting:
    """Counts what one move costs by wrapping the stores and the engine (restored on exit).

    A round trip is one hand-over to a database connection's thread and back: what a move
    waits for. Each may run several statements (a load reads the row and its seats; a save
    is its whole transaction)."""

    def __init__(self, monkeypatch, store: Store, engine: engines.Engine):
        self.counts: Counter[str] = Counter()
        self._wrap(monkeypatch, storage.store, "_on_thread", GAME_TRIPS)
        self._wrap(monkeypatch, storage.rows, "game_of", "game row loads", sync=True)
        self._wrap(monkeypatch, ClockStore, "run", CLOCK_TRIPS)
        self._wrap(monkeypatch, type(engine), "load_state", "state parses", sync=True)
        self._wrap(monkeypatch, type(engine), "to_act", "who-acts computations", sync=True)
        legal = "legal-move computations"
        self._wrap(monkeypatch, type(engine), "legal_actions", legal, sync=True)
        execute = store._db.execute

        def counted_execute(*args, **kwargs):  # the few single statements (meta)
            self.counts[GAME_TRIPS] += 1
            return execute(*args, **kwargs)

        monkeypatch.setattr(store._db, "execute", counted_execute)

    @property
    def round_trips(self) -> int:
        return self.counts[GAME_TRIPS] + self.counts[CLOCK_TRIPS]

    def _wrap(self, monkeypatch, owner, name, label, *, sync=False):
        original = getattr(owner, name)
        counts = self.counts

        if sync:

            def wrapped(*args, **kwargs):
                counts[label] += 1
                return original(*args, **kwargs)
        else:

            async def wrapped(*args, **kwargs):
                counts[label] += 1
                return await original(*args, **kwargs)

        monkeypatch.setattr(owner, name, wrapped)


@pytest.mark.bench
@pytest.mark.parametrize("game", ["toy", "run_animals", "cemetery"])
async def test_bench_round_trips_per_move(game, tmp_path, monkeypatch):
    engine = engines.get_engine(game)
    path = tmp_path / "trips.sqlite3"
    store = await Store.open(path)
    table = Table(store, render=False)
    clocks = await ClockStore.open(path)
    ClockServices.build(table, clocks, Notifier())
    try:
        await table.new_game(
            guild_id=1, channel_id=5, user_id=1, user_name="P1", engine=game, seed=3
        )
        for user in range(2, engine.min_players + 1):
            await table.join(channel_id=5, user_id=user, user_name=f"P{user}")
        outcome = await table.start(channel_id=5, user_id=1)
        counting = Counting(monkeypatch, store, engine)
        rng = random.Random(1)
        moves = 0
        while outcome.result is None and moves < MOVES:
            user = outcome.to_act[0]
            action = rng.choice(outcome.awaited[user]).id
            counting.counts.clear()
            outcome = await table.act(channel_id=5, user_id=user, action_id=action)
            turn_post(outcome)
            moves += 1
            if moves == 1:
                totals = Counter(counting.counts)
            else:
                totals.update(counting.counts)
    finally:
        monkeypatch.undo()
        await clocks.close()
        await store.close()
    print()
    figures = ", ".join(f"{k} {v / moves:.2f}" for k, v in sorted(totals.items()))
    print(f"[bench] {game:12s} per move ({moves} moves): {figures}")
    assert moves > 0
