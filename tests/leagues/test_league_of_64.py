"""A league of 64 players and 6 rounds runs end to end, bots standing in for people: every
player is an AI seat at the cheapest level (``easy``, the stand-in heuristic, no search),
playing the test game (Race to 21, a handful of moves a game) through the table's normal move
path, driven by the same :class:`~bot.ai_seats.driver.AiSeatDriver` as in the bot."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from bot.ai_seats.driver import AiSeatDriver
from bot.ai_seats.seats import ai_seat_id
from bot.ai_seats.thinker import Thinker
from bot.leagues.pairing import pair_key
from bot.leagues.service import Leagues
from tests.leagues.conftest import CHANNEL, GUILD, HOUR

PLAYERS = 64
ROUNDS = 6


async def test_a_league_of_64_bots_plays_six_rounds_to_its_final_standings(parts, now, recorder):
    table, store = parts
    driver = AiSeatDriver(table, Thinker(ThreadPoolExecutor(1)), publish=_nothing)

    async def publish(outcome):
        recorder.published.append(outcome)
        await driver.on_outcome(outcome)

    recorder.publish = publish  # type: ignore[method-assign]
    service = Leagues(table, store, recorder, now)
    table.subscribe(service.on_change)
    try:
        league = await service.open(
            guild_id=GUILD,
            channel_id=CHANNEL,
            host_id=1,
            engine="toy",
            table_size=2,
            rounds=ROUNDS,
            turn_seconds=None,
            round_seconds=24 * HOUR,
            signup_seconds=HOUR,
        )
        for n in range(1, PLAYERS + 1):
            await service.sign_up(league.id, ai_seat_id(n, "easy"), f"Player {n}")
        now.advance(HOUR)
        await service.fire_due()
        while (await service.get(league.id)).status == "running":
            await asyncio.gather(*driver.running.values())
            await service.idle()
        league = await service.get(league.id)
    finally:
        table.unsubscribe(service.on_change)
        await driver.close()

    assert league.status == "finished" and league.round == ROUNDS
    tables = await store.tables(league.id)
    assert len(tables) == ROUNDS * PLAYERS // 2
    pairs = [pair_key(*t.users) for t in tables]
    assert len(set(pairs)) == len(pairs)  # nobody met anyone twice
    for t in tables:
        assert (await table.game_by_id(t.game_id)).status == "finished"
    final = recorder.announced[-1][1]
    assert len(final) == PLAYERS
    assert sum(s.points for s in final) == ROUNDS * PLAYERS // 2
    assert all(s.played == ROUNDS for s in final)


async def _nothing(outcome):
    return None
