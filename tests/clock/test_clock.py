"""Turn clocks: a deadline per awaited player, fired once, in order, across restarts."""

from bot.discord_app import clock_texts as words
from tests.clock.conftest import ADA, BO, CHANNEL, HOUR, OTHER_CHANNEL, START


async def test_the_awaited_player_gets_a_deadline_one_clock_from_now(world):
    await world.game(ADA, BO)
    [d] = await world.clocks.deadlines(1)
    assert (d.user_id, d.started_at, d.due_at) == (ADA, START, START + 24 * HOUR)


async def test_a_move_hands_the_deadline_to_the_next_player(world):
    await world.game(ADA, BO)
    world.now.advance(2 * HOUR)
    await world.move(ADA)
    [d] = await world.clocks.deadlines(1)
    assert (d.user_id, d.due_at) == (BO, world.now() + 24 * HOUR)


async def test_a_game_without_a_clock_has_no_deadlines(world):
    await world.game(ADA, BO, clock=None)
    assert await world.clocks.deadlines(1) == []
    assert await world.service.firing.next_due_at() is None


async def test_a_passed_deadline_makes_the_stand_in_play_once(world):
    await world.game(ADA, BO)
    await world.after(24 * HOUR)
    moves = [m for m in await world.store.moves(1) if m.kind == "move"]
    assert [(m.user_id, m.player) for m in moves] == [(ADA, "Ada")]
    assert await world.waiting() == [BO]
    assert await world.service.firing.fire_due() == 0


async def test_deadlines_fire_in_time_order_across_games(world):
    await world.game(ADA, BO, clock=10 * HOUR)
    await world.game(ADA, BO, channel=OTHER_CHANNEL, clock=4 * HOUR)
    await world.after(10.5 * HOUR)
    order = [channel for channel, _, _ in world.notifier.turns]
    assert order == [OTHER_CHANNEL, OTHER_CHANNEL, CHANNEL]


async def test_a_deadline_that_passed_while_the_bot_was_down_fires_once_at_restart(world):
    await world.game(ADA, BO)
    await world.close()
    world.now.advance(30 * HOUR)
    await world.open()
    await world.service.deadlines.recover()
    assert await world.service.firing.fire_due() == 1
    assert await world.waiting() == [BO]
    await world.restart()
    assert await world.service.firing.fire_due() == 0
    moves = [m for m in await world.store.moves(1) if m.kind == "move"]
    assert len(moves) == 1


async def test_a_restart_keeps_every_deadline_where_it_was(world):
    await world.game(ADA, BO)
    before = await world.clocks.deadlines(1)
    await world.restart()
    assert await world.clocks.deadlines(1) == before
    assert await world.service.firing.next_due_at() == START + 12 * HOUR


async def test_a_deadline_claimed_just_before_a_crash_fires_again_at_restart(world):
    await world.game(ADA, BO)
    world.now.advance(24 * HOUR)
    # the scheduler claimed the deadline, then the process died before the stand-in moved
    assert await world.clocks.claim(1, ADA, "deadline", START + 24 * HOUR, now=world.now())
    await world.restart()
    assert await world.service.firing.fire_due() == 1
    assert await world.waiting() == [BO]


async def test_the_host_can_change_the_clock_and_the_turn_starts_afresh(world):
    await world.game(ADA, BO)
    world.now.advance(HOUR)
    setting = await world.service.host.set_clock(
        channel_id=CHANNEL, user_id=ADA, can_manage=False, turn_seconds=2 * HOUR
    )
    assert "2h" in words.clock_set(setting)
    [d] = await world.clocks.deadlines(1)
    assert d.due_at == world.now() + 2 * HOUR
    log = await world.table.log(channel_id=CHANNEL)
    assert "set the clock: 2h a turn" in log[-1]


async def test_a_finished_game_has_no_deadlines_left(world):
    await world.game(ADA, BO)
    for _ in range(10):
        await world.move(ADA, "take:1")
        await world.move(BO, "take:1")
    await world.move(ADA, "take:1")
    info = await world.table.game(channel_id=CHANNEL)
    assert info.status == "finished"
    assert await world.clocks.deadlines(1) == []


async def test_anyone_can_see_the_clock_and_the_deadlines(world):
    await world.game(ADA, BO)
    info = words.clock_info(await world.service.host.clock_info(channel_id=CHANNEL))
    assert "1d a turn" in info
    assert f"Ada: deadline <t:{int(START + 24 * HOUR)}:f>" in info


async def test_a_move_saved_just_before_a_crash_gets_its_deadlines_at_restart(world):
    await world.game(ADA, BO)
    world.now.advance(HOUR)
    # the move is saved, but the process dies before the clocks hear of it
    world.service.detach()
    await world.move(ADA)
    assert [d.user_id for d in await world.clocks.deadlines(1)] == [ADA]
    await world.restart()
    [d] = await world.clocks.deadlines(1)
    assert (d.user_id, d.due_at) == (BO, world.now() + 24 * HOUR)


async def test_a_game_that_ended_just_before_a_crash_loses_its_deadlines_at_restart(world):
    await world.game(ADA, BO)
    world.service.detach()
    await world.table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    assert await world.clocks.deadlines(1) != []
    await world.restart()
    assert await world.clocks.deadlines(1) == []


async def test_a_start_loads_only_the_games_whose_clocks_missed_a_change(world, monkeypatch):
    await world.game(ADA, BO)
    await world.game(ADA, BO, channel=OTHER_CHANNEL)
    world.service.detach()  # the next move is saved, its clock update lost in a crash
    await world.move(ADA, channel=OTHER_CHANNEL)
    await world.close()
    await world.open()
    loaded = []
    by_id = world.table.game_by_id

    async def counted(game_id):
        loaded.append(game_id)
        return await by_id(game_id)

    monkeypatch.setattr(world.table, "game_by_id", counted)
    await world.service.deadlines.recover_due()
    assert loaded == [2]


async def test_a_bot_seat_gets_no_deadline_reminder_or_stand_in(world):
    info = await world.game(ADA, start=False)
    await world.table.add_ai_seats(channel_id=CHANNEL, user_id=ADA, count=1, level="hard")
    await world.table.start(channel_id=CHANNEL, user_id=ADA)
    await world.move(ADA)
    [bot] = await world.waiting()
    assert bot < 0
    assert await world.clocks.deadlines(info.id) == []
    assert await world.after(72 * HOUR) == 0
    assert await world.waiting() == [bot]
    assert world.notifier.texts == [] and world.notifier.dms == []
