"""A move's cost in database round trips, with the clock service listening: one load, one
save, one clock update and one read of the notes, however many players and statements."""

from __future__ import annotations

import engines
from bot.clock.service import ClockServices
from bot.table import Table
from storage import Store
from storage.clock import ClockStore
from tests.bench.test_bench_round_trips import Counting
from tests.clock.conftest import Notifier

MAX_ROUND_TRIPS = 4


async def test_a_move_costs_at_most_four_round_trips(db_location, monkeypatch):
    path = db_location
    store = await Store.open(path)
    clocks = await ClockStore.open(path)
    table = Table(store, render=False)
    ClockServices.build(table, clocks, Notifier())
    try:
        await table.new_game(
            guild_id=1, channel_id=5, user_id=1, user_name="P1", engine="toy", seed=3
        )
        await table.join(channel_id=5, user_id=2, user_name="P2")
        outcome = await table.start(channel_id=5, user_id=1)
        counting = Counting(monkeypatch, store, engines.get_engine("toy"))
        trips = []
        for _ in range(4):
            user = outcome.to_act[0]
            counting.counts.clear()
            outcome = await table.act(
                channel_id=5, user_id=user, action_id=outcome.awaited[user][0].id
            )
            trips.append(counting.round_trips)
    finally:
        monkeypatch.undo()
        await clocks.close()
        await store.close()
    assert max(trips) <= MAX_ROUND_TRIPS, trips
