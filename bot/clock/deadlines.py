"""Turn clocks: a deadline per awaited player, kept in line with the game by listening to the
table's changes and rebuilt at start (firing them is :mod:`bot.clock.firing`'s job)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from dataclasses import KW_ONLY, dataclass

from bot.ai_seats.seats import is_ai_seat
from bot.clock.banks import draw_bank, due_at
from bot.clock.common import Now, Wake, log
from bot.clock.nights import Nights, reach_in
from bot.clock.outbox import Outbox
from bot.clock.ports import Notifier
from bot.clock.reminders import Reminders
from bot.logsafe import failure
from bot.player_day.quiet import moved_deadline
from bot.table import Change, GameInfo, Table
from storage.clock import ClockRules, ClockStore, ClockTables
from storage.shards import Shards

#: why a game's clock stopped when its saved state cannot be played (loaded, or answered by
#: the engine); cleared when it loads again
DAMAGED = "its saved state cannot be played"
#: games the start-up sweep loads at a time: small, so the event loop is never held long
SWEEP_PAGE = 25


@dataclass(eq=False, repr=False)
class Deadlines:
    table: Table
    clocks: ClockStore
    notifier: Notifier
    outbox: Outbox
    #: tells the players whose turn began (a direct message, for those who asked)
    reminders: Reminders
    #: players' nights: a deadline never falls in them; a turn notice is held through them
    nights: Nights
    _: KW_ONLY
    now: Now
    wake: Wake
    #: the shards this process runs (None: all of them): it brings in line at start the
    #: clocks of their guilds' games only; other processes do the rest
    shards: Shards | None = None

    async def configure(
        self,
        game_id: int,
        *,
        turn_seconds: int | None,
        missed_limit: int | None = None,
        rules: ClockRules | None = None,
    ) -> None:
        """Set a game's clock (at creation, or by the host later); running turns start afresh.
        New ``rules`` (a time bank, weekends off, stand-ins for away players) are kept; a new
        bank gives every player the whole of it."""
        fields: dict[str, int | None] = {"turn_seconds": turn_seconds}
        if missed_limit is not None:
            fields["missed_limit"] = missed_limit

        def setting(t: ClockTables) -> None:
            t.update_game(game_id, **fields)
            if rules is not None:
                if t.rules(game_id).bank_seconds != rules.bank_seconds:
                    t.drop_banks(game_id)
                t.set_rules(game_id, rules)
            t.drop_deadlines(game_id)

        await self.clocks.run(setting, atomic=True)
        await self.sync(game_id)

    async def sync(
        self, game_id: int, *, game: GameInfo | None = None, waiting: Iterable[int] | None = None
    ) -> list[int]:
        """Give every awaited player a deadline and drop the others' (idempotent); returns the
        awaited players who had no running deadline before (their turn just began).

        ``game`` and ``waiting`` (the awaited user ids), when the caller has them from a
        change, spare asking the table again. The clock tables are read and written in one
        trip to the database."""
        if game is None:
            game = await self.table.game_by_id(game_id)
        if game.status == "running" and waiting is None:
            waiting = await self.table.awaited(game_id)
        known = game
        awaited = list(waiting or ())
        now = self.now()
        fresh = await self.clocks.run(lambda t: self._sync_in(t, known, awaited, now), atomic=True)
        self.wake()
        return fresh

    def _sync_in(self, t: ClockTables, game: GameInfo, waiting: list[int], now: float) -> list[int]:
        """:meth:`sync`'s work on the clock tables, inside one trip; the synced version is
        noted so a restart knows this game's clocks are in line."""
        dg = t.game(game.id)
        # an AI seat moves as soon as it is awaited: no deadline, reminder, message or stand-in
        waiting = [u for u in waiting if not is_ai_seat(u)]
        if game.status != "running" or dg.closed_reason:
            t.drop_deadlines(game.id)
            t.forget_synced(game.id)
            return []
        existing = {d.user_id: d for d in t.deadlines(game.id)}
        fresh = [u for u in waiting if u not in existing or existing[u].fired_at is not None]
        rules = t.rules(game.id) if dg.turn_seconds is not None else ClockRules()
        for user_id, ended in existing.items():
            if user_id not in waiting:
                if rules.bank_seconds is not None and dg.turn_seconds is not None:
                    draw_bank(t, game.id, ended, dg.turn_seconds, rules, now)
                t.drop_deadline(game.id, user_id)
        for user_id in waiting:
            d = existing.get(user_id)
            if d is not None and d.fired_at is None:
                if d.version != game.version:
                    t.set_deadline_version(game.id, user_id, game.version)
                continue
            if d is not None and d.version == game.version:
                continue  # fired for this very position: its stand-in is at work
            if t.seat(game.id, user_id).standin_for_good:
                t.put_deadline(game.id, user_id, game.version, now, now)
            elif dg.turn_seconds is None:
                t.drop_deadline(game.id, user_id)
            else:
                back = None if rules.away_standin else t.away_until(user_id, now)
                start = max(now, back or now)
                due = due_at(t, game.id, user_id, start, dg.turn_seconds, rules)
                night = self.nights.settings_of(t, user_id)
                if night is not None:  # never in the player's quiet hours: after them
                    due = moved_deadline(night, due)
                t.put_deadline(game.id, user_id, game.version, start, due)
        t.mark_synced(game.id, game.version)
        return fresh

    async def recover(self) -> None:
        """Everything a start does for the clocks: :meth:`recover_due`, then :meth:`sweep`
        (the bot runs the sweep in the background, once it is ready)."""
        await self.recover_due()
        await self.sweep()

    async def recover_due(self) -> None:
        """At start: re-arm deadlines that fired but whose stand-in never moved (a crash), then
        bring up to date the deadlines of every running game that moved on since its clocks
        were last brought in line (a stopped damaged game among them), and drop those of games
        that ended. A game the engine cannot load or answer stops only its own clock (see
        :meth:`_damaged`).

        Only those games are read (found by one query over indexes), so a start costs little
        however many games are in play."""
        mine = self.shards
        fired = {d.game_id for d in await self.clocks.fired_deadlines(shards=mine)}
        for game_id in sorted(set(await self.clocks.games_behind(shards=mine)) | fired):
            game = await self.table.game_by_id(game_id)
            if game.status != "running":
                continue
            try:
                await self._recover_game(game)
            except Exception as exc:  # whatever the engine raises, the other games go on
                log.error("game %s cannot be played; its clock stops: %s", game.id, failure(exc))
                await self._damaged(game)
        for game_id in await self.clocks.ended_games_with_deadlines(shards=mine):
            await self.clocks.drop_deadlines(game_id)

    async def sweep(self, *, idle: float = 0.0) -> None:
        """Look once at every running game, a page at a time, for one the engine can no
        longer play (after an engine upgrade, say): its clock stops (:meth:`_damaged`).

        With ``idle`` (a factor), it rests that many times as long as each page took, so a
        sweep through many games after a start leaves the moves most of the machine."""
        after: int | None = 0
        while after is not None:
            started = time.perf_counter()
            unplayable, after = await self.table.unplayable(
                after_id=after, limit=SWEEP_PAGE, shards=self.shards
            )
            for game in unplayable:
                log.error("game %s cannot be played; its clock stops", game.id)
                await self._damaged(game)
            if idle:
                await asyncio.sleep(idle * (time.perf_counter() - started))

    async def _recover_game(self, game: GameInfo) -> None:
        now = self.now()
        waiting = await self.table.awaited(game.id, damaged_ok=False)
        last = await self.table.last_entry(game.id)
        # the position the deadline fired on, or only the stand-in's note written since
        untouched = {game.version}
        if last is not None and last.kind == "standin" and last.version == game.version:
            untouched.add(game.version - 1)
        if (await self.clocks.game(game.id)).closed_reason == DAMAGED:
            await self.clocks.update_game(game.id, closed_reason=None)  # it loads again
        for d in await self.clocks.deadlines(game.id):
            if d.fired_at is not None and d.version in untouched and d.user_id in waiting:
                await self.clocks.rearm(game.id, d.user_id, min(d.due_at, now))
        await self.sync(game.id, game=game, waiting=waiting)

    async def _damaged(self, game: GameInfo) -> None:
        """Stop a game's clock because its saved state cannot be played (marked, so the
        channel is told once); the game itself stays for the host to abort."""
        already = (await self.clocks.game(game.id)).closed_reason == DAMAGED
        await self.clocks.update_game(game.id, closed_reason=DAMAGED)
        await self.clocks.drop_deadlines(game.id)
        await self.clocks.forget_synced(game.id)  # looked at again at every start
        if not already:
            await self.outbox.notify(game, self.notifier.damaged(game))

    async def on_change(self, change: Change) -> None:
        """Subscribed to the table: every saved change keeps the clocks in line.

        A game that ended loses its deadlines and reminders at once. A player who moved
        themselves is back: their missed-turn count, a stand-in kept for good and any vote
        about them end. A change of position gives the awaited players their deadlines (a
        stand-in's moves wait for the end of its turn) and a direct message to those who were
        not awaited before. All of it is one trip to the clock tables.
        """
        game = change.game
        if change.ended:

            def ended(t: ClockTables) -> None:
                t.drop_deadlines(game.id)
                t.forget_synced(game.id)
                t.drop_held(game_id=game.id)

            await self.clocks.run(ended, atomic=True)
            self.wake()
            return
        actor = change.actor_id
        back = change.kind == "move" and not change.by_standin and actor is not None
        turn = change.to_act is not None and not change.by_standin
        if not back and not turn:
            return
        waiting = list(change.to_act or ())
        now = self.now()
        respect = self.nights.config.respect_nights

        def work(t: ClockTables) -> list[int] | None:
            if back:
                assert actor is not None
                t.drop_held(game_id=game.id, user_id=actor)  # awake: no morning notice
                seat = t.seat(game.id, actor)
                if seat.missed or seat.standin_for_good or seat.vote_open:
                    t.update_seat(game.id, actor, missed=0, standin_for_good=0, vote_open=0)
                    t.clear_votes(game.id, actor)
            if not turn:
                return None
            told = [u for u in self._sync_in(t, game, waiting, now) if u != actor]
            return list(reach_in(t, game.id, told, now, respect_nights=respect).dm)

        dm = await self.clocks.run(work, atomic=True)
        if dm is None:
            return
        self.wake()
        await self.reminders.send_dms(game, dm)
