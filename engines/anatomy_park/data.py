"""The game's components, loaded from the JSON files in ``data/`` and validated by pydantic.

Every field of every entry has an origin (``provenance``, see ``engines.provenance``): the
rulebook, a named public source, or designed here to fit the rulebook where the published lists
are unknown. A tile whose name is public still has designed VP and effects.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import lru_cache
from importlib import resources
from typing import Literal, Self, TypeVar

from pydantic import BaseModel, model_validator

from engines import provenance
from engines.provenance import Sourced

#: package data, so that an installed copy (a wheel, not only a checkout) has it
DATA = resources.files("engines.anatomy_park") / "data"

#: the public sources this game's data names (see ``engines.provenance``)
provenance.declare(
    {
        "cryptozoic-blog": (
            "Cryptozoic's blog, 'Rick and Morty: Anatomy Park – The Game — Gameplay Basics, "
            "Part 1: Theme and Actions' (DekanWheeler)"
        ),
        "apathetic-preview": (
            "apatheticenthusiasm.com, 'Rick and Morty – Anatomy Park: The Game Preview'"
        ),
    }
)
Colour = Literal["red", "blue", "brown", "green", "yellow", "white", "none"]
TileType = Literal["entrance", "attraction", "cafe", "slide", "exit", "transport", "focus"]


class Character(Sourced):
    name: str
    movement: int
    combat: int
    range: int
    ability: Literal[
        "reroll", "take_three", "step_after_place", "fewer_discards", "kill_bonus", "far_tile_move"
    ]
    ability_text: str


class Requirement(BaseModel):
    """One requirement: an adjacent tile of this colour or this type (a park tile's own may be
    across a gap; a focus group's must touch)."""

    colour: Colour | None = None
    type: TileType | None = None

    @model_validator(mode="after")
    def _one_of(self) -> Self:
        if (self.colour is None) == (self.type is None):
            raise ValueError("a requirement names exactly one of colour or type")
        return self


class Bonus(BaseModel):
    """A ``*`` score: 1 VP per touching tile of a colour or type, at placement or at the end."""

    colour: Colour | None = None
    type: TileType | None = None
    when: Literal["place", "end"]


class Tile(Sourced):
    id: str
    name: str
    type: TileType
    colour: Colour
    vp: int
    text: str
    requires: list[Requirement] = []
    marker: bool = False
    reaction: bool = False
    bonus: Bonus | None = None
    special: Literal["pirates", "dam"] | None = None
    closed: int = 0  # transports: how many stack tiles to lay face down
    entrance_bonus: int = 0
    reward: Literal["vp", "tiles", "marker"] | None = None  # focus groups


class Reaction(Sourced):
    id: str
    name: str
    kind: Literal["heart", "disease", "reaction"]
    effect: str
    text: str
    ongoing: bool
    scope: Literal["drawer", "all"]
    reward_vp: int = 0
    reward_tiles: int = 0


class Plan(Sourced):
    id: str
    name: str
    centre: Colour
    ring: Colour
    need: int
    vp: int
    text: str


_Model = TypeVar("_Model", bound=BaseModel)


def _load(name: str, model: type[_Model]) -> list[_Model]:
    """The entries of a data file (a JSON list), each checked as a ``model``."""
    entries: list[object] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return [model.model_validate(entry) for entry in entries]


@lru_cache(maxsize=1)
def characters() -> dict[str, Character]:
    return {c.name: c for c in _load("characters.json", Character)}


@lru_cache(maxsize=1)
def tiles() -> dict[str, Tile]:
    out = {t.id: t for t in _load("tiles.json", Tile)}
    assert sum(t.type == "entrance" for t in out.values()) == 1
    return out


@lru_cache(maxsize=1)
def reactions() -> dict[str, Reaction]:
    return {r.id: r for r in _load("reactions.json", Reaction)}


@lru_cache(maxsize=1)
def plans() -> dict[str, Plan]:
    return {p.id: p for p in _load("plans.json", Plan)}


ENTRANCE = "E00"

#: the two letters a disease token shows on the board (its name's initials, shown as they are
#: in every language, as the name is)
DISEASE_CODES = {
    "hep_c": "HC",
    "gonorrhea": "GO",
    "e_coli": "EC",
    "tuberculosis": "TB",
    "hep_a": "HA",
    "plague": "PL",
}


def _code_choices(name: str) -> list[str]:
    """Three-letter codes for a tile's name, the likeliest first: its first word's start, then
    mixes with the second word ("the" and "of" skipped)."""
    words = [w for w in name.replace("-", " ").split() if w.lower() not in ("the", "of")]
    a, b = words[0], words[1] if len(words) > 1 else ""
    choices = [a[:3], a[:2] + b[:1], a[:1] + b[:2], a[:4], a[:2] + b[:2], a[:3] + b[:1]]
    return [c[:1].upper() + c[1:].lower() for c in choices if c]


@lru_cache(maxsize=1)
def short_codes() -> dict[str, str]:
    """A short code for every park tile ("Hau" for Haunted Liver), unique among the tiles: the
    board shows it where a tile is too small for its name, and the alt text pairs the two."""
    codes: dict[str, str] = {}
    pending = [t for t in tiles().values() if t.type != "focus"]
    for level in range(6):
        wanted = [_code_choices(t.name)[level] for t in pending]
        for t, code in list(zip(pending, wanted, strict=True)):
            if wanted.count(code) == 1 and code not in codes.values():
                codes[t.id] = code
                pending.remove(t)
    for t in pending:  # never reached with today's names; the id is unique anyway
        codes[t.id] = t.id
    return codes


def tile(tile_id: str) -> Tile:
    return tiles()[tile_id]


def disease_card(effect: str) -> Reaction:
    """The disease card of a disease token (diseases are named by their effect key)."""
    for r in reactions().values():
        if r.kind == "disease" and r.effect == effect:
            return r
    raise KeyError(effect)


def sourced_entries() -> Iterator[Sourced]:
    """Every entry of the game's data that states its sources."""
    yield from tiles().values()
    yield from reactions().values()
    yield from characters().values()
    yield from plans().values()
