"""A sensible move for a stand-in or a random playout: builds, collects, heads out at the end."""

from __future__ import annotations

import random

from engines.anatomy_park.state import APState


def suggest(s: APState, player: str, ids: list[str], rng: random.Random) -> str:
    if s.tasks:
        t = s.tasks[0]
        if t.kind == "act_out":
            return "acted" if rng.random() < 0.8 else "penalty"
        if t.kind in ("disease_moves", "shot_move") and rng.random() < 0.3:
            return "dmove:stay" if "dmove:stay" in ids else rng.choice(ids)
        return rng.choice(ids)
    if s.phase == "move":
        final = s.final_turns is not None
        walks = [i for i in ids if i.startswith("go:")]
        if final and walks:
            exits = [i for i in walks if _is_exit(s, i[3:])]
            if exits:
                return rng.choice(exits)
        r = rng.random()
        if walks and r < 0.5:
            return rng.choice(walks)
        tiles = [i for i in ids if i.startswith("mtile:")]
        if tiles and r < 0.8:
            return rng.choice(tiles)
        if "diseases" in ids and r < 0.8:
            return "diseases"
        return "nomove"
    # action phase
    if "leave" in ids and s.final_turns is not None:
        return "leave"
    places = [i for i in ids if i.startswith(("place:", "focus:"))]
    shots = [i for i in ids if i.startswith("shoot:")]
    hand = len(s.hands[player])
    r = rng.random()
    if shots and r < 0.25:
        return rng.choice(shots)
    if places and (hand >= 3 or r < 0.5):
        return rng.choice(places)
    return "take"  # Morty's "take" takes 3


def _is_exit(s: APState, space: str) -> bool:
    from engines.anatomy_park import data

    cell = s.park.get(space)
    return cell is not None and not cell.closed and data.tile(cell.tile).type == "exit"
