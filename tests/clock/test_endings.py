"""Bad endings: a deleted channel, a bot without access, players leaving. Nothing crashes."""

from tests.clock.conftest import ADA, BO, CHANNEL, CY, GUILD, HOUR


async def test_a_deleted_channel_closes_its_game_with_the_reason(world):
    await world.game(ADA, BO)
    assert await world.service.closing.channel_gone(CHANNEL, "its thread was deleted")
    info = await world.table.game(channel_id=CHANNEL)
    assert info.status == "aborted" and info.end_reason == "its thread was deleted"
    assert await world.clocks.deadlines(1) == []
    assert "closed: its thread was deleted" in (await world.table.log(channel_id=CHANNEL))[-1]
    assert world.notifier.texts == []  # nowhere to post it


async def test_a_channel_without_a_game_going_away_changes_nothing(world):
    assert not await world.service.closing.channel_gone(CHANNEL)


async def test_losing_access_to_the_channel_closes_the_game_at_the_next_post(world):
    await world.game(ADA, BO)
    world.notifier.gone[CHANNEL] = "the bot can no longer post in its channel"
    await world.after(24 * HOUR)
    info = await world.table.game(channel_id=CHANNEL)
    assert info.status == "aborted"
    assert info.end_reason == "the bot can no longer post in its channel"
    assert await world.service.firing.next_due_at() is None


async def test_a_player_leaving_the_server_leaves_the_game_and_it_goes_on(world):
    await world.game(ADA, BO, CY)
    assert await world.service.removals.member_left(guild_id=GUILD, user_id=BO) == 1
    info = await world.table.game(channel_id=CHANNEL)
    assert info.status == "running"
    assert [s.name for s in info.seats if s.active] == ["Ada", "Cy"]
    [(_, _, headline)] = world.notifier.turns
    assert headline == "Bo left the server"


async def test_the_host_leaving_the_server_hands_the_host_role_on(world):
    await world.game(ADA, BO, CY)
    await world.service.removals.member_left(guild_id=GUILD, user_id=ADA)
    info = await world.table.game(channel_id=CHANNEL)
    assert info.host_id == BO


async def test_a_player_found_gone_at_their_deadline_leaves_instead_of_a_stand_in_playing(world):
    await world.game(ADA, BO, CY)
    world.notifier.departed.add(ADA)
    await world.after(24 * HOUR)
    info = await world.table.game(channel_id=CHANNEL)
    assert [s.name for s in info.seats if s.active] == ["Bo", "Cy"]
    assert not [m for m in await world.store.moves(1) if m.kind == "move"]


async def test_the_last_players_leaving_a_lobby_close_it(world):
    await world.game(ADA, BO, start=False)
    await world.service.removals.member_left(guild_id=GUILD, user_id=BO)
    await world.service.removals.member_left(guild_id=GUILD, user_id=ADA)
    info = await world.table.game(channel_id=CHANNEL)
    assert info.status == "aborted" and info.end_reason == "all players left"
    [(_, text, mention)] = world.notifier.texts
    assert "The game was closed: all players left." in text and mention == ()


async def test_all_players_leaving_a_running_game_ends_it(world):
    await world.game(ADA, BO)
    await world.service.removals.member_left(guild_id=GUILD, user_id=ADA)
    await world.service.removals.member_left(guild_id=GUILD, user_id=BO)
    info = await world.table.game(channel_id=CHANNEL)
    assert info.status in ("finished", "aborted")
    assert await world.clocks.deadlines(1) == []


async def test_aborting_through_the_table_drops_the_games_deadlines_at_once(world):
    game = (await world.game(ADA, BO)).game
    assert await world.clocks.deadlines(game.id)
    await world.table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    # nobody told the clock: it hears of the ending from the table
    assert await world.clocks.deadlines(game.id) == []
    assert await world.service.firing.next_due_at() is None
    assert await world.after(48 * HOUR) == 0


async def test_a_concession_that_ends_the_game_drops_its_deadlines_at_once(world):
    game = (await world.game(ADA, BO)).game
    await world.table.concede(channel_id=CHANNEL, user_id=ADA)
    assert await world.clocks.deadlines(game.id) == []


async def test_the_last_move_drops_the_games_deadlines_even_if_nobody_is_told(world):
    game = (await world.game(ADA, BO)).game
    # the default pile has 21 counters; table.act alone, as if the turn message never went out
    while (await world.table.game(channel_id=CHANNEL)).status == "running":
        [user] = await world.waiting()
        await world.table.act(channel_id=CHANNEL, user_id=user, action_id="take:3")
    assert await world.clocks.deadlines(game.id) == []
