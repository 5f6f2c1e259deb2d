"""Two removals of the same player at once: the first one wins, the second is refused, and the
game goes on without that player (it is never closed because of the loser)."""

import asyncio

from bot.errors import TableError
from tests.clock.conftest import ADA, BO, CHANNEL, CY


async def test_a_host_kick_racing_a_concession_removes_the_player_once_and_the_game_goes_on(world):
    await world.game(ADA, BO, CY)
    kick = world.service.kick(channel_id=CHANNEL, user_id=ADA, can_manage=False, target_id=BO)
    concede = world.table.concede(channel_id=CHANNEL, user_id=BO)
    results = await asyncio.gather(kick, concede, return_exceptions=True)
    refused = [r for r in results if isinstance(r, TableError)]
    assert len(refused) <= 1 and not [
        r for r in results if isinstance(r, BaseException) and r not in refused
    ]
    info = await world.table.game(channel_id=CHANNEL)
    assert info.status == "running"
    assert [s.name for s in info.seats if s.active] == ["Ada", "Cy"]
