"""The stand-in's play (``suggest``): draft Cores while it has few creatures, stitch Parts,
spend tokens now and then, and give up the least useful Part when it must."""

from __future__ import annotations

import random

from engines.cemetery.data import CARDS
from engines.cemetery.stability import score
from engines.cemetery.state import CemeteryState, Creature


def suggest(state: CemeteryState, player: str, ids: list[str], rng: random.Random) -> str:
    real = [i for i in ids if i not in ("back", "done")]
    if not real:
        return ids[0]
    if state.pending is not None:
        if state.pending.kind in ("maim", "mindless"):
            # give up the least useful Part: a flipped one, else a dual, else any
            owner = state.player(player)
            worst = []
            for aid in real:
                _, idx, pos = aid.split(":")
                card = owner.creatures[int(idx)].parts[pos]
                rank = 0 if card in state.flipped else (1 if CARDS[card].is_dual else 2)
                worst.append((rank, aid))
            best_rank = min(r for r, _ in worst)
            return rng.choice([a for r, a in worst if r == best_rank])
        return rng.choice(real)
    me = state.me
    if state.phase == "draft":
        cores_held = len(me.creatures) + sum(CARDS[c].category == "core" for c in me.hand)
        if "core" in ids and cores_held < 2 + len(me.creatures) // 3 and rng.random() < 0.5:
            return "core"
        others = [i for i in real if i != "core"] or real
        return rng.choice(others)
    if state.phase == "stitch":
        parts = [i for i in real if not i.startswith("core:")]
        cores = [i for i in real if i.startswith("core:")]
        full = all(len(c.parts) >= 5 for c in me.creatures)
        if cores and (not me.creatures or (full and rng.random() < 0.6)):
            return rng.choice(cores)
        if parts:
            return rng.choice(parts)
        return "done"
    if state.phase == "mark":
        return rng.choice(real) if rng.random() < 0.5 else "done"
    if state.phase == "experiment":
        return rng.choice(real) if rng.random() < 0.2 else "done"
    return rng.choice(real)


#: Scorings a standing looks ahead at most: further on, creatures are maimed and rebuilt
LOOKAHEAD_SCORINGS = 6


def standing(state: CemeteryState) -> dict[str, float]:
    """Each player's tokens so far plus what their active creatures earn a Scoring, times the
    Scorings left before a supply runs dry (at both players' present earnings, at most
    :data:`LOOKAHEAD_SCORINGS`). A searching bot's playout stops a couple of turns ahead, before
    a stitch that makes a creature active or stable has paid; counting the tokens alone, the
    search saw no use in it and played worse with short playouts (docs/bots.md)."""
    earning = {side.name: _earning(state, side.creatures) for side in state.sides}
    scorings = float(LOOKAHEAD_SCORINGS)
    for kind, supply in (("revenge", state.supply_revenge), ("science", state.supply_science)):
        per_round = sum(e[kind] for e in earning.values())
        if per_round:
            scorings = min(scorings, supply / per_round)
    return {
        side.name: side.total + scorings * sum(earning[side.name].values()) for side in state.sides
    }


def _earning(state: CemeteryState, creatures: list[Creature]) -> dict[str, int]:
    out = {"revenge": 0, "science": 0}
    for creature in creatures:
        for kind, n in score(creature, state.flipped).items():
            out[kind] += n
    return out
