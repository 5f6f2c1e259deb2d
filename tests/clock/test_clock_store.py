"""The clock tables on a real SQLite file and a real PostgreSQL database: claims, nudges, away
history."""

import asyncio

import pytest

from storage.clock import ClockStore


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
    assert await again.open_deadlines() == []
    assert not await again.claim(1, 10, "deadline", 100, now=100)
    await again.close()


async def test_a_nudge_is_refused_until_its_gap_has_passed(ds):
    assert await ds.take_nudge(7, now=1000, gap=500) is None
    assert await ds.take_nudge(7, now=1200, gap=500) == 1500
    assert await ds.take_nudge(7, now=1500, gap=500) is None


async def test_away_time_is_counted_only_inside_the_window(ds):
    await ds.add_away(1, 10, start=0, until=100)
    await ds.add_away(1, 10, start=200, until=300)
    assert await ds.away_used(1, 10, since=50) == 150
    assert await ds.away_used(1, 10, since=300) == 0
    assert await ds.away_used(2, 10, since=0) == 0


async def test_ending_away_early_gives_the_rest_back(ds):
    await ds.add_away(1, 10, start=0, until=100)
    assert await ds.away_until(1, 10, now=40) == 100
    assert await ds.end_away(1, 10, now=40) == 60
    assert await ds.away_until(1, 10, now=41) is None
    assert await ds.away_used(1, 10, since=0) == 40


async def test_paused_and_closed_games_have_no_open_deadlines(ds):
    await ds.put_deadline(1, 10, version=1, started_at=0, due_at=100)
    await ds.put_deadline(2, 10, version=1, started_at=0, due_at=100)
    await ds.put_deadline(3, 10, version=1, started_at=0, due_at=100)
    await ds.update_game(1, paused_at=5.0)
    await ds.update_game(2, closed_reason="its channel was deleted")
    assert [d.game_id for d in await ds.open_deadlines()] == [3]


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
