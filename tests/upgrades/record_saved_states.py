"""Writes mid-game saved states of every engine, as the bot stores them, into ``saved_states/``.

The committed files are a snapshot of states saved by an earlier version of the engines: a
later version must still load and finish them (``test_saved_states.py``). Re-run this only to
add snapshots of a new state format, never to overwrite old ones:

    .venv/bin/python -m tests.upgrades.record_saved_states
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import engines

HERE = Path(__file__).parent / "saved_states"
NAMES = ["Ada", "Bruno", "Chidi", "Dana"]
#: (game, players, game-wide options, seed, how far into a full playout to stop)
SNAPSHOTS = [
    ("monopoly", 3, {"mode": "classic"}, 11, 0.5),
    ("monopoly", 2, {"mode": "quick"}, 12, 0.5),
    ("anatomy_park", 3, {"mode": "basic"}, 13, 0.5),
    ("anatomy_park", 4, {"mode": "advanced"}, 14, 0.6),
    # saved while a lasting body reaction was in effect, its card then in the reaction discard
    ("anatomy_park", 2, {"mode": "basic"}, 17, 0.65),
    ("run_animals", 3, {}, 15, 0.5),
    ("cemetery", 2, {}, 16, 0.5),
]


def _playout_length(engine, players, options, seed) -> int:
    state = engine.setup(players, seed=seed, options=options)
    rng = random.Random(seed)
    steps = 0
    while engine.result(state) is None and steps < engine.max_playout_steps:
        actor = engine.to_act(state)[0]
        state, _ = engine.apply(state, actor, engine.suggest(state, actor, rng))
        steps += 1
    return steps


def record(game: str, n: int, options: dict, seed: int, share: float) -> dict:
    engine = engines.get_engine(game)
    players = NAMES[:n]
    options = engine.validate_options(players, options)
    stop = int(_playout_length(engine, players, options, seed) * share)
    state = engine.setup(players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(stop):
        actor = engine.to_act(state)[0]
        state, _ = engine.apply(state, actor, engine.suggest(state, actor, rng))
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    return {
        "game": game,
        "players": players,
        "options": options,
        "seed": seed,
        "moves_played": stop,
        "recorded_at_commit": commit,
        "state": json.loads(state.model_dump_json()),
    }


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for game, n, options, seed, share in SNAPSHOTS:
        mode = options.get("mode", "default")
        path = HERE / f"{game}-{mode}-{n}p.json"
        if path.exists():
            print(f"kept {path.name} (snapshots are never overwritten)")
            continue
        path.write_text(json.dumps(record(game, n, options, seed, share), indent=1) + "\n")
        print(f"wrote {path.name}")


if __name__ == "__main__":
    main()
