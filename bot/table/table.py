"""The Table: load the channel's game, check who may do what, let the engine apply it, save it
in one transaction (with the optimistic version check), render the public board, and say who
acts next, all from one load.

It is the only code that writes game rows or loads game states. Every refusal is a
:class:`bot.errors.TableError` whose message is meant for the user; a refusal never changes
anything. Every saved change is told to the subscribers (:meth:`Table.subscribe`) right after
the save, so no caller has to remember to tell anyone.

Hidden information: only ``engine.view(state, None)`` reaches public images and texts; events
with ``private_to`` are stored (marked private) but only ever returned to their owner.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from pydantic import BaseModel

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
from bot.table.names import player_name
from bot.table.results import Change, GameInfo, Outcome, Seat
from bot.table.texts import (
    LOG_LINE_MAX,
    ellipsize,
    not_your_turn,
    private_text,
    public_event,
    result_text,
    waiting_text,
)
from engines import Action, Engine, Event, IllegalAction, Result
from storage import (
    LIVE_STATUSES,
    GameNotFound,
    GameRow,
    LiveGameExists,
    MoveEntry,
    MoveRow,
    SeatRow,
    Store,
    VersionConflict,
)

log = logging.getLogger("tabletop.table")

RETRIES = 5  # for changes whose intent survives another change landing first
_warned_no_renderer: set[str] = set()

T = TypeVar("T")
ChangeListener = Callable[[Change], Awaitable[None]]
NoteSource = Callable[[GameInfo], Awaitable[list[str]]]
AnyEngine = Engine[Any]


class Table:
    """See the module docstring.

    Subscribers (:meth:`subscribe`) are awaited with a :class:`Change` after every saved
    change, in order; a failing one is logged and neither undoes the change nor stops the
    others. Note sources (:attr:`note_sources`) add public lines about a running game to every
    outcome, board and status (e.g. which seats a stand-in keeps).
    """

    def __init__(
        self, store: Store, *, clock: Callable[[], float] = time.time, render: bool = True
    ) -> None:
        self.store = store
        self.clock = clock
        self.render = render
        self.listeners: list[ChangeListener] = []
        self.note_sources: list[NoteSource] = []

    def subscribe(self, listener: ChangeListener) -> None:
        """Hear of every change saved through this table from now on."""
        self.listeners.append(listener)

    def unsubscribe(self, listener: ChangeListener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    # -- lobby ------------------------------------------------------------------------------------
    async def new_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        user_name: str,
        engine: str,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        choices: dict[str, Any] | None = None,
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
                entry=MoveEntry(
                    "new",
                    user_id,
                    name,
                    events=[public_event(f"{name} opens a game of {eng.title}.")],
                ),
            )
        except LiveGameExists:
            raise GameExists() from None
        except sqlite3.Error as exc:
            log.error("could not create a game in channel %s: %s", channel_id, failure(exc))
            raise SaveFailed() from None
        info = self._info(row)
        await self._tell(Change(info, "new", user_id))
        return info

    async def join(
        self,
        *,
        channel_id: int,
        user_id: int,
        user_name: str,
        choices: dict[str, Any] | None = None,
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
            entry = MoveEntry("join", user_id, name, events=[public_event(f"{name} joins.")])
            return self._info(await self._save(row, entry, seats=seats))

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
            return self._info(await self._leave_lobby(row, user_id, None))

        return await self._retrying(attempt)

    async def _leave_lobby(self, row: GameRow, user_id: int, why: str | None) -> GameRow:
        seat = next((s for s in row.seats if s.user_id == user_id), None)
        if seat is None:
            raise NotSeated("You have not joined this game, so there is nothing to leave.")
        rest = [s for s in row.seats if s.user_id != user_id]
        seats = [SeatRow(i, s.user_id, s.name, s.choices, s.active) for i, s in enumerate(rest)]
        texts = [f"{seat.name} leaves." if why is None else f"{seat.name} {why}."]
        changes: dict[str, Any] = {"seats": seats}
        if not seats:
            texts.append("Everyone has left, so the lobby is closed.")
            changes.update(status="aborted", end_reason="everyone left the lobby")
        elif user_id == row.host_id:
            changes["host_id"] = seats[0].user_id
            texts.append(f"{seats[0].name} is now the host.")
        entry = MoveEntry("leave", user_id, seat.name, events=[public_event(t) for t in texts])
        return await self._save(row, entry, **changes)

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
        entry = MoveEntry("start", user_id, _name_of(row, user_id))
        return await self._commit(row, eng, state, events, entry)

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

        ``action_id`` is one of the player's action ids, or what they typed: a label that
        matches exactly one of their moves (case does not matter) stands for that move.
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
        action = _resolve(action_id, legal)
        if action is None:
            waiting = self._engine_call(eng.to_act, state)
            if not legal and seat.name not in waiting:
                raise NotYourTurn(not_your_turn(waiting))
            raise IllegalMove(
                "That is not one of your moves right now. Use /play to see the moves you have."
            )
        return await self._move(row, eng, state, seat, action, by_standin=False)

    async def play_for(
        self, *, game_id: int, user_id: int, rng: random.Random, expected_version: int
    ) -> Outcome:
        """A stand-in's move for an absent player: the engine's suggestion, made through the
        same checks and save as the player's own move (refused if the board moved on)."""
        row = await self._by_id(game_id)
        if row.status != "running" or row.version != expected_version:
            raise BoardChanged()
        eng, state, seat = self._running_seat(row, user_id)
        try:
            action_id = eng.suggest(state, seat.name, rng)
        except IllegalAction as exc:
            raise NotYourTurn(exc.reason) from None
        legal = self._engine_call(eng.legal_actions, state, seat.name)
        action = next((a for a in legal if a.id == action_id), None)
        if action is None:
            raise IllegalMove("The stand-in's suggestion is not a legal move.")
        return await self._move(row, eng, state, seat, action, by_standin=True)

    async def _move(
        self,
        row: GameRow,
        eng: AnyEngine,
        state: BaseModel,
        seat: SeatRow,
        action: Action,
        *,
        by_standin: bool,
    ) -> Outcome:
        try:
            new_state, events = eng.apply(state, seat.name, action.id)
        except IllegalAction as exc:
            raise IllegalMove(exc.reason) from None
        except Exception as exc:  # the move itself stays out of the log: it may be secret
            log.error("%s: apply failed in game %s: %s", eng.name, row.id, failure(exc))
            raise EngineFailure() from None
        entry = MoveEntry("move", seat.user_id, seat.name, action.id)
        return await self._commit(
            row, eng, new_state, events, entry, action=action, by_standin=by_standin
        )

    async def legal_actions(self, *, channel_id: int, user_id: int) -> list[Action]:
        """The caller's moves now (empty when they have nothing to do)."""
        row = await self._live(channel_id)
        eng, state, seat = self._running_seat(row, user_id)
        return list(self._engine_call(eng.legal_actions, state, seat.name))

    async def suggest(self, *, channel_id: int, user_id: int, rng: random.Random) -> str:
        """A reasonable legal action id for this player (simulations)."""
        row = await self._live(channel_id)
        eng, state, seat = self._running_seat(row, user_id)
        try:
            return eng.suggest(state, seat.name, rng)
        except IllegalAction as exc:
            raise NotYourTurn(exc.reason) from None

    async def waiting_for(self, *, channel_id: int) -> list[int]:
        """User ids whose decision the channel's running game awaits (empty otherwise)."""
        row = await self._live(channel_id)
        return list(self._awaited(row))

    async def awaited(self, game_id: int) -> dict[int, str]:
        """User id -> player name of everyone the game awaits (empty unless it runs; a game
        whose state does not load awaits no one, so clocks leave it alone)."""
        row = await self._by_id(game_id)
        try:
            return self._awaited(row)
        except TableError:
            log.warning("game %s cannot be loaded; it awaits no one", row.id)
            return {}

    async def concede(self, *, channel_id: int, user_id: int) -> Outcome:
        """Give up a running game (see :meth:`_remove_once`)."""
        return await self._retrying(lambda: self._concede_once(channel_id, user_id))

    async def _concede_once(self, channel_id: int, user_id: int) -> Outcome:
        row = await self._live(channel_id)
        eng, state, seat = self._running_seat(row, user_id)
        return await self._remove_once(row, eng, state, seat, None, user_id)

    async def remove_player(
        self, *, game_id: int, user_id: int, reason: str | None = None, by_id: int | None = None
    ) -> Outcome:
        """Take a player out of a running game through the game's own rules for leaving, as a
        concession (``reason``, past tense, e.g. "was voted out", replaces "concedes").

        Refused with :class:`NotSeated` when the player is no longer in the game (they
        conceded, or another removal came first): the game goes on as it is.
        """

        async def attempt() -> Outcome:
            row = await self._by_id(game_id)
            if row.status not in LIVE_STATUSES:
                raise NoGame("That game has already ended.")
            seat = next((s for s in row.seats if s.user_id == user_id), None)
            if seat is None or not seat.active:
                name = seat.name if seat is not None else "That player"
                raise NotSeated(f"{name} is no longer playing in this game.")
            eng, state, seat = self._running_seat(row, user_id)
            return await self._remove_once(row, eng, state, seat, reason, by_id)

        return await self._retrying(attempt)

    async def _remove_once(
        self,
        row: GameRow,
        eng: AnyEngine,
        state: BaseModel,
        seat: SeatRow,
        reason: str | None,
        by_id: int | None,
    ) -> Outcome:
        """A player leaves a running game.

        If the game can go on without the player (``engine.remove_player``), it does. If it
        cannot, it ends at once and the players still in it share the win ("<name> conceded"):
        conceding means the others won, which is what a player expects.

        ``reason`` (past tense, e.g. "was voted out") replaces "conceded" in the texts when a
        player is removed by others rather than by their own choice.
        """
        user_id = seat.user_id
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
        entry = MoveEntry("concede", user_id if by_id is None else by_id, seat.name)
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
        entry = MoveEntry(
            "abort", user_id, who, events=[public_event(f"The game is aborted by {who}.", "end")]
        )
        saved = await self._save(row, entry, status="aborted", end_reason=f"aborted by {who}")
        return self._info(saved)

    # -- the game's life over days (asked by the clock service) ----------------------------------
    async def close(self, *, game_id: int, reason: str, text: str) -> GameInfo | None:
        """End a live game for ``reason`` (a deleted channel, everyone gone), kept with its log
        line ``text``; ``None`` when it had already ended."""

        async def attempt() -> GameInfo | None:
            row = await self._by_id(game_id)
            if row.status not in LIVE_STATUSES:
                return None
            entry = MoveEntry("closed", None, events=[public_event(text, "closed")])
            saved = await self._save(row, entry, status="aborted", end_reason=reason)
            return self._info(saved)

        return await self._retrying(attempt)

    async def hand_over(
        self, *, game_id: int, new_host_id: int, by_id: int | None, text: str
    ) -> GameInfo:
        """Make a player of a live game its host, with ``text`` in the log."""

        async def attempt() -> GameInfo:
            row = await self._by_id(game_id)
            if row.status not in LIVE_STATUSES:
                raise NoGame("That game has already ended.")
            if not any(s.user_id == new_host_id and s.active for s in row.seats):
                raise NotSeated("The new host must be a player of this game.")
            entry = MoveEntry("host", by_id, events=[public_event(text, "host")])
            return self._info(await self._save(row, entry, host_id=new_host_id))

        return await self._retrying(attempt)

    async def leave_lobby(self, *, game_id: int, user_id: int, why: str | None = None) -> GameInfo:
        """A player leaves a lobby, as :meth:`leave` (``why``, past tense, e.g. "left the
        server", replaces "leaves" in the log)."""

        async def attempt() -> GameInfo:
            row = await self._by_id(game_id)
            if row.status != "lobby":
                raise WrongStage("That game is not in its lobby.")
            return self._info(await self._leave_lobby(row, user_id, why))

        return await self._retrying(attempt)

    async def note(self, *, game_id: int, kind: str, user_id: int | None, text: str) -> GameInfo:
        """A public line in the game's log (a host power, a vote, a stand-in taking a turn)."""

        async def attempt() -> GameInfo:
            row = await self._by_id(game_id)
            entry = MoveEntry(kind, user_id, events=[public_event(text, kind)])
            return self._info(await self._save(row, entry))

        return await self._retrying(attempt)

    # -- looking ------------------------------------------------------------------------------------
    async def game(self, *, channel_id: int) -> GameInfo:
        """The channel's live game, else its most recent finished or aborted one (see status)."""
        return self._info(await self._latest(channel_id))

    async def live_game(self, channel_id: int) -> GameInfo | None:
        """The channel's game in the lobby or running, if any."""
        row = await self.store.live_game(channel_id)
        return None if row is None else self._info(row)

    async def game_by_id(self, game_id: int) -> GameInfo:
        return self._info(await self._by_id(game_id))

    async def games(self, statuses: Iterable[str] = LIVE_STATUSES) -> list[GameInfo]:
        """Every game with one of these statuses, oldest first (clocks, records, restarts)."""
        return [self._info(row) for row in await self.store.games(statuses)]

    async def live_games(self) -> list[GameInfo]:
        """Every game in a lobby or running, in every channel (for reminders and restarts)."""
        return await self.games(LIVE_STATUSES)

    async def last_entry(self, game_id: int) -> MoveRow | None:
        """The newest entry of the game's log."""
        last = await self.store.moves(game_id, limit=1)
        return last[-1] if last else None

    async def notes(self, game: GameInfo) -> list[str]:
        """The public lines the note sources add about a running game (a failing source is
        logged and left out)."""
        if game.status != "running":
            return []
        lines: list[str] = []
        for source in list(self.note_sources):
            try:
                lines.extend(await source(game))
            except Exception as exc:
                log.error("a note source failed for game %s: %s", game.id, failure(exc))
        return lines

    async def current(self, *, channel_id: int) -> Outcome:
        """ "Where the game stands now" as an outcome (who is awaited, their moves, the notes,
        the board), for a board posted again after a restart."""
        row = await self._live(channel_id)
        if row.status != "running":
            raise WrongStage("The game has not started yet.")
        eng = self._engine(row)
        state = self._state(eng, row)
        info = self._info(row)
        names = self._engine_call(eng.to_act, state)
        return await self._outcome(row, info, eng, state, names, [], {}, None)

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
        return self._info(row), None, private_text(mine, public)

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
            lines.append(ellipsize(f"{move.seq}. {text}", LOG_LINE_MAX))
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

    async def _by_id(self, game_id: int) -> GameRow:
        try:
            return await self.store.get_game(game_id)
        except GameNotFound:
            raise NoGame() from None

    async def _retrying(self, attempt: Callable[[], Awaitable[T]]) -> T:
        """Re-run a change (re-checking everything) if another change landed first.

        For lobby changes, start, concede, removals, notes and abort: what the caller wants
        still holds after someone else's change (or the re-check refuses it). Moves are never
        retried: they were chosen for one board.
        """
        for _ in range(RETRIES - 1):
            try:
                return await attempt()
            except BoardChanged:
                continue
        return await attempt()

    def _engine(self, row: GameRow) -> AnyEngine:
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

    def _state(self, eng: AnyEngine, row: GameRow) -> BaseModel:
        if row.problems or row.state is None:
            log.error("game %s is damaged: %s", row.id, ", ".join(row.problems) or "no state")
            raise DamagedGame()
        try:
            state: BaseModel = eng.load_state(row.state)
        except Exception as exc:  # pydantic's message would quote the (secret) state
            log.error("game %s: saved state does not load: %s", row.id, failure(exc))
            raise DamagedGame() from None
        return state

    def _awaited(self, row: GameRow) -> dict[int, str]:
        if row.status != "running":
            return {}
        eng = self._engine(row)
        names = self._engine_call(eng.to_act, self._state(eng, row))
        by_name = {s.name: s.user_id for s in row.seats if s.active}
        return {by_name[n]: n for n in names if n in by_name}

    def _engine_call(self, fn: Callable[..., T], *args: Any) -> T:
        try:
            return fn(*args)
        except IllegalAction as exc:
            raise IllegalMove(exc.reason) from None
        except TableError:
            raise
        except Exception as exc:
            log.error("engine call %s failed: %s", getattr(fn, "__qualname__", fn), failure(exc))
            raise EngineFailure() from None

    def _running_seat(self, row: GameRow, user_id: int) -> tuple[AnyEngine, BaseModel, SeatRow]:
        if row.status == "lobby":
            raise WrongStage("The game has not started yet. The host starts it with /game start.")
        seat = next((s for s in row.seats if s.user_id == user_id), None)
        if seat is None:
            raise NotSeated("You are not playing in this game. You can follow it with /game board.")
        if not seat.active:
            raise NotSeated("You conceded this game, so you cannot act in it any more.")
        eng = self._engine(row)
        return eng, self._state(eng, row), seat

    async def _save(
        self,
        row: GameRow,
        entry: MoveEntry,
        *,
        to_act: list[int] | None = None,
        by_standin: bool = False,
        **changes: Any,
    ) -> GameRow:
        try:
            saved = await self.store.save(
                row.id, row.version, now=self.clock(), entry=entry, base=row, **changes
            )
        except VersionConflict:
            raise BoardChanged() from None
        except LiveGameExists:
            raise GameExists() from None
        except sqlite3.Error as exc:
            log.error("could not save game %s: %s", row.id, failure(exc))
            raise SaveFailed() from None
        await self._tell(Change(self._info(saved), entry.kind, entry.user_id, to_act, by_standin))
        return saved

    async def _tell(self, change: Change) -> None:
        for listener in list(self.listeners):
            try:
                await listener(change)
            except Exception as exc:
                log.error("a change listener failed for game %s: %s", change.game.id, failure(exc))

    async def _commit(
        self,
        row: GameRow,
        eng: AnyEngine,
        state: BaseModel,
        events: list[Event],
        entry: MoveEntry,
        *,
        seats: list[SeatRow] | None = None,
        ended: Result | None = None,
        action: Action | None = None,
        by_standin: bool = False,
    ) -> Outcome:
        """Save a new state (and its log entry) and describe the result to the caller: who
        acts next is computed here, once, from the state just saved."""
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
            end = Event(text=result_text(result), kind="end")
            events = [*events, end]
            stored.append(end.model_dump(mode="json"))
        entry = MoveEntry(entry.kind, entry.user_id, entry.player, entry.action_id, stored)
        names = [] if result is not None else self._engine_call(eng.to_act, state)
        active = {s.name: s.user_id for s in (seats or row.seats) if s.active}
        to_act = [active[n] for n in names if n in active]
        saved = await self._save(row, entry, to_act=to_act, by_standin=by_standin, **changes)
        outcome = await self._outcome(
            saved, self._info(saved), eng, state, names, events, {}, result
        )
        return outcome if action is None else _with(outcome, action, by_standin)

    async def _outcome(
        self,
        row: GameRow,
        info: GameInfo,
        eng: AnyEngine,
        state: BaseModel,
        names: list[str],
        events: list[Event],
        private: dict[int, list[str]],
        result: Result | None,
    ) -> Outcome:
        """The outcome of a position: the awaited users and each one's moves, the notes, the
        public board and the private events by owner."""
        by_name = {s.name: s.user_id for s in row.seats if s.active}
        awaited: dict[int, list[Action]] = {}
        for name in names:
            if name in by_name:
                awaited[by_name[name]] = list(self._engine_call(eng.legal_actions, state, name))
        for event in events:
            if event.private_to is not None:
                owner = _user_of(row, event.private_to)
                if owner is not None:
                    private.setdefault(owner, []).append(event.text)
        return Outcome(
            game=info,
            events=[e for e in events if e.private_to is None],
            private_events=private,
            to_act=list(awaited),
            result=result,
            board_png=await self._board_png(eng, state, row.id),
            awaited=awaited,
            notes=await self.notes(info) if result is None else [],
            labels_public=eng.public_action_labels,
        )

    async def _board_png(self, eng: AnyEngine, state: BaseModel, game_id: int) -> bytes | None:
        if not self.render:
            return None
        try:
            return await asyncio.to_thread(_render_board, eng, state)
        except rendering.NoRenderer:
            if eng.name not in _warned_no_renderer:
                _warned_no_renderer.add(eng.name)
                log.warning("%s has no board renderer; moves go without images", eng.name)
        except Exception as exc:
            log.error(
                "%s: rendering the board of game %s failed: %s", eng.name, game_id, failure(exc)
            )
        return None

    def _game_options(self, eng: AnyEngine, options: dict[str, Any] | None) -> dict[str, Any]:
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

    def _seat_choices(
        self, eng: AnyEngine, choices: dict[str, Any] | None, seats: Sequence[SeatRow]
    ) -> dict[str, str]:
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

    def _status_text(
        self, row: GameRow, eng: AnyEngine, state: BaseModel | None, *, brief: bool = False
    ) -> str:
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
            lines.append(waiting_text(self._engine_call(eng.to_act, state)))
        elif row.status == "finished":
            result = self._info(row).result
            lines.append(result_text(result) if result else f"Finished: {row.end_reason}.")
        elif row.status == "aborted":
            lines.append(f"Aborted ({row.end_reason or 'no reason given'}).")
        return "\n".join(lines)


# -- small helpers ------------------------------------------------------------------------------------
def _resolve(typed: str, legal: Sequence[Action]) -> Action | None:
    """The move meant by what was sent: an action id as is, else a unique label match."""
    typed = typed.strip()
    exact = next((a for a in legal if a.id == typed), None)
    if exact is not None:
        return exact
    by_label = [a for a in legal if a.label.casefold() == typed.casefold()]
    return by_label[0] if len(by_label) == 1 else None


def _with(outcome: Outcome, action: Action, by_standin: bool) -> Outcome:
    return replace(outcome, action=action, by_standin=by_standin)


def _option_value(value: Any) -> Any:
    return str(value) if isinstance(value, int | float) and not isinstance(value, bool) else value


def _name_of(row: GameRow, user_id: int) -> str | None:
    return next((s.name for s in row.seats if s.user_id == user_id), None)


def _user_of(row: GameRow, name: str) -> int | None:
    return next((s.user_id for s in row.seats if s.name == name), None)


def _render_board(eng: AnyEngine, state: BaseModel) -> bytes:
    return rendering.render_board(eng.name, eng.view(state, None))
