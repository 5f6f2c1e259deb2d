"""A game's life beyond moves: concessions, removals, aborts, closing, the host role, log lines.

The clock service asks for these too; a removal of a player who has already left is refused and
the game goes on.
"""

from __future__ import annotations

from pydantic import BaseModel

from bot.errors import (
    EngineFailure,
    NoGame,
    NotAllowed,
    NotSeated,
)
from bot.logsafe import failure
from bot.table.core import (
    AnyEngine,
    TableCore,
    aborted_by,
    log,
    name_of,
)
from bot.table.names import player_name
from bot.table.results import GameInfo, Outcome
from bot.table.texts import (
    public_event,
    result_text,
)
from engines import Event, IllegalAction, Result
from i18n.say import say
from storage import (
    LIVE_STATUSES,
    GameRow,
    MoveEntry,
    SeatRow,
)


class Lifecycle(TableCore):
    async def concede(self, *, channel_id: int, user_id: int) -> Outcome:
        """Give up a running game (see :meth:`_remove_once`)."""
        return await self._retrying(lambda: self._concede_once(channel_id, user_id))

    async def _concede_once(self, channel_id: int, user_id: int) -> Outcome:
        row = await self._live(channel_id)
        eng, state, seat = self._running_seat(row, user_id)
        return await self._remove_once(row, eng, state, seat, None)

    async def remove_player(
        self, *, game_id: int, user_id: int, reason: str | None = None
    ) -> Outcome:
        """Take a player out of a running game through the game's own rules for leaving, as a
        concession (``reason``, past tense, e.g. "was voted out", replaces "concedes").

        Refused with :class:`NotSeated` when the player is no longer in the game (they
        conceded, went bankrupt, or another removal came first): the game goes on as it is.
        """

        async def attempt() -> Outcome:
            row = await self._by_id(game_id)
            if row.status not in LIVE_STATUSES:
                raise NoGame(say("That game has already ended."))
            seat = next((s for s in row.seats if s.user_id == user_id), None)
            if seat is None:
                raise NotSeated(say("That player is no longer playing in this game."))
            if not seat.active:
                raise NotSeated(
                    say("{player} is no longer playing in this game.", player=seat.name)
                )
            eng, state, seat = self._running_seat(row, user_id)
            return await self._remove_once(row, eng, state, seat, reason)

        return await self._retrying(attempt)

    async def _remove_once(
        self,
        row: GameRow,
        eng: AnyEngine,
        state: BaseModel,
        seat: SeatRow,
        reason: str | None,
    ) -> Outcome:
        """A player leaves a running game.

        A player the game no longer counts (bankrupt) is refused with :class:`NotSeated`:
        they are out already, and the others play on. If the game can go on without the
        player (``engine.remove_player``), it does. If it cannot, it ends at once and the
        players still in it share the win ("<name> conceded"): conceding means the others
        won, which is what a player expects.

        ``reason`` (past tense, e.g. "was voted out") replaces "conceded" in the texts when a
        player is removed by others rather than by their own choice.
        """
        user_id = seat.user_id
        if not self._engine_call(eng.seated, state, seat.name):  # out already (bankrupt)
            if reason is None:
                raise NotSeated(self._engine_call(eng.not_playing, state, seat.name))
            raise NotSeated(say("{player} is no longer playing in this game.", player=seat.name))
        others = [s.name for s in row.seats if s.active and s.user_id != user_id]
        if reason is None:
            why = say("{player} conceded", player=seat.name)
            told = say("{player} concedes.", player=seat.name)
        else:
            # Translators: {reason} is what happened to the player, e.g. "left the league"
            why = say("{player} {reason}", player=seat.name, reason=reason)
            told = say("{player} {reason}.", player=seat.name, reason=reason)
        try:
            new_state, events = eng.remove_player(state, seat.name)
            if reason is not None:
                events = [Event(text=told, kind="concede"), *events]
            ended = None
        except IllegalAction:
            new_state = state
            events = [Event(text=told, kind="concede")]
            ended = Result(winners=others, scores={}, reason=why)
        except Exception as exc:
            log.error("%s: remove_player failed in game %s: %s", eng.name, row.id, failure(exc))
            raise EngineFailure() from None
        if ended is None and len(others) < 2 and self._engine_call(eng.result, new_state) is None:
            ended = Result(winners=others, scores={}, reason=why)
        if ended is not None:  # said here: a Result keeps its reason as plain English
            events = [*events, Event(text=result_text(ended, reason=why), kind="end")]
        seats = [
            SeatRow(s.seat, s.user_id, s.name, s.choices, s.active and s.user_id != user_id)
            for s in row.seats
        ]
        heir = heir_of(seats, seat) if user_id == row.host_id and ended is None else None
        if heir is not None:
            events = [
                *events,
                Event(
                    # the crown is a chat emoji, kept out of the words (the catalogs hold only
                    # what the pictures' fonts can draw)
                    text=say("{crown} {player} is the host now.", crown="👑", player=heir.name),
                    kind="host",
                ),
            ]
        entry = MoveEntry("concede", user_id, seat.name)
        return await self._commit(
            row,
            eng,
            new_state,
            events,
            entry,
            seats=seats,
            ended=ended,
            host_id=heir.user_id if heir is not None else None,
        )

    async def abort(
        self, *, channel_id: int, user_id: int, is_moderator: bool, user_name: str | None = None
    ) -> GameInfo:
        """End the channel's live game with no result (the host, or a moderator: a member with
        host powers in every game, whom the caller tells as ``is_moderator``).

        Works even when the saved state is damaged."""
        return await self._retrying(
            lambda: self._abort_once(channel_id, user_id, is_moderator, user_name)
        )

    async def _abort_once(
        self, channel_id: int, user_id: int, is_moderator: bool, user_name: str | None
    ) -> GameInfo:
        row = await self._live(channel_id)
        if not is_host(row, user_id) and not is_moderator:
            host = name_of(row, row.host_id) or say("the host")
            raise NotAllowed(
                say(
                    "Only the host ({host}), a member with Manage Messages, or a member with "
                    "the server's game master role can abort this game.",
                    host=host,
                )
            )
        who = name_of(row, user_id) or (player_name(user_name) if user_name else say("a moderator"))
        entry = MoveEntry(
            "abort",
            user_id,
            who,
            events=[public_event(say("The game is aborted by {player}.", player=who), "end")],
        )
        saved = await self._save(row, entry, status="aborted", end_reason=aborted_by(who))
        return self._info(saved)

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
                raise NoGame(say("That game has already ended."))
            if not any(s.user_id == new_host_id and s.active for s in row.seats):
                raise NotSeated(say("The new host must be a player of this game."))
            entry = MoveEntry("host", by_id, events=[public_event(text, "host")])
            return self._info(await self._save(row, entry, host_id=new_host_id))

        return await self._retrying(attempt)

    async def note(self, *, game_id: int, kind: str, user_id: int | None, text: str) -> GameInfo:
        """A public line in the game's log (a host power, a vote, a stand-in taking a turn)."""

        async def attempt() -> GameInfo:
            row = await self._by_id(game_id)
            entry = MoveEntry(kind, user_id, events=[public_event(text, kind)])
            return self._info(await self._save(row, entry))

        return await self._retrying(attempt)


def heir_of(seats: list[SeatRow], leaving: SeatRow) -> SeatRow | None:
    """Who takes the host role when the host leaves: the next player still in the game, in
    seat order after the host's seat."""
    after = sorted(seats, key=lambda s: (s.seat <= leaving.seat, s.seat))
    return next((s for s in after if s.active and s.user_id != leaving.user_id), None)


def is_host(row: GameRow, user_id: int) -> bool:
    """Host powers follow the seat: a host who left the game has none."""
    return user_id == row.host_id and any(s.user_id == user_id and s.active for s in row.seats)
