"""What a player cannot know, re-dealt for a searching bot (``determinize``).

Everything on the table is public (cash, deeds, buildings, held Get Out of Jail Free cards);
the secrets are the order of the two card decks and the dice to come. Drawn cards go to the
bottom of their deck, which a player with a long memory could track; the state keeps no such
history, so the whole deck is re-dealt: the bot knows less than it could, never more.
"""

from __future__ import annotations

import random

from engines.core import fresh_rng, redeal
from engines.monopoly.state import MonopolyState


def determinize(state: MonopolyState, player: str, rng: random.Random) -> MonopolyState:
    """``state`` (a copy the caller owns) with both decks re-dealt and fresh dice."""
    for deck in sorted(state.decks):
        state.decks[deck] = redeal(state.decks[deck], rng)
    state.rng = fresh_rng(rng)
    return state
