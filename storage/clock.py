"""The clock service's own tables: turn clocks, deadlines, missed turns, votes, away, notices.

No game rows here: those belong to the store and only the table writes them (start-up reads
the ids and versions of running games, to find the few whose clocks may be out of line).

The tables come from ``migrations/0002_days.sql``. This store keeps its own connection to the
same database as the platform's store (a SQLite file in WAL mode, or the same PostgreSQL
database), so its short writes can never land inside one of the platform's move transactions.
It is a plain synchronous connection (:mod:`storage.sql`) used from worker threads one call at
a time (an ``asyncio.Lock``), so it owns no thread that could keep the process alive if nobody
closes it. Each call is one trip to a worker thread;
:meth:`ClockStore.run` lets the clock service make several steps in one trip (and one
transaction), so a move costs the clock one round trip, not one per statement. Every "fire
once" step is a single conditional UPDATE whose row count says whether this caller won: on
PostgreSQL too, where a second process's UPDATE waits for the first and then finds the
condition no longer true.

The rows and the statements on them are :mod:`storage.clock_tables`; this module opens the
connection and runs them (their names are importable from here too).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from importlib import resources
from typing import Any, TypeVar

from storage.clock_tables import (
    DEFAULT_MISSED_LIMIT,
    DEFAULT_TURN_SECONDS,
    ClockGame,
    ClockRules,
    ClockSeat,
    ClockTables,
    Deadline,
)
from storage.migrate import apply
from storage.player_settings import PlayerSettings
from storage.shards import Shards
from storage.sql import Db, Location, SqliteDb, connect, is_postgres

__all__ = [
    "DEFAULT_MISSED_LIMIT",
    "DEFAULT_TURN_SECONDS",
    "ClockGame",
    "ClockRules",
    "ClockSeat",
    "ClockStore",
    "ClockTables",
    "Deadline",
    "migration_sql",
]

_CLOCK_MIGRATIONS = (
    "0002_days.sql",
    "0061_scale_clock.sql",
    "0140_standin_level.sql",
    "0150_player_day.sql",
    "0160_player_clocks.sql",
)
T = TypeVar("T")


def migration_sql() -> list[str]:
    """The migrations that make the days tables (all ``IF NOT EXISTS``), in order."""
    files = resources.files("storage").joinpath("migrations")
    return [files.joinpath(name).read_text("utf-8") for name in _CLOCK_MIGRATIONS]


class ClockStore:
    """The days tables on their own connection. Open with :meth:`open`, end with :meth:`close`.

    Every method is one trip to a worker thread; :meth:`run` makes several steps one trip.
    """

    def __init__(self, db: Db):
        self.db = db
        self.tables = ClockTables(db)
        self._lock = asyncio.Lock()
        #: told each round trip's seconds (the metrics, when they are on)
        self.on_trip: Callable[[float], None] | None = None

    @classmethod
    async def open(cls, path: Location) -> ClockStore:
        def opened() -> Db:
            db = connect(path)
            try:
                if is_postgres(path):
                    apply(db, time.time())  # all applied already when the platform opened it
                    return db
                assert isinstance(db, SqliteDb)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                # The platform's numbered migrations create these tables too; every statement
                # is IF NOT EXISTS, so this only matters for a file the platform has not opened.
                for sql in migration_sql():
                    db.raw.executescript(sql)
            except BaseException:
                db.close()
                raise
            return db

        return cls(await asyncio.to_thread(opened))

    async def close(self) -> None:
        async with self._lock:
            await asyncio.to_thread(self.db.close)

    async def run(self, work: Callable[[ClockTables], T], *, atomic: bool = False) -> T:
        """``work(tables)`` in one trip to the database; with ``atomic``, in one transaction
        (all of it lands, or none of it)."""

        def call() -> T:
            if not atomic:
                return work(self.tables)
            self.db.begin()
            try:
                result = work(self.tables)
            except BaseException:
                self.db.rollback()
                raise
            self.db.commit()
            return result

        async with self._lock:
            if self.on_trip is None:
                return await asyncio.to_thread(call)
            started = time.perf_counter()
            try:
                return await asyncio.to_thread(call)
            finally:
                self.on_trip(time.perf_counter() - started)

    async def game(self, game_id: int) -> ClockGame:
        return await self.run(lambda t: t.game(game_id))

    async def update_game(self, game_id: int, **fields: Any) -> None:
        return await self.run(lambda t: t.update_game(game_id, **fields), atomic=True)

    async def standin_level(self, game_id: int) -> str | None:
        return await self.run(lambda t: t.standin_level(game_id))

    async def set_standin_level(self, game_id: int, level: str) -> None:
        return await self.run(lambda t: t.set_standin_level(game_id, level))  # one statement

    async def take_nudge(self, game_id: int, now: float, gap: float) -> float | None:
        return await self.run(lambda t: t.take_nudge(game_id, now, gap), atomic=True)

    async def deadlines(self, game_id: int) -> list[Deadline]:
        return await self.run(lambda t: t.deadlines(game_id))

    async def put_deadline(
        self, game_id: int, user_id: int, version: int, started_at: float, due_at: float
    ) -> None:
        return await self.run(
            lambda t: t.put_deadline(game_id, user_id, version, started_at, due_at)
        )

    async def drop_deadline(self, game_id: int, user_id: int) -> None:
        return await self.run(lambda t: t.drop_deadline(game_id, user_id))

    async def drop_deadlines(self, game_id: int) -> None:
        return await self.run(lambda t: t.drop_deadlines(game_id))

    async def claim(
        self, game_id: int, user_id: int, what: str, due_at: float, *, now: float = 0.0
    ) -> bool:
        return await self.run(lambda t: t.claim(game_id, user_id, what, due_at, now=now))

    async def rearm(self, game_id: int, user_id: int, due_at: float) -> None:
        return await self.run(lambda t: t.rearm(game_id, user_id, due_at))

    async def shift_deadlines(
        self,
        seconds: float,
        *,
        game_id: int | None = None,
        user_id: int | None = None,
        game_ids: list[int] | None = None,
    ) -> None:
        return await self.run(
            lambda t: t.shift_deadlines(
                seconds, game_id=game_id, user_id=user_id, game_ids=game_ids
            )
        )

    async def seat(self, game_id: int, user_id: int) -> ClockSeat:
        return await self.run(lambda t: t.seat(game_id, user_id))

    async def kept_seats(self, game_id: int) -> set[int]:
        return await self.run(lambda t: t.kept_seats(game_id))

    async def update_seat(self, game_id: int, user_id: int, **fields: Any) -> None:
        return await self.run(lambda t: t.update_seat(game_id, user_id, **fields))

    async def add_missed(self, game_id: int, user_id: int) -> int:
        return await self.run(lambda t: t.add_missed(game_id, user_id))

    async def cast_vote(self, game_id: int, target_id: int, voter_id: int, choice: str) -> None:
        return await self.run(lambda t: t.cast_vote(game_id, target_id, voter_id, choice))

    async def votes(self, game_id: int, target_id: int) -> dict[int, str]:
        return await self.run(lambda t: t.votes(game_id, target_id))

    async def clear_votes(self, game_id: int, target_id: int) -> None:
        return await self.run(lambda t: t.clear_votes(game_id, target_id))

    async def notify(self, user_id: int) -> tuple[bool, bool]:
        return await self.run(lambda t: t.notify(user_id))

    async def set_notify(self, user_id: int, on: bool) -> None:
        return await self.run(lambda t: t.set_notify(user_id, on))

    async def claim_failure_told(self, user_id: int) -> bool:
        return await self.run(lambda t: t.claim_failure_told(user_id))

    async def player_settings(self, user_id: int) -> PlayerSettings:
        """A user's own settings, the same in every server and shard (no shard filter)."""
        return await self.run(lambda t: t.player_settings(user_id))

    async def players_settings(self, user_ids: list[int]) -> dict[int, PlayerSettings]:
        return await self.run(lambda t: t.players_settings(list(user_ids)))

    async def set_player_settings(self, user_id: int, settings: PlayerSettings) -> None:
        return await self.run(lambda t: t.set_player_settings(user_id, settings), atomic=True)

    async def muted(self, user_id: int, game_id: int) -> bool:
        return await self.run(lambda t: t.muted(user_id, game_id))

    async def set_muted(self, user_id: int, game_id: int, muted: bool) -> None:
        return await self.run(lambda t: t.set_muted(user_id, game_id, muted))

    async def hold(self, user_id: int, game_id: int, release_at: float) -> None:
        return await self.run(lambda t: t.hold(user_id, game_id, release_at))

    async def held(self, user_id: int) -> dict[int, float]:
        return await self.run(lambda t: t.held(user_id))

    async def drop_held(self, *, game_id: int, user_id: int | None = None) -> None:
        return await self.run(lambda t: t.drop_held(game_id=game_id, user_id=user_id))

    async def next_release(self, *, shards: Shards | None = None) -> float | None:
        return await self.run(lambda t: t.next_release(shards=shards))

    async def take_released(
        self, now: float, *, shards: Shards | None = None
    ) -> dict[int, list[int]]:
        return await self.run(lambda t: t.take_released(now, shards=shards), atomic=True)

    async def add_away(self, user_id: int, start: float, until: float) -> None:
        return await self.run(lambda t: t.add_away(user_id, start, until))

    async def away_until(self, user_id: int, now: float) -> float | None:
        return await self.run(lambda t: t.away_until(user_id, now))

    async def away_used(self, user_id: int, since: float) -> float:
        return await self.run(lambda t: t.away_used(user_id, since))

    async def end_away(self, user_id: int, now: float) -> float:
        return await self.run(lambda t: t.end_away(user_id, now), atomic=True)

    async def rules(self, game_id: int) -> ClockRules:
        return await self.run(lambda t: t.rules(game_id))

    async def set_rules(self, game_id: int, rules: ClockRules) -> None:
        return await self.run(lambda t: t.set_rules(game_id, rules))  # one statement

    async def log(
        self,
        game_id: int,
        at: float,
        kind: str,
        text: str,
        *,
        user_id: int | None = None,
        version: int | None = None,
    ) -> None:
        return await self.run(
            lambda t: t.log(game_id, at, kind, text, user_id=user_id, version=version)
        )

    async def next_deadlines(
        self, limit: int = 1, *, shards: Shards | None = None
    ) -> list[Deadline]:
        return await self.run(lambda t: t.next_deadlines(limit, shards=shards))

    async def due_deadlines(self, now: float, *, shards: Shards | None = None) -> list[Deadline]:
        return await self.run(lambda t: t.due_deadlines(now, shards=shards))

    async def fired_deadlines(self, *, shards: Shards | None = None) -> list[Deadline]:
        return await self.run(lambda t: t.fired_deadlines(shards=shards))

    async def games_behind(self, *, shards: Shards | None = None) -> list[int]:
        return await self.run(lambda t: t.games_behind(shards=shards))

    async def ended_games_with_deadlines(self, *, shards: Shards | None = None) -> list[int]:
        return await self.run(lambda t: t.ended_games_with_deadlines(shards=shards))

    async def forget_synced(self, game_id: int) -> None:
        return await self.run(lambda t: t.forget_synced(game_id))
