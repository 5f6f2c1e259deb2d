"""Fixtures for the Discord layer: a running bot over a real SQLite file, and two players."""

from __future__ import annotations

import pytest

from tests.discord.harness import Harness


@pytest.fixture
async def h(tmp_path):
    async with Harness.open(tmp_path / "tabletop.sqlite") as harness:
        yield harness
        assert harness.world.violations == [], "the bot broke a Discord limit"


@pytest.fixture
def ada(h):
    return h.user("Ada")


@pytest.fixture
def bob(h):
    return h.user("Bob")


@pytest.fixture
async def running(h, ada, bob):
    """A toy game (pile 11) with Ada then Bob seated and started; Ada is to move."""
    await h.slash(ada, "game new", game="toy", options="pile=11")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    return h.last_public()
