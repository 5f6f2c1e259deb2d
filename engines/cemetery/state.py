"""The whole game as pydantic models: JSON round-trippable, the random generator included."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from engines.core import GameState
from i18n.say import say

PHASES = ["draft", "stitch", "mark", "behaviors", "scoring", "experiment"]
PHASE_TITLES = {
    "draft": say("Draft"),
    "stitch": say("Stitch"),
    "mark": say("Mark"),
    "behaviors": say("Behaviors"),
    "scoring": say("Scoring"),
    "experiment": say("Experiment"),
}


class Slot(BaseModel):
    """A card in a stack (a Cemetery stack or a Pet Cemetery), face up or face down.

    ``seen_by`` lists the players who know a face-down card (the one who peeked at it).
    """

    card: str
    face_up: bool = True
    seen_by: list[str] = Field(default_factory=list)


class Creature(BaseModel):
    core: str
    #: position name -> Part card id
    parts: dict[str, str] = Field(default_factory=dict)
    #: position name -> the marked type, or "both" (a Revenge token in the centre of a dual)
    marks: dict[str, str] = Field(default_factory=dict)


class PlayerState(BaseModel):
    name: str
    creatures: list[Creature] = Field(default_factory=list)
    hand: list[str] = Field(default_factory=list)
    #: the Pet Cemetery, bottom first; only the top card can be stitched
    pet: list[Slot] = Field(default_factory=list)
    revenge: int = 0
    revenge_spent: int = 0
    science: int = 0
    science_spent: int = 0

    @property
    def total(self) -> int:
        return self.revenge + self.revenge_spent + self.science + self.science_spent


class Trigger(BaseModel):
    """One pair's behaviour waiting to resolve: its type's Action, and the Reaction if unstable.
    Frozen: state copies share it."""

    model_config = ConfigDict(frozen=True)

    type: str
    unstable: bool
    creature: int


class Pending(BaseModel):
    """A choice the game is waiting for inside a phase.

    kinds: ``stitch_place`` (where the picked card goes), ``steal_part`` / ``steal_place``,
    ``maim`` (the opponent removes a Part), ``mindless`` (the player removes one), ``fert_order``
    (which of two face-up Parts goes on top), ``bind`` (which Cemetery stack), ``exp_dest``
    (where the picked Part moves or whom it swaps with).
    """

    kind: str
    player: str
    card: str | None = None
    cards: list[str] = Field(default_factory=list)
    source: str | None = None
    creature: int | None = None
    pos: str | None = None
    react: bool = False


class TurnNote(BaseModel):
    """What a finished turn changed, as the board shows it: public only. Frozen: state copies
    share it."""

    model_config = ConfigDict(frozen=True)

    player: str
    #: what the turn did, counted as ``CemeteryState.tally`` counts it, and the other player:
    #: worded for each reader when shown ("Ada drafted 5 (2 from the Cemetery), stitched 3")
    tally: dict[str, int] | None = None
    rival: str | None = None
    #: the words in English, as a note saved before notes kept their tally has them (schema 4);
    #: empty in a newer note
    line: str = ""
    #: public ids of what the turn changed: "card:<id>" (a face-up card it placed or moved),
    #: "stack:<base id>" (a Cemetery stack it bound a face-down Part onto), "pet:<name>" (a
    #: Pet Cemetery it grew face down), "tokens:<name>" (a player's tokens)
    marks: tuple[str, ...] = ()


class CemeteryState(GameState):
    #: each player's side of the table, indexed like ``players``
    sides: list[PlayerState]
    #: seat index of the player who started; the other one plays the final turn
    first: int
    current: int
    turn: int = 1
    phase: str = "draft"
    picks_left: int = 0
    #: draw piles, top card last
    core_pile: list[str]
    part_pile: list[str]
    #: face-up Cemetery: each entry is a stack, the Cemetery Part first (underneath)
    cemetery: list[list[Slot]]
    #: Parts flipped by Clumsy: typeless for the rest of the game, wherever they go
    flipped: list[str] = Field(default_factory=list)
    supply_revenge: int
    supply_science: int
    beh_next: int = 0
    triggers: list[Trigger] = Field(default_factory=list)
    pending: Pending | None = None
    #: turns ended since a player last had a decision or a creature last scored
    idle_turns: int = 0
    final_round: bool = False
    conceded: str | None = None
    #: the turn in progress, counted by what the player did ("drew", "stitched", ...), for the
    #: last-turn line once it ends
    tally: dict[str, int] = Field(default_factory=dict)
    #: public ids of what the turn in progress changed so far (see ``TurnNote.marks``)
    changed: list[str] = Field(default_factory=list)
    #: the last finished turn, for the board
    last_turn: TurnNote | None = None
    #: the shape of this model: the number of steps in ``migrations.MIGRATIONS``
    schema_version: int = 5

    def player(self, name: str) -> PlayerState:
        for p in self.sides:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def me(self) -> PlayerState:
        return self.sides[self.current]

    @property
    def rival(self) -> PlayerState:
        return self.sides[1 - self.current]
