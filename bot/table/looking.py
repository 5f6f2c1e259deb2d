"""Looking at games without changing them: boards, hands, status, the log, lookups."""

from __future__ import annotations

from collections.abc import Iterable

import rendering
from bot.errors import (
    NotSeated,
    TableError,
    WrongStage,
)
from bot.table.core import (
    TableCore,
    log,
)
from bot.table.results import GameInfo, Outcome
from bot.table.texts import (
    LOG_LINE_MAX,
    ellipsize,
    private_text,
)
from storage import (
    LIVE_STATUSES,
    MoveRow,
)


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

    async def seated_and_awaited(
        self, guild_id: int | None, user_id: int
    ) -> list[tuple[GameInfo, dict[int, str]]]:
        """The user's live games in a server, each with the players it awaits (user id ->
        name; empty in the lobby, or when the state does not load), from one read."""
        out = []
        for row in await self.store.seated_games(guild_id, user_id, LIVE_STATUSES):
            try:
                waiting = self._awaited(row)
            except TableError:
                log.warning("game %s cannot be loaded; it awaits no one", row.id)
                waiting = {}
            out.append((self._info(row), waiting))
        return out

    async def unplayable(
        self, *, after_id: int = 0, limit: int = 200
    ) -> tuple[list[GameInfo], int | None]:
        """One page of running games (ids above ``after_id``, in order) checked the way the
        clocks use them: those whose state does not load or whose engine cannot say who acts,
        and the last id looked at (``None`` once there are no more)."""
        rows = await self.store.running_page(after_id, limit)
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
            raise WrongStage("The game has not started yet.")
        eng = self._engine(row)
        state = self._state(eng, row)
        info = self._info(row)
        names = self._engine_call(eng.to_act, state)
        return await self._outcome(row, info, eng, state, names, [], {}, None, board=board)

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
            png = await self.renderer.board(eng.name, self._engine_call(eng.view, state, None))
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
            png = await self.renderer.hand(eng.name, mine)
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
