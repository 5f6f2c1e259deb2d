"""One connection to either database the stores run on: a SQLite file or a PostgreSQL server.

The stores' units of work are plain synchronous functions over a :class:`Db`, run on one
thread per connection, so each is written once for both databases. They write SQLite's
dialect with ``?`` placeholders; :class:`PostgresDb` turns it into PostgreSQL's where the two
differ (``%s`` placeholders, two-argument ``min``/``max`` as ``LEAST``/``GREATEST``), and the
few things that are not a matter of words live here as methods: how a write transaction
begins, how a wide seed is kept, how a unique index reports a clash, how a list of ids is
passed as one parameter.

The location picks the database: ``postgresql://...`` (or ``postgres://...``) is a server,
anything else a SQLite file path.
"""

from __future__ import annotations

import asyncio
import functools
import json
import re
import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from pathlib import Path
from typing import Any, Protocol, TypeVar

import aiosqlite
import psycopg
import psycopg.errors

T = TypeVar("T")
SQLITE_BUSY_TIMEOUT_MS = 5000
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
#: seeds are 128-bit; SQLite integers hold 64, so wider ones are kept there as big-endian bytes
SEED_BYTES = 16
#: what either driver raises when the database itself fails (catch this, not ``sqlite3.Error``)
DatabaseError = (sqlite3.Error, psycopg.Error)

Location = str | Path


def is_postgres(location: Location) -> bool:
    """Whether ``location`` names a PostgreSQL server rather than a SQLite file."""
    return isinstance(location, str) and location.startswith(POSTGRES_SCHEMES)


def shown(location: Location) -> str:
    """The location without its password, for messages and logs."""
    text = str(location)
    if is_postgres(text):
        return re.sub(r"://([^:/@]*):[^@/]*@", r"://\1:***@", text)
    return text


class Cursor(Protocol):
    """What the units of work use of either driver's cursor."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    @property
    def description(self) -> Any: ...


class Db(ABC):
    """A synchronous connection in autocommit mode: transactions are explicit
    (:meth:`begin`, :meth:`commit`, :meth:`rollback`). Rows read by name or by position."""

    dialect: str = ""
    #: a join done in the order written (SQLite's CROSS JOIN; PostgreSQL plans its own)
    ordered_join: str = "JOIN"

    @abstractmethod
    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor: ...

    @abstractmethod
    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    @abstractmethod
    def script(self, sql: str) -> None:
        """Run a whole migration file (inside the caller's transaction)."""
        ...

    @abstractmethod
    def begin(self) -> None:
        """Start a write transaction that holds its writes against every other connection's."""
        ...

    def commit(self) -> None:
        self.execute("COMMIT")

    def rollback(self) -> None:
        """Roll back if a transaction is open (the database may have rolled it back itself)."""
        if self.in_transaction:
            self.execute("ROLLBACK")

    @property
    @abstractmethod
    def in_transaction(self) -> bool: ...

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def clashes_with(self, exc: BaseException, index: str, column: str) -> bool:
        """Whether ``exc`` is a unique index refusing a row (``index`` on ``column``)."""
        ...

    @abstractmethod
    def seed_in(self, seed: int) -> Any: ...

    @abstractmethod
    def in_ids(self, column: str, ids: Sequence[int]) -> tuple[str, Any]:
        """``column`` is one of ``ids``, however many: the condition and its one parameter."""
        ...

    @staticmethod
    def seed_out(value: int | bytes | Decimal) -> int:
        """A seed as either database gives it back (an integer, SQLite's bytes, a numeric)."""
        if isinstance(value, bytes):
            return int.from_bytes(value, "big")
        return int(value)

    @abstractmethod
    def tables(self) -> list[str]:
        """The names of the tables in the database."""
        ...


class SqliteDb(Db):
    dialect = "sqlite"
    ordered_join = "CROSS JOIN"

    def __init__(self, raw: sqlite3.Connection):
        self.raw = raw

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        return self.raw.execute(sql, params)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self.raw.executemany(sql, rows)

    def script(self, sql: str) -> None:
        from storage.migrate import split_statements

        for statement in split_statements(sql):
            self.raw.execute(statement)

    def begin(self) -> None:
        self.raw.execute("BEGIN IMMEDIATE")

    @property
    def in_transaction(self) -> bool:
        return self.raw.in_transaction

    def close(self) -> None:
        self.raw.close()

    def clashes_with(self, exc: BaseException, index: str, column: str) -> bool:
        return isinstance(exc, sqlite3.IntegrityError) and column in str(exc)

    def seed_in(self, seed: int) -> int | bytes:
        """An integer when it fits in 63 bits, else its bytes (a wider integer would be
        refused, and its text would be rounded to a float)."""
        if seed < 2**63:
            return seed
        return seed.to_bytes(max(SEED_BYTES, (seed.bit_length() + 7) // 8), "big")

    def in_ids(self, column: str, ids: Sequence[int]) -> tuple[str, Any]:
        return f"{column} IN (SELECT value FROM json_each(?))", json.dumps(list(ids))

    def tables(self) -> list[str]:
        rows = self.raw.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
        return [str(r[0]) for r in rows]


class Row(tuple[Any, ...]):
    """A PostgreSQL row that reads by name as well as by position, as ``sqlite3.Row`` does."""

    names: dict[str, int]

    def __new__(cls, values: Sequence[Any], names: dict[str, int]) -> Row:
        row = super().__new__(cls, values)
        row.names = names
        return row

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return super().__getitem__(self.names[key])
        return super().__getitem__(key)


def _row_factory(cursor: Any) -> Callable[[Sequence[Any]], Row]:
    names = {d.name: i for i, d in enumerate(cursor.description or ())}
    return lambda values: Row(values, names)


class PostgresDb(Db):
    """A connection to a PostgreSQL server that comes back after the server went away: the
    statement that found it broken fails (its transaction with it), the next one reconnects."""

    dialect = "postgresql"

    def __init__(self, location: str, *, read_only: bool = False):
        self.location = location
        self.read_only = read_only
        self._raw = self._connect()
        #: BEGIN waits to travel with the transaction's first statement (one round trip less)
        self._begin_pending = False

    def _connect(self) -> psycopg.Connection[Any]:
        raw: psycopg.Connection[Any] = psycopg.connect(
            self.location, autocommit=True, row_factory=_row_factory
        )
        if self.read_only:
            raw.execute(b"SET default_transaction_read_only = on")
        return raw

    @property
    def lost(self) -> bool:
        """Whether the connection was cut (the next statement makes a new one)."""
        return self._raw.broken

    @property
    def raw(self) -> psycopg.Connection[Any]:
        if self._raw.broken:  # the server restarted, or the network dropped the connection
            self._raw = self._connect()
        return self._raw

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        raw = self.raw
        if not self._begin_pending:
            return raw.execute(to_postgres(sql), params)
        self._begin_pending = False
        with raw.pipeline():  # BEGIN and the first statement in one round trip
            raw.execute(b"BEGIN")
            cur = raw.execute(to_postgres(sql), params)
        return cur

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._flush_begin()
        with self.raw.cursor() as cur:
            cur.executemany(to_postgres(sql), rows)

    def script(self, sql: str) -> None:
        # no parameters: the server runs the whole file (its functions' bodies included)
        self._flush_begin()
        self.raw.execute(sql.encode("utf-8"))

    def begin(self) -> None:
        # READ COMMITTED: an UPDATE waits for a row another transaction holds, then checks
        # its WHERE again on the row as committed, so a version check or a claim has one winner
        self._begin_pending = True

    def _flush_begin(self) -> None:
        if self._begin_pending:
            self._begin_pending = False
            self.raw.execute(b"BEGIN")

    def rollback(self) -> None:
        self._begin_pending = False  # a transaction that never reached the server: nothing to undo
        super().rollback()

    @property
    def in_transaction(self) -> bool:
        status = self._raw.info.transaction_status
        return self._begin_pending or status in (
            psycopg.pq.TransactionStatus.INTRANS,
            psycopg.pq.TransactionStatus.INERROR,
        )

    def close(self) -> None:
        self._raw.close()

    def clashes_with(self, exc: BaseException, index: str, column: str) -> bool:
        return isinstance(exc, psycopg.errors.UniqueViolation) and exc.diag.constraint_name == index

    def seed_in(self, seed: int) -> int:
        return seed  # a NUMERIC column holds a seed of any width whole

    def in_ids(self, column: str, ids: Sequence[int]) -> tuple[str, Any]:
        return f"{column} = ANY(?)", list(ids)  # an array: the planner sees how many

    def tables(self) -> list[str]:
        rows = self.raw.execute(
            b"SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
        ).fetchall()
        return [str(r[0]) for r in rows]


def connect(location: Location, *, read_only: bool = False) -> Db:
    """A new connection (blocking: call it on the thread that will use it, or any thread
    before handing it over; both drivers allow one thread at a time)."""
    if is_postgres(location):
        return PostgresDb(str(location), read_only=read_only)
    conn = sqlite3.connect(
        str(location),
        isolation_level=None,
        check_same_thread=False,
        timeout=SQLITE_BUSY_TIMEOUT_MS / 1000,
    )
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
    if read_only:
        conn.execute("PRAGMA query_only = ON")
    return SqliteDb(conn)


class Connection:
    """A :class:`Db` with its own thread: :meth:`run` is one trip there and back."""

    def __init__(
        self,
        db: Db,
        location: Location,
        *,
        aio: aiosqlite.Connection | None = None,
        pool: ThreadPoolExecutor | None = None,
    ):
        self.db = db
        self.location = location
        self._aio = aio
        self._pool = pool
        #: told each round trip's seconds (the metrics, when they are on)
        self.on_trip: Callable[[float], None] | None = None

    @classmethod
    async def open(cls, location: Location, *, read_only: bool = False) -> Connection:
        if is_postgres(location):
            pool = ThreadPoolExecutor(1, "tabletop-db")
            try:
                db = await asyncio.get_running_loop().run_in_executor(
                    pool, functools.partial(connect, location, read_only=read_only)
                )
            except BaseException:
                pool.shutdown(wait=False)
                raise
            return cls(db, location, pool=pool)
        # SQLite keeps aiosqlite's thread (it also closes the file cleanly at exit)
        aio = await aiosqlite.connect(
            str(location), isolation_level=None, timeout=SQLITE_BUSY_TIMEOUT_MS / 1000
        )
        try:
            aio.row_factory = sqlite3.Row
            await aio.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
            if read_only:
                await aio.execute("PRAGMA query_only = ON")
        except BaseException:
            await aio.close()
            raise
        return cls(SqliteDb(aio._conn), location, aio=aio)

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(db, *args)`` on this connection's thread: one round trip."""
        if self.on_trip is None:
            return await self._run(work, *args)
        started = time.perf_counter()
        try:
            return await self._run(work, *args)
        finally:
            self.on_trip(time.perf_counter() - started)

    async def _run(self, work: Callable[..., T], *args: Any) -> T:
        if self._aio is not None:
            # aiosqlite runs every call on the connection's own thread; ``_execute`` queues
            # one function there, so a whole load or save is a single trip
            execute: Callable[..., Any] = self._aio._execute
            result: T = await execute(work, self.db, *args)
            return result
        loop = asyncio.get_running_loop()
        call = functools.partial(work, self.db, *args)
        try:
            return await loop.run_in_executor(self._pool, call)
        except psycopg.OperationalError:
            db = self.db
            if not (isinstance(db, PostgresDb) and db.read_only and db.lost):
                raise
            # a read found its connection cut (a server restart): reading has no effects, so
            # it is tried once more on a new connection instead of failing the command
            return await loop.run_in_executor(self._pool, call)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """One statement; its rows (none for a statement that returns none)."""

        def one(db: Db) -> list[Any]:
            cur = db.execute(sql, params)
            return cur.fetchall() if cur.description is not None else []

        return await self.run(one)

    async def close(self) -> None:
        if self._aio is not None:
            await self._aio.close()
            return
        await self.run(lambda db: db.close())
        if self._pool is not None:
            self._pool.shutdown(wait=False)


# -- SQLite's dialect to PostgreSQL's ----------------------------------------------------------
_TOKENS = re.compile(r"'(?:[^']|'')*'|\?|%|\b(?:min|max|MIN|MAX)\s*\(", re.S)


@functools.lru_cache(maxsize=1024)
def to_postgres(sql: str) -> str:
    """SQLite's spelling of a statement in PostgreSQL's (string literals are left alone)."""
    out: list[str] = []
    pos = 0
    for match in _TOKENS.finditer(sql):
        token = match.group(0)
        out.append(sql[pos : match.start()])
        pos = match.end()
        if token.startswith("'"):
            out.append(token)
        elif token == "?":
            out.append("%s")
        elif token == "%":
            out.append("%%")
        elif _argument_count(sql, match.end()) > 1:  # a scalar min/max, not the aggregate
            out.append("LEAST(" if token[:3].lower() == "min" else "GREATEST(")
        else:
            out.append(token)
    out.append(sql[pos:])
    return "".join(out)


def _argument_count(sql: str, start: int) -> int:
    """How many arguments the call whose ``(`` ends just before ``start`` has."""
    depth, count = 0, 1
    for ch in sql[start:]:
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return count
            depth -= 1
        elif ch == "," and depth == 0:
            count += 1
    return count
