"""A new game, exactly as the rulebook sets it up."""

from __future__ import annotations

from engines.anatomy_park import data
from engines.anatomy_park.data import ENTRANCE
from engines.anatomy_park.state import APState, Cell
from engines.core import Rng

START = "0,0"
MARKERS = 5
HAND_START = 3


def reaction_deck(rng: Rng) -> list[str]:
    """Heart attacks set aside; the rest split in two; both heart attacks shuffled into one
    half, which goes under the other: heart attacks only come in the second half."""
    cards = data.reactions()
    hearts = [c for c, r in cards.items() if r.kind == "heart"]
    rest = [c for c, r in cards.items() if r.kind != "heart"]
    rng.shuffle(rest)
    half = len(rest) // 2
    top, bottom = rest[:half], rest[half:] + hearts
    rng.shuffle(bottom)
    return bottom + top  # the end of the list is the top of the deck


def new_game(players: list[str], seed: int, mode: str, chosen: dict[str, str]) -> APState:
    rng = Rng(seed=seed)
    free = [c for c in data.characters() if c not in chosen.values()]
    rng.shuffle(free)
    characters = {p: chosen.get(p) or free.pop() for p in players}
    stack = [t for t, tile in data.tiles().items() if tile.id != ENTRANCE]
    rng.shuffle(stack)
    hands = {p: [stack.pop() for _ in range(HAND_START)] for p in players}
    plans: dict[str, str] = {}
    if mode == "advanced":
        deck = list(data.plans())
        rng.shuffle(deck)
        plans = {p: deck.pop() for p in players}
    first = players[rng.randint(0, len(players) - 1)]
    return APState(
        players=list(players),
        characters=characters,
        mode=mode,
        plans=plans,
        rng=rng,
        park={START: Cell(tile=ENTRANCE)},
        pos={p: START for p in players},
        hands=hands,
        stack=stack,
        reactions=reaction_deck(rng),
        markers_left={p: MARKERS for p in players},
        vp={p: 0 for p in players},
        current=first,
        turn_no=0,
    )
