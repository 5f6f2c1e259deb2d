"""Away: one away per player covers every game in every server (at most ``away_limit`` in
any ``away_window``), usable in any server or in direct messages, and they can come back early.

While a player is away their clock stands still: the running deadlines of their games move on
by the time away, and a turn that begins meanwhile starts its clock when they return. A game
whose host chose a stand-in for away players (``ClockRules.away_standin``) keeps its clock
running, so the stand-in plays there when the time is up."""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass

from bot.clock.common import ClockConfig, Now, Wake
from bot.clock.durations import format_duration
from bot.clock.nights import out_of_night
from bot.clock.results import AwayPeriod
from bot.errors import TableError
from bot.table import Table
from i18n.say import say
from storage.clock import ClockStore, ClockTables


@dataclass(eq=False, repr=False)
class Away:
    table: Table
    clocks: ClockStore
    _: KW_ONLY
    now: Now
    wake: Wake
    config: ClockConfig

    async def away(self, *, user_id: int, seconds: int) -> AwayPeriod:
        now = self.now()
        current = await self.clocks.away_until(user_id, now)
        if current is not None:
            raise TableError(
                say(
                    "You are already away until <t:{at}:f> (<t:{at}:R>); `/me away back` ends it.",
                    at=str(int(current)),
                )
            )
        cfg = self.config
        used = await self.clocks.away_used(user_id, now - cfg.away_window)
        allowance = max(0.0, cfg.away_limit - used)  # a length of time, not a moment
        if seconds > allowance:
            raise TableError(
                say(
                    "You can be away at most {limit} in any {window}; you have {left} left.",
                    limit=format_duration(cfg.away_limit),
                    window=format_duration(cfg.away_window),
                    left=format_duration(allowance),
                )
                if allowance >= 60
                else say(
                    "You have used all your away time ({limit} in any {window}); try again later.",
                    limit=format_duration(cfg.away_limit),
                    window=format_duration(cfg.away_window),
                )
            )
        games = await self.table.player_games(user_id, ("running",))
        ids = [g.id for g in games]

        def go(t: ClockTables) -> int:
            t.add_away(user_id, now, now + seconds)
            return self._shift(t, user_id, ids, seconds, nights=self.config.respect_nights)

        stopped = await self.clocks.run(go, atomic=True)
        self.wake()
        return AwayPeriod(now + seconds, stopped, len(ids) - stopped)

    async def back(self, *, user_id: int) -> None:
        now = self.now()
        ids = [g.id for g in await self.table.player_games(user_id, ("running",))]

        def come_back(t: ClockTables) -> float:
            given = t.end_away(user_id, now)
            if given:
                self._shift(t, user_id, ids, -given, nights=self.config.respect_nights)
            return given

        if not await self.clocks.run(come_back, atomic=True):
            raise TableError(say("You are not away."))
        self.wake()

    @staticmethod
    def _shift(
        t: ClockTables, user_id: int, game_ids: list[int], seconds: float, *, nights: bool
    ) -> int:
        """Move the player's deadlines in the games whose clock stops for an away player (never
        into their quiet hours); how many games those are."""
        stopping = [g for g in game_ids if not t.rules(g).away_standin]
        t.shift_deadlines(seconds, user_id=user_id, game_ids=stopping)
        if nights:
            out_of_night(t, user_id, stopping)
        return len(stopping)
