"""Away: one away stops your clocks in all your games in every server, within a monthly
limit; a host may choose that a stand-in plays for an away player instead."""

import pytest

from bot.errors import TableError
from storage.clock import ClockRules
from tests.clock.conftest import ADA, BO, CY, HOUR, OTHER_CHANNEL

DAY = 24 * HOUR


async def due_of(world, game_id, user):
    return next(d.due_at for d in await world.clocks.deadlines(game_id) if d.user_id == user)


async def test_going_away_stops_your_clock_in_every_game_of_the_server(world):
    await world.game(ADA, BO)
    await world.game(ADA, CY, channel=OTHER_CHANNEL)
    before = [await due_of(world, 1, ADA), await due_of(world, 2, ADA)]
    await world.service.absences.away(user_id=ADA, seconds=3 * DAY)
    after = [await due_of(world, 1, ADA), await due_of(world, 2, ADA)]
    assert [a - b for a, b in zip(after, before, strict=True)] == [3 * DAY, 3 * DAY]


async def test_one_away_stops_your_clock_in_the_games_of_every_server(world):
    await world.game(ADA, BO, guild=99)
    before = await due_of(world, 1, ADA)
    await world.service.absences.away(user_id=ADA, seconds=DAY)
    assert await due_of(world, 1, ADA) == before + DAY


async def test_away_counts_the_games_of_every_server_it_stops(world):
    await world.game(ADA, BO)
    await world.game(ADA, CY, channel=OTHER_CHANNEL, guild=99)
    period = await world.service.absences.away(user_id=ADA, seconds=DAY)
    assert (period.games, period.standin_games) == (2, 0)


async def test_away_leaves_the_other_players_clocks_alone(world):
    await world.game(ADA, BO)
    await world.move(ADA)
    before = await due_of(world, 1, BO)
    await world.service.absences.away(user_id=ADA, seconds=DAY)
    assert await due_of(world, 1, BO) == before


async def test_a_host_who_chose_stand_ins_for_away_players_keeps_the_clock_running(world):
    await world.game(ADA, BO)
    await world.clocks.set_rules(1, ClockRules(away_standin=True))
    before = await due_of(world, 1, ADA)
    period = await world.service.absences.away(user_id=ADA, seconds=2 * DAY)
    assert await due_of(world, 1, ADA) == before
    assert (period.games, period.standin_games) == (0, 1)


async def test_a_stand_in_plays_for_an_away_player_where_the_host_chose_it(world):
    await world.game(ADA, BO)
    await world.clocks.set_rules(1, ClockRules(away_standin=True))
    await world.service.absences.away(user_id=ADA, seconds=2 * DAY)
    await world.after(DAY)
    assert len(world.notifier.turns) == 1


async def test_a_turn_that_starts_while_away_runs_at_once_where_the_host_chose_stand_ins(
    world,
):
    await world.game(ADA, BO)
    await world.clocks.set_rules(1, ClockRules(away_standin=True))
    await world.service.absences.away(user_id=BO, seconds=2 * DAY)
    await world.move(ADA)
    assert await due_of(world, 1, BO) == world.now() + DAY


async def test_the_away_limit_is_one_for_every_server_together(world):
    await world.game(ADA, BO)
    await world.game(ADA, CY, channel=OTHER_CHANNEL, guild=99)
    await world.service.absences.away(user_id=ADA, seconds=10 * DAY)
    world.now.advance(10 * DAY)
    with pytest.raises(TableError, match="4d left"):
        await world.service.absences.away(user_id=ADA, seconds=5 * DAY)


async def test_no_stand_in_plays_for_an_away_player(world):
    await world.game(ADA, BO)
    await world.service.absences.away(user_id=ADA, seconds=2 * DAY)
    await world.after(2 * DAY)
    assert world.notifier.turns == []
    await world.after(DAY)
    assert len(world.notifier.turns) == 1


async def test_a_turn_that_starts_while_you_are_away_waits_for_your_return(world):
    await world.game(ADA, BO)
    await world.service.absences.away(user_id=BO, seconds=2 * DAY)
    await world.move(ADA)
    assert await due_of(world, 1, BO) == world.now() + 3 * DAY


async def test_you_can_still_move_while_away(world):
    await world.game(ADA, BO)
    await world.service.absences.away(user_id=ADA, seconds=DAY)
    await world.move(ADA)
    assert await world.waiting() == [BO]


async def test_away_is_limited_to_fourteen_days_in_thirty(world):
    await world.service.absences.away(user_id=ADA, seconds=10 * DAY)
    world.now.advance(11 * DAY)
    with pytest.raises(TableError, match="4d left"):
        await world.service.absences.away(user_id=ADA, seconds=5 * DAY)
    await world.service.absences.away(user_id=ADA, seconds=4 * DAY)


async def test_away_time_comes_back_once_it_is_older_than_thirty_days(world):
    await world.service.absences.away(user_id=ADA, seconds=14 * DAY)
    world.now.advance(44 * DAY)
    await world.service.absences.away(user_id=ADA, seconds=14 * DAY)


async def test_you_cannot_go_away_twice_at_once(world):
    await world.service.absences.away(user_id=ADA, seconds=DAY)
    with pytest.raises(TableError, match="already away"):
        await world.service.absences.away(user_id=ADA, seconds=DAY)


async def test_coming_back_early_restarts_your_clock_and_returns_the_unused_time(world):
    await world.game(ADA, BO)
    before = await due_of(world, 1, ADA)
    await world.service.absences.away(user_id=ADA, seconds=5 * DAY)
    world.now.advance(DAY)
    await world.service.absences.back(user_id=ADA)
    assert await due_of(world, 1, ADA) == before + DAY
    assert await world.clocks.away_used(ADA, since=0) == DAY


async def test_coming_back_when_not_away_is_refused(world):
    with pytest.raises(TableError, match="not away"):
        await world.service.absences.back(user_id=ADA)
