"""How long the bot takes to answer a click with a new turn message (run with -m bench -s).

Measured through the harness: discord.py's interaction parsing and dispatch, the Table's load,
apply, save and render on a real SQLite file, and building and "sending" the message (the
recording fake answers at once, so network time is not included).
"""

from __future__ import annotations

import statistics
import time

import pytest

pytestmark = pytest.mark.bench

CLICKS = 200


async def test_bench_a_click_to_the_next_turn_message(h):
    ada, bob = h.user("Ada"), h.user("Bob")
    times: list[float] = []
    while len(times) < CLICKS:
        await h.slash(ada, "game new", game="toy")
        await h.slash(bob, "game join")
        await h.slash(ada, "game start")
        turn, players, n = h.last_public(), [ada, bob], 0
        while turn.buttons() and len(times) < CLICKS:
            start = time.perf_counter()
            reply = await h.click(players[n % 2], turn, label=turn.buttons()[0]["label"])
            times.append(time.perf_counter() - start)
            [turn] = reply.public
            n += 1
        if turn.buttons():
            await h.slash(ada, "host abort")
    times.sort()
    p50 = statistics.median(times) * 1000
    p99 = times[int(len(times) * 0.99) - 1] * 1000
    print(f"\nclick -> turn message: p50 {p50:.1f} ms, p99 {p99:.1f} ms over {len(times)} clicks")
