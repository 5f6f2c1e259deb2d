"""The table's part for leagues and anyone who ranks a game's players: the players of a game by
place, from its result when it ended, or from the engine's standing mid-game (a league round
whose deadline passed scores its unfinished games so); and opening a game with its players
already seated, started at once (a league's table), through the same creation and start as
``/game new`` and ``/game start``."""

from __future__ import annotations

from collections.abc import Sequence

from bot.errors import DamagedGame, EngineFailure, TableError
from bot.table.lifecycle import Lifecycle
from bot.table.lobby import Lobby
from bot.table.results import Outcome
from storage import GameRow, SeatRow


class Placings(Lobby, Lifecycle):
    async def placing(self, game_id: int) -> list[list[int]]:
        """The game's players by place, best first, players who tie in one group: a finished
        game's winners first, then the others by the result's scores; a game that has not
        ended (or ended without a result) by the engine's standing at this moment. Players who
        conceded or were removed come last, together."""
        row = await self._by_id(game_id)
        active = [s for s in row.seats if s.active]
        gone = [s.user_id for s in row.seats if not s.active]
        value = self._values(row, active)
        groups: dict[float, list[int]] = {}
        for seat in active:
            groups.setdefault(value.get(seat.user_id, 0.0), []).append(seat.user_id)
        ordered = [groups[v] for v in sorted(groups, reverse=True)]
        return [g for g in (*ordered, gone) if g]

    def _values(self, row: GameRow, active: Sequence[SeatRow]) -> dict[int, float]:
        """Each active player's worth: (won, score) folded into one number for a result, else
        the engine's standing (all level when the state cannot be read)."""
        result = row.result
        if result is not None:
            winners = set(result.get("winners") or [])
            scores = result.get("scores") or {}
            top = max((abs(float(v)) for v in scores.values()), default=0.0) + 1.0
            return {
                s.user_id: (2 * top if s.name in winners else 0.0) + float(scores.get(s.name, 0.0))
                for s in active
            }
        try:
            eng = self._engine(row)
            standing = self._engine_call(eng.standing, self._state(eng, row))
        except (DamagedGame, EngineFailure, TableError):
            return {}
        return {s.user_id: float(standing.get(s.name, 0.0)) for s in active}

    async def open_seated(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        engine: str,
        players: Sequence[tuple[int, str]],
        options: dict[str, str] | None = None,
    ) -> Outcome:
        """Open a game in ``channel_id`` with ``players`` (user id, display name) seated in
        that order and start it at once: the first is its host. The lobby's checks apply (the
        game's player range, its options)."""
        host_id, host_name = players[0]
        info = await self.new_game(
            guild_id=guild_id,
            channel_id=channel_id,
            user_id=host_id,
            user_name=host_name,
            engine=engine,
            options=options,
        )
        try:
            for user_id, name in players[1:]:
                await self.join(channel_id=channel_id, user_id=user_id, user_name=name)
            outcome: Outcome = await self.start(channel_id=channel_id, user_id=host_id)
        except TableError:
            await self.abort(channel_id=channel_id, user_id=info.host_id, is_moderator=True)
            raise
        return outcome
