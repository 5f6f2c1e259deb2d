"""A league's life on a real table: sign-up, seating each round, scoring, moving on once,
dropping out, pausing, closing and a restart mid-round (bot/leagues/service.py)."""

from __future__ import annotations

import pytest

from bot.errors import BadOptions, NotAllowed, WrongStage
from bot.leagues.service import Leagues, NoLeague
from tests.leagues.conftest import CHANNEL, GUILD, HOUR, STANDING_TOY

ADA, BO, CY, DEE, EVE = 11, 12, 13, 14, 15
NAMES = {ADA: "Ada", BO: "Bo", CY: "Cy", DEE: "Dee", EVE: "Eve"}


async def opened(service: Leagues, *, size=2, rounds=2, players=(ADA, BO, CY, DEE), **kw):
    league = await service.open(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ADA,
        engine=kw.get("engine", "toy"),
        table_size=size,
        rounds=rounds,
        turn_seconds=kw.get("turn_seconds", HOUR),
        round_seconds=kw.get("round_seconds", 24 * HOUR),
        signup_seconds=HOUR,
    )
    for user in players:
        await service.sign_up(league.id, user, NAMES[user])
    return league


async def begin(service: Leagues, now, league):
    now.advance(HOUR)
    assert await service.fire_due() == 1
    return await service.get(league.id)


async def win(service: Leagues, game_id: int, winner: int) -> None:
    """Play a toy game out: everyone else concedes, so ``winner`` wins."""
    game = await service.table.game_by_id(game_id)
    for seat in game.seats:
        if seat.user_id != winner and seat.active:
            await service.table.remove_player(game_id=game_id, user_id=seat.user_id)
    await service.idle()


async def round_games(service: Leagues, league):
    return [t for t in await service.store.tables(league.id, league.round) if not t.bye]


async def test_sign_up_ends_at_its_window_and_round_one_seats_every_player(service, now):
    league = await opened(service)
    assert (await service.get(league.id)).status == "signup"
    league = await begin(service, now, league)
    assert league.status == "running" and league.round == 1
    tables = await round_games(service, league)
    assert sorted(u for t in tables for u in t.users) == [ADA, BO, CY, DEE]
    for t in tables:
        game = await service.table.game_by_id(t.game_id)
        assert game.status == "running" and {s.user_id for s in game.seats} == set(t.users)


async def test_a_league_game_gets_the_leagues_turn_clock(parts, now, recorder):
    table, store = parts
    clocks: list[tuple[int, int | None]] = []

    async def configure(game_id, turn):
        clocks.append((game_id, turn))

    service = Leagues(table, store, recorder, now, configure_clock=configure)
    league = await opened(service, turn_seconds=2 * HOUR)
    league = await begin(service, now, league)
    games = [t.game_id for t in await round_games(service, league)]
    assert sorted(clocks) == sorted((g, 2 * HOUR) for g in games)


async def test_a_player_signs_up_once_and_may_withdraw_before_the_start(service, now):
    league = await opened(service, players=(ADA, BO))
    with pytest.raises(WrongStage):
        await service.sign_up(league.id, ADA, "Ada")
    await service.withdraw(league.id, BO)
    assert [p.user_id for p in await service.store.players(league.id)] == [ADA]
    await service.sign_up(league.id, BO, "Bo")
    await begin(service, now, league)
    with pytest.raises(WrongStage):
        await service.withdraw(league.id, BO)
    with pytest.raises(WrongStage):
        await service.sign_up(league.id, CY, "Cy")


async def test_the_game_master_may_end_sign_up_early(service, now):
    league = await service.start_now((await opened(service)).id, GUILD)
    assert league.status == "running" and league.round == 1
    with pytest.raises(WrongStage):
        await service.start_now(league.id, GUILD)


async def test_a_league_with_too_few_players_at_the_window_does_not_start(service, now, recorder):
    league = await opened(service, players=(ADA,))
    league = await begin(service, now, league)
    assert league.status == "closed" and "did not start" in recorder.announced[-1][0]


async def test_bad_numbers_are_refused_and_nothing_is_opened(service):
    with pytest.raises(BadOptions):
        await opened(service, size=7, players=())
    with pytest.raises(BadOptions):
        await opened(service, rounds=0, players=())
    assert await service.store.of_guild(GUILD) == []


async def test_the_next_round_starts_when_every_game_of_the_round_has_ended(service, now):
    league = await begin(service, now, await opened(service))
    for t in await round_games(service, league):
        await win(service, t.game_id, t.users[0])
    league = await service.get(league.id)
    assert league.round == 2 and league.status == "running"


async def test_winners_meet_winners_and_no_pair_meets_twice(service, now):
    league = await begin(service, now, await opened(service))
    winners = []
    first = await round_games(service, league)
    for t in first:
        winners.append(t.users[0])
        await win(service, t.game_id, t.users[0])
    league = await service.get(league.id)
    second = await round_games(service, league)
    assert any(set(t.users) == set(winners) for t in second)
    assert not {frozenset(t.users) for t in first} & {frozenset(t.users) for t in second}


async def test_a_bye_goes_to_an_odd_player_out_and_scores_as_a_win(service, now):
    league = await begin(service, now, await opened(service, players=(ADA, BO, CY)))
    tables = await service.store.tables(league.id, 1)
    bye = [t for t in tables if t.bye]
    assert len(bye) == 1 and bye[0].game_id is None
    (user,) = bye[0].users
    results = {r.user_id: r.points for r in await service.store.results(league.id)}
    assert results[user] == 1.0


async def test_the_round_deadline_scores_unfinished_games_from_the_standings(service, now):
    league = await opened(service, players=(ADA, BO), engine="standing_toy")
    league = await begin(service, now, league)
    (t,) = await round_games(service, league)
    state = STANDING_TOY.load_state((await service.table.store.get_game(t.game_id)).state)
    seats = {s.name: s.user_id for s in (await service.table.game_by_id(t.game_id)).seats}
    ahead = seats[max(state.players, key=lambda p: STANDING_TOY.standing(state)[p])]
    now.advance(24 * HOUR)
    assert await service.fire_due() == 1
    league = await service.get(league.id)
    assert league.round == 2
    assert (await service.table.game_by_id(t.game_id)).status == "aborted"
    scores = {r.user_id: r.points for r in await service.store.results(league.id) if r.round == 1}
    assert scores[ahead] == 1.0 and sum(scores.values()) == 1.0


async def test_a_round_moves_on_once_however_many_processes_see_it_due(parts, now, recorder):
    table, store = parts
    one, two = Leagues(table, store, recorder, now), Leagues(table, store, recorder, now)
    league = await opened(one)
    now.advance(HOUR)
    assert [await one.advance(league), await two.advance(league)] == [1, 0]
    assert len(await store.tables(league.id, 1)) == 2


async def test_the_last_round_finishes_the_league_with_final_standings(service, now, recorder):
    league = await begin(service, now, await opened(service, rounds=1))
    for t in await round_games(service, league):
        await win(service, t.game_id, t.users[0])
    league = await service.get(league.id)
    assert league.status == "finished" and league.due_at is None
    text, table = recorder.announced[-1]
    assert "is over" in text and [s.points for s in table] == [1.0, 1.0, 0.0, 0.0]


async def test_a_player_who_leaves_concedes_their_game_and_is_not_paired_again(service, now):
    league = await begin(service, now, await opened(service))
    (first, other) = await round_games(service, league)
    leaver = first.users[0]
    await service.leave(league.id, GUILD, leaver)
    game = await service.table.game_by_id(first.game_id)
    assert game.status == "finished" and game.active_seat_of(leaver) is None
    await win(service, other.game_id, other.users[0])
    league = await service.get(league.id)
    assert league.round == 2
    seated = [u for t in await service.store.tables(league.id, 2) for u in t.users]
    assert leaver not in seated and len(seated) == 3
    scores = {r.user_id: r.points for r in await service.store.results(league.id) if r.round == 1}
    assert scores[leaver] == 0.0 and scores[first.users[1]] == 1.0
    with pytest.raises(NotAllowed):
        await service.leave(league.id, GUILD, leaver)


async def test_a_paused_league_starts_no_round_until_resumed(service, now):
    league = await begin(service, now, await opened(service))
    await service.pause(league.id, GUILD)
    assert await service.next_due_at() is None  # the scheduler sleeps until resumed
    now.advance(48 * HOUR)
    assert await service.fire_due() == 0
    for t in await round_games(service, league):
        await win(service, t.game_id, t.users[0])
    assert (await service.get(league.id)).round == 1
    league = await service.resume(league.id, GUILD)
    assert league.round == 2 and league.status == "running"


async def test_a_resumed_round_keeps_the_time_it_had_left(service, now):
    league = await begin(service, now, await opened(service))
    now.advance(20 * HOUR)
    await service.pause(league.id, GUILD)
    now.advance(100 * HOUR)
    league = await service.resume(league.id, GUILD)
    assert league.due_at == now() + 4 * HOUR


async def test_closing_a_league_ends_its_games_and_its_rounds(service, now, recorder):
    league = await begin(service, now, await opened(service))
    league = await service.close(league.id, GUILD)
    assert league.status == "closed" and league.due_at is None
    for t in await round_games(service, league):
        assert (await service.table.game_by_id(t.game_id)).status == "aborted"
    now.advance(48 * HOUR)
    assert await service.fire_due() == 0
    with pytest.raises(WrongStage):
        await service.pause(league.id, GUILD)


async def test_another_servers_league_is_not_found(service):
    league = await opened(service, players=())
    with pytest.raises(NoLeague):
        await service.pause(league.id, GUILD + 1)


async def test_a_restart_mid_round_goes_on_where_it_stopped(db_location, now, recorder):
    from bot.table import Table
    from storage import Store
    from storage.leagues import LeagueStore

    async def started():
        store = await Store.open(db_location)
        table = Table(store, now=now, render=False)
        leagues = await LeagueStore.open(db_location)
        service = Leagues(table, leagues, recorder, now)
        table.subscribe(service.on_change)
        return store, leagues, service

    store, leagues, service = await started()
    league = await begin(service, now, await opened(service))
    first = await round_games(service, league)
    await win(service, first[0].game_id, first[0].users[0])
    await leagues.close()
    await store.close()

    store, leagues, service = await started()  # a new process: only the database remembers
    try:
        assert (await service.get(league.id)).round == 1
        await win(service, first[1].game_id, first[1].users[0])
        assert (await service.get(league.id)).round == 2
    finally:
        await leagues.close()
        await store.close()


async def test_tables_laid_out_but_not_opened_are_opened_after_a_restart(service, now):
    league = await opened(service)
    now.advance(HOUR)

    async def crash(*args, **kwargs):
        raise RuntimeError("the process stopped")

    real = service._open_table
    service._open_table = crash  # type: ignore[method-assign]
    assert await service.advance(await service.get(league.id)) == 1
    service._open_table = real  # type: ignore[method-assign]
    assert await service.next_due_at() == now()
    now.advance(301)  # the leases of the tables the stopped process held have run out
    await service.fire_due()
    tables = await service.store.tables(league.id, 1)
    assert all(t.game_id is not None for t in tables)


async def test_standings_tie_break_by_the_players_rating_in_this_server(parts, now, recorder):
    from bot.leagues.service import ratings_from
    from storage.ratings import RatingStore

    table, store = parts
    ratings = await RatingStore.open(table.store.path)
    try:

        def rated(db, scope, user, shown):
            db.execute(
                "INSERT INTO ratings (scope, engine, pool, user_id, mu, sigma, shown, games,"
                " updated_at) VALUES (?, 'toy', 'people', ?, 25.0, 8.0, ?, 1, 0.0)",
                (scope, user, shown),
            )

        await ratings.write(rated, GUILD, BO, 5.0)
        await ratings.write(rated, GUILD, CY, 9.0)
        await ratings.write(rated, GUILD + 1, ADA, 30.0)  # another server's: not this league's
        service = Leagues(table, store, recorder, now, ratings=ratings_from(ratings))
        league = await opened(service, players=(ADA, BO, CY))
        rows = await service.standings(league)
    finally:
        await ratings.close()
    assert [(s.user_id, s.rating) for s in rows] == [(CY, 9.0), (BO, 5.0), (ADA, None)]


async def test_multiplayer_tables_seat_players_of_similar_standing(service, now):
    league = await opened(service, size=3, players=(ADA, BO, CY, DEE, EVE))
    league = await begin(service, now, league)
    tables = await service.store.tables(league.id, 1)
    # nobody has points or a rating yet: the standing is by name
    assert [t.users for t in tables] == [(ADA, BO, CY), (DEE, EVE)]


async def test_another_shards_leagues_are_left_to_its_process(parts, now, recorder):
    from storage.shards import Shards

    table, store = parts
    mine = Leagues(table, store, recorder, now)
    other = Leagues(table, store, recorder, now, shards=Shards(2, {1}))  # GUILD is shard 0's
    league = await opened(mine)
    now.advance(HOUR)
    assert await other.next_due_at() is None and await other.fire_due() == 0
    assert await mine.next_due_at() == league.due_at and await mine.fire_due() == 1
