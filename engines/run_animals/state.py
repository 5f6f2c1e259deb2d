"""The saved state of a game of Run Animals, Run! (pydantic, JSON round-trippable).

A tile's slot holds ``"F"``/``"N"``/``"W"`` (a cube of that colour), ``""`` (empty) or ``"C"``
(cement); the slot's own colour comes from the tile data. A meeple's ``tile`` is 1-16 on the map,
``FRONT`` while still in front of its player at setup, ``GRAVE`` once removed.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from engines.core import GameState
from engines.run_animals.data import CURRENT_EDITION

FRONT = 0
GRAVE = -1
EMPTY = ""
CEMENT = "C"

Phase = Literal["place", "turn", "meeple", "step", "expel", "goal", "forced", "over"]


class Meeple(BaseModel):
    owner: str
    tile: int = FRONT


class TileState(BaseModel):
    number: int
    side: Literal["forest", "cleared"]
    slots: list[str]


class PlayerState(BaseModel):
    species: str
    hand: list[str]
    discard: list[str] = []
    goal: int | None = None
    goal_cubes: dict[str, int] = {"F": 0, "N": 0, "W": 0}
    completed: list[int] = []
    eliminated: bool = False


class Pending(BaseModel):
    """The action card being played and how far its actions have got."""

    card: str
    meeple_tile: int | None = None
    step: int = 0
    stolen: bool = False
    expel_queue: list[int] = []  # meeple indices still to be sent away
    expel_from: int | None = None


class RollRecord(BaseModel):
    """One die result of a production round, as it happened. Frozen: state copies share it."""

    model_config = ConfigDict(frozen=True)

    face: int
    effect: str
    tile: int
    #: what it did, in English, and as data (``i18n.say.Say.data``) worded for each reader
    #: (``None`` in a roll saved before the words were kept: its English is shown)
    text: str
    said: dict[str, Any] | None = None


class TurnRecord(BaseModel):
    """What one finished turn changed, as space-separated marks (``card:bear2``, ``move:3:4``,
    ``acq:4:F``, ``grave:4:2``, ``roll:7``...; see ``views.last_turn``). Frozen and made of
    atoms, so state copies share it."""

    model_config = ConfigDict(frozen=True)

    player: str
    marks: str


class RAState(GameState):
    seats: dict[str, PlayerState]
    meeples: list[Meeple]
    tiles: list[TileState]
    supply: dict[str, int]
    cement: int
    goal_deck: list[int]
    face_up: list[int]
    boxed: list[str] = []
    graveyard: list[str | None]
    start: int
    turn_in_round: int = 0
    round: int = 1
    phase: Phase = "place"
    placer: int = 0
    pending: Pending | None = None
    recycled_this_turn: bool = False
    last_roll: list[RollRecord] = []
    roller: str | None = None
    #: why the game ended, in English (the result's reason) and as data (``Say.data``) worded
    #: for each reader (``graveyard.end_words``)
    end_reason: str = ""
    end_said: dict[str, Any] | None = None
    #: the player whose goal took them to 20 points: they win outright (see rulings.md)
    reached_target: str | None = None
    #: the edition of the component data the game was dealt with, kept to its end
    edition: int = CURRENT_EDITION
    #: the marks of the turn in progress (space-separated), moved to ``last_turn`` when it ends
    turn_marks: str = ""
    #: what the last finished turn changed (and the roll that followed it), for the board
    last_turn: TurnRecord | None = None
    #: the shape of this model: the number of steps in ``migrations.MIGRATIONS``
    schema_version: int = 5

    @property
    def playing(self) -> Pending:
        """The card being played: only asked for in the phases that play one."""
        if self.pending is None:
            raise RuntimeError(f"no card is being played in phase {self.phase}")
        return self.pending

    @property
    def current(self) -> str:
        """The player to act: the placer during setup, then the player whose turn it is."""
        if self.phase == "place":
            return self.players[self.placer]
        return self.players[(self.start + self.turn_in_round) % len(self.players)]

    def mark(self, text: str) -> None:
        """Note one change of the turn in progress (for the board's last-turn highlight)."""
        self.turn_marks = f"{self.turn_marks} {text}" if self.turn_marks else text

    def close_turn(self, player: str) -> None:
        """The turn of ``player`` is over: its marks become the last turn."""
        self.last_turn = TurnRecord(player=player, marks=self.turn_marks)
        self.turn_marks = ""

    def meeples_of(self, player: str, tile: int | None = None) -> list[int]:
        """Indices of ``player``'s meeples on the map (on ``tile`` if given)."""
        return [
            i
            for i, m in enumerate(self.meeples)
            if m.owner == player and m.tile > 0 and (tile is None or m.tile == tile)
        ]

    def tiles_of(self, player: str) -> list[int]:
        return sorted({self.meeples[i].tile for i in self.meeples_of(player)})
