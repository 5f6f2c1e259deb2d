"""The clock service: everything that makes a game playable over days, Discord-free.

One object made of its parts, each in its own module: turn clocks and the scheduler's side
(:mod:`~bot.clock.deadlines`), reminders, nudges and notices (:mod:`~bot.clock.reminders`),
stand-ins (:mod:`~bot.clock.standins`), votes (:mod:`~bot.clock.votes`), away
(:mod:`~bot.clock.away`), host powers (:mod:`~bot.clock.host`) and players leaving or games
closing (:mod:`~bot.clock.endings`).

It asks the :class:`~bot.table.Table` for every change to a game and hears of every change
through :meth:`~bot.table.Table.subscribe`, so the Discord layer only calls
:meth:`board_posted` when it posts a board; the scheduler calls :meth:`fire_due`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.clock.away import Away
from bot.clock.base import ClockBase, ClockConfig
from bot.clock.deadlines import Deadlines
from bot.clock.endings import Endings
from bot.clock.host import HostPowers
from bot.clock.ports import Notifier
from bot.clock.reminders import Reminders
from bot.clock.standins import StandIns, merge
from bot.clock.votes import Votes
from bot.table import GameInfo, Table
from storage.clock import ClockStore
from storage.shards import Shards

__all__ = ["ClockConfig", "ClockService", "merge"]


class ClockService(Deadlines, Reminders, StandIns, Votes, Away, HostPowers, Endings, ClockBase):
    def __init__(
        self,
        table: Table,
        clocks: ClockStore,
        notifier: Notifier,
        *,
        clock: Callable[[], float] = time.time,
        config: ClockConfig | None = None,
        shards: Shards | None = None,
    ) -> None:
        super().__init__(table, clocks, notifier, clock=clock, config=config, shards=shards)
        self.table.subscribe(self.on_change)
        self.table.note_sources.append(self.standin_note)

    def detach(self) -> None:
        """Stop listening to the table (a second service made for the same client)."""
        self.table.unsubscribe(self.on_change)
        if self.standin_note in self.table.note_sources:
            self.table.note_sources.remove(self.standin_note)

    async def standin_note(self, game: GameInfo) -> list[str]:
        """A public line naming the seats a stand-in keeps for good in a running game, for the
        turn message, the board and ``/game status`` (empty when there are none)."""
        if game.status != "running":
            return []
        kept = await self.clocks.kept_seats(game.id)
        names = [s.name for s in game.active_seats if s.user_id in kept]
        if not names:
            return []
        seats = "seat" if len(names) == 1 else "seats"
        return [
            f"🤖 A stand-in plays for {', '.join(names)} (kept {seats}; "
            "moving again takes a seat back)."
        ]
