"""Nights respected: whom a turn notice may reach now, the notices held through a player's
quiet hours, and the one notice each sleeper gets when their quiet hours end.

Every notice about a turn asks :meth:`Nights.reach` first: a player who muted the game, or
asked to be told no way, is told nothing; a player inside their quiet hours is not told now,
and their notice is *held* (a row in ``player_held``, so a restart neither loses nor repeats
it) until the end of those hours. :meth:`Nights.release_due`, fired by the scheduler like any
timer, then sends each of them one notice covering every game still waiting for them, in each
game's channel or in one direct message, as they chose (``notify``); a game they moved in
meanwhile is left out. ``ClockConfig.respect_nights`` off keeps only mutes and "none".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import KW_ONLY, dataclass, field

from bot.ai_seats.seats import is_ai_seat
from bot.clock.common import ClockConfig, Now, Wake, log
from bot.clock.outbox import Outbox
from bot.clock.ports import DmFailed, Notifier
from bot.logsafe import failure
from bot.player_day.quiet import moved_deadline, quiet_ends
from bot.table import GameInfo, Table
from storage.clock import ClockStore, ClockTables
from storage.player_settings import PlayerSettings
from storage.shards import Shards


def out_of_night(t: ClockTables, user_id: int, game_ids: Iterable[int]) -> None:
    """Move the player's running deadlines in ``game_ids`` that a shift (away, a resumed
    clock) brought into their quiet hours to the end of them plus the grace, as a new
    deadline would be (:func:`~bot.player_day.quiet.moved_deadline`)."""
    settings = t.player_settings(user_id)
    if not settings.has_quiet:
        return
    for game_id in game_ids:
        for d in t.deadlines(game_id):
            if d.user_id == user_id and d.fired_at is None:
                later = moved_deadline(settings, d.due_at) - d.due_at
                if later:
                    t.shift_deadlines(later, game_id=game_id, user_id=user_id)


@dataclass(frozen=True)
class Reach:
    """Whom a notice about one game reaches now: by mention in its channel, by direct
    message; the others were held or want no notice."""

    mention: tuple[int, ...] = ()
    dm: tuple[int, ...] = ()
    held: tuple[int, ...] = ()


def reach_in(
    t: ClockTables,
    game_id: int,
    user_ids: Iterable[int],
    now: float,
    *,
    respect_nights: bool,
) -> Reach:
    """:meth:`Nights.reach` inside one trip to the clock tables (holds the sleepers')."""
    people = [u for u in dict.fromkeys(user_ids) if not is_ai_seat(u)]
    settings = t.players_settings(people)
    muted = t.muted_of(game_id)
    mention: list[int] = []
    dm: list[int] = []
    held: list[int] = []
    for user_id in people:
        s = settings[user_id]
        if user_id in muted or s.notify == "none":
            continue
        ends = quiet_ends(s, now) if respect_nights else None
        if ends is not None:
            t.hold(user_id, game_id, ends)
            held.append(user_id)
            continue
        if s.mentions:
            mention.append(user_id)
        if s.dms:
            dm.append(user_id)
    return Reach(tuple(mention), tuple(dm), tuple(held))


@dataclass(eq=False, repr=False)
class Nights:
    table: Table
    clocks: ClockStore
    notifier: Notifier
    outbox: Outbox
    _: KW_ONLY
    now: Now
    wake: Wake
    config: ClockConfig
    #: the shards this process runs (None: all): it releases their guilds' games' notices
    shards: Shards | None = None
    #: how many notices were held and released since start (the benchmark reads them)
    counts: dict[str, int] = field(default_factory=lambda: {"held": 0, "released": 0})

    async def reach(self, game: GameInfo, user_ids: Sequence[int]) -> Reach:
        """Whom a turn notice of ``game`` may reach now; the sleepers' notices are held."""
        now, respect = self.now(), self.config.respect_nights
        reach = await self.clocks.run(
            lambda t: reach_in(t, game.id, user_ids, now, respect_nights=respect), atomic=True
        )
        if reach.held:
            self.counts["held"] += len(reach.held)
            self.wake()
        return reach

    async def awake(self, game: GameInfo, user_ids: Sequence[int]) -> list[int]:
        """Whom a channel notice of ``game`` that is not about their turn (a vote opening)
        may ping now: not who sleeps (nothing is held for them), muted it or wants no
        mention."""
        now, respect = self.now(), self.config.respect_nights
        people = [u for u in user_ids if not is_ai_seat(u)]

        def read(t: ClockTables) -> list[int]:
            settings, muted = t.players_settings(people), t.muted_of(game.id)
            return [
                u
                for u in people
                if u not in muted
                and settings[u].mentions
                and not (respect and quiet_ends(settings[u], now) is not None)
            ]

        return await self.clocks.run(read)

    async def mentions(self, game: GameInfo, user_ids: Sequence[int]) -> list[int]:
        """The users a new public turn message of ``game`` may ping: the message names all of
        them; the sleepers' notices are held, and who muted the game, or wants direct messages
        only or nothing, is not pinged."""
        return list((await self.reach(game, user_ids)).mention)

    async def next_release_at(self) -> float | None:
        return await self.clocks.next_release(shards=self.shards)

    async def release_due(self) -> int:
        """Send each player whose quiet hours ended one notice for all their held games still
        waiting for them; returns how many players were told."""
        now = self.now()
        taken = await self.clocks.take_released(now, shards=self.shards)
        told = 0
        for user_id, game_ids in taken.items():
            try:
                told += await self._release(user_id, game_ids, now)
            except Exception as exc:  # one player's notice never stops the others'
                log.error("releasing the held notices of a player failed: %s", failure(exc))
        return told

    async def _release(self, user_id: int, game_ids: list[int], now: float) -> int:
        waiting: list[GameInfo] = []
        for game_id in game_ids:
            game = await self.table.game_by_id(game_id)
            if game.status == "running" and user_id in await self.table.awaited(game_id):
                waiting.append(game)
        if not waiting:
            return 0  # they moved meanwhile, or the games ended
        settings = await self.clocks.player_settings(user_id)
        ends = quiet_ends(settings, now) if self.config.respect_nights else None
        if ends is not None:  # their quiet hours moved meanwhile: held to the new end
            for game in waiting:
                await self.clocks.hold(user_id, game.id, ends)
            self.wake()
            return 0
        waiting = [g for g in waiting if not await self.clocks.muted(user_id, g.id)]
        if not waiting or settings.notify == "none":
            return 0
        if settings.mentions:
            for game in waiting:
                await self.outbox.notify(game, self.notifier.woke(game, user_id))
        if settings.dms:
            try:
                await self.notifier.woke_dm(user_id, waiting)
            except DmFailed:
                if await self.clocks.claim_failure_told(user_id):
                    game = waiting[0]
                    await self.outbox.notify(game, self.notifier.dm_failed(game, user_id))
        self.counts["released"] += 1
        return 1

    async def moved(self, game_id: int, user_id: int) -> None:
        """The player moved in ``game_id``: a notice held for it is no longer needed."""
        await self.clocks.drop_held(game_id=game_id, user_id=user_id)

    def settings_of(self, t: ClockTables, user_id: int) -> PlayerSettings | None:
        """The player's settings when their nights count (None with the feature off)."""
        return t.player_settings(user_id) if self.config.respect_nights else None
