"""The days tables' rows and the synchronous reads and writes on them (:class:`ClockTables`).

What the clock service keeps per game, per deadline and per seat, and every statement on those
tables, run on the clock store's connection inside :meth:`storage.clock.ClockStore.run` (one
trip to its worker thread). :mod:`storage.clock` opens that connection and runs them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from storage.player_settings import PlayerSettings
from storage.shards import Shards, where
from storage.sql import Db

DEFAULT_TURN_SECONDS = 24 * 3600
DEFAULT_MISSED_LIMIT = 3


@dataclass(frozen=True)
class ClockGame:
    game_id: int
    turn_seconds: int | None = DEFAULT_TURN_SECONDS
    missed_limit: int = DEFAULT_MISSED_LIMIT
    paused_at: float | None = None
    last_nudge_at: float | None = None
    board_channel_id: int | None = None
    board_message_id: int | None = None
    closed_reason: str | None = None


@dataclass(frozen=True)
class Deadline:
    game_id: int
    user_id: int
    version: int
    started_at: float
    due_at: float
    half_sent: bool
    near_sent: bool
    fired_at: float | None


@dataclass(frozen=True)
class ClockRules:
    """A game's clock rules beyond its time per turn (the defaults: none of them)."""

    #: each player's time bank, drawn on when a turn overruns its time (None: no bank)
    bank_seconds: int | None = None
    #: a player's clock does not run on their own Saturday and Sunday
    weekends_off: bool = False
    #: an away player's time runs on and a stand-in plays when it is up (the host's choice);
    #: by default their clock stops while they are away
    away_standin: bool = False


@dataclass(frozen=True)
class ClockSeat:
    game_id: int
    user_id: int
    missed: int = 0
    standin_for_good: bool = False
    vote_open: bool = False


_GAME_COLS = (
    "game_id, turn_seconds, missed_limit, paused_at, last_nudge_at, "
    "board_channel_id, board_message_id, closed_reason"
)
_DEADLINE_COLS = "game_id, user_id, version, started_at, due_at, half_sent, near_sent, fired_at"


_SETTINGS_FIELDS = (
    "zone",
    "quiet_start",
    "quiet_end",
    "notify",
    "reminders_per_turn",
    "digest_at",
)
_SETTINGS_COLS = ", ".join(_SETTINGS_FIELDS)


def _settings(row: tuple[Any, ...]) -> PlayerSettings:
    """A settings row as it was stored (checked when it was set: not refused again, so a zone
    dropped from a later tzdata still reads; its quiet hours then count as unset)."""
    data = dict(zip(_SETTINGS_FIELDS, row, strict=True))
    try:
        return PlayerSettings.model_validate(data)
    except ValueError:
        return PlayerSettings(notify=data["notify"], reminders_per_turn=data["reminders_per_turn"])


def _deadline(row: tuple[Any, ...]) -> Deadline:
    return Deadline(row[0], row[1], row[2], row[3], row[4], bool(row[5]), bool(row[6]), row[7])


#: The earliest unfired timer of a deadline, exactly as the index ``days_deadlines_next``
#: (migration 0061) is written, so that SQLite walks that index; it mirrors bot/clock/timers.py.
#: (PostgreSQL's copy of the index spells ``min`` of two values ``LEAST``, as storage/sql.py does.)
NEXT_AT = (
    "(CASE WHEN half_sent = 0 THEN started_at + (due_at - started_at) / 2.0 "
    "WHEN near_sent = 0 THEN due_at - min(3600, (due_at - started_at) / 4.0) "
    "ELSE due_at END)"
)
_STOPPED_GAMES = (
    "SELECT game_id FROM days_games WHERE paused_at IS NOT NULL OR closed_reason IS NOT NULL"
)


def _of_shards(shards: Shards | None) -> str:
    """``AND`` a deadline's game is one of ``shards``' guilds' (nothing without shards)."""
    if shards is None or shards.everything:
        return ""
    return (
        " AND game_id IN (SELECT id FROM games"
        f" WHERE status = 'running' AND {shards.sql('guild_id')})"
    )


class ClockTables:
    """The days tables, read and written synchronously on the clock store's connection.

    Only ever used inside :meth:`ClockStore.run` (one trip to the database's worker thread),
    so several reads and writes cost one round trip and, with ``atomic``, land together.
    """

    def __init__(self, db: Db):
        self.db = db

    def _write(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        count: int = self.db.execute(sql, params).rowcount
        return count

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        rows: list[tuple[Any, ...]] = self.db.execute(sql, params).fetchall()
        return rows

    # -- games -----------------------------------------------------------------------------------
    def game(self, game_id: int) -> ClockGame:
        rows = self._rows(f"SELECT {_GAME_COLS} FROM days_games WHERE game_id=?", (game_id,))
        return ClockGame(*rows[0]) if rows else ClockGame(game_id)

    def ensure_game(self, game_id: int, turn_seconds: int | None = DEFAULT_TURN_SECONDS) -> None:
        self._write(
            "INSERT INTO days_games (game_id, turn_seconds) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (game_id, turn_seconds),
        )

    def update_game(self, game_id: int, **fields: Any) -> None:
        self.ensure_game(game_id)
        cols = ", ".join(f"{k}=?" for k in fields)
        self._write(f"UPDATE days_games SET {cols} WHERE game_id=?", (*fields.values(), game_id))

    def standin_level(self, game_id: int) -> str | None:
        """The level the host set for the game's stand-ins (None: not set)."""
        rows = self._rows("SELECT level FROM days_standin_levels WHERE game_id=?", (game_id,))
        return rows[0][0] if rows else None

    def set_standin_level(self, game_id: int, level: str) -> None:
        self._write(
            "INSERT INTO days_standin_levels (game_id, level) VALUES (?, ?) "
            "ON CONFLICT(game_id) DO UPDATE SET level=excluded.level",
            (game_id, level),
        )

    def take_nudge(self, game_id: int, now: float, gap: float) -> float | None:
        """Claim the game's nudge; ``None`` on success, else when the next one is allowed."""
        self.ensure_game(game_id)
        won = self._write(
            "UPDATE days_games SET last_nudge_at=? WHERE game_id=? "
            "AND (last_nudge_at IS NULL OR last_nudge_at <= ?)",
            (now, game_id, now - gap),
        )
        if won:
            return None
        last = self.game(game_id).last_nudge_at
        assert last is not None  # the claim lost to a nudge taken less than ``gap`` ago
        return last + gap

    def games_with_board_in(self, game_ids: list[int]) -> dict[int, ClockGame]:
        if not game_ids:
            return {}
        marks = ",".join("?" * len(game_ids))
        rows = self._rows(
            f"SELECT {_GAME_COLS} FROM days_games WHERE game_id IN ({marks})", tuple(game_ids)
        )
        return {r[0]: ClockGame(*r) for r in rows}

    # -- deadlines -------------------------------------------------------------------------------
    def deadlines(self, game_id: int) -> list[Deadline]:
        rows = self._rows(
            f"SELECT {_DEADLINE_COLS} FROM days_deadlines WHERE game_id=? ORDER BY due_at, user_id",
            (game_id,),
        )
        return [_deadline(r) for r in rows]

    def put_deadline(
        self, game_id: int, user_id: int, version: int, started_at: float, due_at: float
    ) -> None:
        self._write(
            "INSERT INTO days_deadlines (game_id, user_id, version, started_at, due_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET "
            "version=excluded.version, started_at=excluded.started_at, due_at=excluded.due_at, "
            "half_sent=0, near_sent=0, fired_at=NULL",
            (game_id, user_id, version, started_at, due_at),
        )

    def set_deadline_version(self, game_id: int, user_id: int, version: int) -> None:
        self._write(
            "UPDATE days_deadlines SET version=? WHERE game_id=? AND user_id=?",
            (version, game_id, user_id),
        )

    def drop_deadline(self, game_id: int, user_id: int) -> None:
        self._write("DELETE FROM days_deadlines WHERE game_id=? AND user_id=?", (game_id, user_id))

    def drop_deadlines(self, game_id: int) -> None:
        self._write("DELETE FROM days_deadlines WHERE game_id=?", (game_id,))

    def claim(
        self, game_id: int, user_id: int, what: str, due_at: float, *, now: float = 0.0
    ) -> bool:
        """Mark a reminder sent or a deadline fired; True only for the one caller that did it.

        ``due_at`` must match, so a claim made for one turn never lands on the next turn's row.
        """
        column = {"half": "half_sent", "near": "near_sent", "deadline": "fired_at"}[what]
        value = now if what == "deadline" else 1
        empty = "IS NULL" if what == "deadline" else "= 0"
        won = self._write(
            f"UPDATE days_deadlines SET {column}=? WHERE game_id=? AND user_id=? AND due_at=? "
            f"AND fired_at IS NULL AND {column} {empty}",
            (value, game_id, user_id, due_at),
        )
        return won == 1

    def rearm(self, game_id: int, user_id: int, due_at: float) -> None:
        """Unfire a deadline whose stand-in never moved (the bot stopped in between)."""
        self._write(
            "UPDATE days_deadlines SET fired_at=NULL, half_sent=1, near_sent=1, due_at=? "
            "WHERE game_id=? AND user_id=?",
            (due_at, game_id, user_id),
        )

    def shift_deadlines(
        self,
        seconds: float,
        *,
        game_id: int | None = None,
        user_id: int | None = None,
        game_ids: list[int] | None = None,
    ) -> None:
        """Move unfired deadlines (and so their reminders) later by ``seconds``."""
        where, params = ["fired_at IS NULL"], [seconds, seconds]
        if game_id is not None:
            where.append("game_id=?")
            params.append(game_id)
        if user_id is not None:
            where.append("user_id=?")
            params.append(user_id)
        if game_ids is not None:
            where.append(f"game_id IN ({','.join('?' * len(game_ids)) or 'NULL'})")
            params.extend(game_ids)
        self._write(
            "UPDATE days_deadlines SET started_at=started_at+?, due_at=due_at+? "
            f"WHERE {' AND '.join(where)}",
            tuple(params),
        )

    # -- seats -----------------------------------------------------------------------------------
    def seat(self, game_id: int, user_id: int) -> ClockSeat:
        rows = self._rows(
            "SELECT game_id, user_id, missed, standin_for_good, vote_open FROM days_seats "
            "WHERE game_id=? AND user_id=?",
            (game_id, user_id),
        )
        if not rows:
            return ClockSeat(game_id, user_id)
        r = rows[0]
        return ClockSeat(r[0], r[1], r[2], bool(r[3]), bool(r[4]))

    def kept_seats(self, game_id: int) -> set[int]:
        """User ids whose seat the stand-in keeps for good (after a vote)."""
        rows = self._rows(
            "SELECT user_id FROM days_seats WHERE game_id=? AND standin_for_good=1", (game_id,)
        )
        return {r[0] for r in rows}

    def update_seat(self, game_id: int, user_id: int, **fields: Any) -> None:
        """Set some of a seat's columns (one statement: it lands whole without a transaction)."""
        cols = ", ".join(fields)
        marks = ", ".join("?" for _ in fields)
        sets = ", ".join(f"{k}=excluded.{k}" for k in fields)
        self._write(
            f"INSERT INTO days_seats (game_id, user_id, {cols}) VALUES (?, ?, {marks}) "
            f"ON CONFLICT (game_id, user_id) DO UPDATE SET {sets}",
            (game_id, user_id, *fields.values()),
        )

    def add_missed(self, game_id: int, user_id: int) -> int:
        """Count one more missed turn; the new count (one statement, so two callers at once
        each get their own count, on PostgreSQL too)."""
        rows = self._rows(
            "INSERT INTO days_seats (game_id, user_id, missed) VALUES (?, ?, 1) "
            "ON CONFLICT (game_id, user_id) DO UPDATE SET missed=days_seats.missed+1 "
            "RETURNING missed",
            (game_id, user_id),
        )
        missed: int = rows[0][0]
        return missed

    # -- votes -----------------------------------------------------------------------------------
    def cast_vote(self, game_id: int, target_id: int, voter_id: int, choice: str) -> None:
        self._write(
            "INSERT INTO days_votes (game_id, target_id, voter_id, choice) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id, target_id, voter_id) DO UPDATE SET choice=excluded.choice",
            (game_id, target_id, voter_id, choice),
        )

    def votes(self, game_id: int, target_id: int) -> dict[int, str]:
        rows = self._rows(
            "SELECT voter_id, choice FROM days_votes WHERE game_id=? AND target_id=?",
            (game_id, target_id),
        )
        return dict(rows)

    def clear_votes(self, game_id: int, target_id: int) -> None:
        self._write("DELETE FROM days_votes WHERE game_id=? AND target_id=?", (game_id, target_id))

    # -- notices ---------------------------------------------------------------------------------
    def notify(self, user_id: int) -> tuple[bool, bool]:
        """(direct messages on, a failure already told)."""
        rows = self._rows("SELECT dm_on, failure_told FROM days_notify WHERE user_id=?", (user_id,))
        return (bool(rows[0][0]), bool(rows[0][1])) if rows else (False, False)

    def set_notify(self, user_id: int, on: bool) -> None:
        self._write(
            "INSERT INTO days_notify (user_id, dm_on, failure_told) VALUES (?, ?, 0) "
            "ON CONFLICT(user_id) DO UPDATE SET dm_on=excluded.dm_on, failure_told=0",
            (user_id, int(on)),
        )

    def claim_failure_told(self, user_id: int) -> bool:
        return (
            self._write(
                "UPDATE days_notify SET failure_told=1 WHERE user_id=? AND failure_told=0",
                (user_id,),
            )
            == 1
        )

    # -- a player's own settings (one row per user for every server: no shard filter) ----------
    def player_settings(self, user_id: int) -> PlayerSettings:
        """The user's settings (the defaults when they never set any)."""
        rows = self._rows(
            f"SELECT {_SETTINGS_COLS} FROM player_settings WHERE user_id=?", (user_id,)
        )
        return _settings(rows[0]) if rows else PlayerSettings()

    def players_settings(self, user_ids: list[int]) -> dict[int, PlayerSettings]:
        """Several users' settings in one statement (each user listed; defaults when unset)."""
        found: dict[int, PlayerSettings] = {u: PlayerSettings() for u in user_ids}
        if user_ids:
            marks = ",".join("?" * len(user_ids))
            rows = self._rows(
                f"SELECT user_id, {_SETTINGS_COLS} FROM player_settings WHERE user_id IN ({marks})",
                tuple(user_ids),
            )
            found.update({r[0]: _settings(r[1:]) for r in rows})
        return found

    def set_player_settings(self, user_id: int, settings: PlayerSettings) -> None:
        """Keep the user's settings; the old direct-message switch follows ``notify`` (so a
        failed direct message is told in the channel once again after a change)."""
        values = tuple(getattr(settings, c) for c in _SETTINGS_FIELDS)
        sets = ", ".join(f"{c}=excluded.{c}" for c in _SETTINGS_FIELDS)
        self._write(
            f"INSERT INTO player_settings (user_id, {_SETTINGS_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?) "
            f"ON CONFLICT(user_id) DO UPDATE SET {sets}",
            (user_id, *values),
        )
        self.set_notify(user_id, settings.dms)

    def muted(self, user_id: int, game_id: int) -> bool:
        rows = self._rows(
            "SELECT 1 FROM player_mutes WHERE user_id=? AND game_id=?", (user_id, game_id)
        )
        return bool(rows)

    def muted_of(self, game_id: int) -> set[int]:
        """The users who muted ``game_id``."""
        return {
            r[0] for r in self._rows("SELECT user_id FROM player_mutes WHERE game_id=?", (game_id,))
        }

    def set_muted(self, user_id: int, game_id: int, muted: bool) -> None:
        if muted:
            self._write(
                "INSERT INTO player_mutes (user_id, game_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (user_id, game_id),
            )
        else:
            self._write(
                "DELETE FROM player_mutes WHERE user_id=? AND game_id=?", (user_id, game_id)
            )

    # -- turn notices held through a player's quiet hours -----------------------------------------
    def hold(self, user_id: int, game_id: int, release_at: float) -> None:
        """Hold the user's turn notice of ``game_id`` until ``release_at`` (the end of their
        quiet hours); held again, it keeps the latest release time."""
        self._write(
            "INSERT INTO player_held (user_id, game_id, release_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id, game_id) DO UPDATE SET release_at=excluded.release_at",
            (user_id, game_id, release_at),
        )

    def drop_held(self, *, game_id: int, user_id: int | None = None) -> None:
        """Forget held notices of a game (of one user in it, with ``user_id``)."""
        if user_id is None:
            self._write("DELETE FROM player_held WHERE game_id=?", (game_id,))
        else:
            self._write("DELETE FROM player_held WHERE game_id=? AND user_id=?", (game_id, user_id))

    def held(self, user_id: int) -> dict[int, float]:
        """The user's held notices: game id -> when it is released."""
        rows = self._rows(
            "SELECT game_id, release_at FROM player_held WHERE user_id=? ORDER BY game_id",
            (user_id,),
        )
        return dict(rows)

    def next_release(self, *, shards: Shards | None = None) -> float | None:
        """When the earliest held notice of these shards' games is released (None: none)."""
        # a range of the release index from its start (times are seconds since 1970), so the
        # shards' filter keeps to it too
        rows = self._rows(
            f"SELECT release_at FROM player_held WHERE release_at >= 0{_of_shards(shards)} "
            "ORDER BY release_at LIMIT 1"
        )
        return float(rows[0][0]) if rows else None

    def take_released(self, now: float, *, shards: Shards | None = None) -> dict[int, list[int]]:
        """Take (delete) every held notice released by ``now``: user id -> their game ids.
        Run atomically, so two processes never both take one; the caller sends them."""
        rows = self._rows(
            f"SELECT user_id, game_id FROM player_held WHERE release_at <= ?{_of_shards(shards)}",
            (now,),
        )
        taken: dict[int, list[int]] = {}
        for user_id, game_id in sorted(tuple(r) for r in rows):
            if self._write(
                "DELETE FROM player_held WHERE user_id=? AND game_id=? AND release_at <= ?",
                (user_id, game_id, now),
            ):
                taken.setdefault(user_id, []).append(game_id)
        return taken

    # -- away (one per player, covering every game in every server) ----------------------------
    def add_away(self, user_id: int, start: float, until: float) -> None:
        self._write(
            "INSERT INTO days_player_away (user_id, start_at, until_at) VALUES (?, ?, ?)",
            (user_id, start, until),
        )

    def away_until(self, user_id: int, now: float) -> float | None:
        rows = self._rows(
            "SELECT MAX(until_at) FROM days_player_away WHERE user_id=? "
            "AND start_at<=? AND until_at>?",
            (user_id, now, now),
        )
        until: float | None = rows[0][0]
        return until

    def away_used(self, user_id: int, since: float) -> float:
        """Seconds of away that fall after ``since`` (periods are clipped to the window, and
        overlapping ones, as two servers' periods brought together by migration 0160, count
        once)."""
        rows = self._rows(
            "SELECT start_at, until_at FROM days_player_away WHERE user_id=? AND until_at>? "
            "ORDER BY start_at",
            (user_id, since),
        )
        used, reached = 0.0, since
        for start, until in rows:
            start = max(start, reached)
            if until > start:
                used += until - start
                reached = until
        return used

    def end_away(self, user_id: int, now: float) -> float:
        """Cut the current away period short; returns the seconds given back (0 if none)."""
        until = self.away_until(user_id, now)
        if until is None:
            return 0.0
        self._write(
            "UPDATE days_player_away SET until_at=? WHERE user_id=? AND start_at<=? AND until_at>?",
            (now, user_id, now, now),
        )
        return until - now

    # -- a game's clock rules and its players' banks -----------------------------------------------
    def rules(self, game_id: int) -> ClockRules:
        rows = self._rows(
            "SELECT bank_seconds, weekends_off, away_standin FROM days_clock_rules WHERE game_id=?",
            (game_id,),
        )
        if not rows:
            return ClockRules()
        bank, weekends, standin = rows[0]
        return ClockRules(bank, bool(weekends), bool(standin))

    def set_rules(self, game_id: int, rules: ClockRules) -> None:
        self._write(
            "INSERT INTO days_clock_rules (game_id, bank_seconds, weekends_off, away_standin) "
            "VALUES (?, ?, ?, ?) ON CONFLICT(game_id) DO UPDATE SET "
            "bank_seconds=excluded.bank_seconds, weekends_off=excluded.weekends_off, "
            "away_standin=excluded.away_standin",
            (game_id, rules.bank_seconds, int(rules.weekends_off), int(rules.away_standin)),
        )

    def bank_left(self, game_id: int, user_id: int, bank_seconds: int) -> float:
        """What is left of the player's bank (all of it until they first overran)."""
        rows = self._rows(
            "SELECT left_s FROM days_banks WHERE game_id=? AND user_id=?", (game_id, user_id)
        )
        return min(float(rows[0][0]), bank_seconds) if rows else float(bank_seconds)

    def banks(self, game_id: int) -> dict[int, float]:
        """Every player's bank that was drawn on (user id -> seconds left)."""
        rows = self._rows("SELECT user_id, left_s FROM days_banks WHERE game_id=?", (game_id,))
        return {r[0]: float(r[1]) for r in rows}

    def set_bank_left(self, game_id: int, user_id: int, left: float) -> None:
        self._write(
            "INSERT INTO days_banks (game_id, user_id, left_s) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id, user_id) DO UPDATE SET left_s=excluded.left_s",
            (game_id, user_id, max(0.0, left)),
        )

    def drop_banks(self, game_id: int) -> None:
        self._write("DELETE FROM days_banks WHERE game_id=?", (game_id,))

    # -- daily digests ---------------------------------------------------------------------------
    def digest_day(self, user_id: int) -> str | None:
        """The local day (ISO date) of the player's latest digest."""
        rows = self._rows("SELECT last_day FROM days_digests WHERE user_id=?", (user_id,))
        return str(rows[0][0]) if rows else None

    def digest_users(self) -> list[tuple[int, str, int, str | None]]:
        """(user id, zone, minutes after local midnight, latest digest day) of every player who
        asked for a daily digest (their zone is set: their settings refuse a digest without)."""
        rows = self._rows(
            "SELECT p.user_id, p.zone, p.digest_at, d.last_day FROM player_settings p "
            "LEFT JOIN days_digests d ON d.user_id = p.user_id "
            "WHERE p.digest_at IS NOT NULL AND p.zone IS NOT NULL ORDER BY p.user_id"
        )
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    def claim_digest(self, user_id: int, day: str) -> bool:
        """Mark ``day``'s digest as sent; True only for the one caller that did (a day is
        claimed once, and never one older than the latest)."""
        won = self._write(
            "INSERT INTO days_digests (user_id, last_day) VALUES (?, ?) "
            "ON CONFLICT(user_id) DO UPDATE SET last_day=excluded.last_day "
            "WHERE days_digests.last_day < excluded.last_day",
            (user_id, day),
        )
        return won == 1

    # -- log -------------------------------------------------------------------------------------
    def log(
        self,
        game_id: int,
        at: float,
        kind: str,
        text: str,
        *,
        user_id: int | None = None,
        version: int | None = None,
    ) -> None:
        self._write(
            "INSERT INTO days_log (game_id, at, kind, user_id, version, text) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, at, kind, user_id, version, text),
        )

    # -- the scheduler and start-up ----------------------------------------------------------------
    # With ``shards``, each of these sees only the games of those shards' guilds: a process
    # running some of the shards fires, and brings in line at start, only its own games.
    def next_deadlines(self, limit: int = 1, *, shards: Shards | None = None) -> list[Deadline]:
        """The running deadlines whose next timer comes first (an indexed walk, not a scan)."""
        rows = self._rows(
            f"SELECT {_DEADLINE_COLS} FROM days_deadlines WHERE fired_at IS NULL "
            f"AND game_id NOT IN ({_STOPPED_GAMES}){_of_shards(shards)} "
            f"ORDER BY {NEXT_AT} LIMIT ?",
            (limit,),
        )
        return [_deadline(r) for r in rows]

    def due_deadlines(self, now: float, *, shards: Shards | None = None) -> list[Deadline]:
        """The running deadlines with a timer due by ``now`` (a second of slack: the caller
        decides with :mod:`bot.clock.timers`, so rounding can never hide a due timer)."""
        rows = self._rows(
            f"SELECT {_DEADLINE_COLS} FROM days_deadlines WHERE fired_at IS NULL "
            f"AND {NEXT_AT} <= ? AND game_id NOT IN ({_STOPPED_GAMES}){_of_shards(shards)} "
            f"ORDER BY {NEXT_AT}, game_id, user_id",
            (now + 1.0,),
        )
        return [_deadline(r) for r in rows]

    def fired_deadlines(self, *, shards: Shards | None = None) -> list[Deadline]:
        """Deadlines that fired and were not replaced since (a stand-in at work, or a crash)."""
        rows = self._rows(
            f"SELECT {_DEADLINE_COLS} FROM days_deadlines WHERE fired_at IS NOT NULL"
            f"{_of_shards(shards)} ORDER BY game_id, user_id"
        )
        return [_deadline(r) for r in rows]

    def games_behind(self, *, shards: Shards | None = None) -> list[int]:
        """Running games whose version is not the one their clocks were last brought in line
        with (ids only; the platform's ``games`` table is read, never written, here)."""
        rows = self._rows(
            "SELECT g.id FROM games g LEFT JOIN days_synced s ON s.game_id = g.id"
            " WHERE g.status = 'running' AND (s.version IS NULL OR s.version != g.version)"
            f" AND {where(shards, 'g.guild_id')} ORDER BY g.id"
        )
        return [r[0] for r in rows]

    def ended_games_with_deadlines(self, *, shards: Shards | None = None) -> list[int]:
        """Finished or aborted games that still have deadlines (a crash before dropping them)."""
        rows = self._rows(
            "SELECT DISTINCT d.game_id FROM days_deadlines d JOIN games g ON g.id = d.game_id"
            " WHERE g.status IN ('finished', 'aborted')"
            f" AND {where(shards, 'g.guild_id')} ORDER BY d.game_id"
        )
        return [r[0] for r in rows]

    def mark_synced(self, game_id: int, version: int) -> None:
        self._write(
            "INSERT INTO days_synced (game_id, version) VALUES (?, ?) "
            "ON CONFLICT(game_id) DO UPDATE SET version=excluded.version",
            (game_id, version),
        )

    def forget_synced(self, game_id: int) -> None:
        self._write("DELETE FROM days_synced WHERE game_id=?", (game_id,))
