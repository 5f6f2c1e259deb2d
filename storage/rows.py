"""What the store's rows are and how they are read: games with their seats, the move log.

The row types every layer above the store receives (:class:`GameRow`, :class:`SeatRow`,
:class:`MoveRow`), the store's refusals, and the plain functions that read them from a
connection; :mod:`storage.store` runs these on its connections and does the writing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from storage.sql import Db


class StoreError(Exception):
    """A storage-level refusal the caller turns into words for the user."""


class LiveGameExists(StoreError):
    """The channel already has a game in the lobby or running."""


class VersionConflict(StoreError):
    """The game changed since it was loaded (or no longer exists); nothing was written."""


class GameNotFound(StoreError):
    """No game has that id."""


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str
    choices: dict[str, Any] = field(default_factory=dict)
    active: bool = True


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    engine: str
    status: str
    state: str | None  # raw engine state JSON; the engine validates it
    version: int
    host_id: int
    options: dict[str, Any]
    seed: int
    created_at: float
    updated_at: float
    result: dict[str, Any] | None
    end_reason: str | None
    seats: tuple[SeatRow, ...]
    #: what could not be read from the row (bad JSON in options, result, seat choices)
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class MoveEntry:
    """One line of the game's log: an engine move or a lobby/table event (join, start, ...)."""

    kind: str
    user_id: int | None = None
    player: str | None = None
    action_id: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)  # {"text", "kind", "private_to"}


@dataclass(frozen=True)
class MoveRow:
    game_id: int
    seq: int
    kind: str
    user_id: int | None
    player: str | None
    action_id: str | None
    events: list[dict[str, Any]]
    version: int
    created_at: float
    readable: bool = True  # False if the stored events JSON is damaged


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def json_object(raw: str, what: str, problems: list[str]) -> dict[str, Any]:
    """A JSON object column that is never NULL (the schema says so): ``{}`` if damaged."""
    return loads_object(raw, what, problems) or {}


def loads_object(raw: str | None, what: str, problems: list[str]) -> dict[str, Any] | None:
    """A JSON object column: ``None`` if NULL, or if damaged (with the problem noted)."""
    if raw is None:
        return None
    try:
        value = json.loads(raw)
    except (TypeError, ValueError):
        problems.append(f"{what} is not valid JSON")
        return None
    if not isinstance(value, dict):
        problems.append(f"{what} is not a JSON object")
        return None
    return value


ROW_WITHOUT_STATE = (
    "id, guild_id, channel_id, engine, status, NULL AS state, version, host_id, options, seed,"
    " created_at, updated_at, result, end_reason"
)


def in_guild(column: str, guild_id: int | None) -> tuple[str, tuple[int, ...]]:
    """``column`` is this server (or no server, for ``None``), written so that both databases
    find it through an index (PostgreSQL's ``IS NOT DISTINCT FROM`` would not)."""
    if guild_id is None:
        return f"{column} IS NULL", ()
    return f"{column} = ?", (guild_id,)


def live_game_row(conn: Db, channel_id: int) -> GameRow | None:
    return one_game(
        conn,
        "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
        (channel_id,),
    )


def game_by_id(conn: Db, game_id: int) -> GameRow | None:
    return one_game(conn, "SELECT * FROM games WHERE id = ?", (game_id,))


def one_game(conn: Db, sql: str, args: tuple[Any, ...]) -> GameRow | None:
    rows = games_of(conn, sql, args)
    return rows[0] if rows else None


def games_of(conn: Db, sql: str, args: tuple[Any, ...] = ()) -> list[GameRow]:
    """The games ``sql`` selects, each with its seats (read in one more statement for all)."""
    rows = conn.execute(sql, args).fetchall()
    if not rows:
        return []
    seats: dict[int, list[Any]] = {row["id"]: [] for row in rows}
    if len(rows) == 1:
        found = conn.execute(
            "SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (rows[0]["id"],)
        )
    else:
        of_games, ids = conn.in_ids("game_id", list(seats))
        found = conn.execute(f"SELECT * FROM seats WHERE {of_games} ORDER BY game_id, seat", (ids,))
    for seat in found.fetchall():
        seats[seat["game_id"]].append(seat)
    return [game_of(row, seats[row["id"]]) for row in rows]


def game_of(row: Any, seat_rows: list[Any]) -> GameRow:
    problems: list[str] = []
    seats = tuple(
        SeatRow(
            seat=s["seat"],
            user_id=s["user_id"],
            name=s["name"],
            choices=json_object(s["choices"], f"seat {s['seat']}'s choices", problems),
            active=bool(s["active"]),
        )
        for s in seat_rows
    )
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        engine=row["engine"],
        status=row["status"],
        state=row["state"],
        version=row["version"],
        host_id=row["host_id"],
        options=json_object(row["options"], "the options", problems),
        seed=Db.seed_out(row["seed"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        result=loads_object(row["result"], "the result", problems),
        end_reason=row["end_reason"],
        seats=seats,
        problems=tuple(problems),
    )


def move_of(row: Any) -> MoveRow:
    try:
        events = json.loads(row["events"])
    except (TypeError, ValueError):
        events = None
    readable = isinstance(events, list) and all(isinstance(e, dict) for e in events)
    return MoveRow(
        game_id=row["game_id"],
        seq=row["seq"],
        kind=row["kind"],
        user_id=row["user_id"],
        player=row["player"],
        action_id=row["action_id"],
        events=events if readable else [],
        version=row["version"],
        created_at=row["created_at"],
        readable=readable,
    )
