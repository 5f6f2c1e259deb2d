"""One game the engine cannot play (its state loads, then the engine raises: after an engine
upgrade, say) stops only its own clock: it is marked, its channel is told once, and every other
game's clocks run."""

import pytest

import engines
from tests.clock.conftest import ADA, BO, CHANNEL, CY, HOUR, OTHER_CHANNEL
from tests.table.conftest import raw


@pytest.fixture
def ada_breaks_the_engine(monkeypatch):
    """The toy engine raises (not a ValueError) on any game Ada plays in."""
    engine = engines.get_engine("toy")
    to_act = engine.to_act

    def broken(state):
        if "Ada" in state.players:
            raise RuntimeError("an upgraded engine no longer understands this state")
        return to_act(state)

    yield lambda: monkeypatch.setattr(engine, "to_act", broken)


async def test_a_game_the_engine_cannot_answer_stops_only_its_own_clock(
    world, ada_breaks_the_engine
):
    damaged = await world.game(ADA, BO)
    healthy = await world.game(BO, CY, channel=OTHER_CHANNEL)
    ada_breaks_the_engine()
    await world.restart()  # recovering at connect does not stop at the damaged game
    assert await world.clocks.deadlines(damaged.game.id) == []
    assert [d.user_id for d in await world.clocks.deadlines(healthy.game.id)] == [BO]
    told = [text for channel, text, _ in world.notifier.texts if channel == CHANNEL]
    assert len(told) == 1 and "cannot be played" in told[0] and "/host abort" in told[0]
    await world.after(25 * HOUR)  # the healthy game's clock runs: its deadline fires
    assert [c for c, _, _ in world.notifier.turns] == [OTHER_CHANNEL]


async def test_a_damaged_game_is_told_once_not_at_every_restart(world, ada_breaks_the_engine):
    await world.game(ADA, BO)
    ada_breaks_the_engine()
    await world.restart()
    await world.restart()
    assert len([t for c, t, _ in world.notifier.texts if c == CHANNEL]) == 1


async def test_a_game_that_loads_again_gets_its_clock_back(world, monkeypatch):
    game = await world.game(ADA, BO)
    engine = engines.get_engine("toy")
    with monkeypatch.context() as m:
        m.setattr(engine, "to_act", lambda state: 1 / 0)
        await world.restart()
    assert await world.clocks.deadlines(game.game.id) == []
    await world.restart()
    assert [d.user_id for d in await world.clocks.deadlines(game.game.id)] == [ADA]


async def test_an_engine_answering_nonsense_stops_only_its_own_clock(world, monkeypatch):
    """Not an exception from the engine itself: what it answers breaks the table's use of it."""
    damaged = await world.game(ADA, BO)
    healthy = await world.game(BO, CY, channel=OTHER_CHANNEL)
    engine = engines.get_engine("toy")
    to_act = engine.to_act
    monkeypatch.setattr(
        engine, "to_act", lambda state: 42 if "Ada" in state.players else to_act(state)
    )
    await world.restart()
    assert await world.clocks.deadlines(damaged.game.id) == []
    assert [d.user_id for d in await world.clocks.deadlines(healthy.game.id)] == [BO]


async def test_a_state_that_no_longer_loads_stops_only_its_own_clock(world):
    damaged = await world.game(ADA, BO)
    healthy = await world.game(BO, CY, channel=OTHER_CHANNEL)
    with raw(world.path) as db:
        db.execute('UPDATE games SET state = \'{"pile": "many"}\' WHERE id = ?', (damaged.game.id,))
    await world.restart()
    assert await world.clocks.deadlines(damaged.game.id) == []
    assert [d.user_id for d in await world.clocks.deadlines(healthy.game.id)] == [BO]
    assert [c for c, _, _ in world.notifier.texts] == [CHANNEL]
