"""Two removals of the same player at once: the first one wins, the second is refused, and the
game goes on without that player (it is never closed because of the loser)."""

import asyncio

import pytest

from bot.errors import TableError
from tests.clock.conftest import ADA, BO, CHANNEL, CY, GUILD


async def outcome_of(world, *removals):
    results = await asyncio.gather(*removals, return_exceptions=True)
    unexpected = [r for r in results if isinstance(r, Exception) and not isinstance(r, TableError)]
    assert unexpected == []
    info = await world.table.game(channel_id=CHANNEL)
    return info, [r for r in results if isinstance(r, TableError)]


async def test_a_host_kick_racing_a_concession_removes_the_player_once_and_the_game_goes_on(world):
    await world.game(ADA, BO, CY)
    info, refused = await outcome_of(
        world,
        world.service.host.kick(channel_id=CHANNEL, user_id=ADA, can_manage=False, target_id=BO),
        world.table.concede(channel_id=CHANNEL, user_id=BO),
    )
    assert info.status == "running"
    assert [s.name for s in info.seats if s.active] == ["Ada", "Cy"]
    assert len(refused) == 1


async def test_a_player_leaving_the_server_while_the_host_kicks_them_leaves_once(world):
    await world.game(ADA, BO, CY)
    info, _ = await outcome_of(
        world,
        world.service.removals.member_left(guild_id=GUILD, user_id=BO),
        world.service.host.kick(channel_id=CHANNEL, user_id=ADA, can_manage=False, target_id=BO),
    )
    assert info.status == "running"
    assert [s.name for s in info.seats if s.active] == ["Ada", "Cy"]
    log = "\n".join(await world.table.log(channel_id=CHANNEL, limit=None))
    assert log.count("Bo leaves the game") == 1


async def test_a_refused_kick_writes_nothing_in_the_log(world):
    await world.game(ADA, BO, CY)
    await world.table.concede(channel_id=CHANNEL, user_id=BO)
    before = await world.table.log(channel_id=CHANNEL, limit=None)
    with pytest.raises(TableError, match="not playing"):
        await world.service.host.kick(
            channel_id=CHANNEL, user_id=ADA, can_manage=False, target_id=BO
        )
    assert await world.table.log(channel_id=CHANNEL, limit=None) == before
