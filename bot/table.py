"""The table: Discord-free orchestration of games in channels.

Load the channel's game, check who may do what, let the engine apply it, save it in one
transaction (with the optimistic version check), render the public board, and say who acts next.
The Discord commands, the tests and ``python -m bot simulate`` all drive this same code. Every
refusal is a :class:`bot.errors.TableError` whose message is meant for the user; a refusal never
changes anything.

Hidden information: only ``engine.view(state, None)`` reaches public images and texts; events
with ``private_to`` are stored (marked private) but only ever returned to their owner.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
import secrets
import sqlite3
import time
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import engines
import rendering
from bot.errors import (
    AlreadySeated,
    BadOptions,
    BoardChanged,
    DamagedGame,
    EngineFailure,
    GameExists,
    GameFull,
    IllegalMove,
    NoGame,
    NotAllowed,
    NotSeated,
    NotYourTurn,
    SaveFailed,
    TableError,
    TooFewPlayers,
    UnknownGameName,
    WrongStage,
)
from bot.logsafe import failure
from engines import Action, Engine, Event, IllegalAction, Result
from storage import (
    LIVE_STATUSES,
    GameRow,
    LiveGameExists,
    LogEntry,
    SeatRow,
    Store,
    VersionConflict,
)

log = logging.getLogger("tabletop.table")

MAX_NAME = 20
RETRIES = 5  # for changes whose intent survives another change landing first
LOG_LINE_MAX = 300
PRIVATE_TEXT_MAX = 1500
_warned_no_renderer: set[str] = set()


# -- what callers get back ----------------------------------------------------------------------
@dataclass(frozen=True)
class Seat:
    index: int
    user_id: int
    name: str  # the engine's player name
    choices: dict = field(default_factory=dict, compare=False, hash=False)
    active: bool = True  # False once the player conceded


@dataclass(frozen=True)
class GameInfo:
    """A loaded game row; no raw state, so nothing hidden can leak through it."""

    id: int
    guild_id: int | None
    channel_id: int
    engine: str
    title: str
    status: str  # "lobby" | "running" | "finished" | "aborted"
    version: int
    host_id: int
    options: dict
    seats: list[Seat]
    created_at: float
    updated_at: float
    seed: int = 0
    result: Result | None = None
    end_reason: str | None = None

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def user_of(self, player_name: str) -> int | None:
        seat = next((s for s in self.seats if s.name == player_name), None)
        return seat.user_id if seat else None

    @property
    def is_live(self) -> bool:
        return self.status in ("lobby", "running")

    @property
    def host_name(self) -> str | None:
        seat = self.seat_of(self.host_id)
        return seat.name if seat else None


@dataclass(frozen=True)
class Outcome:
    """What the caller needs to answer after a change."""

    game: GameInfo
    events: list[Event]  # public ones only (private_to is None)
    private_events: dict[int, list[str]]  # user_id -> texts only they may see
    to_act: list[int]  # user ids whose decision is awaited now
    result: Result | None  # set when the game just ended
    board_png: bytes | None  # the public board (spectator view); None in the lobby


# -- player names ---------------------------------------------------------------------------------
_SPACE = re.compile(r"\s+")


def player_name(raw: str, taken: list[str] | tuple[str, ...] = ()) -> str:
    """A short, unique, readable engine player name from a display name.

    Control characters, ``@`` (no accidental mentions) and backticks go; whitespace collapses;
    at most ``MAX_NAME`` characters; a clash (ignoring case) gets " 2", " 3", ...
    """
    cleaned = "".join(
        ch for ch in str(raw) if unicodedata.category(ch)[0] != "C" and ch not in "@`"
    )
    base = _SPACE.sub(" ", cleaned).strip()[:MAX_NAME].strip() or "Player"
    lowered = {t.casefold() for t in taken}
    if base.casefold() not in lowered:
        return base
    n = 2
    while True:
        suffix = f" {n}"
        candidate = base[: MAX_NAME - len(suffix)].rstrip() + suffix
        if candidate.casefold() not in lowered:
            return candidate
        n += 1


# -- the table --------------------------------------------------------------------------------------
EndListener = Callable[["GameInfo"], Awaitable[None]]


class Table:
    """See the module docstring.

    ``end_listeners``: coroutines awaited with the :class:`GameInfo` of a game the moment a
    change made through this table ends it (a last move, a concession that ends it, an abort,
    the last player leaving the lobby), e.g. to drop the game's turn clocks at once. Every
    ending passes through :meth:`_save`, so no caller has to remember to tell anyone; a
    failing listener is logged and does not undo the ending.
    """

    def __init__(
        self, store: Store, *, clock: Callable[[], float] = time.time, render: bool = True
    ):
        self.store = store
        self.clock = clock
        self.render = render
        self.end_listeners: list[EndListener] = []

    # -- lobby ------------------------------------------------------------------------------------
    async def new_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        user_name: str,
        engine: str,
        options: dict | None = None,
        seed: int | None = None,
        choices: dict | None = None,
    ) -> GameInfo:
        """Open a lobby in the channel; the host takes the first seat."""
        try:
            eng = engines.get_engine(engine)
        except engines.UnknownGame as exc:
            raise UnknownGameName(str(exc)) from None
        if await self.store.live_game(channel_id) is not None:
            raise GameExists()
        game_options = self._game_options(eng, options)
        if seed is None:
            seed = secrets.randbelow(2**31)
        elif not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise BadOptions("The seed must be a whole number from 0 up.")
        name = player_name(user_name)
        seat_choices = self._seat_choices(eng, choices, [])
        now = self.clock()
        try:
            row = await self.store.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                engine=eng.name,
                host_id=user_id,
                options=game_options,
                seed=seed,
                now=now,
                seats=[SeatRow(0, user_id, name, seat_choices)],
                entry=LogEntry(
                    "new", user_id, name, events=[_public(f"{name} opens a game of {eng.title}.")]
                ),
            )
        except LiveGameExists:
            raise GameExists() from None
        except sqlite3.Error as exc:
            log.error("could not create a game in channel %s: %s", channel_id, failure(exc))
            raise SaveFailed() from None
        return self._info(row)

    async def join(
        self, *, channel_id: int, user_id: int, user_name: str, choices: dict | None = None
    ) -> GameInfo:
        """Take a seat in the channel's lobby (with per-player choices, e.g. a species)."""

        async def attempt() -> GameInfo:
            row = await self._live(channel_id)
            eng = self._engine(row)
            if row.status != "lobby":
                raise WrongStage(
                    "This game has already started, so no one can join it now. "
                    "You can follow it with /game board."
                )
            if any(s.user_id == user_id for s in row.seats):
                raise AlreadySeated()
            if len(row.seats) >= eng.max_players:
                raise GameFull(
                    f"This game is full: {eng.title} takes at most {eng.max_players} players."
                )
            seat_choices = self._seat_choices(eng, choices, row.seats)
            name = player_name(user_name, [s.name for s in row.seats])
            seats = [*row.seats, SeatRow(len(row.seats), user_id, name, seat_choices)]
            saved = await self._save(
                row,
                LogEntry("join", user_id, name, events=[_public(f"{name} joins.")]),
                seats=seats,
            )
            return self._info(saved)

        return await self._retrying(attempt)

    async def leave(self, *, channel_id: int, user_id: int) -> GameInfo:
        """Give up a seat in the lobby. The host's leaving hands the lobby to the next seat;
        the last player's leaving closes it (status ``aborted``)."""

        async def attempt() -> GameInfo:
            row = await self._live(channel_id)
            if row.status != "lobby":
                raise WrongStage(
                    "The game has already started. To stop playing, use /game concede."
                )
            seat = next((s for s in row.seats if s.user_id == user_id), None)
            if seat is None:
                raise NotSeated("You have not joined this game, so there is nothing to leave.")
            rest = [s for s in row.seats if s.user_id != user_id]
            seats = [SeatRow(i, s.user_id, s.name, s.choices, s.active) for i, s in enumerate(rest)]
            texts = [f"{seat.name} leaves."]
            changes: dict[str, Any] = {"seats": seats}
            if not seats:
                texts.append("Everyone has left, so the lobby is closed.")
                changes.update(status="aborted", end_reason="everyone left the lobby")
            elif user_id == row.host_id:
                changes["host_id"] = seats[0].user_id
                texts.append(f"{seats[0].name} is now the host.")
            entry = LogEntry("leave", user_id, seat.name, events=[_public(t) for t in texts])
            return self._info(await self._save(row, entry, **changes))

        return await self._retrying(attempt)

    async def start(self, *, channel_id: int, user_id: int) -> Outcome:
        """The host starts the game once enough players have joined."""
        return await self._retrying(lambda: self._start_once(channel_id, user_id))

    async def _start_once(self, channel_id: int, user_id: int) -> Outcome:
        row = await self._live(channel_id)
        eng = self._engine(row)
        if row.status != "lobby":
            raise WrongStage("The game has already started.")
        if user_id != row.host_id:
            host = _name_of(row, row.host_id) or "the host"
            raise NotAllowed(f"Only the host, {host}, can start the game.")
        if len(row.seats) < eng.min_players:
            raise TooFewPlayers(
                f"{eng.title} needs at least {eng.min_players} players; "
                f"{len(row.seats)} joined so far. Others can join with /game join."
            )
        if row.problems:
            raise DamagedGame()
        players = [s.name for s in row.seats]
        merged: dict[str, Any] = dict(row.options)
        for spec in eng.options:
            if spec.per_player:
                merged[spec.key] = {
                    s.name: s.choices[spec.key] for s in row.seats if spec.key in s.choices
                }
        try:
            options = eng.validate_options(players, merged)
            state = eng.setup(players, seed=row.seed, options=options)
        except IllegalAction as exc:
            raise BadOptions(exc.reason) from None
        except Exception as exc:
            log.error("%s: setup failed for game %s: %s", eng.name, row.id, failure(exc))
            raise EngineFailure() from None
        events = [Event(text=f"The game begins: {', '.join(players)}.", kind="start")]
        return await self._commit(
            row, eng, state, events, LogEntry("start", user_id, _name_of(row, user_id))
        )

    # -- playing ----------------------------------------------------------------------------------
    async def act(
        self,
        *,
        channel_id: int,
        user_id: int,
        action_id: str,
        expected_version: int | None = None,
        expected_game_id: int | None = None,
    ) -> Outcome:
        """Make a move: checked, applied and saved in one transaction, then rendered.

        ``expected_version`` / ``expected_game_id`` (from a button) refuse the move with
        :class:`BoardChanged` if the board moved on since the button was drawn.
        """
        row = await self._live(channel_id)
        if expected_game_id is not None and expected_game_id != row.id:
            raise BoardChanged("That button belongs to an earlier game in this channel.")
        eng, state, seat = self._running_seat(row, user_id)
        if expected_version is not None and expected_version != row.version:
            raise BoardChanged()
        legal = self._engine_call(eng.legal_actions, state, seat.name)
        if action_id not in {a.id for a in legal}:
            waiting = self._engine_call(eng.to_act, state)
            if not legal and seat.name not in waiting:
                raise NotYourTurn(_not_your_turn(waiting))
            raise IllegalMove(
                "That is not one of your moves right now. Use /play to see the moves you have."
            )
        try:
            new_state, events = eng.apply(state, seat.name, action_id)
        except IllegalAction as exc:
            raise IllegalMove(exc.reason) from None
        except Exception as exc:  # the move itself stays out of the log: it may be secret
            log.error("%s: apply failed in game %s: %s", eng.name, row.id, failure(exc))
            raise EngineFailure() from None
        entry = LogEntry("move", user_id, seat.name, action_id)
        return await self._commit(row, eng, new_state, events, entry)

    async def legal_actions(self, *, channel_id: int, user_id: int) -> list[Action]:
        """The caller's moves now (empty when they have nothing to do)."""
        row = await self._live(channel_id)
        eng, state, seat = self._running_seat(row, user_id)
        return list(self._engine_call(eng.legal_actions, state, seat.name))

    async def suggest(self, *, channel_id: int, user_id: int, rng: random.Random) -> str:
        """A reasonable legal action id for this player (stand-ins, simulations)."""
        row = await self._live(channel_id)
        eng, state, seat = self._running_seat(row, user_id)
        try:
            return eng.suggest(state, seat.name, rng)
        except IllegalAction as exc:
            raise NotYourTurn(exc.reason) from None

    async def waiting_for(self, *, channel_id: int) -> list[int]:
        """User ids whose decision the channel's running game awaits (empty otherwise)."""
        row = await self._live(channel_id)
        if row.status != "running":
            return []
        eng = self._engine(row)
        state = self._state(eng, row)
        return _user_ids(row, self._engine_call(eng.to_act, state))

    async def concede(self, *, channel_id: int, user_id: int, reason: str | None = None) -> Outcome:
        """Give up a running game (see :meth:`_concede_once`)."""
        return await self._retrying(lambda: self._concede_once(channel_id, user_id, reason))

    async def _concede_once(self, channel_id: int, user_id: int, reason: str | None) -> Outcome:
        """Give up a running game.

        If the game can go on without the player (``engine.remove_player``), it does. If it
        cannot, it ends at once and the players still in it share the win ("<name> conceded"):
        conceding means the others won, which is what a player expects.

        ``reason`` (past tense, e.g. "was voted out") replaces "conceded" in the texts when a
        player is removed by others rather than by their own choice.
        """
        row = await self._live(channel_id)
        eng, state, seat = self._running_seat(row, user_id)
        others = [s.name for s in row.seats if s.active and s.user_id != user_id]
        why = reason or "conceded"
        try:
            new_state, events = eng.remove_player(state, seat.name)
            if reason is not None:
                events = [Event(text=f"{seat.name} {reason}.", kind="concede"), *events]
            ended = None
        except IllegalAction:
            new_state = state
            text = f"{seat.name} concedes." if reason is None else f"{seat.name} {reason}."
            events = [Event(text=text, kind="concede")]
            ended = Result(winners=others, scores={}, reason=f"{seat.name} {why}")
        except Exception as exc:
            log.error("%s: remove_player failed in game %s: %s", eng.name, row.id, failure(exc))
            raise EngineFailure() from None
        if ended is None and len(others) < 2 and self._engine_call(eng.result, new_state) is None:
            ended = Result(winners=others, scores={}, reason=f"{seat.name} {why}")
        seats = [
            SeatRow(s.seat, s.user_id, s.name, s.choices, s.active and s.user_id != user_id)
            for s in row.seats
        ]
        entry = LogEntry("concede", user_id, seat.name)
        return await self._commit(row, eng, new_state, events, entry, seats=seats, ended=ended)

    async def abort(
        self, *, channel_id: int, user_id: int, is_moderator: bool, user_name: str | None = None
    ) -> GameInfo:
        """End the channel's live game with no result (host or a member with Manage Messages).

        Works even when the saved state is damaged."""
        return await self._retrying(
            lambda: self._abort_once(channel_id, user_id, is_moderator, user_name)
        )

    async def _abort_once(
        self, channel_id: int, user_id: int, is_moderator: bool, user_name: str | None
    ) -> GameInfo:
        row = await self._live(channel_id)
        if user_id != row.host_id and not is_moderator:
            host = _name_of(row, row.host_id) or "the host"
            raise NotAllowed(
                f"Only the host, {host}, or a member with Manage Messages can abort this game."
            )
        who = _name_of(row, user_id) or (player_name(user_name) if user_name else "a moderator")
        entry = LogEntry(
            "abort", user_id, who, events=[_public(f"The game is aborted by {who}.", "end")]
        )
        saved = await self._save(row, entry, status="aborted", end_reason=f"aborted by {who}")
        return self._info(saved)

    # -- looking ------------------------------------------------------------------------------------
    async def game(self, *, channel_id: int) -> GameInfo:
        """The channel's live game, else its most recent finished or aborted one (see status)."""
        return self._info(await self._latest(channel_id))

    async def live_games(self) -> list[GameInfo]:
        """Every game in a lobby or running, in every channel (for reminders and restarts)."""
        return [self._info(row) for row in await self.store.games()]

    async def board(self, *, channel_id: int) -> tuple[GameInfo, bytes, str]:
        """The public board image and a short public text (the last game's, once it ended)."""
        row = await self._latest(channel_id)
        eng = self._engine(row)
        if row.status == "lobby":
            raise WrongStage(
                "The game has not started yet, so there is no board. "
                "The host starts it with /game start."
            )
        if row.state is None:
            raise WrongStage("That game ended before it started, so it has no board.")
        state = self._state(eng, row)
        try:
            png = await asyncio.to_thread(_render_board, eng, state)
        except rendering.NoRenderer:
            raise TableError(f"{eng.title} has no board picture.") from None
        return self._info(row), png, self._status_text(row, eng, state, brief=True)

    async def hand(self, *, channel_id: int, user_id: int) -> tuple[GameInfo, bytes | None, str]:
        """The caller's private view: an image if the game draws hands, else a short text."""
        row = await self._latest(channel_id)
        eng = self._engine(row)
        seat = next((s for s in row.seats if s.user_id == user_id), None)
        if seat is None:
            raise NotSeated("You are not playing in this game, so you have no hand to see.")
        if row.status == "lobby" or row.state is None:
            raise WrongStage("The game has not started yet, so there is nothing in your hand.")
        state = self._state(eng, row)
        mine = self._engine_call(eng.view, state, seat.name)
        try:
            png = await asyncio.to_thread(rendering.render_hand, eng.name, mine)
        except rendering.NoRenderer:
            png = None
        if png is not None:
            return self._info(row), png, f"Your hand in {eng.title} (only you can see this)."
        public = self._engine_call(eng.view, state, None)
        return self._info(row), None, _private_text(mine, public)

    async def status(self, *, channel_id: int) -> tuple[GameInfo, str]:
        """A few public lines: the game, its players, whose turn it is or how it ended."""
        row = await self._latest(channel_id)
        eng = self._engine(row)
        state = self._state(eng, row) if row.status == "running" else None
        return self._info(row), self._status_text(row, eng, state)

    async def log(self, *, channel_id: int, limit: int | None = 15) -> list[str]:
        """The last ``limit`` log entries (all with ``None``) as readable public lines."""
        row = await self._latest(channel_id)
        moves = await self.store.moves(row.id, limit=limit)
        lines = []
        for move in moves:
            if not move.readable:
                text = "(this log entry is damaged)"
            else:
                texts = [str(e.get("text", "")) for e in move.events if e.get("private_to") is None]
                text = " ".join(t for t in texts if t) or f"{move.player or 'Someone'} moves."
            lines.append(_ellipsize(f"{move.seq}. {text}", LOG_LINE_MAX))
        return lines

    # -- internals ----------------------------------------------------------------------------------
    async def _live(self, channel_id: int) -> GameRow:
        row = await self.store.live_game(channel_id)
        if row is not None:
            return row
        last = await self.store.latest_game(channel_id)
        if last is not None:
            title = self._title(last.engine)
            raise NoGame(
                f"The game of {title} in this channel has ended. Start a new one with /game new."
            )
        raise NoGame()

    async def _latest(self, channel_id: int) -> GameRow:
        row = await self.store.latest_game(channel_id)
        if row is None:
            raise NoGame()
        return row

    async def _retrying(self, attempt):
        """Re-run a change (re-checking everything) if another change landed first.

        For lobby changes, start, concede and abort: what the user wants still holds after
        someone else's change. Moves are never retried: they were chosen for one board.
        """
        for _ in range(RETRIES - 1):
            try:
                return await attempt()
            except BoardChanged:
                continue
        return await attempt()

    def _engine(self, row: GameRow) -> Engine:
        try:
            return engines.get_engine(row.engine)
        except engines.UnknownGame:
            raise DamagedGame(
                f"This game ({row.engine}) is not installed on this bot any more, so it cannot "
                "be played. The host or a moderator can end it with /game abort."
            ) from None

    def _title(self, engine_name: str) -> str:
        try:
            return engines.get_engine(engine_name).title
        except engines.UnknownGame:
            return engine_name

    def _state(self, eng: Engine, row: GameRow):
        if row.problems or row.state is None:
            log.error("game %s is damaged: %s", row.id, ", ".join(row.problems) or "no state")
            raise DamagedGame()
        try:
            return eng.load_state(row.state)
        except Exception as exc:  # pydantic's message would quote the (secret) state
            log.error("game %s: saved state does not load: %s", row.id, failure(exc))
            raise DamagedGame() from None

    def _engine_call(self, fn, *args):
        try:
            return fn(*args)
        except IllegalAction as exc:
            raise IllegalMove(exc.reason) from None
        except TableError:
            raise
        except Exception as exc:
            log.error("engine call %s failed: %s", getattr(fn, "__qualname__", fn), failure(exc))
            raise EngineFailure() from None

    def _running_seat(self, row: GameRow, user_id: int):
        if row.status == "lobby":
            raise WrongStage("The game has not started yet. The host starts it with /game start.")
        seat = next((s for s in row.seats if s.user_id == user_id), None)
        if seat is None:
            raise NotSeated("You are not playing in this game. You can follow it with /game board.")
        if not seat.active:
            raise NotSeated("You conceded this game, so you cannot act in it any more.")
        eng = self._engine(row)
        return eng, self._state(eng, row), seat

    async def _save(self, row: GameRow, entry: LogEntry, **changes) -> GameRow:
        try:
            saved = await self.store.save(
                row.id, row.version, now=self.clock(), entry=entry, **changes
            )
        except VersionConflict:
            raise BoardChanged() from None
        except LiveGameExists:
            raise GameExists() from None
        except sqlite3.Error as exc:
            log.error("could not save game %s: %s", row.id, failure(exc))
            raise SaveFailed() from None
        if row.status in LIVE_STATUSES and saved.status not in LIVE_STATUSES:
            await self._tell_ended(saved)
        return saved

    async def _tell_ended(self, row: GameRow) -> None:
        info = self._info(row)
        for listener in list(self.end_listeners):
            try:
                await listener(info)
            except Exception as exc:
                log.error("an end listener failed for game %s: %s", row.id, failure(exc))

    async def _commit(
        self,
        row: GameRow,
        eng: Engine,
        state,
        events: list[Event],
        entry: LogEntry,
        *,
        seats: list[SeatRow] | None = None,
        ended: Result | None = None,
    ) -> Outcome:
        """Save a new state (and its log entry) and describe the result to the caller."""
        result = ended or self._engine_call(eng.result, state)
        changes: dict[str, Any] = {"state": state.model_dump_json()}
        if result is not None:
            changes.update(
                status="finished", result=result.model_dump(mode="json"), end_reason=result.reason
            )
        elif row.status == "lobby":
            changes["status"] = "running"
        if seats is not None:
            changes["seats"] = seats
        stored = [e.model_dump(mode="json") for e in events]
        if result is not None and not any(e.kind == "end" for e in events):
            end = Event(text=_result_text(result), kind="end")
            events = [*events, end]
            stored.append(end.model_dump(mode="json"))
        entry = LogEntry(entry.kind, entry.user_id, entry.player, entry.action_id, stored)
        saved = await self._save(row, entry, **changes)
        waiting = (
            [] if result is not None else _user_ids(saved, self._engine_call(eng.to_act, state))
        )
        png = None
        if self.render:
            try:
                png = await asyncio.to_thread(_render_board, eng, state)
            except rendering.NoRenderer:
                if eng.name not in _warned_no_renderer:
                    _warned_no_renderer.add(eng.name)
                    log.warning("%s has no board renderer; moves go without images", eng.name)
            except Exception as exc:
                log.error(
                    "%s: rendering the board of game %s failed: %s", eng.name, row.id, failure(exc)
                )
        private: dict[int, list[str]] = {}
        for event in events:
            if event.private_to is not None:
                owner = _user_of(saved, event.private_to)
                if owner is not None:
                    private.setdefault(owner, []).append(event.text)
        return Outcome(
            game=self._info(saved),
            events=[e for e in events if e.private_to is None],
            private_events=private,
            to_act=waiting,
            result=result,
            board_png=png,
        )

    def _game_options(self, eng: Engine, options: dict | None) -> dict:
        specs = {s.key: s for s in eng.options}
        chosen = {k: _option_value(v) for k, v in (options or {}).items()}
        for key in chosen:
            if key in specs and specs[key].per_player:
                raise BadOptions(
                    f"{specs[key].label} is chosen by each player when they join "
                    "(/game join), not when the game is created."
                )
        try:
            validated = eng.validate_options([], chosen)
        except IllegalAction as exc:
            raise BadOptions(exc.reason) from None
        return {k: v for k, v in validated.items() if not specs[k].per_player}

    def _seat_choices(self, eng: Engine, choices: dict | None, seats) -> dict:
        specs = {s.key: s for s in eng.options if s.per_player}
        out: dict[str, str] = {}
        for key, raw in (choices or {}).items():
            if raw is None:
                continue
            spec = specs.get(key)
            if spec is None:
                valid = ", ".join(s.label for s in specs.values()) or "none"
                raise BadOptions(
                    f"'{key}' is not something you choose in {eng.title}. "
                    f"Per-player choices: {valid}."
                )
            value = _option_value(raw)
            if value not in spec.choices:
                raise BadOptions(
                    f"'{value}' is not a choice for {spec.label}: {', '.join(spec.choices)}."
                )
            if spec.unique:
                holder = next((s for s in seats if s.choices.get(key) == value), None)
                if holder is not None:
                    raise BadOptions(
                        f"{holder.name} has already chosen {value} for {spec.label}; pick another."
                    )
            out[key] = value
        return out

    def _info(self, row: GameRow) -> GameInfo:
        result = None
        if row.result is not None:
            try:
                result = Result.model_validate(row.result)
            except ValueError:
                result = None
        return GameInfo(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            engine=row.engine,
            title=self._title(row.engine),
            status=row.status,
            version=row.version,
            host_id=row.host_id,
            options=dict(row.options),
            seats=[Seat(s.seat, s.user_id, s.name, dict(s.choices), s.active) for s in row.seats],
            created_at=row.created_at,
            updated_at=row.updated_at,
            seed=row.seed,
            result=result,
            end_reason=row.end_reason,
        )

    def _status_text(self, row: GameRow, eng: Engine, state, *, brief: bool = False) -> str:
        lines = []
        if not brief:
            players = []
            for s in row.seats:
                label = s.name + (" (host)" if s.user_id == row.host_id else "")
                players.append(label if s.active else f"~~{s.name}~~ (conceded)")
            lines.append(f"**{eng.title}** (game #{row.id})")
            lines.append("Players: " + (", ".join(players) or "none"))
        if row.status == "lobby":
            lines.append(
                f"In the lobby: {len(row.seats)} of {eng.min_players}-{eng.max_players} players. "
                "Join with /game join; the host starts with /game start."
            )
        elif row.status == "running" and state is not None:
            summary = self._engine_call(eng.summary, state)
            if summary:
                lines.append(summary)
            lines.append(_waiting_text(self._engine_call(eng.to_act, state)))
        elif row.status == "finished":
            result = self._info(row).result
            lines.append(_result_text(result) if result else f"Finished: {row.end_reason}.")
        elif row.status == "aborted":
            lines.append(f"Aborted ({row.end_reason or 'no reason given'}).")
        return "\n".join(lines)


# -- small helpers ------------------------------------------------------------------------------------
def _public(text: str, kind: str = "table") -> dict:
    return Event(text=text, kind=kind).model_dump(mode="json")


def _option_value(value: Any) -> Any:
    return str(value) if isinstance(value, int | float) and not isinstance(value, bool) else value


def _name_of(row: GameRow, user_id: int) -> str | None:
    return next((s.name for s in row.seats if s.user_id == user_id), None)


def _user_of(row: GameRow, name: str) -> int | None:
    return next((s.user_id for s in row.seats if s.name == name), None)


def _user_ids(row: GameRow, names: list[str]) -> list[int]:
    ids = [_user_of(row, n) for n in names]
    return [i for i in ids if i is not None]


def _render_board(eng: Engine, state) -> bytes:
    return rendering.render_board(eng.name, eng.view(state, None))


def _join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _not_your_turn(waiting: list[str]) -> str:
    if not waiting:
        return "It is not your turn."
    return f"It is not your turn: the game is waiting for {_join_names(waiting)}."


def _waiting_text(waiting: list[str]) -> str:
    return f"Waiting for {_join_names(waiting)}." if waiting else "Waiting for no one."


def _result_text(result: Result) -> str:
    if not result.winners:
        return f"The game is over ({result.reason}); no one wins."
    verb = "wins" if len(result.winners) == 1 else "win"
    return f"The game is over: {_join_names(result.winners)} {verb} ({result.reason})."


def _ellipsize(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _format_value(value: Any) -> str:
    if isinstance(value, list) and all(not isinstance(v, dict | list) for v in value):
        return ", ".join(str(v) for v in value) or "none"
    if isinstance(value, dict) and all(not isinstance(v, dict | list) for v in value.values()):
        return ", ".join(f"{k}: {v}" for k, v in value.items()) or "none"
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def _private_text(mine, public) -> str:
    """The parts of the player's view a spectator does not see, as short text lines."""
    own = mine.model_dump(mode="json")
    seen = public.model_dump(mode="json") if type(public) is type(mine) else {}
    lines = [
        f"{key.replace('_', ' ').capitalize()}: {_format_value(value)}"
        for key, value in own.items()
        if seen.get(key, object()) != value and value is not None
    ]
    if not lines:
        return "Nothing is hidden for you in this game: everything is on the board (/game board)."
    return _ellipsize("Only you can see this.\n" + "\n".join(lines), PRIVATE_TEXT_MAX)
