"""Two processes, each running some of the bot's shards, on one database: each fires the
clocks of its own guilds' games only, and a firing both could see is claimed by one."""

from __future__ import annotations

import pytest

from storage.shards import Shards
from tests.clock.conftest import (
    ADA,
    BO,
    CHANNEL,
    HOUR,
    OTHER_CHANNEL,
    START,
    FakeTime,
    Notifier,
    World,
)

SHARD_COUNT = 2
#: Discord puts a guild on shard ``(guild_id >> 22) % count``
EVEN_GUILD = 10 << 22  # shard 0 of 2
ODD_GUILD = 11 << 22  # shard 1 of 2


@pytest.fixture
async def processes(tmp_path):
    """Two worlds on one file, like two bot processes: shard 0 of 2, and shard 1 of 2."""
    now = FakeTime()
    path = tmp_path / "shared.sqlite"
    zero = await World(path, now, Notifier(), shards=Shards(SHARD_COUNT, {0})).open()
    one = await World(path, now, Notifier(), shards=Shards(SHARD_COUNT, {1})).open()
    yield zero, one
    await one.close()
    await zero.close()


def _reminders(world: World) -> list[str]:
    return [text for _, text, _ in world.notifier.texts if "⏰" in text]


async def test_each_process_fires_only_its_own_guilds_clocks(processes):
    zero, one = processes
    await zero.game(ADA, BO, guild=EVEN_GUILD, clock=10 * HOUR)
    await one.game(ADA, BO, guild=ODD_GUILD, channel=OTHER_CHANNEL, clock=4 * HOUR)
    # shard 0's process sees only its own game's next timer, though shard 1's comes first
    assert await zero.service.firing.next_due_at() == START + 5 * HOUR
    assert await one.service.firing.next_due_at() == START + 2 * HOUR
    zero.now.advance(11 * HOUR)
    assert await zero.service.firing.fire_due() == 1  # its own deadline (the reminders are stale)
    assert [c for c, _, _ in zero.notifier.turns] == [CHANNEL]
    assert await one.service.firing.fire_due() == 1
    assert [c for c, _, _ in one.notifier.turns] == [OTHER_CHANNEL]


async def test_a_firing_both_processes_saw_due_is_claimed_and_posted_once(processes):
    """A process that read the due timers just before another fired them (two processes on
    one shard by mistake, or one taking over another's shards) cannot fire them again."""
    zero, one = processes
    one.shards = zero.shards  # both think they run shard 0
    await zero.game(ADA, BO, guild=EVEN_GUILD, clock=10 * HOUR)
    zero.now.advance(5 * HOUR)
    seen_by_one = await one.clocks.due_deadlines(zero.now(), shards=one.shards)
    assert await zero.service.firing.fire_due() == 1

    async def as_read_before(now, *, shards=None):
        return seen_by_one

    one.clocks.due_deadlines = as_read_before
    assert await one.service.firing.fire_due() == 0
    assert len(_reminders(zero)) == 1 and _reminders(one) == []


async def test_a_deadline_both_processes_saw_due_makes_one_stand_in_move(processes):
    zero, one = processes
    one.shards = zero.shards
    await zero.game(ADA, BO, guild=EVEN_GUILD, clock=10 * HOUR)
    zero.now.advance(10 * HOUR)
    seen_by_one = await one.clocks.due_deadlines(zero.now(), shards=one.shards)
    await zero.service.firing.fire_due()

    async def as_read_before(now, *, shards=None):
        return seen_by_one

    one.clocks.due_deadlines = as_read_before
    await one.service.firing.fire_due()
    moves = [m for m in await zero.store.moves(1) if m.kind == "move"]
    assert [(m.user_id, m.player) for m in moves] == [(ADA, "Ada")]
    assert len(zero.notifier.turns) + len(one.notifier.turns) == 1


async def test_at_start_a_process_brings_in_line_only_its_own_games(processes):
    zero, one = processes
    await zero.game(ADA, BO, guild=EVEN_GUILD, clock=10 * HOUR)
    await one.game(ADA, BO, guild=ODD_GUILD, channel=OTHER_CHANNEL, clock=10 * HOUR)
    # both games moved on while their clocks were not told (a crash between the two writes)
    await zero.clocks.run(lambda t: [t.forget_synced(g) for g in (1, 2)])
    assert await zero.clocks.games_behind() == [1, 2]
    assert await zero.clocks.games_behind(shards=zero.shards) == [1]
    assert await one.clocks.games_behind(shards=one.shards) == [2]
    await zero.service.deadlines.recover_due()
    assert await zero.clocks.games_behind() == [2]  # shard 1's game is left to its process


async def test_a_game_without_a_server_belongs_to_shard_zero(processes):
    zero, one = processes
    await zero.game(ADA, BO, guild=None, clock=10 * HOUR)
    assert await zero.service.firing.next_due_at() == START + 5 * HOUR
    assert await one.service.firing.next_due_at() is None


async def test_a_process_sweeps_only_its_own_games_for_unplayable_ones(processes):
    zero, _ = processes
    await zero.game(ADA, BO, guild=EVEN_GUILD)
    await zero.game(ADA, BO, guild=ODD_GUILD, channel=OTHER_CHANNEL)
    rows = await zero.store.running_page(0, 10, shards=zero.shards)
    assert [r.guild_id for r in rows] == [EVEN_GUILD]
    assert len(await zero.store.running_page(0, 10)) == 2
