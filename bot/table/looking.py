"""Looking at games without changing them: boards, hands, status, the log, lookups."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

import rendering
from bot.errors import (
    NotSeated,
    TableError,
    WrongStage,
)
from bot.logsafe import failure
from bot.table.core import (
    TableCore,
    log,
)
from bot.table.history import replay_entry
from bot.table.log_pages import paginate
from bot.table.results import GameInfo, LogLine, Outcome, Told
from bot.table.standing import standing_lines
from bot.table.texts import join_names, lines, private_text
from i18n import t
from i18n.say import event_text, say
from storage import (
    LIVE_STATUSES,
    MoveRow,
)
from storage.shards import Shards


@dataclass(frozen=True)
class ReplayFrame:
    """A frame of a replay: the public board (PNG) and its caption."""

    png: bytes
    caption: str


class Looking(TableCore):
    async def game(self, *, channel_id: int) -> GameInfo:
        """The channel's live game, else its most recent finished or aborted one (see status)."""
        return self._info(await self._latest(channel_id))

    async def live_game(self, channel_id: int) -> GameInfo | None:
        """The channel's game in the lobby or running, if any."""
        row = await self.store.live_game(channel_id)
        return None if row is None else self._info(row)

    async def game_by_id(self, game_id: int) -> GameInfo:
        return self._info(await self._by_id(game_id))

    async def games(
        self, statuses: Iterable[str] = LIVE_STATUSES, *, guild_id: int | None = None
    ) -> list[GameInfo]:
        """Every game with one of these statuses (in one server, with ``guild_id``), oldest
        first. It reads them all: the narrower lookups below scale better."""
        return [self._info(row) for row in await self.store.games(statuses, guild_id=guild_id)]

    async def live_games(self) -> list[GameInfo]:
        """Every game in a lobby or running, in every channel."""
        return await self.games(LIVE_STATUSES)

    async def seated_games(
        self, guild_id: int | None, user_id: int, statuses: Iterable[str] = LIVE_STATUSES
    ) -> list[GameInfo]:
        """The games of a server (with these statuses) in which the user has an active seat."""
        rows = await self.store.seated_games(guild_id, user_id, statuses)
        return [self._info(row) for row in rows]

    async def player_games(
        self, user_id: int, statuses: Iterable[str] = LIVE_STATUSES
    ) -> list[GameInfo]:
        """The games of every server (with these statuses) in which the user has an active
        seat: what one away covers."""
        return [self._info(row) for row in await self.store.player_games(user_id, statuses)]

    async def player_live(
        self, user_id: int, *, awaited_only: bool = False
    ) -> list[tuple[GameInfo, dict[int, str]]]:
        """The user's live games in every server (running ones only, with ``awaited_only``,
        and of those the ones that await them), each with the players it awaits (user id ->
        name; empty in the lobby, or when the state does not load), from one read through the
        seats' user index."""
        statuses = ("running",) if awaited_only else LIVE_STATUSES
        out = []
        for row in await self.store.player_games(user_id, statuses):
            try:
                waiting = self._awaited(row)
            except TableError:
                log.warning("game %s cannot be loaded; it awaits no one", row.id)
                waiting = {}
            if awaited_only and user_id not in waiting:
                continue
            out.append((self._info(row), waiting))
        return out

    async def unplayable(
        self, *, after_id: int = 0, limit: int = 200, shards: Shards | None = None
    ) -> tuple[list[GameInfo], int | None]:
        """One page of running games (ids above ``after_id``, in order; of the guilds of
        ``shards`` only, if given) checked the way the clocks use them: those whose state does
        not load or whose engine cannot say who acts, and the last id looked at (``None`` once
        there are no more)."""
        rows = await self.store.running_page(after_id, limit, shards=shards)
        bad = []
        for row in rows:
            try:
                self._awaited(row)
            except Exception:  # whatever the engine raises: the caller stops that game's clock
                bad.append(self._info(row))
        return bad, (rows[-1].id if rows else None)

    async def ended_games(
        self, guild_id: int | None, *, channel_id: int | None = None, limit: int | None = None
    ) -> list[GameInfo]:
        """A server's finished and aborted games (in one channel), most recently ended first."""
        rows = await self.store.ended_games(guild_id, channel_id=channel_id, limit=limit)
        return [self._info(row) for row in rows]

    async def last_entry(self, game_id: int) -> MoveRow | None:
        """The newest entry of the game's log."""
        last = await self.store.moves(game_id, limit=1)
        return last[-1] if last else None

    async def current(self, *, channel_id: int, board: bool = True) -> Outcome:
        """ "Where the game stands now" as an outcome (who is awaited, their moves, the notes,
        and with ``board`` the board image), from one load: for a board posted again after a
        restart, or the buttons under ``/game board``."""
        row = await self._live(channel_id)
        if row.status != "running":
            raise WrongStage(say("The game has not started yet."))
        eng = self._engine(row)
        state = self._state(eng, row)
        info = self._info(row)
        names = self._engine_call(eng.to_act, state)
        return await self._outcome(row, info, eng, state, names, [], {}, None, board=board)

    async def board(self, *, channel_id: int) -> tuple[GameInfo, bytes, str]:
        """The public board image (the public notes written under it) and a short public text
        (the last game's, once it ended)."""
        row = await self._latest(channel_id)
        eng = self._engine(row)
        if row.status == "lobby":
            raise WrongStage(
                say(
                    "The game has not started yet, so there is no board. "
                    "The host starts it with /game start."
                )
            )
        if row.state is None:
            raise WrongStage(say("That game ended before it started, so it has no board."))
        state = self._state(eng, row)
        info = self._info(row)
        view = self._engine_call(eng.view, state, None)
        try:
            locale = await self.public_locale(row.guild_id)
            png = await self.renderer.board(eng.name, view, await self.notes(info), locale)
        except rendering.NoRenderer:
            raise TableError(say("{game} has no board picture.", game=eng.title)) from None
        return info, png, self._status_text(row, eng, state, brief=True)

    async def hand(
        self, *, channel_id: int, user_id: int, locale: str | None = None
    ) -> tuple[GameInfo, bytes | None, str]:
        """The caller's private view: an image if the game draws hands, else a short text (said:
        the front end words it with ``word(text, locale)``); the image in ``locale``'s language
        (the caller's; the server's when not given)."""
        row = await self._latest(channel_id)
        eng = self._engine(row)
        seat = next((s for s in row.seats if s.user_id == user_id), None)
        if seat is None:
            raise NotSeated(say("You are not playing in this game, so you have no hand to see."))
        if row.status == "lobby" or row.state is None:
            raise WrongStage(say("The game has not started yet, so there is nothing in your hand."))
        state = self._state(eng, row)
        mine = self._engine_call(eng.view, state, seat.name)
        try:
            drawn_in = locale or await self.public_locale(row.guild_id)
            png = await self.renderer.hand(eng.name, mine, drawn_in)
        except rendering.NoRenderer:
            png = None
        offered = self._engine_call(eng.standing_answers, state, seat.name)
        chosen = (await self.store.standing_answers(row.id)).get(user_id, []) if offered else []
        answers = standing_lines(offered, chosen)
        if png is not None:
            text = say("Your hand in {game} (only you can see this).", game=eng.title)
            return self._info(row), png, lines([text, *answers])
        public = self._engine_call(eng.view, state, None)
        return self._info(row), None, lines([private_text(mine, public), *answers])

    async def status(self, *, channel_id: int) -> tuple[GameInfo, str]:
        """A few public lines: the game, its players, whose turn it is or how it ended (said:
        the front end words them with ``word(text, locale)``)."""
        row = await self._latest(channel_id)
        eng = self._engine(row)
        state = self._state(eng, row) if row.status == "running" else None
        return self._info(row), self._status_text(row, eng, state)

    async def log(
        self, *, channel_id: int, limit: int | None = 15, locale: str = "en-US"
    ) -> list[str]:
        """The last ``limit`` log entries (all with ``None``) as readable public lines, in
        ``locale``'s language."""
        row = await self._latest(channel_id)
        return [log_line(m, locale=locale) for m in await self.store.moves(row.id, limit=limit)]

    async def log_page(
        self,
        *,
        channel_id: int,
        page: int,
        per_page: int = 15,
        reader_id: int | None = None,
        room: int | None = None,
        locale: str = "en-US",
    ) -> tuple[GameInfo, list[str], int, int]:
        """One page of the channel's game log, page 1 the newest: the game, the lines (oldest
        first), the page shown and how many pages there are. At most ``per_page`` lines and
        (with ``room``) characters a page; no entry is cut or left out (see
        :mod:`bot.table.log_pages`). The public words, and the reader's (``reader_id``) own
        private events in words when they have a seat; all in ``locale``'s language (the
        reader's)."""
        row = await self._latest(channel_id)
        reader = next((s.name for s in row.seats if s.user_id == reader_id), None)
        moves = await self.store.moves(row.id)
        entries = [(m.seq, entry_words(m, reader, locale)) for m in moves]
        book = paginate(entries, per_page, room, locale)
        page = min(max(1, page), len(book))
        return self._info(row), book[page - 1], page, len(book)

    async def history(
        self, game_id: int, *, limit: int | None = 60, locale: str = "en-US"
    ) -> list[LogLine]:
        """The last ``limit`` log entries (all with ``None``) with who made each, public texts
        only: for "since your last turn" and the pages of ``/game log``. Each entry's ``text``
        is in ``locale``'s language; its ``told`` events keep their words as data, for
        ``i18n.say.event_text``."""
        out = []
        for move in await self.store.moves(game_id, limit=limit):
            told = tuple(public_events(move))
            text = (
                " ".join(event_text(e, locale) for e in told)
                if move.readable
                else t(locale, "(this log entry is damaged)")
            )
            out.append(
                LogLine(move.seq, move.version, move.kind, move.user_id, move.player, text, told)
            )
        return out

    async def replay_boards(
        self, *, channel_id: int, most: int = 120
    ) -> tuple[GameInfo, list[ReplayFrame]]:
        """The public board at the start of every turn of the channel's game (the latest one,
        finished or not) and its last position, at most ``most`` of them, each with its
        caption (:func:`replay_caption`): for a replay."""
        row = await self._latest(channel_id)
        if row.status == "lobby" or row.state is None:
            raise WrongStage(say("The game has not started yet, so there is nothing to replay."))
        eng = self._engine(row)
        moves = await self.store.moves(row.id)

        def views() -> list[tuple[BaseModel, str]]:
            turns = replay_turns(eng, row, moves)
            total = turns[-1][0]
            return [  # the spectator's view only
                (eng.view(p, None), replay_caption(eng, n, total, p))
                for n, p in sample(turns, most)
            ]

        try:
            public = await asyncio.to_thread(views)
            locale = await self.public_locale(row.guild_id)
            frames = [
                ReplayFrame(await self.renderer.board(eng.name, v, (), locale), caption)
                for v, caption in public
            ]
            return self._info(row), frames
        except rendering.NoRenderer:
            raise TableError(
                say("{game} has no board picture to replay.", game=eng.title)
            ) from None
        except Exception as exc:
            log.error("%s: replaying game %s failed: %s", eng.name, row.id, failure(exc))
            raise TableError(
                say("This game cannot be replayed (its log does not replay).")
            ) from None

    async def still_current(self, *, game_id: int, version: int) -> bool:
        """A board drawn at ``version`` still shows the game's position (only notes since)."""
        row = await self._by_id(game_id)
        return row.status == "running" and await self._unmoved_since(row, version)


def _data(value: object) -> dict[str, Any] | None:
    return value if isinstance(value, dict) else None


def public_events(move: MoveRow) -> list[Told]:
    """The public events of a log entry that have words, one by one (none if damaged), each
    with its words as data when they were said (for ``i18n.say.event_text``)."""
    if not move.readable:
        return []
    return [
        Told(
            str(e["text"]),
            str(e["fold"]) if e.get("fold") else None,
            _data(e.get("said")),
            _data(e.get("fold_said")),
        )
        for e in move.events
        if e.get("private_to") is None and e.get("text")
    ]


def entry_words(move: MoveRow, reader: str | None = None, locale: str = "en-US") -> str:
    """A log entry in words, whole, in ``locale``'s language: its public events, and those
    private to ``reader`` (a seat's name) marked as theirs; nobody else's private event is
    ever in it. An event stored before it was said reads as its English."""
    if not move.readable:
        return t(locale, "(this log entry is damaged)")
    words = []
    for event in move.events:
        owner = event.get("private_to")
        if not event.get("text"):
            continue
        if owner is None:
            words.append(event_text(event, locale))
        elif reader is not None and owner == reader:
            words.append(t(locale, "(only you see this: {text})", text=event_text(event, locale)))
    return " ".join(words) or quiet_move(move, locale)


def log_line(move: MoveRow, reader: str | None = None, locale: str = "en-US") -> str:
    """A numbered log entry in words (see :func:`entry_words`), never cut."""
    return f"{move.seq}. {entry_words(move, reader, locale)}"


def quiet_move(move: MoveRow, locale: str = "en-US") -> str:
    """What to say of an entry with no public event: whose choice it was, and that it is
    theirs to know (the move itself may name a hidden card)."""
    if move.kind == "move":
        if move.player:
            return t(locale, "{player} made a choice that only they can see.", player=move.player)
        return t(locale, "Someone made a choice that only they can see.")
    # the entry's kind is the log's own word for it (host, vote, standin)
    return t(
        locale, "{player}: {kind}.", player=move.player or t(locale, "Someone"), kind=move.kind
    )


def replay_turns(eng: Any, row: Any, moves: list[MoveRow]) -> list[tuple[int, BaseModel]]:
    """The game replayed from its seed and its log: the position at the start of every turn
    (someone not awaited before is awaited now) and the last one, each with the number of log
    entries played to reach it."""
    players = [s.name for s in row.seats]
    merged: dict[str, Any] = dict(row.options)
    for spec in eng.options:
        if spec.per_player:
            merged[spec.key] = {
                s.name: s.choices[spec.key] for s in row.seats if spec.key in s.choices
            }
    state = eng.setup(players, seed=row.seed, options=eng.validate_options(players, merged))
    shown: list[tuple[int, BaseModel]] = [(0, state)]
    awaited = set(eng.to_act(state))
    played = 0
    for move in moves:
        if move.kind not in ("move", "concede", "undo") or not move.player:
            continue
        if move.kind == "move" and not move.action_id:
            continue
        state = replay_entry(eng, state, move)
        played += 1
        now = set(eng.to_act(state))
        if now - awaited:
            shown.append((played, state))
        awaited = now
    if shown[-1][1] is not state:
        shown.append((played, state))
    return shown


def replay_positions(eng: Any, row: Any, moves: list[MoveRow]) -> list[BaseModel]:
    """The positions of :func:`replay_turns`, without their move numbers."""
    return [state for _, state in replay_turns(eng, row, moves)]


def replay_caption(eng: Any, played: int, total: int, state: BaseModel) -> str:
    """A replay frame's caption, in public words, said (the front end words it): the move and
    whose turn it is ("Move 12 of 40 · Bruno's turn", "Start · Ada's turn", "Move 40 · game
    over")."""
    if eng.is_over(state):
        return say("Move {n} · game over", n=played)
    where = say("Start") if played == 0 else say("Move {n} of {total}", n=played, total=total)
    awaited = list(eng.to_act(state))
    if not awaited:
        return where
    if len(awaited) == 1:
        return say("{where} · {player}'s turn", where=where, player=awaited[0])
    return say("{where} · {players} to act", where=where, players=join_names(awaited))


def sample(items: list[Any], most: int) -> list[Any]:
    """At most ``most`` of ``items``, evenly spread, the first and the last kept."""
    if len(items) <= most:
        return items
    step = (len(items) - 1) / (most - 1)
    return [items[round(i * step)] for i in range(most)]
