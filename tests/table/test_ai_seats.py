"""Bot seats: the host seats bots, one human against bots is a game, and bots move through the
normal move path (saved and logged like anyone), one after another, until a human is awaited."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.ai_seats import ai_seat_level, is_ai_seat
from bot.ai_seats.driver import AiSeatDriver
from bot.ai_seats.thinker import Thinker
from bot.errors import BadOptions, GameFull, NotAllowed, WrongStage
from tests.table.conftest import ADA, BO, CHANNEL, lobby, snapshot


def thinker() -> Thinker:
    return Thinker(ThreadPoolExecutor(max_workers=1))


async def test_the_host_seats_bots_named_as_bots_with_their_level(table):
    await lobby(table, users=(ADA,))
    info = await table.add_ai_seats(channel_id=CHANNEL, user_id=ADA, count=2, level="hard")
    names = [s.name for s in info.seats]
    assert names == ["Ada", "🤖 Bot 1 (hard)", "🤖 Bot 2 (hard)"]
    bots = [s.user_id for s in info.seats if is_ai_seat(s.user_id)]
    assert [ai_seat_level(u) for u in bots] == ["hard", "hard"]
    more = await table.add_ai_seats(channel_id=CHANNEL, user_id=ADA, count=1, level="easy")
    assert more.seats[-1].name == "🤖 Bot 3 (easy)"


async def test_one_human_against_bots_is_a_game_that_starts(table):
    await lobby(table, users=(ADA,))
    await table.add_ai_seats(channel_id=CHANNEL, user_id=ADA, count=1, level="easy")
    outcome = await table.start(channel_id=CHANNEL, user_id=ADA)
    assert outcome.game.status == "running"


async def test_only_the_host_adds_bots_and_only_to_free_seats_in_the_lobby(table, db_path):
    await lobby(table, users=(ADA, BO))
    before = snapshot(db_path)
    with pytest.raises(NotAllowed, match="Only the host, Ada"):
        await table.add_ai_seats(channel_id=CHANNEL, user_id=BO, count=1, level="easy")
    with pytest.raises(GameFull, match="at most 4 players"):
        await table.add_ai_seats(channel_id=CHANNEL, user_id=ADA, count=3, level="easy")
    with pytest.raises(BadOptions, match="Levels: easy, normal, hard"):
        await table.add_ai_seats(channel_id=CHANNEL, user_id=ADA, count=1, level="godlike")
    assert snapshot(db_path) == before
    await table.start(channel_id=CHANNEL, user_id=ADA)
    with pytest.raises(WrongStage):
        await table.add_ai_seats(channel_id=CHANNEL, user_id=ADA, count=1, level="easy")


async def test_bots_move_through_the_move_path_until_a_human_is_awaited(table, store):
    await lobby(table, users=(ADA,))
    await table.add_ai_seats(channel_id=CHANNEL, user_id=ADA, count=2, level="normal")
    start = await table.start(channel_id=CHANNEL, user_id=ADA)
    published = []

    async def publish(outcome):
        published.append(outcome)

    driver = AiSeatDriver(table, thinker(), publish)
    if start.to_act != [ADA]:
        await driver.on_outcome(start)
        await asyncio.wait_for(driver.running[start.game.id], 30)
    game = await table.game(channel_id=CHANNEL)
    if game.status == "running":
        assert await table.waiting_for(channel_id=CHANNEL) == [ADA]
        outcome = await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
        await driver.on_outcome(outcome)
        await asyncio.wait_for(driver.running[outcome.game.id], 30)
    assert published, "the bots moved"
    assert all(o.action is not None and not o.by_standin for o in published)
    moves = await store.moves(start.game.id)
    bot_moves = [m for m in moves if m.kind == "move" and m.user_id is not None and m.user_id < 0]
    assert len(bot_moves) == len(published)
    assert {m.player for m in bot_moves} <= {"🤖 Bot 1 (normal)", "🤖 Bot 2 (normal)"}
    await driver.close()


async def test_a_stand_in_searches_at_the_level_it_is_given_and_is_marked_so(table):
    await lobby(table, users=(ADA, BO))
    await table.add_ai_seats(channel_id=CHANNEL, user_id=ADA, count=1, level="hard")
    start = await table.start(channel_id=CHANNEL, user_id=ADA)
    human = next(u for u in start.to_act if not is_ai_seat(u)) if start.to_act[0] > 0 else None
    if human is None:  # the bot opens: let it move first
        await AiSeatDriver(table, thinker(), _ignore).play(start.game.id)
        human = (await table.waiting_for(channel_id=CHANNEL))[0]
    asked = []

    async def think(game, state_json, player, level, seed):
        asked.append((player, level))
        return "take:1"

    game = await table.game(channel_id=CHANNEL)
    outcome = await table.play_standin(
        game_id=game.id, user_id=human, expected_version=game.version, think=think, level="hard"
    )
    assert outcome.by_standin
    assert asked == [(game.seat_of(human).name, "hard")]


async def test_a_stand_in_searches_at_normal_unless_told(table):
    await lobby(table, users=(ADA, BO))
    start = await table.start(channel_id=CHANNEL, user_id=ADA)
    asked = []

    async def think(game, state_json, player, level, seed):
        asked.append(level)
        return "take:1"

    await table.play_standin(
        game_id=start.game.id,
        user_id=start.to_act[0],
        expected_version=start.game.version,
        think=think,
    )
    assert asked == ["normal"]


async def _ignore(outcome):
    return None


async def test_a_search_that_fails_leaves_the_move_to_the_engines_suggestion(table):
    await lobby(table, users=(ADA, BO))
    start = await table.start(channel_id=CHANNEL, user_id=ADA)

    async def broken(game, state_json, player, level, seed):
        raise RuntimeError("the worker died")

    outcome = await table.play_standin(
        game_id=start.game.id,
        user_id=start.to_act[0],
        expected_version=start.game.version,
        think=broken,
    )
    assert outcome.action is not None and outcome.by_standin


async def test_at_start_a_process_wakes_the_bots_of_its_own_shards_games_only(table):
    from storage.shards import Shards
    from tests.table.conftest import GUILD

    await lobby(table, users=(ADA,))
    await table.add_ai_seats(channel_id=CHANNEL, user_id=ADA, count=1, level="easy")
    game = (await table.start(channel_id=CHANNEL, user_id=ADA)).game
    mine = (GUILD >> 22) % 2
    woken: list[int] = []
    for shard, expected in ((1 - mine, []), (mine, [game.id])):
        driver = AiSeatDriver(table, thinker(), publish=None, shards=Shards(2, {shard}))
        driver.wake = woken.append
        await driver.wake_all()
        assert woken == expected
        await driver.close()


async def test_a_search_that_answers_an_illegal_move_leaves_the_move_to_the_suggestion(table):
    await lobby(table, users=(ADA, BO))
    start = await table.start(channel_id=CHANNEL, user_id=ADA)

    async def confused(game, state_json, player, level, seed):
        return "no-such-move"

    outcome = await table.play_standin(
        game_id=start.game.id,
        user_id=start.to_act[0],
        expected_version=start.game.version,
        think=confused,
    )
    assert outcome.action is not None and outcome.action.id != "no-such-move"
    assert outcome.by_standin


async def test_a_game_registered_at_run_time_is_thought_about_here_not_in_a_worker():
    """A worker process knows only the games found in ``engines/``: a game registered by a
    call in this process is searched in a thread of this one, never sent to fail there."""
    import engines
    from tests.engines.toy import ToyEngine

    class NoWorkers(ThreadPoolExecutor):
        def submit(self, *args, **kwargs):  # type: ignore[override]
            raise AssertionError("a game registered here was sent to a worker")

    class RunTimeToy(ToyEngine):
        name = "run_time_toy"  # its own name: the session's "toy" stays registered

    engine = engines.register(RunTimeToy())
    try:
        state = engine.setup(["Ada", "Bo"], seed=1)
        chosen = await Thinker(NoWorkers()).choose(
            engine.name, state.model_dump_json(), "Ada", "easy", 1
        )
        assert chosen in {a.id for a in engine.legal_actions(state, "Ada")}
    finally:
        engines.unregister(engine.name)
