"""What the scenarios check against: the bot's SQLite file, read directly (read-only), and the
engines themselves. Nothing here goes through the bot, so it is an independent witness.

The column names are those of ``storage/migrations/0001_init.sql``.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

import engines
import rendering
from bot.table.history import replay_entry
from storage.sql import Db, connect, is_postgres


@dataclass
class GameRow:
    id: int
    channel_id: int
    engine: str
    status: str
    state: str | None
    version: int
    options: dict
    seed: int
    host_id: int


@dataclass
class SeatRow:
    seat: int
    user_id: int
    name: str
    choices: dict
    active: bool


@dataclass
class MoveRow:
    seq: int
    kind: str
    user_id: int | None
    player: str | None
    action_id: str | None
    events: list[dict]
    version: int


class GameDb:
    """Read-only looks into the bot's database (a fresh connection each time: WAL readers see
    every committed write)."""

    def __init__(self, path: Path | str):
        self.path = path

    def _query(self, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        if is_postgres(self.path):  # the bot on PostgreSQL: a read-only connection to it
            db = connect(self.path, read_only=True)
            try:
                return db.execute(sql, args).fetchall()
            finally:
                db.close()
        con = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=10)
        try:
            con.row_factory = sqlite3.Row
            return con.execute(sql, args).fetchall()
        finally:
            con.close()

    def game(self, channel_id: int) -> GameRow | None:
        rows = self._query(
            "SELECT id, channel_id, engine, status, state, version, options, seed, host_id "
            "FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        if not rows:
            return None
        r = rows[0]
        return GameRow(
            id=r["id"],
            channel_id=r["channel_id"],
            engine=r["engine"],
            status=r["status"],
            state=r["state"],
            version=r["version"],
            options=json.loads(r["options"] or "{}"),
            # a seed wider than SQLite's integers is kept as its big-endian bytes
            seed=Db.seed_out(r["seed"]),  # SQLite's wide seeds are bytes, PostgreSQL's numeric
            host_id=r["host_id"],
        )

    def seats(self, game_id: int) -> list[SeatRow]:
        rows = self._query(
            "SELECT seat, user_id, name, choices, active FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [
            SeatRow(
                r["seat"],
                r["user_id"],
                r["name"],
                json.loads(r["choices"] or "{}"),
                bool(r["active"]),
            )
            for r in rows
        ]

    def moves(self, game_id: int) -> list[MoveRow]:
        rows = self._query(
            "SELECT seq, kind, user_id, player, action_id, events, version FROM moves "
            "WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [
            MoveRow(
                r["seq"],
                r["kind"],
                r["user_id"],
                r["player"],
                r["action_id"],
                json.loads(r["events"] or "[]"),
                r["version"],
            )
            for r in rows
        ]


@dataclass
class Secrets:
    by_player: dict[str, set[str]] = field(default_factory=dict)
    known: dict[str, str] = field(default_factory=dict)  # what each player sees anyway

    def forbidden_for(self, reader: str | None) -> set[str]:
        """Texts ``reader`` (None: everyone) must not be shown."""
        own = self.known.get(reader, "") if reader else ""
        return {
            t
            for player, texts in self.by_player.items()
            if player != reader
            for t in texts
            if not contains_word(own, t)
        }

    def owners(self, text: str) -> list[str]:
        return [p for p, texts in self.by_player.items() if text in texts]


def contains_word(haystack: str, needle: str) -> bool:
    """``needle`` occurs in ``haystack`` not as part of a longer word."""
    return re.search(r"(?<!\w)" + re.escape(needle) + r"(?!\w)", haystack) is not None


class Witness:
    """The engine's own answers about a game row: who must act, what each player may see."""

    def __init__(self, db: GameDb, channel_id: int):
        self.db = db
        self.channel_id = channel_id

    def row(self) -> GameRow:
        row = self.db.game(self.channel_id)
        assert row is not None, "no game row in the database"
        return row

    def engine(self, row: GameRow | None = None) -> engines.Engine:
        return engines.get_engine((row or self.row()).engine)

    def state(self, row: GameRow | None = None):
        row = row or self.row()
        return self.engine(row).load_state(row.state)

    def to_act_users(self, row: GameRow | None = None) -> set[int]:
        row = row or self.row()
        if row.status != "running":
            return set()
        by_name = {s.name: s.user_id for s in self.db.seats(row.id)}
        return {by_name[p] for p in self.engine(row).to_act(self.state(row))}

    def public_png(self, row: GameRow | None = None, locale: str = "en-US") -> bytes:
        row = row or self.row()
        eng = self.engine(row)
        return rendering.render_board(eng.name, eng.view(self.state(row), None), locale)

    def private_png(
        self, player: str, row: GameRow | None = None, locale: str = "en-US"
    ) -> bytes | None:
        row = row or self.row()
        eng = self.engine(row)
        try:
            return rendering.render_hand(eng.name, eng.view(self.state(row), player), locale)
        except Exception:  # a game without a hand renderer
            return None

    def secrets(self, row: GameRow | None = None) -> Secrets:
        """Per player, the texts of their private view that no one else may read, and what each
        player knows anyway (their own view and private events), for checking messages."""
        row = row or self.row()
        eng = self.engine(row)
        state = self.state(row)
        seats = self.db.seats(row.id)
        moves = self.db.moves(row.id)
        # anything said in public (the spectator view, public events, the guide) is not secret,
        # even as part of a longer text
        public_blob = "\n".join(
            [
                *_strings(eng.view(state, None).model_dump(mode="json")),
                *(e["text"] for m in moves for e in m.events if not e.get("private_to")),
                eng.guide,
                eng.title,
            ]
        )
        names = {s.name for s in seats}
        # action labels are public by contract (they become buttons others see)
        labels = {a.label for s in seats for a in eng.legal_actions(state, s.name)}
        result = Secrets()
        for s in seats:
            mine = _strings(eng.view(state, s.name).model_dump(mode="json"))
            own_labels = [a.label for a in eng.legal_actions(state, s.name)]
            result.known[s.name] = "\n".join([*mine, *own_labels])
            result.by_player[s.name] = {
                t
                for t in mine - names - labels
                if len(t) >= 4 and not contains_word(public_blob, t)
            }
        for m in moves:
            for e in m.events:
                owner = e.get("private_to")
                if owner and not contains_word(public_blob, e["text"]):
                    result.by_player.setdefault(owner, set()).add(e["text"])
                    result.known[owner] = result.known.get(owner, "") + "\n" + e["text"]
        return result

    def replayed_state_json(self, row: GameRow | None = None) -> dict:
        """The state got by replaying the move log from setup: equal to the saved state iff no
        move was lost or applied twice."""
        row = row or self.row()
        eng = self.engine(row)
        seats = self.db.seats(row.id)
        players = [s.name for s in seats]
        merged = dict(row.options)
        for spec in eng.options:
            if spec.per_player:
                merged[spec.key] = {
                    s.name: s.choices[spec.key] for s in seats if spec.key in s.choices
                }
        state = eng.setup(players, seed=row.seed, options=eng.validate_options(players, merged))
        for m in self.db.moves(row.id):
            if m.kind in ("move", "undo", "concede"):
                state = replay_entry(eng, state, m)  # as the table makes each entry
        return without_takeback(json.loads(state.model_dump_json()))


def without_takeback(state: dict) -> dict:
    """A state's JSON without its takeback stack: a replay cannot tell a stand-in's steps
    (never kept for taking back) from a player's, so stacks are not compared
    (:func:`bot.table.history.replay_entry`)."""
    return {k: v for k, v in state.items() if k != "takeback"}


def _strings(value) -> set[str]:
    out: set[str] = set()
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        # values only: keys are mostly field names, which say nothing secret
        for v in value.values():
            out |= _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            out |= _strings(v)
    return out
