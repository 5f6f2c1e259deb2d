"""The stand-in's play (``suggest``): go for the cubes the goal needs, never give an animal up
voluntarily. Good enough to cover an absent player and to end random playouts quickly."""

from __future__ import annotations

import random
from collections.abc import Callable

from engines.run_animals.actions import still_needed
from engines.run_animals.board import cubes_on, neighbours
from engines.run_animals.data import ActionSpec, CardData, GameData, load
from engines.run_animals.scoring import score
from engines.run_animals.state import RAState


def _can_acquire(state: RAState, spec: ActionSpec, tile: int, need: dict[str, int]) -> bool:
    if spec.kind != "acquire":
        return False
    here = cubes_on(state.tiles[tile - 1])
    return any(need[c] > 0 and here[c] > 0 for c in spec.colours)


def card_value(
    state: RAState, data: GameData, player: str, card: CardData, tile: int, need: dict[str, int]
) -> float:
    """How much ``card`` played with the animal on ``tile`` helps the goal right now."""
    value = 0.0
    for spec in card.actions:
        if _can_acquire(state, spec, tile, need):
            value = max(value, 3.0)
        elif spec.kind == "steal" and any(need[c] > 0 and state.supply[c] > 0 for c in need):
            value = max(value, 2.5)
        elif spec.kind == "warm_up":
            useful = any(not data.cards[c].is_warm_up for c in state.seats[player].discard)
            value = max(value, 1.5 if useful else 0.1)
        elif spec.kind == "move":
            value = max(value, 0.5)
        elif spec.kind == "expel":
            value = max(value, 0.3)
    first, *rest = card.actions
    if card.join == "then" and first.kind == "move":
        after_move = [t for t, _ in neighbours(tile)]
        if any(_can_acquire(state, rest[0], t, need) for t in after_move):
            value = max(value, 2.8)
    return value


def suggest(state: RAState, player: str, ids: list[str], rng: random.Random) -> str:
    data = load(state.edition)
    need = still_needed(state, data, player)
    phase = state.phase
    if phase == "place":
        rich = [i for i in ids if sum(cubes_on(state.tiles[int(i[6:]) - 1]).values()) >= 3]
        return rng.choice(rich or ids)
    if phase == "turn":
        plays = [i for i in ids if i.startswith("play:")]
        tiles = state.tiles_of(player)

        def best(i: str) -> float:
            card = data.cards[i[5:]]
            return max(card_value(state, data, player, card, t, need) for t in tiles)

        return _best(plays, best, rng)
    if phase == "meeple":
        card = data.cards[state.playing.card]
        return _best(ids, lambda i: card_value(state, data, player, card, int(i[3:]), need), rng)
    if phase == "step":
        for prefix in ("acq:", "steal:", "warm:"):
            hit = [i for i in ids if i.startswith(prefix)]
            if hit:
                return rng.choice(hit)
        moves = [i for i in ids if i.startswith("move:")]
        good = [
            i
            for i in moves
            if any(need[c] and n for c, n in cubes_on(state.tiles[int(i[5:]) - 1]).items())
        ]
        if good:
            return rng.choice(good)
        if "expel" in ids and rng.random() < 0.5:
            return "expel"
        if moves and rng.random() < 0.8:
            return rng.choice(moves)
        return "skip"
    if phase == "goal":
        return max(ids, key=lambda i: data.goals[int(i[5:])].points)
    return rng.choice(ids)


def _best(ids: list[str], value: Callable[[str], float], rng: random.Random) -> str:
    scored = [(value(i), i) for i in ids]
    top = max(v for v, _ in scored)
    return rng.choice([i for v, i in scored if v == top])


def standing(state: RAState, data: GameData, player: str) -> float:
    """``player``'s score, plus their goal's points in proportion to the cubes they have
    gathered for it. A searching bot's playout stops a couple of turns ahead, before most
    goals are complete; with the score alone nearly every playout ended level, and the search
    could not tell a move that gathers a needed cube from one that does not (docs/bots.md)."""
    seat = state.seats[player]
    ahead = 0.0
    if seat.goal is not None:
        need = data.goals[seat.goal].need
        wanted = sum(need.values())
        if wanted:
            have = sum(min(seat.goal_cubes.get(k, 0), n) for k, n in need.items())
            ahead = data.goals[seat.goal].points * have / wanted
    return score(state, data, player) + ahead
