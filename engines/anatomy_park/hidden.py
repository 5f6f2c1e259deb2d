"""What a player cannot know, re-dealt for a searching bot (``determinize``).

Hidden from ``player``: the other players' hands, the tile stack, the tiles transports laid
face down (nobody saw them), the other players' master plans, the order of the body reaction
deck, a body reaction card another player is acting out, and the dice. The reaction deck keeps
its one public structure: the heart attacks were shuffled into its bottom half, so while cards
of the top half remain, no heart attack is among them.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engines.anatomy_park import data
from engines.anatomy_park.state import APState, Cell
from engines.core import fresh_rng, item_setter, redeal


def determinize(state: APState, player: str, rng: random.Random) -> APState:
    """``state`` (a copy the caller owns) with everything ``player`` cannot see re-dealt."""
    _redeal_tiles(state, player, rng)
    _redeal_plans(state, player, rng)
    _redeal_reactions(state, player, rng)
    state.rng = fresh_rng(rng)
    return state


def _redeal_tiles(state: APState, player: str, rng: random.Random) -> None:
    places: list[tuple[Callable[[str], None], str]] = []
    for other in state.players:
        if other != player:
            hand = state.hands[other]
            places += [(item_setter(hand, i), t) for i, t in enumerate(hand)]
    stack = state.stack
    places += [(item_setter(stack, i), t) for i, t in enumerate(stack)]
    for space in sorted(state.park):
        cell = state.park[space]
        if cell.closed:
            places.append((_tile_setter(state.park, space), cell.tile))
    for (put, _), tile in zip(places, redeal([t for _, t in places], rng), strict=True):
        put(tile)
    # a tile another player secretly chose to pass (Gonorrhea) is one of their re-dealt tiles
    for task in state.tasks:
        chosen = task.data.get("chosen")
        if isinstance(chosen, dict):
            for giver in sorted(chosen):
                if giver != player:
                    chosen[giver] = rng.choice(sorted(state.hands[giver]))


def _tile_setter(park: dict[str, Cell], space: str) -> Callable[[str], None]:
    """Deals a tile into ``space`` (cells are frozen, so the space gets a new Cell)."""

    def put(tile: str) -> None:
        park[space] = park[space].model_copy(update={"tile": tile})

    return put


def _redeal_plans(state: APState, player: str, rng: random.Random) -> None:
    others = [p for p in state.players if p != player and p in state.plans]
    if not others:
        return
    free = sorted(set(data.plans()) - ({state.plans[player]} if player in state.plans else set()))
    for p, plan in zip(others, rng.sample(free, len(others)), strict=True):
        state.plans[p] = plan


def _redeal_reactions(state: APState, player: str, rng: random.Random) -> None:
    cards = data.reactions()
    acting = next(
        (t for t in state.tasks if t.kind == "act_out" and t.player != player),
        None,
    )
    deck = list(state.reactions)
    hidden = deck + ([acting.data["card"]] if acting is not None else [])
    hearts = sorted(c for c in hidden if cards[c].kind == "heart")
    rest = redeal([c for c in hidden if cards[c].kind != "heart"], rng)
    if acting is not None:  # a card acted out is a body reaction, never a disease
        acting.data["card"] = rest.pop(
            next(i for i, c in enumerate(rest) if cards[c].kind == "reaction")
        )
    # the top half (the end of the list) still holds this many cards, none a heart attack
    half = sum(r.kind != "heart" for r in cards.values()) // 2
    drawn = sum(r.kind != "heart" for r in cards.values()) - len(rest)
    top_left = min(max(0, half - drawn), len(rest))
    top = rest[len(rest) - top_left :]
    bottom = rest[: len(rest) - top_left] + hearts
    bottom = redeal(bottom, rng)
    state.reactions = bottom + top
