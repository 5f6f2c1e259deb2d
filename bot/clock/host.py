"""Host powers (the game's host, or a member with Manage Messages or the server's game master
role): pause and resume the clock, set it, remove a player, hand the host role over. Every use
is written in the game's log, naming who used it by name (``by_name``: a moderator's display
name, for one with no seat), never by a mention that shows a user id outside Discord."""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from functools import partial

from bot.clock.clock_rules import chosen
from bot.clock.common import Now, Wake, live, name_of, require_host, running
from bot.clock.deadlines import Deadlines
from bot.clock.durations import format_duration
from bot.clock.endings import Removals
from bot.clock.nights import out_of_night
from bot.clock.results import ClockInfo, ClockSetting, PlayerClock, Removal
from bot.clock.standins import level_of
from bot.errors import NotSeated, TableError
from bot.table import GameInfo, Table
from engines.ai.levels import level_named
from engines.core import IllegalAction
from i18n.say import Say, say
from storage.clock import ClockRules, ClockStore, ClockTables


@dataclass(eq=False, repr=False)
class HostPowers:
    table: Table
    clocks: ClockStore
    deadlines: Deadlines
    removals: Removals
    _: KW_ONLY
    now: Now
    wake: Wake

    async def _log(self, game: GameInfo, user_id: int | None, text: str) -> None:
        await self.table.note(game_id=game.id, kind="host", user_id=user_id, text=text)

    async def pause(
        self, *, channel_id: int, user_id: int, can_manage: bool, by_name: str | None = None
    ) -> None:
        game = await running(self.table, channel_id)
        require_host(game, user_id, can_manage)
        dg = await self.clocks.game(game.id)
        if dg.paused_at is not None:
            raise TableError(say("The clock is already paused; `/host resume` starts it again."))
        await self.clocks.update_game(game.id, paused_at=self.now())
        await self._log(
            game,
            user_id,
            say("⏸️ {player} paused the clock.", player=name_of(game, user_id, by_name)),
        )
        self.wake()

    async def resume(
        self, *, channel_id: int, user_id: int, can_manage: bool, by_name: str | None = None
    ) -> None:
        game = await running(self.table, channel_id)
        require_host(game, user_id, can_manage)
        dg = await self.clocks.game(game.id)
        if dg.paused_at is None:
            raise TableError(say("The clock is not paused."))
        now = self.now()
        for d in await self.clocks.deadlines(game.id):
            held = now - max(dg.paused_at, d.started_at)
            if held > 0:
                await self.clocks.shift_deadlines(held, game_id=game.id, user_id=d.user_id)
                if self.deadlines.nights.config.respect_nights:  # never into their night
                    await self.clocks.run(
                        partial(out_of_night, user_id=d.user_id, game_ids=[game.id])
                    )
        await self.clocks.update_game(game.id, paused_at=None)
        await self._log(
            game,
            user_id,
            say("▶️ {player} resumed the clock.", player=name_of(game, user_id, by_name)),
        )
        await self.deadlines.sync(game.id)

    async def set_clock(
        self,
        *,
        channel_id: int,
        user_id: int,
        can_manage: bool,
        turn_seconds: int | None,
        missed_limit: int | None = None,
        standin_level: str | None = None,
        bank: str | None = None,
        weekends: bool | None = None,
        away: str | None = None,
        by_name: str | None = None,
    ) -> ClockSetting:
        """Set the clock; every option is checked before anything changes (a bank or weekends
        off without a turn clock, a bank out of range, are refused)."""
        game = await live(self.table, channel_id)
        require_host(game, user_id, can_manage)
        before = await self.clocks.rules(game.id)
        rules = chosen(before, turn_seconds=turn_seconds, bank=bank, weekends=weekends, away=away)
        if missed_limit is not None and not 1 <= missed_limit <= 20:
            raise TableError(say("The missed-turn limit must be between 1 and 20."))
        if standin_level is not None:
            try:
                standin_level = level_named(standin_level).name
            except IllegalAction as exc:
                raise TableError(exc.reason) from None
        await self.deadlines.configure(
            game.id,
            turn_seconds=turn_seconds,
            missed_limit=missed_limit,
            rules=rules if rules != before else None,
        )
        if standin_level is not None:
            await self.clocks.set_standin_level(game.id, standin_level)
        limit = (await self.clocks.game(game.id)).missed_limit
        level = await level_of(self.clocks, game.id)
        setting = ClockSetting(turn_seconds, limit, level, rules)
        who = name_of(game, user_id, by_name)
        await self._log(
            game,
            user_id,
            say("⏱️ {player} set the clock: {clock}.", player=who, clock=described(setting)),
        )
        return setting

    async def turn_seconds(self, *, channel_id: int) -> int | None:
        """The channel's game's time per turn (None: no clock)."""
        return (await self.clocks.game((await live(self.table, channel_id)).id)).turn_seconds

    async def clock_info(self, *, channel_id: int) -> ClockInfo:
        """The channel's game clock as anyone may see it: time per turn, pause, deadlines."""
        game = await live(self.table, channel_id)
        dg = await self.clocks.game(game.id)
        names = {s.user_id: s.name for s in game.seats}

        def read(t: ClockTables) -> tuple[ClockRules, tuple[PlayerClock, ...]]:
            rules = t.rules(game.id)
            bank = rules.bank_seconds
            clocks = tuple(
                PlayerClock(
                    names.get(d.user_id) or say("A player"),
                    d.due_at,
                    None if bank is None else t.bank_left(game.id, d.user_id, bank),
                )
                for d in t.deadlines(game.id)
                if d.fired_at is None
            )
            return rules, clocks

        rules, deadlines = await self.clocks.run(read)
        setting = ClockSetting(
            dg.turn_seconds, dg.missed_limit, await level_of(self.clocks, game.id), rules
        )
        return ClockInfo(setting, dg.paused_at, deadlines)

    async def kick(
        self,
        *,
        channel_id: int,
        user_id: int,
        can_manage: bool,
        target_id: int,
        by_name: str | None = None,
    ) -> Removal:
        """Remove a player; refused (nothing changes) when they already left the game, e.g.
        by conceding at the same moment."""
        game = await running(self.table, channel_id)
        require_host(game, user_id, can_manage)
        target = game.active_seat_of(target_id)
        if target is None:
            raise TableError(say("<@{user}> is not playing in this game.", user=str(target_id)))
        if target_id == user_id:
            raise TableError(say("To leave the game yourself, use `/game concede`."))
        removal = await self.removals.remove(
            game, target_id, say("{player} was removed by the host", player=target.name)
        )
        who = name_of(game, user_id, by_name)
        await self._log(
            game,
            user_id,
            say("👢 {host} removed {player} from the game.", host=who, player=target.name),
        )
        return removal

    async def hand_over(
        self,
        *,
        channel_id: int,
        user_id: int,
        can_manage: bool,
        target_id: int,
        by_name: str | None = None,
    ) -> str:
        """Hand the host role to a player; returns their name."""
        game = await live(self.table, channel_id)
        require_host(game, user_id, can_manage)
        target = game.active_seat_of(target_id)
        if target is None:
            raise NotSeated(say("The new host must be a player of this game."))
        if target_id == game.host_id:
            raise TableError(say("{player} is already the host.", player=target.name))
        who = name_of(game, user_id, by_name)
        await self.table.hand_over(
            game_id=game.id,
            new_host_id=target_id,
            by_id=user_id,
            text=say("👑 {host} handed the host role to {player}.", host=who, player=target.name),
        )
        return target.name


def described(s: ClockSetting, locale: str = "en-US") -> Say:
    """The clock as the game's log says it (plain words: the log is read outside Discord),
    worded for each reader. A log line keeps its words as data and a duration there is a value,
    in the short form people type ("1d 12h"); an answer made now for a reader of ``locale``
    writes durations in their units."""

    if s.turn_seconds is None:
        shown = say("no clock")
    elif s.rules.bank_seconds is not None:
        shown = say(
            "{turn} a turn and a time bank of {bank} each",
            turn=format_duration(s.turn_seconds, locale),
            bank=format_duration(s.rules.bank_seconds, locale),
        )
    else:
        shown = say("{turn} a turn", turn=format_duration(s.turn_seconds, locale))
    if s.rules.weekends_off:
        shown = say("{clock}, weekends off", clock=shown)
    if s.rules.away_standin:
        return say(
            "{clock}; a vote after {n} missed turns in a row; a stand-in plays at {level}, also "
            "for away players",
            clock=shown,
            n=s.missed_limit,
            level=s.standin_level,
        )
    return say(
        "{clock}; a vote after {n} missed turns in a row; a stand-in plays at {level}",
        clock=shown,
        n=s.missed_limit,
        level=s.standin_level,
    )
