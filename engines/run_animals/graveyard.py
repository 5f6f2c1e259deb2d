"""The Animal graveyard: removed meeples, their penalties, and the game ends it triggers."""

from __future__ import annotations

from engines.core import Event
from engines.run_animals.data import GameData
from engines.run_animals.state import GRAVE, RAState
from engines.run_animals.words import SPECIES_SHORT
from i18n.say import Say, say


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
    species = SPECIES_SHORT[state.seats[owner].species]
    # Translators: {symbol} is an emoji (a skull) that starts the line; {species} is a kind
    # of animal, its "s" the English plural: word it as your language needs
    text = say(
        "{symbol} One of {owner}'s {species}s goes to graveyard slot {slot} (-{penalty}).",
        symbol="☠",
        owner=owner,
        species=species,
        slot=str(slot + 1),
        penalty=penalty,
    )
    events = [Event(text=text)]
    full = slot + 1 >= data.graveyard_end_slot(len(state.players))
    extinct = not state.meeples_of(owner)
    if extinct:
        state.seats[owner].eliminated = True
    reason: Say | None = None
    if full and extinct:
        reason = say(
            "the graveyard is full ({n} slots): all the animals lost to humankind; "
            "{owner}'s {species} is extinct and {owner} is eliminated",
            n=slot + 1,
            owner=owner,
            species=species,
        )
    elif full:
        reason = say(
            "the graveyard is full ({n} slots): all the animals lost to humankind", n=slot + 1
        )
    elif extinct:
        # Translators: why the game ended; {species} is a kind of animal ("Black Bear")
        reason = say(
            "{owner}'s {species} is extinct and {owner} is eliminated",
            owner=owner,
            species=species,
        )
    if reason is not None:
        end_game(state, reason)
        events.append(game_ends(state))
    return events


def penalty_of(state: RAState, data: GameData, player: str) -> int:
    pens = data.components.graveyard.penalties
    return sum(pens[i] for i, owner in enumerate(state.graveyard) if owner == player)


def end_game(state: RAState, reason: str) -> None:
    """The one way a game ends: ``over`` for every engine, the last phase for the board. The
    reason is kept in English (``end_reason``) and as data (``end_said``), worded for each
    reader (:func:`end_words`)."""
    state.over = True
    state.phase = "over"
    state.pending = None
    state.end_reason = str(reason)
    state.end_said = reason.data() if isinstance(reason, Say) else None


def end_words(state: RAState) -> str:
    """Why the game ended, for each reader in their language (a game that ended before the
    reason was kept as data: its English)."""
    if state.end_said is not None:
        try:
            return Say.from_data(state.end_said)
        except ValueError:
            pass
    return state.end_reason


def game_ends(state: RAState) -> Event:
    """The event that says the game is over, and why."""
    # Translators: {reason} is why the game ended, e.g. "Ada reached 20 points"
    return Event(text=say("The game ends: {reason}.", reason=end_words(state)), kind="end")
