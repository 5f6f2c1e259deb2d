"""A new game: shuffled Core and Part piles, the opening Cemetery, a random first player, and
the first turn's Draft under way."""

from __future__ import annotations

from engines.cemetery.data import CARDS, CONSTANTS
from engines.cemetery.flow import start_turn
from engines.cemetery.state import CemeteryState, PlayerState, Slot
from engines.core import Event, Rng


def new_game(players: list[str], seed: int) -> CemeteryState:
    rng = Rng(seed=seed)
    cores = [c.id for c in CARDS.values() if c.category == "core"]
    parts = [c.id for c in CARDS.values() if c.category == "part"]
    rng.shuffle(cores)
    rng.shuffle(parts)
    cemetery = [[Slot(card=parts.pop())] for _ in range(CONSTANTS.cemetery_start)]
    first = rng.randint(0, 1)
    state = CemeteryState(
        players=list(players),
        sides=[PlayerState(name=p) for p in players],
        first=first,
        current=first,
        core_pile=cores,
        part_pile=parts,
        cemetery=cemetery,
        supply_revenge=CONSTANTS.revenge_supply,
        supply_science=CONSTANTS.science_supply,
        rng=rng,
    )
    events: list[Event] = []
    start_turn(state, events)  # the Cemetery and both piles are full: the Draft can begin
    return state
