"""Host powers: pause/resume the clock, kick, hand over the host role; each use is logged."""

import pytest

from bot.discord_app import clock_texts as words
from bot.errors import NotAllowed, TableError
from tests.clock.conftest import ADA, BO, CHANNEL, CY, HOUR


async def test_only_the_host_or_a_moderator_may_pause(world):
    await world.game(ADA, BO)
    with pytest.raises(NotAllowed, match="host"):
        await world.service.host.pause(channel_id=CHANNEL, user_id=BO, can_manage=False)
    await world.service.host.pause(channel_id=CHANNEL, user_id=BO, can_manage=True)


async def test_a_paused_clock_fires_nothing(world):
    await world.game(ADA, BO)
    await world.service.host.pause(channel_id=CHANNEL, user_id=ADA, can_manage=False)
    await world.after(48 * HOUR)
    assert world.notifier.turns == [] and world.notifier.texts == []


async def test_resuming_gives_back_the_time_the_clock_was_paused(world):
    await world.game(ADA, BO)
    [before] = await world.clocks.deadlines(1)
    world.now.advance(HOUR)
    await world.service.host.pause(channel_id=CHANNEL, user_id=ADA, can_manage=False)
    world.now.advance(10 * HOUR)
    await world.service.host.resume(channel_id=CHANNEL, user_id=ADA, can_manage=False)
    [after] = await world.clocks.deadlines(1)
    assert after.due_at == before.due_at + 10 * HOUR


async def test_pausing_twice_or_resuming_a_running_clock_is_refused(world):
    await world.game(ADA, BO)
    with pytest.raises(TableError, match="not paused"):
        await world.service.host.resume(channel_id=CHANNEL, user_id=ADA, can_manage=False)
    await world.service.host.pause(channel_id=CHANNEL, user_id=ADA, can_manage=False)
    with pytest.raises(TableError, match="already paused"):
        await world.service.host.pause(channel_id=CHANNEL, user_id=ADA, can_manage=False)


async def test_every_host_power_is_written_in_the_move_log(world):
    await world.game(ADA, BO, CY)
    await world.service.host.pause(channel_id=CHANNEL, user_id=ADA, can_manage=False)
    await world.service.host.resume(channel_id=CHANNEL, user_id=ADA, can_manage=False)
    await world.service.host.hand_over(
        channel_id=CHANNEL, user_id=ADA, can_manage=False, target_id=BO
    )
    await world.service.host.kick(channel_id=CHANNEL, user_id=BO, can_manage=False, target_id=CY)
    kinds = [m.kind for m in await world.store.moves(1)]
    assert kinds.count("host") == 4
    log = "\n".join(await world.table.log(channel_id=CHANNEL))
    for line in (
        "paused the clock",
        "resumed the clock",
        "handed the host role to Bo",
        "removed Cy from the game",
    ):
        assert line in log


async def test_the_host_can_kick_a_player_and_the_game_goes_on(world):
    await world.game(ADA, BO, CY)
    removal = await world.service.host.kick(
        channel_id=CHANNEL, user_id=ADA, can_manage=False, target_id=BO
    )
    assert "goes on without them" in words.REMOVAL[removal]
    info = await world.table.game(channel_id=CHANNEL)
    assert [s.name for s in info.seats if s.active] == ["Ada", "Cy"]


async def test_a_player_who_is_not_host_cannot_kick(world):
    await world.game(ADA, BO, CY)
    with pytest.raises(NotAllowed):
        await world.service.host.kick(
            channel_id=CHANNEL, user_id=BO, can_manage=False, target_id=CY
        )


async def test_kicking_someone_not_in_the_game_is_refused(world):
    await world.game(ADA, BO)
    with pytest.raises(TableError, match="not playing"):
        await world.service.host.kick(
            channel_id=CHANNEL, user_id=ADA, can_manage=False, target_id=CY
        )


async def test_handing_the_host_role_over_lets_the_new_host_use_the_powers(world):
    await world.game(ADA, BO)
    name = await world.service.host.hand_over(
        channel_id=CHANNEL, user_id=ADA, can_manage=False, target_id=BO
    )
    assert "Bo is now the host" in words.new_host(name)
    await world.service.host.pause(channel_id=CHANNEL, user_id=BO, can_manage=False)
    with pytest.raises(NotAllowed):
        await world.service.host.resume(channel_id=CHANNEL, user_id=ADA, can_manage=False)


async def test_the_host_role_goes_only_to_a_player(world):
    await world.game(ADA, BO)
    with pytest.raises(TableError, match="must be a player"):
        await world.service.host.hand_over(
            channel_id=CHANNEL, user_id=ADA, can_manage=False, target_id=CY
        )


async def test_only_the_host_or_a_moderator_may_change_the_clock(world):
    await world.game(ADA, BO)
    with pytest.raises(NotAllowed):
        await world.service.host.set_clock(
            channel_id=CHANNEL, user_id=BO, can_manage=False, turn_seconds=HOUR
        )
