"""Standing answers: a recurring question a player answers once, privately, for the rest of a
game ("decline every trade offer", "pay the jail fine at once").

An engine declares which it offers (:meth:`engines.core.Engine.standing_answers`: data, an id,
the words, the moves it answers) and, for a position, the move an answer makes there
(:meth:`engines.core.Engine.standing_move`, ``None`` when the question it answers is not
being asked). The table keeps each player's choice with their seat and makes that move for
them when they are asked; stand-ins and bots honour none of it.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class StandingAnswer(BaseModel):
    """One answer a player may give once for the whole game."""

    model_config = ConfigDict(frozen=True)

    #: stable and short: kept with the player's seat (``decline-trades``, ``no-trades-from:2``)
    id: str
    #: what the player reads, in their own panel and ``/game hand`` ("Decline every trade offer")
    words: str
    #: the moves it answers, as the engine's action ids or their verbs ("tr:no", "pay")
    answers: tuple[str, ...]
