"""The clock's services, each made with what it needs, in the one order that has no cycle.

Each part is a service of its own, with its collaborators given to its constructor:

- :class:`~bot.clock.closing.Closing` ends a game badly (it posts straight to the notifier);
- :class:`~bot.clock.outbox.Outbox` posts, and closes a game whose channel is gone;
- :class:`~bot.clock.endings.Removals` takes a player out of a game;
- :class:`~bot.clock.nights.Nights`: whom a notice reaches now; notices held through players'
  quiet hours and released when they end;
- :class:`~bot.clock.reminders.Reminders`: reminders, nudges, direct messages;
- :class:`~bot.clock.deadlines.Deadlines` keeps turn clocks in line with the table;
- :class:`~bot.clock.standins.StandIns` plays a passed deadline's turn, then syncs deadlines;
- :class:`~bot.clock.firing.Firing` fires what is due (reminders, stand-ins) for the scheduler;
- :class:`~bot.clock.votes.Votes`, :class:`~bot.clock.away.Away`,
  :class:`~bot.clock.host.HostPowers`;
- :class:`~bot.clock.digest.Digests`: the daily digests (with a scheduler of their own).
- :class:`~bot.player_day.players.Players`: a player's own settings and mutes.

Where two parts seemed to need each other, the shared thing was taken out: closing a game
(needed by every post whose channel is gone, and by removals, which post) is
:class:`~bot.clock.closing.Closing`, below the outbox; firing a deadline (which needs the
stand-ins, which need the deadlines) is :class:`~bot.clock.firing.Firing`, above both; and the
scheduler and the services share an :class:`~bot.clock.scheduler.Alarm` made first, the
services ringing it (``wake``) and the scheduler waiting on it.

:meth:`ClockServices.build` assembles them and subscribes them to the table (its changes keep
the deadlines in line; the stand-ins' note joins every turn message).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.clock.away import Away
from bot.clock.closing import Closing
from bot.clock.common import ClockConfig, Now
from bot.clock.deadlines import Deadlines
from bot.clock.digest import Digests
from bot.clock.endings import Removals
from bot.clock.firing import Firing
from bot.clock.host import HostPowers
from bot.clock.nights import Nights
from bot.clock.outbox import Outbox
from bot.clock.ports import Notifier
from bot.clock.reminders import Reminders
from bot.clock.scheduler import Alarm
from bot.clock.standins import StandIns
from bot.clock.votes import Votes
from bot.player_day.players import Players
from bot.table import Table
from bot.table.ai_seats import Think
from storage.clock import ClockStore
from storage.shards import Shards

__all__ = ["ClockConfig", "ClockServices"]


@dataclass(frozen=True)
class ClockServices:
    """Every clock service of one process, on one table and one clock store."""

    table: Table
    clocks: ClockStore
    alarm: Alarm
    now: Now
    closing: Closing
    outbox: Outbox
    removals: Removals
    nights: Nights
    reminders: Reminders
    deadlines: Deadlines
    standins: StandIns
    firing: Firing
    votes: Votes
    absences: Away
    host: HostPowers
    digests: Digests
    players: Players

    @classmethod
    def build(
        cls,
        table: Table,
        clocks: ClockStore,
        notifier: Notifier,
        *,
        now: Now = time.time,
        config: ClockConfig | None = None,
        shards: Shards | None = None,
        think: Think | None = None,
        alarm: Alarm | None = None,
    ) -> ClockServices:
        """Make every service and subscribe them to ``table`` (undone by :meth:`detach`).

        ``shards``: the shards this process runs (None: all of them); ``think``: how stand-ins
        choose (the bots' search; None: the engine's suggestion); ``alarm``: what the services
        ring when the next timer may have moved (the scheduler waits on it)."""
        config = config or ClockConfig()
        alarm = alarm or Alarm()
        wake = alarm.ring
        closing = Closing(table, clocks, notifier, wake)
        outbox = Outbox(clocks, closing)
        removals = Removals(table, notifier, outbox, closing)
        nights = Nights(
            table, clocks, notifier, outbox, now=now, wake=wake, config=config, shards=shards
        )
        reminders = Reminders(table, clocks, notifier, outbox, nights, now=now, config=config)
        deadlines = Deadlines(
            table, clocks, notifier, outbox, reminders, nights, now=now, wake=wake, shards=shards
        )
        standins = StandIns(
            table,
            clocks,
            notifier,
            outbox,
            deadlines,
            removals,
            nights,
            now=now,
            config=config,
            think=think,
        )
        services = cls(
            table=table,
            clocks=clocks,
            alarm=alarm,
            now=now,
            closing=closing,
            outbox=outbox,
            removals=removals,
            nights=nights,
            reminders=reminders,
            deadlines=deadlines,
            standins=standins,
            firing=Firing(
                clocks, reminders, standins, nights, now=now, shards=shards, metrics=table.metrics
            ),
            votes=Votes(table, clocks, deadlines, removals),
            absences=Away(table, clocks, now=now, wake=wake, config=config),
            host=HostPowers(table, clocks, deadlines, removals, now=now, wake=wake),
            digests=Digests(table, clocks, notifier, now=now),
            players=Players(table, clocks, now=now, wake=wake),
        )
        table.subscribe(deadlines.on_change)
        table.note_sources.append(standins.note)
        return services

    def detach(self) -> None:
        """Stop listening to the table (a second set of services made for the same client)."""
        self.table.unsubscribe(self.deadlines.on_change)
        if self.standins.note in self.table.note_sources:
            self.table.note_sources.remove(self.standins.note)
