"""Where is it my turn, what was played here, and who wins: /me turns, history and stats."""

from bot.clock import records
from storage.clock import ClockRules
from tests.clock.conftest import ADA, BO, CHANNEL, CY, GUILD, OTHER_CHANNEL


async def finish(world, channel=CHANNEL):
    """Play the toy game to the end: Ada and Bo alternate taking 3 (21 counters: Ada wins)."""
    outcome = None
    while outcome is None or outcome.result is None:
        waiting = await world.waiting(channel)
        outcome = await world.move(waiting[0], "take:3", channel=channel)


async def test_mine_lists_your_live_games_of_every_server_your_turn_first(world):
    await world.game(BO, ADA)
    await world.game(ADA, CY, channel=OTHER_CHANNEL)
    await world.game(ADA, BO, channel=502, guild=99)
    mine = await records.mine(world.table, world.clocks, ADA)
    assert [(e.channel_id, e.your_turn) for e in mine] == [
        (OTHER_CHANNEL, True),
        (502, True),
        (CHANNEL, False),
    ]
    assert mine[0].deadline is not None and mine[2].deadline is None
    assert mine[2].waiting_for == ["Bo"]


async def test_my_turns_are_the_games_of_every_server_that_await_you(world):
    await world.game(BO, ADA)
    await world.game(ADA, CY, channel=OTHER_CHANNEL)
    await world.game(ADA, BO, channel=502, guild=99)
    turns = await records.mine(world.table, world.clocks, ADA, turns_only=True)
    assert [(e.guild_id, e.channel_id) for e in turns] == [(GUILD, OTHER_CHANNEL), (99, 502)]


async def test_my_turns_show_what_is_left_of_your_time_bank(world):
    outcome = await world.game(ADA, BO)
    await world.service.deadlines.configure(
        outcome.game.id, turn_seconds=24 * 3600, rules=ClockRules(bank_seconds=7200)
    )
    [entry] = await records.mine(world.table, world.clocks, ADA, turns_only=True)
    assert entry.bank_left == 7200


async def test_mine_links_the_latest_board_message(world):
    outcome = await world.game(ADA, BO)
    await world.service.outbox.board_posted(outcome.game.id, CHANNEL, 4242)
    [entry] = await records.mine(world.table, world.clocks, ADA)
    assert (entry.board_channel_id, entry.board_message_id) == (CHANNEL, 4242)


async def test_finished_games_keep_their_whole_log(world):
    await world.game(ADA, BO)
    await finish(world)
    log = await world.table.log(channel_id=CHANNEL, limit=None)
    assert len([line for line in log if "takes 3" in line]) == 7


async def test_history_lists_recent_finished_and_closed_games_newest_first(world):
    await world.game(ADA, BO)
    await finish(world)
    await world.game(ADA, BO)
    await world.service.closing.channel_gone(CHANNEL, "its channel was deleted")
    history = await records.history(world.table, GUILD)
    assert [(h.status, h.reason) for h in history] == [
        ("aborted", "its channel was deleted"),
        ("finished", "took the last counter"),
    ]
    assert history[1].winners == ["Ada"]
    assert await records.history(world.table, GUILD, channel_id=OTHER_CHANNEL) == []


async def test_stats_count_games_and_wins_per_player_and_per_game(world):
    for _ in range(2):
        await world.game(ADA, BO)
        await finish(world)
    await world.game(ADA, CY)
    await world.service.closing.channel_gone(CHANNEL)
    players, games = await records.stats(world.table, GUILD)
    assert [(p.name, p.games, p.wins) for p in players] == [
        ("Ada", 3, 2),
        ("Bo", 2, 0),
        ("Cy", 1, 0),
    ]
    [toy] = games
    assert (toy.games, toy.finished, toy.winners) == (3, 2, {"Ada": 2})
