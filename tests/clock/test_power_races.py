"""Every pair among host powers, votes, concessions and moves, racing each other: each either
happens whole or is refused with words, a player leaves at most once, and the game is never
closed because of the loser; it goes on unless one of them rightly ends it."""

import asyncio
import itertools

import pytest

from bot.errors import TableError
from tests.clock.conftest import ADA, BO, CHANNEL, CY, GUILD

#: Ada hosts and is awaited first; Cy is the player everyone's powers are about (a vote about
#: them is open and Ada has voted to remove them, so Bo's vote decides it)
OPERATIONS = {
    "move": lambda w: w.move(ADA),
    "concede": lambda w: w.table.concede(channel_id=CHANNEL, user_id=CY),
    "kick": lambda w: w.service.host.kick(
        channel_id=CHANNEL, user_id=ADA, can_manage=False, target_id=CY
    ),
    "moderator kick": lambda w: w.service.host.kick(
        channel_id=CHANNEL, user_id=BO, can_manage=True, target_id=CY
    ),
    "vote": lambda w: w.service.votes.vote(
        channel_id=CHANNEL, user_id=BO, target_id=CY, choice="kick"
    ),
    "leaves the server": lambda w: w.service.removals.member_left(guild_id=GUILD, user_id=CY),
    "pause": lambda w: w.service.host.pause(channel_id=CHANNEL, user_id=ADA, can_manage=False),
    "clock": lambda w: w.service.host.set_clock(
        channel_id=CHANNEL, user_id=ADA, can_manage=False, turn_seconds=3600
    ),
    "hand over": lambda w: w.service.host.hand_over(
        channel_id=CHANNEL, user_id=ADA, can_manage=False, target_id=CY
    ),
    "host concedes": lambda w: w.table.concede(channel_id=CHANNEL, user_id=ADA),
    "abort": lambda w: w.table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False),
}
PAIRS = list(itertools.combinations_with_replacement(sorted(OPERATIONS), 2))


async def prepared(world):
    outcome = await world.game(ADA, BO, CY)
    game_id = outcome.game.id
    await world.clocks.update_seat(game_id, CY, vote_open=1)
    await world.service.votes.vote(channel_id=CHANNEL, user_id=ADA, target_id=CY, choice="kick")
    return game_id


@pytest.mark.parametrize("first, second", PAIRS, ids=[f"{a} + {b}" for a, b in PAIRS])
async def test_two_powers_at_once_leave_a_game_that_goes_on(world, first, second):
    game_id = await prepared(world)
    results = await asyncio.gather(
        OPERATIONS[first](world), OPERATIONS[second](world), return_exceptions=True
    )
    crashed = [r for r in results if isinstance(r, Exception) and not isinstance(r, TableError)]
    assert crashed == []
    row = await world.store.get_game(game_id)
    log = await world.store.moves(game_id)
    leaves = [m for m in log if m.kind == "concede" and m.user_id == CY]
    assert len(leaves) <= 1, "Cy left the game twice"
    assert (await world.clocks.game(game_id)).closed_reason is None, "the game was closed"
    if "abort" in (first, second):
        assert row.status in ("aborted", "finished")
    else:
        assert row.status in ("running", "finished")
    if row.status == "finished":
        active = [s for s in row.seats if s.active]
        assert len(active) < 2, f"the game ended with {len(active)} players still in it"
    if row.status == "running":
        # it goes on: someone is awaited, and every host note follows a change that happened
        assert await world.table.awaited(game_id, damaged_ok=False)
        host = next(s for s in row.seats if s.user_id == row.host_id)
        assert host.active, "the host role stayed with a player who left"
