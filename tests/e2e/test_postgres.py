"""The real bot on PostgreSQL (``TABLETOP_DB=postgresql://...``): a whole game through the
local Discord, killed with ``kill -9`` between moves and started again, as on SQLite."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import HAVE_BOT, World
from tests.e2e.test_restart import (
    test_killed_between_moves_the_game_continues_and_old_buttons_work as killed_between_moves,
)

pytestmark = pytest.mark.postgres


@pytest.fixture()
def postgres_world(tmp_path, postgres_url):
    if not HAVE_BOT:
        pytest.skip("the bot's Discord layer is not merged yet")
    w = World(tmp_path, db=postgres_url)
    w.bot.start()
    yield w
    errors = w.bot.log_errors()
    w.close()
    assert errors == [], "the bot logged errors:\n" + "\n".join(errors)


def test_on_postgresql_a_game_survives_kill_9_between_moves_and_plays_to_the_end(postgres_world):
    killed_between_moves(postgres_world, "toy")
