"""How long a move takes as a user sees it: from the click (or /play) to the new turn message,
through the real bot process and the local Discord, per engine. Run with:

    python -m pytest -m bench -s tests/e2e/test_bench.py

The figure includes the driver's polling (10 ms) and the quiet spell it waits for (50 ms),
and the user's own hops (an autocomplete before /play, a private "your moves" answer).
"""

from __future__ import annotations

import statistics

import pytest

import engines
from tests.e2e.conftest import bot_games
from tests.e2e.session import GameSession

MOVES = 40


@pytest.mark.bench
@pytest.mark.parametrize("name", bot_games())
def test_bench_move_to_turn_message(world, name):
    d = world.driver
    engine = engines.get_engine(name)
    count = max(engine.min_players, min(3, engine.max_players))
    session = GameSession(
        d,
        world.db,
        d.channel(f"bench-{name}"),
        name,
        [d.user(n) for n in ["Ada", "Bob", "Cy"][:count]],
        spectator=d.user("Eve"),
        seed=3,
    )
    session.open_and_start()
    while session.running() and len(session.timings) < MOVES:
        session.move()
    t = sorted(session.timings)
    p99 = t[min(len(t) - 1, round(0.99 * (len(t) - 1)))]
    print(
        f"\n{name}: {len(t)} moves, action -> turn message p50 {statistics.median(t) * 1000:.0f} ms, "
        f"p99 {p99 * 1000:.0f} ms, max {t[-1] * 1000:.0f} ms"
    )
