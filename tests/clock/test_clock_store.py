"""The clock tables on a real SQLite file and a real PostgreSQL database: claims, nudges, away
history."""

import asyncio

import pytest

from storage import MoveEntry, Store
from storage.clock import ClockGame, ClockSeat, ClockStore
from storage.shards import Shards
from tests.storage.test_store import new_game


@pytest.fixture
async def ds(db_location):
    store = await ClockStore.open(db_location)
    yield store
    await store.close()


async def test_a_deadline_is_claimed_by_exactly_one_caller(ds):
    await ds.put_deadline(1, 10, version=3, started_at=0, due_at=100)
    assert await ds.claim(1, 10, "deadline", 100, now=101)
    assert not await ds.claim(1, 10, "deadline", 100, now=102)


async def test_a_claim_for_an_old_turn_does_not_land_on_the_next_turn(ds):
    await ds.put_deadline(1, 10, version=3, started_at=0, due_at=100)
    await ds.put_deadline(1, 10, version=5, started_at=50, due_at=150)
    assert not await ds.claim(1, 10, "half", 100)
    assert await ds.claim(1, 10, "half", 150)


async def test_two_connections_racing_to_claim_a_firing_have_exactly_one_winner(ds, db_location):
    """As two bot processes on one database would: each claim on its own connection, at once."""
    other = await ClockStore.open(db_location)
    try:
        for game in range(1, 31):
            await ds.put_deadline(game, 10, version=1, started_at=0, due_at=100)
        for what in ("half", "near", "deadline"):
            for game in range(1, 31):
                won = await asyncio.gather(
                    ds.claim(game, 10, what, 100, now=101),
                    other.claim(game, 10, what, 100, now=101),
                )
                assert sorted(won) == [False, True], (what, game)
    finally:
        await other.close()


async def test_claims_survive_closing_and_reopening_the_file(db_location):
    first = await ClockStore.open(db_location)
    await first.put_deadline(1, 10, version=1, started_at=0, due_at=100)
    assert await first.claim(1, 10, "deadline", 100, now=100)
    await first.close()
    again = await ClockStore.open(db_location)
    assert [d.fired_at for d in await again.fired_deadlines()] == [100]
    assert not await again.claim(1, 10, "deadline", 100, now=100)
    await again.close()


async def test_a_nudge_is_refused_until_its_gap_has_passed(ds):
    assert await ds.take_nudge(7, now=1000, gap=500) is None
    assert await ds.take_nudge(7, now=1200, gap=500) == 1500
    assert await ds.take_nudge(7, now=1500, gap=500) is None


async def test_away_time_is_counted_only_inside_the_window(ds):
    await ds.add_away(10, start=0, until=100)
    await ds.add_away(10, start=200, until=300)
    assert await ds.away_used(10, since=50) == 150
    assert await ds.away_used(10, since=300) == 0
    assert await ds.away_used(11, since=0) == 0


async def test_ending_away_early_gives_the_rest_back(ds):
    await ds.add_away(10, start=0, until=100)
    assert await ds.away_until(10, now=40) == 100
    assert await ds.end_away(10, now=40) == 60
    assert await ds.away_until(10, now=41) is None
    assert await ds.away_used(10, since=0) == 40


async def test_overlapping_away_periods_count_once_toward_the_limit(ds):
    await ds.add_away(10, start=0, until=100)
    await ds.add_away(10, start=50, until=150)
    assert await ds.away_used(10, since=0) == 150


async def test_paused_and_closed_games_have_no_deadlines_due(ds):
    await ds.put_deadline(1, 10, version=1, started_at=0, due_at=100)
    await ds.put_deadline(2, 10, version=1, started_at=0, due_at=100)
    await ds.put_deadline(3, 10, version=1, started_at=0, due_at=100)
    await ds.update_game(1, paused_at=5.0)
    await ds.update_game(2, closed_reason="its channel was deleted")
    assert [d.game_id for d in await ds.due_deadlines(now=1000)] == [3]
    assert [d.game_id for d in await ds.next_deadlines(limit=5)] == [3]


FIRINGS = 150


def _claim_all(location, results) -> None:
    """One OS process: try to claim every deadline once; the ones it won."""

    async def claim():
        store = await ClockStore.open(location)
        try:
            return [g for g in range(1, FIRINGS + 1) if await store.claim(g, 10, "deadline", 100)]
        finally:
            await store.close()

    try:
        results.put(asyncio.run(claim()))
    except Exception as exc:  # told to the test, which would otherwise wait for an answer
        results.put(repr(exc))


async def test_two_processes_racing_to_claim_the_same_firings_win_each_exactly_once(
    ds, db_location
):
    import multiprocessing

    for game in range(1, FIRINGS + 1):
        await ds.put_deadline(game, 10, version=1, started_at=0, due_at=100)
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    racers = [context.Process(target=_claim_all, args=(db_location, results)) for _ in range(2)]
    for racer in racers:
        racer.start()
    won = [await asyncio.to_thread(results.get, timeout=120) for _ in racers]
    for racer in racers:
        racer.join(timeout=30)
    assert sorted(won[0] + won[1]) == list(range(1, FIRINGS + 1))  # each once, none twice


# -- what mutation testing showed untested ------------------------------------------------------
async def _every_deadline(ds):
    """The deadlines of games 1 and 2, fired or not."""
    return [*await ds.deadlines(1), *await ds.deadlines(2)]


async def test_shifting_one_player_s_deadlines_moves_only_theirs(ds):
    await ds.put_deadline(1, 10, version=1, started_at=0, due_at=100)
    await ds.put_deadline(1, 11, version=1, started_at=0, due_at=100)
    await ds.put_deadline(2, 10, version=1, started_at=0, due_at=100)
    await ds.shift_deadlines(50, user_id=10)
    due = {(d.game_id, d.user_id): (d.started_at, d.due_at) for d in await _every_deadline(ds)}
    assert due == {(1, 10): (50, 150), (1, 11): (0, 100), (2, 10): (50, 150)}


async def test_shifting_one_game_s_deadlines_moves_only_that_game_s(ds):
    await ds.put_deadline(1, 10, version=1, started_at=0, due_at=100)
    await ds.put_deadline(2, 10, version=1, started_at=0, due_at=100)
    await ds.shift_deadlines(50, game_id=2)
    assert [(d.game_id, d.due_at) for d in await _every_deadline(ds)] == [(1, 100), (2, 150)]


async def test_shifting_the_deadlines_of_no_games_moves_none(ds):
    await ds.put_deadline(1, 10, version=1, started_at=0, due_at=100)
    await ds.shift_deadlines(50, game_ids=[])
    await ds.shift_deadlines(50, game_ids=[2, 3])
    assert [d.due_at for d in await _every_deadline(ds)] == [100]


async def test_a_fired_deadline_is_not_shifted(ds):
    await ds.put_deadline(1, 10, version=1, started_at=0, due_at=100)
    assert await ds.claim(1, 10, "deadline", 100, now=100)
    await ds.shift_deadlines(50)
    assert [d.due_at for d in await ds.fired_deadlines()] == [100]


async def test_a_failed_direct_message_is_told_once(ds):
    await ds.set_notify(10, True)
    assert await ds.claim_failure_told(10) is True
    assert await ds.claim_failure_told(10) is False
    assert await ds.notify(10) == (True, True)
    await ds.set_notify(10, True)  # turning them on again: a new failure is told again
    assert await ds.notify(10) == (True, False)


async def test_clearing_the_votes_on_a_player_leaves_the_votes_on_others(ds):
    await ds.cast_vote(1, 10, 20, "keep")
    await ds.cast_vote(1, 11, 20, "kick")
    await ds.cast_vote(2, 10, 20, "kick")
    await ds.clear_votes(1, 10)
    assert await ds.votes(1, 10) == {}
    assert await ds.votes(1, 11) == {20: "kick"}
    assert await ds.votes(2, 10) == {20: "kick"}


SHARD_1_OF_2 = 1 << 22  # a guild id in shard 1 of 2 (guild 5 is in shard 0)


@pytest.fixture
async def games_and_clocks(db_location):
    """The platform's store (for its games) and the clock store, on one database."""
    store = await Store.open(db_location)
    ds = await ClockStore.open(db_location)
    yield store, ds
    await ds.close()
    await store.close()


async def _games_with_a_fired_deadline(store, ds, status):
    """A game of guild 5 (shard 0 of 2) and one of shard 1, each with a fired deadline."""
    ids = []
    for channel, guild in ((1, 5), (2, SHARD_1_OF_2)):
        game = await new_game(store, channel_id=channel, guild_id=guild)
        await store.save(game.id, game.version, now=2.0, entry=MoveEntry("s"), status=status)
        await ds.put_deadline(game.id, 10, version=2, started_at=0, due_at=100)
        assert await ds.claim(game.id, 10, "deadline", 100, now=100)
        ids.append(game.id)
    return ids


async def test_a_shard_s_fired_deadlines_are_only_its_guilds_games(games_and_clocks):
    store, ds = games_and_clocks
    _, theirs = await _games_with_a_fired_deadline(store, ds, "running")
    assert [d.game_id for d in await ds.fired_deadlines(shards=Shards(2, {1}))] == [theirs]


async def test_a_shard_s_ended_games_with_deadlines_are_only_its_guilds_games(games_and_clocks):
    store, ds = games_and_clocks
    _, theirs = await _games_with_a_fired_deadline(store, ds, "finished")
    assert await ds.ended_games_with_deadlines(shards=Shards(2, {1})) == [theirs]


async def test_each_missed_turn_counts_one_more_from_the_first(ds):
    assert [await ds.add_missed(1, 10) for _ in range(3)] == [1, 2, 3]
    assert await ds.add_missed(1, 11) == 1
    assert (await ds.seat(1, 10)).missed == 3


async def test_updating_a_seat_sets_only_the_columns_named(ds):
    await ds.add_missed(1, 10)
    await ds.update_seat(1, 10, vote_open=1)
    await ds.update_seat(1, 11, standin_for_good=1)
    assert await ds.seat(1, 10) == ClockSeat(1, 10, missed=1, vote_open=True)
    assert await ds.seat(1, 11) == ClockSeat(1, 11, standin_for_good=True)
    assert await ds.kept_seats(1) == {11}


async def test_a_games_stand_in_level_is_its_own_and_the_last_one_set(ds):
    assert await ds.standin_level(1) is None
    await ds.set_standin_level(1, "hard")
    await ds.set_standin_level(2, "easy")
    await ds.set_standin_level(1, "normal")
    assert await ds.standin_level(1) == "normal"
    assert await ds.standin_level(2) == "easy"


async def test_the_next_deadline_alone_comes_unless_more_are_asked_for(ds):
    await ds.put_deadline(1, 10, version=1, started_at=0, due_at=100)
    await ds.put_deadline(2, 10, version=1, started_at=0, due_at=200)
    assert [d.game_id for d in await ds.next_deadlines()] == [1]
    assert [d.game_id for d in await ds.next_deadlines(2)] == [1, 2]


async def test_a_timer_counts_as_due_up_to_a_second_early_and_no_earlier(ds):
    await ds.put_deadline(1, 10, version=1, started_at=0, due_at=100)  # half-time at 50
    assert await ds.due_deadlines(now=48.5) == []
    assert [d.game_id for d in await ds.due_deadlines(now=49.0)] == [1]


async def test_the_clock_s_log_keeps_who_and_which_version(ds):
    await ds.log(1, 5.0, "standin", "A stand-in moved.", user_id=10, version=4)
    rows = await ds.run(
        lambda t: t._rows("SELECT game_id, at, kind, user_id, version, text FROM days_log")
    )
    assert [tuple(r) for r in rows] == [(1, 5.0, "standin", 10, 4, "A stand-in moved.")]


async def test_a_game_forgotten_as_synced_is_behind_again(games_and_clocks):
    store, ds = games_and_clocks
    game = await new_game(store, channel_id=1, guild_id=5)
    running = await store.save(
        game.id, game.version, now=2.0, entry=MoveEntry("s"), status="running"
    )
    await ds.run(lambda t: t.mark_synced(game.id, running.version))
    assert await ds.games_behind() == []
    await ds.forget_synced(game.id)
    assert await ds.games_behind() == [game.id]


async def test_a_reminder_is_claimed_once_and_a_deadline_records_when_it_fired(ds):
    await ds.put_deadline(1, 10, version=1, started_at=0, due_at=100)
    assert await ds.claim(1, 10, "half", 100)
    assert not await ds.claim(1, 10, "half", 100)
    assert await ds.claim(1, 10, "deadline", 100, now=123.5)
    [fired] = await ds.fired_deadlines()
    assert (fired.half_sent, fired.near_sent, fired.fired_at) == (True, False, 123.5)


async def test_a_game_or_seat_without_a_clock_row_reads_as_the_defaults(ds):
    assert await ds.game(99) == ClockGame(99)
    assert await ds.seat(99, 10) == ClockSeat(99, 10)
    assert await ds.notify(10) == (False, False)


async def test_a_game_s_clock_is_updated_even_before_it_has_a_row(ds):
    await ds.update_game(5, paused_at=3.0, board_channel_id=7)
    assert await ds.game(5) == ClockGame(5, paused_at=3.0, board_channel_id=7)


async def test_atomic_work_that_fails_halfway_leaves_nothing_behind(ds):
    def half_done(t):
        t.put_deadline(1, 10, version=1, started_at=0, due_at=100)
        raise RuntimeError("the second step failed")

    with pytest.raises(RuntimeError):
        await ds.run(half_done, atomic=True)
    assert await ds.deadlines(1) == []


async def test_work_run_without_atomic_keeps_the_steps_done_before_a_failure(ds):
    def half_done(t):
        t.put_deadline(1, 10, version=1, started_at=0, due_at=100)
        raise RuntimeError("the second step failed")

    with pytest.raises(RuntimeError):
        await ds.run(half_done)
    assert [d.due_at for d in await ds.deadlines(1)] == [100]


async def test_a_shard_releases_only_the_held_notices_of_its_guilds_games(games_and_clocks):
    """A player's settings are read by every shard, but each process sends the held notices
    of its own guilds' games (the other takes the rest), and a notice is taken once."""
    store, ds = games_and_clocks
    ours, theirs = await _games_with_a_fired_deadline(store, ds, "running")
    await ds.hold(10, ours, 50.0)
    await ds.hold(10, theirs, 60.0)
    shard_1 = Shards(2, {1})
    assert await ds.next_release(shards=shard_1) == 60.0
    assert await ds.take_released(100.0, shards=shard_1) == {10: [theirs]}
    assert await ds.take_released(100.0, shards=shard_1) == {}
    assert await ds.take_released(100.0, shards=Shards(2, {0})) == {10: [ours]}


async def test_a_held_notice_is_not_taken_before_its_release(ds):
    await ds.hold(10, 3, 500.0)
    assert await ds.take_released(499.0) == {}
    assert await ds.next_release() == 500.0
    assert await ds.take_released(500.0) == {10: [3]}
    assert await ds.next_release() is None
