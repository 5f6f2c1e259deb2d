"""The table's core: loading, checking, saving and describing games, shared by its parts.

Only the table loads game states and writes game rows. Every save goes through
:meth:`TableCore._save`, which tells the subscribers (:meth:`TableCore.subscribe`) right after;
every new position goes through :meth:`TableCore._commit`, which computes who acts next once and
builds the :class:`Outcome` from the one load the change made. Every refusal is a
:class:`bot.errors.TableError` whose message is meant for the user and changes nothing.

Hidden information: only ``engine.view(state, None)`` reaches public images and texts; events
with ``private_to`` are stored (marked private) but only ever returned to their owner.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from pydantic import BaseModel

import engines
import rendering
from bot.errors import (
    BadOptions,
    BoardChanged,
    DamagedGame,
    EngineFailure,
    GameExists,
    IllegalMove,
    NoGame,
    NotSeated,
    SaveFailed,
    TableError,
    WrongStage,
)
from bot.logsafe import failure
from bot.ops import context
from bot.ops.metrics import OFF, Metrics
from bot.table.offers import POSITION_KINDS
from bot.table.renders import ThreadRenderer
from bot.table.results import Change, GameInfo, Outcome, Seat
from bot.table.texts import (
    lines,
    listed,
    report_text,
    result_text,
    waiting_text,
)
from engines import Action, Engine, Event, IllegalAction, Result
from i18n.say import say
from storage import (
    DatabaseError,
    GameNotFound,
    GameRow,
    LiveGameExists,
    MoveEntry,
    SeatRow,
    Store,
    VersionConflict,
)

log = logging.getLogger("tabletop.table")

#: how many notes in a row may follow a board before its buttons are treated as out of date
NOTES_AT_MOST = 50
RETRIES = 5  # for changes whose intent survives another change landing first
_warned_no_renderer: set[str] = set()

T = TypeVar("T")
ChangeListener = Callable[[Change], Awaitable[None]]
NoteSource = Callable[[GameInfo], Awaitable[list[str]]]
AnyEngine = Engine[Any]


class TableCore:
    """The shared state and internals of :class:`bot.table.Table`'s parts."""

    def __init__(
        self,
        store: Store,
        *,
        now: Callable[[], float] = time.time,
        render: bool = True,
        renderer: ThreadRenderer | None = None,
    ) -> None:
        self.store = store
        self.now = now
        self.render = render
        #: where images are drawn: threads by default, worker processes in the bot
        self.renderer = renderer or ThreadRenderer()
        self.listeners: list[ChangeListener] = []
        self.note_sources: list[NoteSource] = []
        #: what moves and stand-ins are counted into (nothing, unless the host turned it on)
        self.metrics: Metrics = OFF
        #: the language a server's channel reads (its boards are drawn in it): the Discord
        #: client sets this to the server's setting or preferred locale; English until then
        self.public_locale: Callable[[int | None], Awaitable[str]] = _english

    def subscribe(self, listener: ChangeListener) -> None:
        """Hear of every change saved through this table from now on."""
        self.listeners.append(listener)

    def unsubscribe(self, listener: ChangeListener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

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

    # -- internals ----------------------------------------------------------------------------------
    async def _live(self, channel_id: int) -> GameRow:
        row = await self.store.live_game(channel_id)
        if row is not None:
            context.note_game(row.id, row.guild_id, row.engine)
            return row
        last = await self.store.latest_game(channel_id)
        if last is not None:
            title = self._title(last.engine)
            raise NoGame(
                say(
                    "The game of {game} in this channel has ended. Start a new one with /game new.",
                    game=title,
                )
            )
        raise NoGame()

    async def _latest(self, channel_id: int) -> GameRow:
        row = await self.store.latest_game(channel_id)
        if row is None:
            raise NoGame()
        return row

    async def _by_id(self, game_id: int) -> GameRow:
        try:
            row = await self.store.get_game(game_id)
        except GameNotFound:
            raise NoGame() from None
        context.note_game(row.id, row.guild_id, row.engine)
        return row

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

    async def _unmoved_since(self, row: GameRow, version: int) -> bool:
        """No change to the position was saved after ``version``: only notes (a pause, a new
        clock, a stand-in's note, a vote), which leave a drawn board valid."""
        if version == row.version:
            return True
        newer = row.version - version
        if newer < 0 or newer > NOTES_AT_MOST:
            return False
        entries = await self.store.moves(row.id, limit=newer)
        later = [e for e in entries if e.version > version]
        return len(later) == newer and all(e.kind not in POSITION_KINDS for e in later)

    def _engine(self, row: GameRow) -> AnyEngine:
        try:
            return engines.get_engine(row.engine)
        except engines.UnknownGame:
            raise DamagedGame(
                say(
                    "This game ({game}) is not installed on this bot any more, so it cannot "
                    "be played. The host or a moderator can end it with /host abort.",
                    game=row.engine,
                )
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
        return self._awaited_in(row, eng, self._state(eng, row))

    def _awaited_in(self, row: GameRow, eng: AnyEngine, state: BaseModel) -> dict[int, str]:
        """User id -> player name of the active players ``state`` awaits, in its order."""
        names = self._engine_call(eng.to_act, state)
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

    def _moves(self, eng: AnyEngine, state: BaseModel, name: str) -> list[Action]:
        """What ``name`` may be offered: their legal actions and their typed-amount moves."""
        return [
            *self._engine_call(eng.legal_actions, state, name),
            *self._engine_call(eng.amount_moves, state, name),
        ]

    def _running_seat(self, row: GameRow, user_id: int) -> tuple[AnyEngine, BaseModel, SeatRow]:
        if row.status == "lobby":
            raise WrongStage(
                say("The game has not started yet. The host starts it with /game start.")
            )
        seat = next((s for s in row.seats if s.user_id == user_id), None)
        if seat is None:
            raise NotSeated(
                say("You are not playing in this game. You can follow it with /game board.")
            )
        if not seat.active:
            raise NotSeated(say("You conceded this game, so you cannot act in it any more."))
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
                row.id, row.version, now=self.now(), entry=entry, base=row, **changes
            )
        except VersionConflict:
            raise BoardChanged() from None
        except LiveGameExists:
            raise GameExists() from None
        except DatabaseError as exc:
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
        host_id: int | None = None,
    ) -> Outcome:
        """Save a new state (and its log entry) and describe the result to the caller: who
        acts next is computed here, once, from the state just saved."""
        result = ended or self._engine_call(eng.result, state)
        changes: dict[str, Any] = {"state": state.model_dump_json()}
        if host_id is not None:
            changes["host_id"] = host_id
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
        report = self._final_report(eng, state) if result is not None else {}
        if report and result is not None:  # in the log too: a board announced after a crash
            standings = Event(text=report_text(result, report), kind="standings")
            stored.append(standings.model_dump(mode="json"))
        entry = MoveEntry(entry.kind, entry.user_id, entry.player, entry.action_id, stored)
        names = [] if result is not None else self._engine_call(eng.to_act, state)
        active = {s.name: s.user_id for s in (seats or row.seats) if s.active}
        to_act = [active[n] for n in names if n in active]
        saved = await self._save(row, entry, to_act=to_act, by_standin=by_standin, **changes)
        outcome = await self._outcome(
            saved, self._info(saved), eng, state, names, events, {}, result
        )
        outcome = replace(outcome, report=report, undo_for=self._undo_for(row, state))
        return outcome if action is None else with_action(outcome, action, by_standin)

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
        *,
        board: bool = True,
    ) -> Outcome:
        """The outcome of a position: the awaited users and each one's moves, the notes, the
        public board and the private events by owner."""
        by_name = {s.name: s.user_id for s in row.seats if s.active}
        awaited: dict[int, list[Action]] = {}
        for name in names:
            if name in by_name:
                awaited[by_name[name]] = self._moves(eng, state, name)
        for event in events:
            if event.private_to is not None:
                owner = user_of(row, event.private_to)
                if owner is not None:
                    private.setdefault(owner, []).append(event.text)
        notes = await self.notes(info) if result is None else []
        return Outcome(
            game=info,
            events=[e for e in events if e.private_to is None],
            private_events=private,
            to_act=list(awaited),
            result=result,
            board_png=await self._board_png(eng, state, row, notes) if board else None,
            awaited=awaited,
            notes=notes,
            labels_public=eng.public_action_labels,
            summary=self._public_summary(eng, state),
        )

    def _undo_for(self, row: GameRow, state: BaseModel) -> int | None:
        """The user whose latest step ``state`` keeps for taking back, if any."""
        kept = getattr(state, "takeback", None)
        return user_of(row, kept[-1].player) if kept else None

    def _final_report(self, eng: AnyEngine, state: BaseModel) -> dict[str, str]:
        """The engine's per-player account of a finished game ({} if it fails)."""
        try:
            # a said account stays said, to be worded for each reader
            return {
                str(k): v if isinstance(v, str) else str(v)
                for k, v in eng.final_report(state).items()
            }
        except Exception as exc:
            log.error("%s: final_report failed: %s", eng.name, failure(exc))
            return {}

    def _public_summary(self, eng: AnyEngine, state: BaseModel) -> str:
        """The engine's public summary of a position ("" if it fails: it is only a caption)."""
        try:
            summary = eng.summary(state)
            # a said summary stays said, to be worded for each reader
            return summary if isinstance(summary, str) else str(summary)
        except Exception as exc:
            log.error("%s: summary failed: %s", eng.name, failure(exc))
            return ""

    async def _board_png(
        self, eng: AnyEngine, state: BaseModel, row: GameRow, notes: Sequence[str] = ()
    ) -> bytes | None:
        """The public board, the notes written under it, drawn off the event loop in the
        server's language."""
        if not self.render:
            return None
        game_id = row.id
        try:
            locale = await self.public_locale(row.guild_id)
            return await self.renderer.board(eng.name, eng.view(state, None), notes, locale)
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
        chosen = {k: option_value(v) for k, v in (options or {}).items()}
        for key in chosen:
            if key in specs and specs[key].per_player:
                raise BadOptions(
                    say(
                        "{option} is chosen by each player when they join "
                        "(/game join), not when the game is created.",
                        option=specs[key].label,
                    )
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
                valid = listed([s.label for s in specs.values()]) or say("none")
                raise BadOptions(
                    say(
                        "'{key}' is not something you choose in {game}. "
                        "Per-player choices: {valid}.",
                        key=str(key),
                        game=eng.title,
                        valid=valid,
                    )
                )
            value = option_value(raw)
            if value not in spec.choices:
                raise BadOptions(
                    say(
                        "'{value}' is not a choice for {option}: {choices}.",
                        value=str(value),
                        option=spec.label,
                        choices=", ".join(spec.choices),
                    )
                )
            if spec.unique:
                holder = next((s for s in seats if s.choices.get(key) == value), None)
                if holder is not None:
                    raise BadOptions(
                        say(
                            "{player} has already chosen {value} for {option}; pick another.",
                            player=holder.name,
                            value=str(value),
                            option=spec.label,
                        )
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
        """A few public lines about the game, said (one :class:`~i18n.say.Say` of lines)."""
        out: list[str] = []
        seated = {s.name for s in row.seats}
        if not brief:
            players: list[str] = []
            for s in row.seats:
                if not s.active:
                    players.append(say("~~{player}~~ (conceded)", player=s.name))
                elif s.user_id == row.host_id:
                    players.append(say("{player} (host)", player=s.name))
                else:
                    players.append(s.name)
            # the game's number is an identifier, never grouped
            out.append(say("**{game}** (game #{number})", game=eng.title, number=str(row.id)))
            out.append(say("Players: {players}", players=listed(players) or say("none")))
        if row.status == "lobby":
            out.append(
                say(
                    "In the lobby: {joined} of {least}-{most} players. "
                    "Join with /game join; the host starts with /game start.",
                    joined=len(row.seats),
                    least=eng.min_players,
                    most=eng.max_players,
                )
            )
        elif row.status == "running" and state is not None:
            summary = self._engine_call(eng.summary, state)
            if summary:
                out.append(summary)
            out.append(waiting_text(self._engine_call(eng.to_act, state)))
        elif row.status == "finished":
            result = self._info(row).result
            if result:
                said = result.reason_said is not None
                out.append(result_text(result, None if said else end_reason(result.reason, seated)))
            else:
                why = end_reason(row.end_reason, seated) if row.end_reason else str(row.end_reason)
                out.append(say("Finished: {reason}.", reason=why))
        elif row.status == "aborted":
            stored = row.end_reason
            reason = end_reason(stored, seated) if stored else say("no reason given")
            out.append(say("Aborted ({reason}).", reason=reason))
        return lines(out)


# -- small helpers ------------------------------------------------------------------------------------
#: why a lobby closed when its last player left (kept as a game's ``end_reason``)
EVERYONE_LEFT = say("everyone left the lobby")
_ABORTED_BY = "aborted by "
_CONCEDED = " conceded"


def aborted_by(who: str) -> str:
    """Why a game was aborted, kept as its ``end_reason``: "aborted by Ada"."""
    return say("aborted by {player}", player=who)


def end_reason(stored: str, players: Collection[str]) -> str:
    """A game's stored end reason (plain English in its row, ``GameInfo.end_reason``), said
    again where the table wrote it (a lobby everyone left, an abort, a concession that ended
    the game; ``players``: the game's seats' names), so its reader reads it in their language
    (``word(reason, locale)``); any other reason (a game's own, a closing) as it was stored."""
    if stored == EVERYONE_LEFT:
        return EVERYONE_LEFT
    if stored.startswith(_ABORTED_BY):
        who = stored.removeprefix(_ABORTED_BY)
        return aborted_by(say("a moderator") if who == "a moderator" else who)
    player = stored.removesuffix(_CONCEDED)
    if stored.endswith(_CONCEDED) and player in players:
        return say("{player} conceded", player=player)
    return stored


def option_value(value: Any) -> Any:
    return str(value) if isinstance(value, int | float) and not isinstance(value, bool) else value


def name_of(row: GameRow, user_id: int) -> str | None:
    return next((s.name for s in row.seats if s.user_id == user_id), None)


def user_of(row: GameRow, name: str) -> int | None:
    return next((s.user_id for s in row.seats if s.name == name), None)


def with_action(outcome: Outcome, action: Action, by_standin: bool) -> Outcome:
    return replace(outcome, action=action, by_standin=by_standin)


async def _english(guild_id: int | None) -> str:
    """The language of a table with no Discord client to ask (tests, simulations)."""
    return "en-US"
