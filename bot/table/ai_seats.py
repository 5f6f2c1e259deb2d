"""The table's part for AI seats: the host seats them in the lobby, and an AI seat's move is
chosen by the search AI (in a worker, through ``think``) and then made through the normal move
path, saved and logged like anyone's. One of :class:`bot.table.Table`'s parts, so it lives with
them (in :mod:`bot.ai_seats` it would make an import cycle with the table it is part of)."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.ai_seats.seats import ai_seat_id, ai_seat_level, ai_seat_name, ai_seat_number, is_ai_seat
from bot.errors import (
    BadOptions,
    BoardChanged,
    GameFull,
    IllegalMove,
    NotAllowed,
    NotYourTurn,
    WrongStage,
)
from bot.logsafe import failure
from bot.table.core import TableCore, log, name_of
from bot.table.results import GameInfo, Outcome
from bot.table.texts import public_event
from engines import IllegalAction
from engines.ai.levels import DEFAULT_LEVEL, level_named
from i18n.say import say, say_n
from storage import MoveEntry, SeatRow

#: (game, state JSON, player, level, seed) -> the id of the move; runs the search off the loop
Think = Callable[[str, str, str, str, int], Awaitable[str]]


class AiSeats(TableCore):
    if TYPE_CHECKING:  # provided by bot.table.playing
        from pydantic import BaseModel

        from bot.table.core import AnyEngine
        from engines import Action
        from storage import GameRow

        async def _move(
            self,
            row: GameRow,
            eng: AnyEngine,
            state: BaseModel,
            seat: SeatRow,
            action: Action,
            *,
            by_standin: bool,
        ) -> Outcome: ...

    async def add_ai_seats(
        self, *, channel_id: int, user_id: int, count: int, level: str
    ) -> GameInfo:
        """The host seats ``count`` AI seats of ``level`` in the channel's lobby."""
        try:
            level = level_named(level).name
        except IllegalAction as exc:
            raise BadOptions(exc.reason) from None
        if not 1 <= count <= 10:
            raise BadOptions(say("Add from {least} to {most} bots at a time.", least=1, most=10))

        async def attempt() -> GameInfo:
            row = await self._live(channel_id)
            eng = self._engine(row)
            if row.status != "lobby":
                raise WrongStage(say("The game has already started, so no bot can join it now."))
            if user_id != row.host_id:
                host = name_of(row, row.host_id) or say("the host")
                raise NotAllowed(say("Only the host, {host}, can add bots.", host=host))
            free = eng.max_players - len(row.seats)
            if count > free and free == 0:
                raise GameFull(
                    say(
                        "{game} takes at most {most} players; no seat is left.",
                        game=eng.title,
                        most=eng.max_players,
                    )
                )
            if count > free:
                raise GameFull(
                    say_n(
                        "{game} takes at most {most} players; only {n} seat(s) are left.",
                        "{game} takes at most {most} players; only {n} seat(s) are left.",
                        free,
                        game=eng.title,
                        most=eng.max_players,
                    )
                )
            used = {ai_seat_number(s.user_id) for s in row.seats if is_ai_seat(s.user_id)}
            seats = list(row.seats)
            names = []
            number = 1
            for _ in range(count):
                while number in used:
                    number += 1
                used.add(number)
                # not through player_name, which drops emoji from people's names: so no
                # person can be called like an AI seat
                name = ai_seat_name(number, level)
                seats.append(SeatRow(len(seats), ai_seat_id(number, level), name, {}))
                names.append(name)
            joined = say_n("{players} joins.", "{players} join.", count, players=", ".join(names))
            entry = MoveEntry("join", user_id, name_of(row, user_id), events=[public_event(joined)])
            return self._info(await self._save(row, entry, seats=seats))

        return await self._retrying(attempt)

    async def play_ai_seat(
        self, *, game_id: int, user_id: int, expected_version: int, think: Think
    ) -> Outcome:
        """An AI seat's move: chosen by ``think`` at its level from the saved state, then made
        through the same checks and save as anyone's (refused with ``BoardChanged`` if the
        board moved on while it thought)."""
        if not is_ai_seat(user_id):
            raise NotAllowed(say("Only an AI seat is played by the AI."))
        return await self._play_thought(game_id, user_id, expected_version, think, standin=None)

    async def play_standin(
        self,
        *,
        game_id: int,
        user_id: int,
        expected_version: int,
        think: Think,
        level: str = DEFAULT_LEVEL,
    ) -> Outcome:
        """A stand-in's move for an absent player, chosen by the search at the game's
        ``level`` (the host's choice), made and marked like :meth:`play_for`'s."""
        return await self._play_thought(game_id, user_id, expected_version, think, standin=level)

    async def _play_thought(
        self,
        game_id: int,
        user_id: int,
        expected_version: int,
        think: Think,
        *,
        standin: str | None,
    ) -> Outcome:
        """The move ``think`` chooses: a stand-in's at the level ``standin``, or (None) the
        AI seat's at its own level."""
        row = await self._by_id(game_id)
        if row.status != "running" or row.version != expected_version:
            raise BoardChanged()
        eng, state, seat = self._running_seat(row, user_id)
        level = standin if standin is not None else ai_seat_level(user_id)
        seed = (row.seed * 1_000_003 + row.version * 101 - user_id) % 2**62
        try:
            # without the steps kept for taking back: their snapshots hold the true hidden
            # things a searching bot re-deals (``determinize``) and must never plan on
            shown = state.model_dump_json(exclude={"takeback"})
            action_id = await think(eng.name, shown, seat.name, level, seed)
        except Exception as exc:  # a worker that cannot think: the engine's suggestion plays
            log.warning(
                "game %s: the search failed (%s); the suggestion plays", row.id, failure(exc)
            )
            action_id = None
        legal = self._engine_call(eng.legal_actions, state, seat.name)
        action = next((a for a in legal if a.id == action_id), None)
        if action is None:
            # a failed search, or a move that is not legal (a worker from another version):
            # the seat still moves, so a game never waits on an AI seat that can't choose
            if action_id is not None:
                log.warning("game %s: the search chose no legal move; the suggestion plays", row.id)
            try:
                action_id = eng.suggest(state, seat.name, random.Random(seed))
            except IllegalAction as refused:
                raise NotYourTurn(refused.reason) from None
            action = next((a for a in legal if a.id == action_id), None)
            if action is None:
                raise IllegalMove(say("The chosen move is not a legal move."))
        return await self._move(row, eng, state, seat, action, by_standin=standin is not None)
