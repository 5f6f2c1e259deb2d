"""What a player cannot know, re-dealt for a searching bot (``determinize``).

Hands are not secret in substance: every species plays its own printed cards, and a card
leaves the hand face up (discard, box), so a hand is its species' cards minus those seen. The
only secrets are the order of the goal deck and the dice to come.
"""

from __future__ import annotations

import random

from engines.core import fresh_rng, redeal
from engines.run_animals.state import RAState


def determinize(state: RAState, player: str, rng: random.Random) -> RAState:
    """``state`` (a copy the caller owns) with the goal deck re-dealt and fresh dice."""
    state.goal_deck = redeal(state.goal_deck, rng)
    state.rng = fresh_rng(rng)
    return state
