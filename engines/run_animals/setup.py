"""Setting up a game: map, cubes, goals, species, hands and meeples, and a random first player."""

from __future__ import annotations

from typing import Literal

from engines.core import Rng
from engines.run_animals.board import fill
from engines.run_animals.data import GameData
from engines.run_animals.state import EMPTY, Meeple, PlayerState, RAState, TileState


def assign_species(
    players: list[str], chosen: dict[str, str], data: GameData, rng: Rng
) -> dict[str, str]:
    """Species codes by player: the lobby's choice, else a random species nobody has."""
    out = {p: data.species_by_name(chosen[p]).code for p in players if p in chosen}
    for p in players:
        if p not in out:
            free = [code for code in data.species if code not in out.values()]
            out[p] = rng.choice(free)
    return out


def new_game(players: list[str], chosen: dict[str, str], data: GameData, seed: int) -> RAState:
    rng = Rng(seed=seed)
    n = len(players)
    species = assign_species(players, chosen, data, rng)
    deck = list(data.goals)
    rng.shuffle(deck)
    seats = {}
    for p in players:
        sp = data.species[species[p]]
        seats[p] = PlayerState(
            species=sp.code,
            hand=[c.id for c in sp.cards],
            goal=deck.pop(0),
        )
    face_up = [deck.pop(0), deck.pop(0)]
    meeples = [Meeple(owner=p) for p in players for _ in range(data.species[species[p]].meeples)]
    cleared = set(data.cleared_at_setup(n))
    tiles = []
    for spec in data.map.tiles:
        side: Literal["forest", "cleared"] = "cleared" if spec.number in cleared else "forest"
        slots = spec.cleared if side == "cleared" else spec.forest
        tiles.append(TileState(number=spec.number, side=side, slots=[EMPTY] * len(slots)))
    supply = data.components.supply
    start = rng.randint(0, n - 1)
    state = RAState(
        players=list(players),
        seats=seats,
        meeples=meeples,
        tiles=tiles,
        supply={"F": supply.F, "N": supply.N, "W": supply.W},
        cement=data.components.cement.count,
        goal_deck=deck,
        face_up=face_up,
        graveyard=[None] * len(data.components.graveyard.penalties),
        start=start,
        placer=start,
        rng=rng,
    )
    for tile in state.tiles:
        fill(state, data, tile)
    return state
