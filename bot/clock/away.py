"""Away: a player pauses their clocks in all their games of a server for a while (at most
``away_limit`` in any ``away_window``) and can come back early."""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass

from bot.clock.common import ClockConfig, Now, Wake
from bot.clock.durations import format_duration
from bot.clock.results import AwayPeriod
from bot.errors import TableError
from bot.table import Table
from storage.clock import ClockStore


@dataclass(eq=False, repr=False)
class Away:
    table: Table
    clocks: ClockStore
    _: KW_ONLY
    now: Now
    wake: Wake
    config: ClockConfig

    async def away(self, *, guild_id: int | None, user_id: int, seconds: int) -> AwayPeriod:
        if guild_id is None:
            raise TableError("Away works inside a server.")
        now = self.now()
        current = await self.clocks.away_until(guild_id, user_id, now)
        if current is not None:
            raise TableError(
                f"You are already away until <t:{int(current)}:f> (<t:{int(current)}:R>); "
                "`/me away back` ends it."
            )
        cfg = self.config
        used = await self.clocks.away_used(guild_id, user_id, now - cfg.away_window)
        left = max(0.0, cfg.away_limit - used)
        if seconds > left:
            raise TableError(
                f"You can be away at most {format_duration(cfg.away_limit)} in any "
                f"{format_duration(cfg.away_window)}; you have {format_duration(left)} left."
                if left >= 60
                else f"You have used all your away time ({format_duration(cfg.away_limit)} in "
                f"any {format_duration(cfg.away_window)}); try again later."
            )
        await self.clocks.add_away(guild_id, user_id, now, now + seconds)
        games = await self.table.seated_games(guild_id, user_id, ("running",))
        await self.clocks.shift_deadlines(seconds, user_id=user_id, game_ids=[r.id for r in games])
        self.wake()
        return AwayPeriod(now + seconds, len(games))

    async def back(self, *, guild_id: int | None, user_id: int) -> None:
        now = self.now()
        given = await self.clocks.end_away(guild_id or 0, user_id, now)
        if not given:
            raise TableError("You are not away.")
        games = await self.table.seated_games(guild_id, user_id, ("running",))
        await self.clocks.shift_deadlines(-given, user_id=user_id, game_ids=[r.id for r in games])
        self.wake()
