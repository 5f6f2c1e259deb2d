"""Moves per second and p99 per move through the Table (load, apply, save; no rendering) on
SQLite and on PostgreSQL: one process, then two OS processes each driving their own games
against the same database (as two shard processes would). Not a timed test: it prints one line
per database and process count. Run it with

    ./tabletop test -m bench -s tests/bench/test_bench_databases.py

Each process plays the toy game (so the figures are the store's, not an engine's) in
``GAMES_AT_ONCE`` channels at once, ``MOVES`` moves in all. PostgreSQL is a throwaway server
on this machine (tests/postgres.py, no fsync: the figures are the round trips' and the
locking's, not a disk's); SQLite is a file in WAL mode with ``synchronous = NORMAL``.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import time

import pytest

from bot.table import Table
from storage import Store
from tests.bench.test_bench_table import percentile

MOVES = 1200  # moves timed per process
GAMES_AT_ONCE = 8  # games each process drives concurrently


async def _drive(location, first_channel: int, moves: int) -> tuple[list[float], float]:
    """Play toy games in ``GAMES_AT_ONCE`` channels at once until ``moves`` were made; the
    time of each move and the wall time of the whole."""
    store = await Store.open(location)
    table = Table(store, render=False)
    times: list[float] = []
    left = [moves]

    async def player(channel: int) -> None:
        while left[0] > 0:
            await table.new_game(
                guild_id=channel,
                channel_id=channel,
                user_id=1,
                user_name="P1",
                engine="toy",
                seed=channel,
            )
            await table.join(channel_id=channel, user_id=2, user_name="P2")
            outcome = await table.start(channel_id=channel, user_id=1)
            while outcome.result is None and left[0] > 0:
                left[0] -= 1
                user = outcome.to_act[0]
                started = time.perf_counter()
                outcome = await table.act(
                    channel_id=channel, user_id=user, action_id=outcome.awaited[user][0].id
                )
                times.append(1000 * (time.perf_counter() - started))
            if outcome.result is None:
                await table.abort(channel_id=channel, user_id=1, is_moderator=True)
            channel += GAMES_AT_ONCE * 1000  # the next game in a fresh channel

    started = time.perf_counter()
    try:
        await asyncio.gather(*(player(first_channel + i) for i in range(GAMES_AT_ONCE)))
    finally:
        await store.close()
    return times, time.perf_counter() - started


def _process(location, first_channel: int, moves: int, results) -> None:
    import tests.conftest  # noqa: F401  (registers the toy game in this new process)

    results.put(asyncio.run(_drive(location, first_channel, moves)))


def _in_processes(location, processes: int) -> tuple[list[float], float]:
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    workers = [
        context.Process(target=_process, args=(location, 1 + 10**8 * n, MOVES, results))
        for n in range(processes)
    ]
    for worker in workers:
        worker.start()
    gathered = [results.get(timeout=600) for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
    times = [t for one, _ in gathered for t in one]
    return times, max(wall for _, wall in gathered)


def _line(label: str, times: list[float], wall: float) -> str:
    return (
        f"{label:<28} {len(times) / wall:7.0f} moves/s   p50 {percentile(times, 50):6.2f} ms"
        f"   p99 {percentile(times, 99):6.2f} ms   ({len(times)} moves, {GAMES_AT_ONCE} games "
        "at once per process)"
    )


@pytest.mark.bench
@pytest.mark.postgres
@pytest.mark.timeout(1200)
def test_bench_moves_on_sqlite_and_postgresql(tmp_path, postgres_server):
    lines = []
    for label, processes in (("1 process", 1), ("2 processes", 2)):
        sqlite = tmp_path / f"bench-{processes}.sqlite3"
        asyncio.run(_open_once(sqlite))
        lines.append(_line(f"SQLite, {label}", *_in_processes(sqlite, processes)))
        url = postgres_server.new_database()
        try:
            asyncio.run(_open_once(url))
            lines.append(_line(f"PostgreSQL, {label}", *_in_processes(url, processes)))
        finally:
            postgres_server.drop_database(url)
    print()
    print("\n".join(lines))


async def _open_once(location) -> None:
    """Migrate before the processes start, so they time moves, not the first open."""
    store = await Store.open(location)
    await store.close()
