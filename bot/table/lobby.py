"""Opening a game, taking and giving up seats in its lobby, and starting it."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

import engines
from bot.errors import (
    AlreadySeated,
    BadOptions,
    DamagedGame,
    EngineFailure,
    GameExists,
    GameFull,
    NotAllowed,
    NotSeated,
    SaveFailed,
    TooFewPlayers,
    UnknownGameName,
    WrongStage,
)
from bot.logsafe import failure
from bot.table.core import (
    EVERYONE_LEFT,
    AnyEngine,
    TableCore,
    log,
    name_of,
)
from bot.table.names import player_name
from bot.table.results import Change, GameInfo, Outcome
from bot.table.texts import (
    public_event,
)
from engines import Event, IllegalAction
from i18n.say import say
from storage import (
    DatabaseError,
    GameRow,
    LiveGameExists,
    MoveEntry,
    SeatRow,
)

#: a game's seed: every roll is public, so it must be too wide to find by trying them all
SEED_BITS = 128


class Lobby(TableCore):
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
        except engines.UnknownGame:
            valid = ", ".join(engines.names()) or say("none")
            raise UnknownGameName(
                say("Unknown game '{name}'. Valid games: {games}.", name=str(engine), games=valid)
            ) from None
        if await self.store.live_game(channel_id) is not None:
            raise GameExists()
        game_options = self._game_options(eng, options)
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        elif not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**SEED_BITS:
            raise BadOptions(say("The seed must be a whole number from 0 up."))
        name = player_name(user_name)
        seat_choices = self._seat_choices(eng, choices, [])
        now = self.now()
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
                    events=[
                        public_event(
                            say("{player} opens a game of {game}.", player=name, game=eng.title)
                        )
                    ],
                ),
            )
        except LiveGameExists:
            raise GameExists() from None
        except DatabaseError as exc:
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
                    say(
                        "This game has already started, so no one can join it now. "
                        "You can follow it with /game board."
                    )
                )
            if any(s.user_id == user_id for s in row.seats):
                raise AlreadySeated()
            if len(row.seats) >= eng.max_players:
                raise GameFull(
                    say(
                        "This game is full: {game} takes at most {most} players.",
                        game=eng.title,
                        most=eng.max_players,
                    )
                )
            seat_choices = self._seat_choices(eng, choices, row.seats)
            name = player_name(user_name, [s.name for s in row.seats])
            seats = [*row.seats, SeatRow(len(row.seats), user_id, name, seat_choices)]
            entry = MoveEntry(
                "join", user_id, name, events=[public_event(say("{player} joins.", player=name))]
            )
            return self._info(await self._save(row, entry, seats=seats))

        return await self._retrying(attempt)

    async def leave(self, *, channel_id: int, user_id: int) -> GameInfo:
        """Give up a seat in the lobby. The host's leaving hands the lobby to the next seat;
        the last player's leaving closes it (status ``aborted``)."""

        async def attempt() -> GameInfo:
            row = await self._live(channel_id)
            if row.status != "lobby":
                raise WrongStage(
                    say("The game has already started. To stop playing, use /game concede.")
                )
            return self._info(await self._leave_lobby(row, user_id))

        return await self._retrying(attempt)

    async def _leave_lobby(self, row: GameRow, user_id: int) -> GameRow:
        seat = next((s for s in row.seats if s.user_id == user_id), None)
        if seat is None:
            raise NotSeated(say("You have not joined this game, so there is nothing to leave."))
        rest = [s for s in row.seats if s.user_id != user_id]
        seats = [SeatRow(i, s.user_id, s.name, s.choices, s.active) for i, s in enumerate(rest)]
        texts = [say("{player} leaves.", player=seat.name)]
        changes: dict[str, Any] = {"seats": seats}
        if not seats:
            texts.append(say("Everyone has left, so the lobby is closed."))
            changes.update(status="aborted", end_reason=EVERYONE_LEFT)
        elif user_id == row.host_id:
            changes["host_id"] = seats[0].user_id
            texts.append(say("{player} is now the host.", player=seats[0].name))
        entry = MoveEntry("leave", user_id, seat.name, events=[public_event(t) for t in texts])
        return await self._save(row, entry, **changes)

    async def start(self, *, channel_id: int, user_id: int) -> Outcome:
        """The host starts the game once enough players have joined."""
        return await self._retrying(lambda: self._start_once(channel_id, user_id))

    async def _start_once(self, channel_id: int, user_id: int) -> Outcome:
        row = await self._live(channel_id)
        eng = self._engine(row)
        if row.status != "lobby":
            raise WrongStage(say("The game has already started."))
        if user_id != row.host_id:
            host = name_of(row, row.host_id) or say("the host")
            raise NotAllowed(say("Only the host, {host}, can start the game.", host=host))
        if len(row.seats) < eng.min_players:
            raise TooFewPlayers(
                say(
                    "{game} needs at least {least} players; "
                    "{joined} joined so far. Others can join with /game join.",
                    game=eng.title,
                    least=eng.min_players,
                    joined=len(row.seats),
                )
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
        events = [
            Event(text=say("The game begins: {players}.", players=", ".join(players)), kind="start")
        ]
        events += self._random_picks(eng, state, row.seats)
        entry = MoveEntry("start", user_id, name_of(row, user_id))
        return await self._commit(row, eng, state, events, entry)

    def _random_picks(
        self, eng: AnyEngine, state: BaseModel, seats: Sequence[SeatRow]
    ) -> list[Event]:
        """What each player who picked nothing was dealt at random (their species, figure or
        character), said when the game begins so nobody has to guess from the board."""
        specs = [s for s in eng.options if s.per_player]
        if not specs:
            return []
        dealt = self._engine_call(eng.seat_choices, state)
        out = []
        for seat in seats:
            missing = [s.label.lower() for s in specs if s.key not in seat.choices]
            if missing and seat.name in dealt:
                what = missing[0]
                for more in missing[1:]:
                    # Translators: two of a game's choices, either of them: "species or colour"
                    what = say("{first} or {then}", first=what, then=more)
                out.append(
                    Event(
                        text=say(
                            "{player} chose no {choice} and is dealt {dealt}.",
                            player=seat.name,
                            choice=what,
                            dealt=dealt[seat.name],
                        )
                    )
                )
        return out

    async def leave_lobby(self, *, game_id: int, user_id: int) -> GameInfo:
        """A player leaves the lobby of game ``game_id`` (e.g. they left the server), as
        :meth:`leave`."""

        async def attempt() -> GameInfo:
            row = await self._by_id(game_id)
            if row.status != "lobby":
                raise WrongStage(say("That game is not in its lobby."))
            return self._info(await self._leave_lobby(row, user_id))

        return await self._retrying(attempt)
