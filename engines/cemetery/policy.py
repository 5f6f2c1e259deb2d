"""The stand-in's play (``suggest``): draft Cores while it has few creatures, stitch Parts,
spend tokens now and then, and give up the least useful Part when it must."""

from __future__ import annotations

import random

from engines.cemetery.data import CARDS
from engines.cemetery.state import CemeteryState


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
