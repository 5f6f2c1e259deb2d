"""A clock service on a real SQLite file (and on a real PostgreSQL database), a clock the tests move by hand, and a notifier that
records what would have been posted (channels, direct messages, worded as the Discord layer
words them) instead of sending it."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bot.clock.ports import ChannelGone, DmFailed
from bot.clock.service import ClockServices
from bot.discord_app import clock_texts as words
from bot.table import Table
from bot.table.ai_seats import Think
from storage import Store
from storage.clock import ClockStore
from storage.shards import Shards

GUILD = 1
CHANNEL, OTHER_CHANNEL = 500, 501
ADA, BO, CY = 11, 12, 13
NAMES = {ADA: "Ada", BO: "Bo", CY: "Cy"}
HOUR = 3600.0
START = 1_000_000.0


class FakeTime:
    def __init__(self, now: float = START):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def advance_to(self, when: float) -> None:
        """Move on to ``when`` unless already past it."""
        self.now = max(self.now, when)


@dataclass
class Notifier:
    texts: list[tuple[int, str, tuple]] = field(default_factory=list)
    turns: list[tuple[int, object, str]] = field(default_factory=list)
    dms: list[tuple[int, str]] = field(default_factory=list)
    gone: dict[int, str] = field(default_factory=dict)  # channel -> reason it is gone
    closed_dms: set[int] = field(default_factory=set)
    departed: set[int] = field(default_factory=set)
    next_message: int = 9000

    async def _say(self, channel_id, text, mention=()):
        if channel_id in self.gone:
            raise ChannelGone(self.gone[channel_id])
        self.texts.append((channel_id, text, tuple(mention)))

    async def remind(self, game, user_id, *, kind, due_at, left):
        await self._say(game.channel_id, words.reminder(game, user_id, kind, due_at), [user_id])

    async def vote_opened(self, game, *, player, missed, voters):
        await self._say(game.channel_id, words.vote_opened(player, missed), voters)

    async def closed(self, game, reason):
        await self._say(game.channel_id, words.closed(game, reason))

    async def dm_failed(self, game, user_id):
        await self._say(game.channel_id, words.dm_failed(user_id))

    async def damaged(self, game):
        await self._say(game.channel_id, words.damaged(game))

    async def post_turn(self, game, outcome, *, headline):
        if game.channel_id in self.gone:
            raise ChannelGone(self.gone[game.channel_id])
        self.turns.append((game.channel_id, outcome, headline))
        self.next_message += 1
        return self.next_message

    async def standin_turn(self, game, outcome, *, player, kept):
        headline = words.standin_headline(player, kept=kept)
        return await self.post_turn(game, outcome, headline=headline)

    async def woke(self, game, user_id):
        await self._say(game.channel_id, words.woke(game, user_id), [user_id])

    async def woke_dm(self, user_id, games):
        if user_id in self.closed_dms:
            raise DmFailed()
        self.dms.append((user_id, words.woke_dm(games)))

    async def is_member(self, guild_id, user_id):
        return user_id not in self.departed

    async def digest(self, user_id, turns):
        if user_id in self.closed_dms:
            raise DmFailed()
        self.dms.append((user_id, words.digest(turns)))

    async def turn_dm(self, user_id, game, *, due_at=None, nudged=False):
        if user_id in self.closed_dms:
            raise DmFailed()
        self.dms.append((user_id, words.turn_dm(game, due_at=due_at, nudged=nudged)))


class World:
    """Everything a test needs; :meth:`restart` closes and reopens it all on the same file."""

    def __init__(
        self,
        path,
        now: FakeTime,
        notifier: Notifier,
        *,
        shards: Shards | None = None,
        think: Think | None = None,
    ):
        self.path = path
        self.now = now
        self.notifier = notifier
        self.shards = shards
        self.think = think

    async def open(self) -> World:
        self.store = await Store.open(self.path)
        self.table = Table(self.store, now=self.now, render=False)
        self.clocks = await ClockStore.open(self.path)
        self.build_services()
        return self

    def build_services(self) -> None:
        """The clock services on this world's table, time, notifier, shards and stand-ins."""
        self.service = ClockServices.build(
            self.table,
            self.clocks,
            self.notifier,
            now=self.now,
            shards=self.shards,
            think=self.think,
        )

    async def close(self) -> None:
        await self.clocks.close()
        await self.store.close()

    async def restart(self) -> None:
        await self.close()
        await self.open()
        await self.service.deadlines.recover()

    async def game(
        self,
        *users: int,
        channel: int = CHANNEL,
        clock: int | None = 24 * 3600,
        start: bool = True,
        guild: int = GUILD,
    ):
        """A toy game in ``channel`` (Ada hosts), started, its clock set; returns the outcome."""
        host, *others = users or (ADA, BO)
        info = await self.table.new_game(
            guild_id=guild,
            channel_id=channel,
            user_id=host,
            user_name=NAMES[host],
            engine="toy",
            seed=7,
        )
        await self.service.deadlines.configure(info.id, turn_seconds=clock)
        self.last_game = info
        for u in others:
            await self.table.join(channel_id=channel, user_id=u, user_name=NAMES[u])
        if not start:
            return info
        return await self.table.start(channel_id=channel, user_id=host)

    async def move(self, user: int, action: str = "take:1", channel: int = CHANNEL):
        return await self.table.act(channel_id=channel, user_id=user, action_id=action)

    async def run_until(self, when: float) -> int:
        """Move the clock to ``when`` one timer at a time, firing each (the scheduler's job)."""
        fired = 0
        while True:
            at = await self.service.firing.next_due_at()
            if at is None or at > when:
                break
            self.now.advance_to(at)
            fired += await self.service.firing.fire_due()
        self.now.advance_to(when)
        return fired

    async def after(self, seconds: float) -> int:
        return await self.run_until(self.now() + seconds)

    async def waiting(self, channel: int = CHANNEL) -> list[int]:
        return await self.table.waiting_for(channel_id=channel)


@pytest.fixture
async def world(db_location):
    w = await World(db_location, FakeTime(), Notifier()).open()
    yield w
    await w.close()
