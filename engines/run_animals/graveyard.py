"""The Animal graveyard: removed meeples, their penalties, and the game ends it triggers."""

from __future__ import annotations

from engines.core import Event
from engines.run_animals.data import GameData
from engines.run_animals.state import GRAVE, RAState


def bury(state: RAState, data: GameData, meeple: int) -> list[Event]:
    """Send a meeple to the empty slot with the lowest penalty; end the game if that fills the
    graveyard for this player count or makes the species extinct."""
    owner = state.meeples[meeple].owner
    tile = state.meeples[meeple].tile
    state.meeples[meeple].tile = GRAVE
    slot = state.graveyard.index(None)
    state.mark(f"grave:{tile}:{slot + 1}")
    state.graveyard[slot] = owner
    penalty = data.components.graveyard.penalties[slot]
    species = data.species[state.seats[owner].species].short
    events = [
        Event(text=f"☠ One of {owner}'s {species}s goes to graveyard slot {slot + 1} (-{penalty}).")
    ]
    reasons = []
    if slot + 1 >= data.graveyard_end_slot(len(state.players)):
        reasons.append(
            f"the graveyard is full ({slot + 1} slots): all the animals lost to humankind"
        )
    if not state.meeples_of(owner):
        state.seats[owner].eliminated = True
        reasons.append(f"{owner}'s {species} is extinct and {owner} is eliminated")
    if reasons:
        end_game(state, "; ".join(reasons))
        events.append(Event(text=f"The game ends: {state.end_reason}.", kind="end"))
    return events


def penalty_of(state: RAState, data: GameData, player: str) -> int:
    pens = data.components.graveyard.penalties
    return sum(pens[i] for i, owner in enumerate(state.graveyard) if owner == player)


def end_game(state: RAState, reason: str) -> None:
    """The one way a game ends: ``over`` for every engine, the last phase for the board."""
    state.over = True
    state.phase = "over"
    state.pending = None
    state.end_reason = reason
