"""Watching games from outside Discord: the spectator pages' token per game, and a game's
public replay (every turn's public board and the public log).

The pages (:mod:`bot.watch`) ask the table, as every other service does: they never see a game
row, a raw state or a private event. Each turn's board comes as ``engine.view(state, None)``,
the spectator's view, rebuilt here from the move log (:mod:`bot.table.history`).
"""

from __future__ import annotations

import asyncio
import re
import secrets
from dataclasses import dataclass, field

from pydantic import BaseModel

from bot.errors import TableError
from bot.table.core import TableCore
from bot.table.history import plain_mentions, public_text, replay, seat_names
from i18n.say import event_text
from storage import GameNotFound, GameRow, MoveRow
from storage.watch_links import WatchLinks

TOKEN_BYTES = 16  # 128 random bits
#: what a token can look like (``secrets.token_urlsafe``); anything else is looked up nowhere
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


@dataclass(frozen=True)
class WatchedTurn:
    """One turn of a watched game: the log entry after which this board stood (0 for the latest
    board alone), its public words, and the board as a spectator sees it."""

    seq: int
    text: str
    view: BaseModel  # engine.view(state, None): the public view, never a state


@dataclass(frozen=True)
class PublicGame:
    """A game as its spectator page names it: no seed (it would give the hidden cards away),
    no state, no user ids."""

    id: int
    version: int
    engine: str
    title: str
    status: str  # "lobby" | "running" | "finished" | "aborted"
    players: list[str]  # in seat order


@dataclass(frozen=True)
class WatchedGame:
    """What a spectator may see of a game, as of one version."""

    game: PublicGame
    log: list[str]  # "seq. public words" for every log entry
    turns: list[WatchedTurn] = field(default_factory=list)
    complete: bool = True  # False: only the latest board (the log could not be replayed)
    result: str | None = None  # the public words that ended a finished or aborted game


class Watching(TableCore):
    _watch_links: WatchLinks | None = None

    async def _links(self) -> WatchLinks:
        """The watch links' connection, opened on first use (on the store's file)."""
        if self._watch_links is None:
            opened = await WatchLinks.open(self.store.path)
            if self._watch_links is None:
                self._watch_links = opened
            else:  # another caller opened one meanwhile
                await opened.close()
        return self._watch_links

    async def close_watching(self) -> None:
        """Close the watch links' connection, if one was opened (at shutdown)."""
        links, self._watch_links = self._watch_links, None
        if links is not None:
            await links.close()

    async def watch_token(self, game_id: int) -> str:
        """The token of the game's spectator page: made on the first request, then always the
        same (128 random bits, URL-safe)."""
        await self._by_id(game_id)  # NoGame for a game that does not exist
        links = await self._links()
        return await links.token(game_id, new=secrets.token_urlsafe(TOKEN_BYTES), now=self.now())

    async def game_for_token(self, token: str) -> PublicGame | None:
        """The game a spectator token opens, or ``None`` for a token nobody was given."""
        if not TOKEN.fullmatch(token):
            return None
        game_id = await (await self._links()).game_of(token)
        if game_id is None:
            return None
        try:
            return self._public_game(await self.store.get_game(game_id))
        except GameNotFound:
            return None

    async def watched(self, game_id: int, locale: str = "en-US") -> WatchedGame:
        """The game as a spectator sees it: its public log and every turn's public board
        (rebuilt from the log in a worker thread; a game whose log does not replay offers its
        latest board alone), its words in ``locale``'s language."""
        row = await self._by_id(game_id)
        moves = await self.store.moves(game_id)
        return await asyncio.to_thread(self._watched, row, moves, locale)

    async def watched_board(self, watched: WatchedGame, turn: int) -> bytes:
        """The PNG of one turn's public board, drawn by the table's renderer (worker processes
        in the bot). Raises ``IndexError`` for a turn the game does not have,
        ``rendering.NoRenderer`` for a game without board pictures."""
        view = watched.turns[turn].view
        return await self.renderer.board(watched.game.engine, view)

    def _public_game(self, row: GameRow) -> PublicGame:
        players = [s.name for s in sorted(row.seats, key=lambda s: s.seat)]
        return PublicGame(
            row.id, row.version, row.engine, self._title(row.engine), row.status, players
        )

    def _watched(self, row: GameRow, moves: list[MoveRow], locale: str = "en-US") -> WatchedGame:
        info = self._public_game(row)
        names = seat_names(row)
        ending = [
            plain_mentions(event_text(e, locale), names, locale)
            for m in moves
            if m.readable
            for e in m.events
            if e.get("private_to") is None and e.get("kind") == "end" and e.get("text")
        ]
        log = [f"{m.seq}. {public_text(m, names, locale)}" for m in moves]
        result = ending[-1] if row.status in ("finished", "aborted") and ending else None
        if row.status == "lobby" or row.state is None:
            return WatchedGame(info, log, result=result)
        try:
            eng = self._engine(row)
            played = replay(eng, row, self._state(eng, row), moves, locale)
            turns = [
                WatchedTurn(t.seq, t.text, self._engine_call(eng.view, t.state, None))
                for t in played.turns
            ]
        except TableError:  # an engine not installed, a damaged state: the log alone
            return WatchedGame(info, log, complete=False, result=result)
        return WatchedGame(info, log, turns, played.complete, result)
