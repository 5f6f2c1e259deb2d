"""The game's components (types, grid positions, cards, supplies), loaded from ``data/cards.json``.

The data file is validated by pydantic at import, so a typo in it fails loudly rather than
producing a quietly wrong game. Every field says where it comes from: the rulebook, or designed
here to fit every sentence of the rulebook where the published data is not available.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, model_validator

from engines.provenance import Sourced
from i18n.say import Say, say

TypeName = Literal["flesh", "beast", "plant", "monster"]
Kind = Literal["head", "arm", "leg", "tail", "wing"]
Leaning = Literal["revenge", "science"]

#: package data, so that an installed copy (a wheel, not only a checkout) has it
DATA_FILE = resources.files("engines.cemetery") / "data" / "cards.json"


class TypeSpec(Sourced):
    name: TypeName
    leaning: Leaning
    affinity: TypeName
    action: str
    reaction: str
    note: str = ""


class PositionSpec(Sourced):
    name: str
    kind: Kind
    #: a corner needs a Part on one of these edges first; edges stitch straight to the Core
    neighbours: list[str]


class Constants(Sourced):
    revenge_supply: int
    science_supply: int
    cemetery_start: int
    draft_picks: int
    max_stack: int
    min_active_parts: int
    fertilize_draw: int
    note: str = ""


class Card(Sourced):
    id: str
    category: Literal["core", "part"]
    types: list[TypeName]
    kind: Kind | None = None

    @model_validator(mode="after")
    def _shape(self) -> Card:
        if self.category == "core" and (len(self.types) != 1 or self.kind is not None):
            raise ValueError(f"{self.id}: a Core has exactly one type and no kind")
        if self.category == "part" and (self.kind is None or len(self.types) not in (1, 2)):
            raise ValueError(f"{self.id}: a Part has a kind and one or two types")
        if len(set(self.types)) != len(self.types):
            raise ValueError(f"{self.id}: repeated type")
        if not self.id.isascii() or len(self.id) > 16:
            raise ValueError(f"{self.id}: ids are short ASCII")
        return self

    @property
    def is_dual(self) -> bool:
        return len(self.types) == 2


class Catalogue(BaseModel):
    types: list[TypeSpec]
    positions: list[PositionSpec]
    constants: Constants
    cards: list[Card]

    @model_validator(mode="after")
    def _consistent(self) -> Catalogue:
        ids = [c.id for c in self.cards]
        if len(ids) != len(set(ids)):
            raise ValueError("card ids must be unique")
        names = {p.name for p in self.positions}
        for p in self.positions:
            if not set(p.neighbours) <= names:
                raise ValueError(f"position {p.name}: unknown neighbour")
        kinds = {p.kind for p in self.positions}
        for c in self.cards:
            if c.kind is not None and c.kind not in kinds:
                raise ValueError(f"{c.id}: no position takes a {c.kind}")
        if {t.name for t in self.types} != {"flesh", "beast", "plant", "monster"}:
            raise ValueError("the four types must each be described once")
        return self


@cache
def catalogue() -> Catalogue:
    return Catalogue.model_validate(json.loads(DATA_FILE.read_text(encoding="utf-8")))


CAT = catalogue()
CARDS: dict[str, Card] = {c.id: c for c in CAT.cards}
TYPES: dict[str, TypeSpec] = {t.name: t for t in CAT.types}
#: the order types resolve in during Behaviors and are listed in everywhere
TYPE_ORDER: list[str] = [t.name for t in CAT.types]
POSITIONS: dict[str, PositionSpec] = {p.name: p for p in CAT.positions}
POSITION_ORDER: list[str] = [p.name for p in CAT.positions]
CONSTANTS = CAT.constants


def creature_name(index: int) -> Say:
    """How moves, the log and the board all name the creature at ``index``: "creature 2"."""
    return say("creature {n}", n=str(index + 1))


#: the printed names that stay English in every language (no published translation is known):
#: the four card types and the two kinds of token (``Engine.proper_names``)
TYPE_NAMES = {"flesh": "Flesh", "beast": "Beast", "plant": "Plant", "monster": "Monster"}
TOKEN_NAMES = {"revenge": "Revenge", "science": "Science"}


def place_words(creature: str, pos: str) -> Say:
    """A place on a creature: "creature 1 (Flesh Core), left" (each place one whole message:
    "left" as a place reads differently from "left" as a direction)."""
    return {
        "N": say("{creature}, top", creature=creature),
        "S": say("{creature}, bottom", creature=creature),
        "W": say("{creature}, left", creature=creature),
        "E": say("{creature}, right", creature=creature),
        "NW": say("{creature}, top-left", creature=creature),
        "NE": say("{creature}, top-right", creature=creature),
        "SW": say("{creature}, bottom-left", creature=creature),
        "SE": say("{creature}, bottom-right", creature=creature),
    }[pos]


def short_place_words(n: str, pos: str) -> Say:
    """A place on a creature named by its number only: "creature 1, left"."""
    return {
        "N": say("creature {n}, top", n=n),
        "S": say("creature {n}, bottom", n=n),
        "W": say("creature {n}, left", n=n),
        "E": say("creature {n}, right", n=n),
        "NW": say("creature {n}, top-left", n=n),
        "NE": say("creature {n}, top-right", n=n),
        "SW": say("creature {n}, bottom-left", n=n),
        "SE": say("creature {n}, bottom-right", n=n),
    }[pos]


#: a Part's kind, and a Core, as one word (a card's band, the hand picture)
KIND_WORDS = {
    "head": say("head"),
    "arm": say("arm"),
    "leg": say("leg"),
    "tail": say("tail"),
    "wing": say("wing"),
    "core": say("Core"),
}


def type_words(types: Sequence[str]) -> str:
    """A card's types as printed: "Flesh", "Flesh/Beast"."""
    return "/".join(TYPE_NAMES[t] for t in types)


@cache
def card_name(card_id: str, *, flipped: bool = False) -> Say:
    """A card in words: 'Flesh arm', 'Flesh/Beast leg', 'Plant Core', 'flipped arm' (the types
    are printed names; the kind is worded for the reader)."""
    card = CARDS[card_id]
    if card.category == "core":
        return say("{type} Core", type=TYPE_NAMES[card.types[0]])
    if flipped:
        return {
            "head": say("flipped head"),
            "arm": say("flipped arm"),
            "leg": say("flipped leg"),
            "tail": say("flipped tail"),
            "wing": say("flipped wing"),
        }[card.kind or ""]
    types = type_words(card.types)
    return {
        "head": say("{types} head", types=types),
        "arm": say("{types} arm", types=types),
        "leg": say("{types} leg", types=types),
        "tail": say("{types} tail", types=types),
        "wing": say("{types} wing", types=types),
    }[card.kind or ""]


def sourced_entries() -> Iterator[Sourced]:
    """Every entry of the game's data that states its sources."""
    yield from CARDS.values()
