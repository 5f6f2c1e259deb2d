"""Golden games: whole recorded games that the current engines must replay exactly.

A recording keeps the seed, the options, every action taken, the public log, the result and a
hash of every player's (and a spectator's) view after each action. Replaying the same actions
must give the same everything: a change to the random generator, a data file or a rule that
alters a recorded game fails loudly, because saved games in the middle of play would change
under their players too.

Re-record (only when the change is meant, and then give saved states a migration):

    .venv/bin/python -m tests.golden.recording
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import engines

HERE = Path(__file__).parent / "games"
NAMES = ["Ada", "Bruno", "Chidi", "Dana", "Emeka", "Fatima"]
#: (game, players, game-wide options, seed)
GAMES = [
    ("monopoly", 2, {"mode": "quick"}, 101),
    ("monopoly", 3, {"mode": "classic"}, 102),
    ("anatomy_park", 2, {"mode": "basic"}, 103),
    ("anatomy_park", 4, {"mode": "advanced"}, 104),
    ("run_animals", 2, {}, 105),
    ("run_animals", 4, {}, 106),
    ("cemetery", 2, {}, 107),
]


def file_name(game: str, n: int, options: dict) -> str:
    return f"{game}-{options.get('mode', 'default')}-{n}p.json"


def views_hash(engine, state, players: list[str]) -> str:
    """One short hash of what every seat and a spectator may see now."""
    h = hashlib.sha256()
    for viewer in [*players, None]:
        h.update(engine.view(state, viewer).model_dump_json().encode())
    return h.hexdigest()[:16]


def play(game: str, n: int, options: dict, seed: int) -> dict:
    """A whole game, each action the engine's own suggestion, and everything it showed."""
    engine = engines.get_engine(game)
    players = NAMES[:n]
    options = engine.validate_options(players, options)
    state = engine.setup(players, seed=seed, options=options)
    rng = random.Random(seed)
    actions, log, views = [], [], [views_hash(engine, state, players)]
    while engine.result(state) is None and len(actions) < engine.max_playout_steps:
        actor = engine.to_act(state)[0]
        action = engine.suggest(state, actor, rng)
        state, events = engine.apply(state, actor, action)
        actions.append([actor, action])
        log.extend(e.text for e in events if e.private_to is None)
        views.append(views_hash(engine, state, players))
    result = engine.result(state)
    return {
        "game": game,
        "players": players,
        "options": options,
        "seed": seed,
        "actions": actions,
        "public_log": log,
        "result": None if result is None else json.loads(result.model_dump_json()),
        "view_hashes": views,
    }


def replay(recorded: dict) -> dict:
    """The same game replayed from the recorded actions with the current engine."""
    engine = engines.get_engine(recorded["game"])
    players = recorded["players"]
    state = engine.setup(players, seed=recorded["seed"], options=recorded["options"])
    log, views = [], [views_hash(engine, state, players)]
    for actor, action in recorded["actions"]:
        state, events = engine.apply(state, actor, action)
        log.extend(e.text for e in events if e.private_to is None)
        views.append(views_hash(engine, state, players))
    result = engine.result(state)
    return {
        **recorded,
        "public_log": log,
        "result": None if result is None else json.loads(result.model_dump_json()),
        "view_hashes": views,
    }


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for game, n, options, seed in GAMES:
        path = HERE / file_name(game, n, options)
        path.write_text(json.dumps(play(game, n, options, seed), separators=(",", ":")) + "\n")
        print(f"wrote {path.name}")


if __name__ == "__main__":
    main()
