"""What drawing a board costs, over every position of the recorded golden games.

Run: ./tabletop test -m bench -s tests/bench/test_bench_renders.py

Each golden game is replayed and its public board drawn after every move, in one process whose
caches are warm (as in a long-lived render worker): one line per game with the median and p99
milliseconds, wall clock and this thread's CPU time (steadier on a shared machine), and the
largest PNG.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

import pytest

import engines
import rendering

GAMES = Path(__file__).parent.parent / "golden" / "games"


def public_views(path: Path) -> tuple[str, list]:
    """The spectator's view after every move of one recorded game."""
    recorded = json.loads(path.read_text())
    engine = engines.get_engine(recorded["game"])
    state = engine.setup(recorded["players"], seed=recorded["seed"], options=recorded["options"])
    views = [engine.view(state, None)]
    for actor, action in recorded["actions"]:
        state, _ = engine.apply(state, actor, action)
        views.append(engine.view(state, None))
    return recorded["game"], views


@pytest.mark.bench
@pytest.mark.parametrize("path", sorted(GAMES.glob("*.json")), ids=lambda p: p.stem)
def test_bench_board_render_over_a_whole_game(path: Path):
    game, views = public_views(path)
    rendering.render_board(game, views[0])  # the worker's warm-up draw
    wall, cpu, biggest = [], [], 0
    for view in views:
        t0, c0 = time.perf_counter(), time.thread_time()
        png = rendering.render_board(game, view)
        cpu.append((time.thread_time() - c0) * 1000)
        wall.append((time.perf_counter() - t0) * 1000)
        biggest = max(biggest, len(png))
    print(
        f"\nrender {path.stem}: boards={len(wall)} median={statistics.median(wall):.1f}ms "
        f"p99={p99(wall):.1f}ms cpu_median={statistics.median(cpu):.1f}ms "
        f"cpu_p99={p99(cpu):.1f}ms max_png={biggest / 1024:.0f}KB"
    )


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
