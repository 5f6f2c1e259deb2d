"""Anatomy Park's own measurement: a 40-tile park drawn (the largest park a long game grows),
board and hand.

Run: ./tabletop test -m bench -s tests/anatomy_park/test_bench_park.py
"""

from __future__ import annotations

import statistics
import time

import pytest

import rendering
from engines.anatomy_park.engine import ENGINE
from tests.anatomy_park.parks import big_park


@pytest.mark.bench
def test_bench_render_40_tile_park():
    view = ENGINE.view(big_park(40), None)
    rendering.render_board("anatomy_park", view)  # warm the font and glyph caches
    times, cpu, size = [], [], 0
    for _ in range(10):
        t0, c0 = time.perf_counter(), time.process_time()
        png = rendering.render_board("anatomy_park", view)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        size = len(png)
    cold_view = ENGINE.view(big_park(40, mode="basic"), "Ada")
    t0 = time.perf_counter()
    rendering.render_hand("anatomy_park", cold_view)
    hand_ms = (time.perf_counter() - t0) * 1000
    print(
        f"\nanatomy_park 40-tile board: median {statistics.median(times):.1f} ms wall "
        f"({statistics.median(cpu):.1f} ms CPU), max {max(times):.1f} ms, {size / 1024:.0f} KB; "
        f"hand {hand_ms:.1f} ms"
    )
