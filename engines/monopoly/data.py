"""The board and the two card decks, loaded from JSON and validated once at import.

Numbers come from the standard board (the rulebook keeps its prices); location names from a public
unofficial list; card effects are the standard ones with flavour text written by us. Each field
says where it comes from in ``provenance`` (see ``engines.provenance``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from engines import provenance
from engines.provenance import Sourced

#: package data, so that an installed copy (a wheel, not only a checkout) has it
DATA_DIR = resources.files("engines.monopoly") / "data"

#: the public sources this game's data names (see ``engines.provenance``)
provenance.declare(
    {
        "standard-board": (
            "the standard US Monopoly board (Hasbro), which the rulebook keeps: "
            "'All properties cost the same as in the original game'"
        ),
        "standard-cards-2008": (
            "the standard US Monopoly Chance and Community Chest effects (2008 on)"
        ),
        "course-project-list": (
            "a public list of this edition's location names from a 2019 university course "
            "project (not an official source)"
        ),
    }
)
DeckName = Literal["schwifty", "cable"]
DECK_TITLES = {"schwifty": "Time to Schwifty!", "cable": "Interdimensional Cable TV"}


class Space(Sourced):
    index: int = Field(ge=0, le=39)
    name: str
    #: what the board prints where ``name`` does not fit a space at a phone's text size (Tabletop's
    #: abbreviation, provenance ``designed``); the full name stays in the hand, alt text and status
    short: str = ""
    kind: Literal[
        "corner", "location", "transport", "utility", "card", "tax", "jail", "parking", "gotojail"
    ]
    group: str | None = None
    price: int | None = None
    rents: list[int] | None = None
    build_cost: int | None = None
    deck: DeckName | None = None
    default_tax: int | None = None
    note: str = ""

    @model_validator(mode="after")
    def _complete(self) -> Space:
        if self.kind in ("location", "transport", "utility") and not self.price:
            raise ValueError(f"{self.name}: a property needs a price")
        if self.kind == "location" and (
            not self.rents or len(self.rents) != 6 or not self.build_cost or not self.group
        ):
            raise ValueError(f"{self.name}: a location needs 6 rents, a group and a build cost")
        if self.kind == "card" and not self.deck:
            raise ValueError(f"{self.name}: a card space needs a deck")
        return self

    @property
    def is_property(self) -> bool:
        return self.kind in ("location", "transport", "utility")

    @property
    def printed(self) -> str:
        """The name as the board prints it: the short name where there is one."""
        return self.short or self.name

    @property
    def mortgage_value(self) -> int:
        return (self.price or 0) // 2


class Board(BaseModel):
    spaces: list[Space]

    @model_validator(mode="after")
    def _forty(self) -> Board:
        if [s.index for s in self.spaces] != list(range(40)):
            raise ValueError("the board needs spaces 0..39 in order")
        return self


class Effect(BaseModel):
    kind: Literal[
        "advance",
        "nearest",
        "collect",
        "pay",
        "goojf",
        "back",
        "jail",
        "repairs",
        "pay_each",
        "collect_each",
    ]
    target: int | Literal["transport", "utility"] | None = None
    amount: int | None = None
    stilt: int | None = None
    box: int | None = None


class Card(Sourced):
    id: str
    deck: DeckName
    effect: Effect
    text: str
    note: str = ""


class Cards(BaseModel):
    cards: list[Card]

    @model_validator(mode="after")
    def _sixteen_each(self) -> Cards:
        for deck in ("schwifty", "cable"):
            n = sum(c.deck == deck for c in self.cards)
            if n != 16:
                raise ValueError(f"the {deck} deck needs 16 cards, found {n}")
        if len({c.id for c in self.cards}) != len(self.cards):
            raise ValueError("card ids must be unique")
        return self


class Figure(Sourced):
    """One of the six collectible figures a player moves round the board."""

    id: str
    name: str


class Figures(BaseModel):
    figures: list[Figure]

    @model_validator(mode="after")
    def _six(self) -> Figures:
        if len(self.figures) != 6 or len({f.id for f in self.figures}) != 6:
            raise ValueError("the game has six figures with different ids")
        return self


@cache
def board() -> Board:
    return Board.model_validate(json.loads((DATA_DIR / "board.json").read_text(encoding="utf-8")))


@cache
def cards() -> Cards:
    return Cards.model_validate(json.loads((DATA_DIR / "cards.json").read_text(encoding="utf-8")))


@cache
def figures() -> Figures:
    return Figures.model_validate(
        json.loads((DATA_DIR / "figures.json").read_text(encoding="utf-8"))
    )


SPACES: list[Space] = board().spaces
FIGURES: dict[str, Figure] = {f.id: f for f in figures().figures}
CARDS: dict[str, Card] = {c.id: c for c in cards().cards}
PROPERTIES: list[int] = [s.index for s in SPACES if s.is_property]
LOCATIONS: list[int] = [s.index for s in SPACES if s.kind == "location"]
TRANSPORTS: list[int] = [s.index for s in SPACES if s.kind == "transport"]
UTILITIES: list[int] = [s.index for s in SPACES if s.kind == "utility"]
GROUPS: dict[str, list[int]] = {}
for _s in SPACES:
    if _s.is_property and _s.group:
        GROUPS.setdefault(_s.group, []).append(_s.index)
GROUP_ORDER = [
    "brown",
    "light-blue",
    "pink",
    "orange",
    "red",
    "yellow",
    "green",
    "dark-blue",
    "transport",
    "utility",
]
JAIL = 10
GO_TO_JAIL = 30
GO_SALARY = 200
JAIL_FINE = 50
START_CASH = 1500
STILTS = 32
BOXES = 12


def sourced_entries() -> Iterator[Sourced]:
    """Every entry of the game's data that states its sources."""
    yield from SPACES
    yield from CARDS.values()
