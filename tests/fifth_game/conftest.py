"""The fifth game registered for these tests only, by the one call a game package needs, and
a bot over Discord (the harness of tests/discord) built once it is registered."""

from __future__ import annotations

import pytest

import engines
from tests.discord.harness import Harness

PACKAGE = "tests.fifth_game.stones"


@pytest.fixture
def stones():
    engine = engines.register_package(PACKAGE)
    yield engine
    engines.unregister(engine.name)


@pytest.fixture
async def h(stones, tmp_path):
    async with Harness.open(tmp_path / "tabletop.sqlite") as harness:
        yield harness
        assert harness.world.violations == [], "the bot broke a Discord limit"
