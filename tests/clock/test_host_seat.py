"""Host powers follow the seat: a host who concedes or is removed hands the role on to the next
player still in the game (said in the game's log and channel) and keeps no power."""

import pytest

from bot.errors import NotAllowed
from tests.clock.conftest import ADA, BO, CHANNEL, CY
from tests.table.conftest import raw


async def host_concedes(world):
    await world.game(ADA, BO, CY)
    return await world.table.concede(channel_id=CHANNEL, user_id=ADA)


async def test_a_host_who_concedes_hands_the_role_to_the_next_player(world):
    outcome = await host_concedes(world)
    assert (await world.table.game(channel_id=CHANNEL)).host_id == BO
    assert "👑 Bo is the host now." in [e.text for e in outcome.events]  # said in the channel
    assert any("Bo is the host now" in line for line in await world.table.log(channel_id=CHANNEL))


async def test_the_next_host_is_the_next_seat_after_the_hosts(world):
    await world.game(ADA, BO, CY)
    await world.service.host.hand_over(
        channel_id=CHANNEL, user_id=ADA, can_manage=False, target_id=CY
    )
    await world.table.concede(channel_id=CHANNEL, user_id=CY)
    assert (await world.table.game(channel_id=CHANNEL)).host_id == ADA


async def test_a_host_who_is_voted_out_or_removed_hands_the_role_on(world):
    await world.game(ADA, BO, CY)
    game = await world.table.game(channel_id=CHANNEL)
    await world.table.remove_player(game_id=game.id, user_id=ADA, reason="was voted out")
    assert (await world.table.game(channel_id=CHANNEL)).host_id == BO


@pytest.mark.parametrize(
    "power",
    [
        lambda s: s.pause(channel_id=CHANNEL, user_id=ADA, can_manage=False),
        lambda s: s.set_clock(channel_id=CHANNEL, user_id=ADA, can_manage=False, turn_seconds=60),
        lambda s: s.kick(channel_id=CHANNEL, user_id=ADA, can_manage=False, target_id=CY),
        lambda s: s.hand_over(channel_id=CHANNEL, user_id=ADA, can_manage=False, target_id=CY),
    ],
    ids=["pause", "clock", "kick", "hand over"],
)
async def test_a_host_who_left_keeps_no_host_power(world, power):
    await host_concedes(world)
    with pytest.raises(NotAllowed):
        await power(world.service.host)


async def test_a_host_who_left_cannot_abort_the_others_game(world):
    await host_concedes(world)
    with pytest.raises(NotAllowed):
        await world.table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    assert (await world.table.game(channel_id=CHANNEL)).status == "running"


async def test_a_host_who_left_before_powers_followed_seats_has_none(world):
    """A game saved earlier with a host who no longer plays (no heir was named then)."""
    await world.game(ADA, BO, CY)
    await world.table.concede(channel_id=CHANNEL, user_id=BO)
    with raw(world.path) as db:
        db.execute("UPDATE games SET host_id = ?", (BO,))
    with pytest.raises(NotAllowed):
        await world.service.host.pause(channel_id=CHANNEL, user_id=BO, can_manage=False)
    with pytest.raises(NotAllowed):
        await world.table.abort(channel_id=CHANNEL, user_id=BO, is_moderator=False)


async def test_a_moderator_keeps_the_powers_whoever_hosts(world):
    await host_concedes(world)
    await world.service.host.pause(channel_id=CHANNEL, user_id=ADA, can_manage=True)
