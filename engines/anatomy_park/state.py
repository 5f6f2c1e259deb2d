"""The whole game as one JSON-round-trippable pydantic model.

Spaces are ``"x,y"`` strings (y grows downwards, the entrance is ``"0,0"``). Choices inside a turn
are ``tasks``: a queue whose head, when it needs a decision, is what the game waits for.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engines.core import GameState
from engines.last_turn import LastTurn


class Cell(BaseModel):
    """A tile in the park. Frozen: a copy of the state shares its cells (a search copies the
    state at every move), so a change is a new Cell in its space (``model_copy(update=...)``)."""

    model_config = ConfigDict(frozen=True)

    tile: str
    closed: bool = False  # a face-down tile laid by a transport: counts as a transport
    marker: str | None = None  # the controlling player


class Disease(BaseModel):
    effect: str  # the disease's key, e.g. "tuberculosis"
    pos: str


class Task(BaseModel):
    kind: str
    player: str
    #: each kind keeps its own keys (read by ``tasks.py``), stored as they are in the saved game
    data: dict[str, Any] = Field(default_factory=dict)


class Ongoing(BaseModel):
    """A body reaction in effect until the end of its drawer's next turn. Its card lies face up
    beside the body meanwhile (in no deck or pile), then goes to the reaction discard. Frozen:
    state copies share it."""

    model_config = ConfigDict(frozen=True)

    card: str
    owner: str
    since_turn: int


class TurnStart(BaseModel):
    """The public position when the turn began, compared with the end of the turn for the
    board's "last turn" (``last.py``). Cells are frozen, so the park's copy shares them."""

    player: str
    park: dict[str, Cell] = Field(default_factory=dict)
    pos: dict[str, str] = Field(default_factory=dict)
    vp: dict[str, int] = Field(default_factory=dict)
    diseases: list[str] = Field(default_factory=list)  # "effect@space" of each disease
    hand: int = 0  # how many tiles the player held (public)
    left: list[str] = Field(default_factory=list)


class APState(GameState):
    characters: dict[str, str]
    mode: str  # "basic" | "advanced"
    plans: dict[str, str] = Field(default_factory=dict)

    park: dict[str, Cell]
    pos: dict[str, str]  # characters still in the park
    left: list[str] = Field(default_factory=list)  # left the park through an exit
    removed: list[str] = Field(default_factory=list)  # conceded or kicked

    hands: dict[str, list[str]]
    stack: list[str]  # top is the end
    discard: list[str] = Field(default_factory=list)
    out: list[str] = Field(default_factory=list)  # washed away by the Sphincter Dam
    reshuffled: bool = False

    reactions: list[str]  # top is the end
    reaction_discard: list[str] = Field(default_factory=list)  # never a card still in effect
    diseases: list[Disease] = Field(default_factory=list)
    dead_diseases: list[str] = Field(default_factory=list)

    markers_left: dict[str, int]
    vp: dict[str, int]

    current: str
    turn_no: int = 1
    phase: str = "start"  # start | move | action | end
    tasks: list[Task] = Field(default_factory=list)
    ongoing: list[Ongoing] = Field(default_factory=list)
    heart_attacks: int = 0
    final_turns: dict[str, int] | None = None
    turn_counts_for_final: bool = False
    extra_turn: bool = False  # Migraine: the current player goes again
    on_extra_turn: bool = False
    rerolled: bool = False
    tasks_limit_done: bool = False

    end_reason: str = ""
    ruben_alive: bool = True
    final_scores: dict[str, int] = Field(default_factory=dict)
    winners: list[str] = Field(default_factory=list)
    last_reaction: str | None = None  # revealed card, for the board
    turn_start: TurnStart | None = None  # the running turn's starting position
    last_turn: LastTurn | None = None  # what the last finished turn changed (public)
    #: the shape of this model: the number of steps in ``migrations.MIGRATIONS``
    schema_version: int = 2
