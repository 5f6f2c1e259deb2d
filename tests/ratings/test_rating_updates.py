"""Ratings as games end: places from the standings, concessions last, aborted games unrated,
bots apart, each game once, the backfill in order, reliability."""

from __future__ import annotations

from bot.ai_seats.seats import ai_seat_id
from bot.ratings.model import LEVEL_STRENGTH, ranks
from bot.ratings.service import rate_game
from bot.table.results import Change, GameInfo
from storage.ratings import EVERYWHERE, ended_game, player_ratings, reliability, results
from tests.ratings.conftest import GUILD, ended

A, B, C, D = 11, 12, 13, 14


async def shown_of(rating_store, user, *, scope=EVERYWHERE, pool="people"):
    rows = await rating_store.read(player_ratings, user, [scope])
    return {r.pool: r.shown for r in rows}.get(pool)


async def test_places_follow_the_final_standings_score_first_then_winning(store, rating_store):
    game = await ended(
        store,
        [(A, "Ann"), (B, "Bob"), (C, "Cy"), (D, "Di")],
        winners=["Bob"],
        scores={"Ann": 3, "Bob": 9, "Cy": 3, "Di": 1},
    )
    row = await rating_store.read(ended_game, game)
    assert ranks(row) == {B: 1, A: 2, C: 2, D: 4}  # Ann and Cy tie: ties are ties


async def test_the_winner_gains_and_the_others_lose_in_order(store, rating_store, ratings):
    await ended(
        store,
        [(A, "Ann"), (B, "Bob"), (C, "Cy")],
        winners=["Bob"],
        scores={"Ann": 5, "Bob": 9, "Cy": 1},
    )
    assert await ratings.catch_up() == 1
    bob, ann, cy = [await shown_of(rating_store, u) for u in (B, A, C)]
    assert bob > ann > cy


async def test_tied_players_get_the_same_rating(store, rating_store, ratings):
    await ended(store, [(A, "Ann"), (B, "Bob"), (C, "Cy")], winners=["Ann", "Bob"])
    await ratings.catch_up()
    assert await shown_of(rating_store, A) == await shown_of(rating_store, B)


async def test_a_player_who_conceded_places_last_whatever_their_score(store, rating_store):
    game = await ended(
        store,
        [(A, "Ann"), (B, "Bob"), (C, "Cy")],
        winners=["Bob"],
        scores={"Ann": 50, "Bob": 9, "Cy": 1},
        out=(A,),
    )
    row = await rating_store.read(ended_game, game)
    assert ranks(row) == {B: 1, C: 2, A: 3}


async def test_an_aborted_game_is_not_rated(store, rating_store, ratings):
    game = await ended(store, [(A, "Ann"), (B, "Bob")], winners=[], status="aborted")
    assert await ratings.catch_up() == 0
    assert not await rating_store.write(rate_game, game, 5.0)
    await ratings.on_change(
        Change(game=_info(await store.get_game(game)), kind="abort", actor_id=A)
    )
    assert await shown_of(rating_store, A) is None
    assert await rating_store.read(reliability, A) == (0, 0, False)


async def test_games_with_bots_are_rated_in_their_own_pool_and_bots_get_no_rating(
    store, rating_store, ratings
):
    bot = ai_seat_id(1, "hard")
    await ended(store, [(A, "Ann"), (bot, "🤖 Bot 1 (hard)")], winners=["Ann"])
    await ratings.catch_up()
    assert await shown_of(rating_store, A, pool="people") is None
    assert await shown_of(rating_store, A, pool="bots") is not None
    assert await rating_store.read(player_ratings, bot, [EVERYWHERE, GUILD]) == []


async def test_beating_a_harder_bot_gains_more(store, rating_store, ratings):
    assert LEVEL_STRENGTH["hard"][0] > LEVEL_STRENGTH["easy"][0]
    await ended(store, [(A, "Ann"), (ai_seat_id(1, "hard"), "Hard")], winners=["Ann"], at=100)
    await ended(store, [(B, "Bob"), (ai_seat_id(1, "easy"), "Easy")], winners=["Bob"], at=101)
    await ratings.catch_up()
    assert await shown_of(rating_store, A, pool="bots") > await shown_of(
        rating_store, B, pool="bots"
    )


async def test_a_game_is_rated_once_even_if_its_end_is_heard_twice(store, rating_store, ratings):
    game = await ended(store, [(A, "Ann"), (B, "Bob")], winners=["Ann"])
    info = await store.get_game(game)
    change = Change(game=_info(info), kind="move", actor_id=B)
    await ratings.on_change(change)
    once = await shown_of(rating_store, A)
    await ratings.on_change(change)
    assert await ratings.catch_up() == 0  # after a restart too
    assert await shown_of(rating_store, A) == once
    assert await rating_store.read(reliability, A) == (1, 1, False)
    assert not await rating_store.write(rate_game, game, 9.0)


async def test_the_backfill_rates_finished_games_in_the_order_they_ended(
    store, rating_store, ratings
):
    # made in one order, ended in the other: Ann wins the last to end
    late = await ended(store, [(A, "Ann"), (B, "Bob")], winners=["Ann"], at=300)
    early = await ended(store, [(A, "Ann"), (B, "Bob")], winners=["Bob"], at=200)
    assert await ratings.catch_up() == 2
    history = await rating_store.read(results, A)
    assert [r.game_id for r in history] == [late, early]  # newest first
    # the rating after the later game is the rating now: it was rated last
    assert history[0].shown == await shown_of(rating_store, A)


async def test_reliability_counts_games_without_a_stand_in_a_removal_or_a_concession(
    store, rating_store, ratings
):
    await ended(store, [(A, "Ann"), (B, "Bob")], winners=["Ann"], at=100)  # clean
    await ended(store, [(A, "Ann"), (B, "Bob")], winners=["Bob"], out=(A,), at=110)  # conceded
    timed = await ended(store, [(A, "Ann"), (B, "Bob")], winners=["Bob"], at=120)
    await store.run(
        lambda db: db.execute(
            "INSERT INTO days_log (game_id, at, kind, user_id, version, text)"
            " VALUES (?, 115, 'standin', ?, 3, 'stand-in for Ann')",
            (timed, A),
        )
    )
    await ratings.catch_up()
    assert await rating_store.read(reliability, A) == (1, 3, False)
    assert await rating_store.read(reliability, B) == (3, 3, False)


async def test_a_stand_in_that_makes_the_last_move_counts_against_reliability(
    store, rating_store, ratings
):
    game = await ended(store, [(A, "Ann"), (B, "Bob")], winners=["Bob"])
    change = Change(
        game=_info(await store.get_game(game)), kind="move", actor_id=A, by_standin=True
    )
    await ratings.on_change(change)
    assert await rating_store.read(reliability, A) == (0, 1, False)


async def test_a_game_in_a_server_is_rated_there_and_across_all_servers(
    store, rating_store, ratings
):
    await ended(store, [(A, "Ann"), (B, "Bob")], winners=["Ann"], guild=GUILD)
    await ended(store, [(A, "Ann"), (B, "Bob")], winners=["Ann"], guild=GUILD + 1, at=200)
    await ratings.catch_up()
    here = await rating_store.read(player_ratings, A, [GUILD])
    everywhere = await rating_store.read(player_ratings, A, [EVERYWHERE])
    assert [r.games for r in here] == [1]
    assert [r.games for r in everywhere] == [2]


def _info(row) -> GameInfo:
    from bot.table.results import Seat

    return GameInfo(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        engine=row.engine,
        title=row.engine,
        status=row.status,
        version=row.version,
        host_id=row.host_id,
        options={},
        seats=[Seat(s.seat, s.user_id, s.name, active=s.active) for s in row.seats],
        created_at=row.created_at,
        updated_at=row.updated_at,
    )
