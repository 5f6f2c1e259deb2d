"""Component data of Run Animals, Run!, loaded from ``data/*.json`` and checked by pydantic.

The printed card and tile data is not public, so most entries are designed to fit the rulebook;
every field says where it comes from (``provenance``). The checks below are the rulebook's
numbers (16 tiles, 20 goals, the species table, 22/18/18 cubes, 10 cement, six graveyard slots),
so a typo in a data file fails at import instead of in a game.

Designed data is tuned when the balance report shows it unfair; a tuning is a new *edition*.
The data files hold the current edition; ``data/editions.json`` keeps what each older edition
had instead, so a game dealt with an older edition plays on with it to its end (the state
records its edition) while new games get the current one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, model_validator

from engines import provenance
from engines.provenance import Sourced
from engines.run_animals.words import ACTION_WORDS, acquire_words, card_name
from i18n.say import Say

#: package data, so that an installed copy (a wheel, not only a checkout) has it
DATA_DIR = resources.files("engines.run_animals") / "data"

#: the public sources this game's data names (see ``engines.provenance``)
provenance.declare(
    {
        "publisher-components": (
            "Mizo Games' component list for Run Animals, Run! (a d20 and a custom d6; the "
            "rulebook's '16-sided' is a misprint)"
        ),
    }
)

Colour = Literal["F", "N", "W"]
COLOURS: tuple[Colour, ...] = ("F", "N", "W")
COLOUR_NAMES = {"F": "food", "N": "nest", "W": "water"}


class _Entry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TileData(_Entry, Sourced):
    number: int
    forest: list[Colour]
    cleared: list[Colour]

    @model_validator(mode="after")
    def _cleared_is_smaller(self) -> Self:
        if not 0 < len(self.cleared) < len(self.forest):
            raise ValueError(f"tile {self.number}: the Cleared side must have fewer slots")
        return self


class ClearedAtSetup(_Entry, Sourced):
    players: int
    tiles: list[int]


class MapData(_Entry):
    provenance_note: str
    tiles: list[TileData]
    cleared_at_setup: list[ClearedAtSetup]

    @model_validator(mode="after")
    def _sixteen_tiles(self) -> Self:
        if [t.number for t in self.tiles] != list(range(1, 17)):
            raise ValueError("the map has tiles 1-16 in order")
        if sorted(c.players for c in self.cleared_at_setup) != [2, 3, 4]:
            raise ValueError("cleared tiles must be given for 2, 3 and 4 players")
        return self


class GoalData(_Entry, Sourced):
    id: int
    food: int
    nest: int
    water: int
    points: int

    @property
    def need(self) -> dict[str, int]:
        return {"F": self.food, "N": self.nest, "W": self.water}


class ActionSpec(_Entry):
    kind: Literal["acquire", "move", "expel", "steal", "warm_up"]
    colours: list[Colour] = []

    @model_validator(mode="after")
    def _colours_only_for_acquire(self) -> Self:
        if (self.kind == "acquire") != bool(self.colours):
            raise ValueError("an Acquire names its colours; other actions name none")
        return self

    @property
    def needs_meeple(self) -> bool:
        return self.kind in ("acquire", "move", "expel")

    def text(self) -> Say:
        """The action's words ("Acquire food/nest", "Move"), worded for each reader."""
        return _action_words(self.kind, tuple(self.colours))


@cache
def _action_words(kind: str, colours: tuple[str, ...]) -> Say:
    """An action's words, made once (every label and event naming a card reads them)."""
    return acquire_words(colours) if kind == "acquire" else ACTION_WORDS[kind]


@cache
def _card_words(join: str, actions: tuple[tuple[str, tuple[str, ...]], ...]) -> Say:
    """A card's name, made once."""
    return card_name(join, [_action_words(kind, colours) for kind, colours in actions])


class CardData(_Entry, Sourced):
    id: str
    join: Literal["single", "then", "or"]
    actions: list[ActionSpec]

    @model_validator(mode="after")
    def _shape(self) -> Self:
        if not self.id.isascii() or not self.id.isalnum():
            raise ValueError(f"card id {self.id!r} must be short ASCII")
        if len(self.actions) != (1 if self.join == "single" else 2):
            raise ValueError(f"card {self.id}: 'single' has one action, 'then'/'or' two")
        if self.join == "or" and self.actions[0].kind == self.actions[1].kind:
            raise ValueError(f"card {self.id}: the two sides of an 'or' must differ")
        return self

    @property
    def name(self) -> Say:
        """The card's name, made of its actions' words ("Move then Acquire food")."""
        return _card_words(self.join, tuple((a.kind, tuple(a.colours)) for a in self.actions))

    @property
    def needs_meeple(self) -> bool:
        return any(a.needs_meeple for a in self.actions)

    @property
    def is_warm_up(self) -> bool:
        return any(a.kind == "warm_up" for a in self.actions)


class SpeciesData(_Entry, Sourced):
    code: str
    name: str
    short: str
    meeples: int
    card_count: int
    cards: list[CardData]

    @model_validator(mode="after")
    def _table(self) -> Self:
        if len(self.cards) != self.card_count:
            raise ValueError(
                f"{self.name}: {len(self.cards)} cards, the table says {self.card_count}"
            )
        return self


class D6Face(_Entry, Sourced):
    face: int
    effect: Literal["produce", "full", "develop"]
    cubes: int
    reroll: bool


class D20(_Entry, Sourced):
    sides: int
    reroll_above: int


class DiceData(_Entry):
    d6: list[D6Face]
    d20: D20


class Counted(_Entry, Sourced):
    count: int


class SupplyData(_Entry, Sourced):
    F: int
    N: int
    W: int


class GraveyardData(_Entry, Sourced):
    penalties: list[int]


class GraveyardEnd(_Entry, Sourced):
    players: int
    slot: int


class WinPoints(_Entry, Sourced):
    points: int


class ComponentsData(_Entry):
    supply: SupplyData
    cement: Counted
    graveyard: GraveyardData
    graveyard_end: list[GraveyardEnd]
    win_points: WinPoints


class GameData(BaseModel):
    """Everything the rules look up, indexed for speed."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    map: MapData
    goals: dict[int, GoalData]
    species: dict[str, SpeciesData]
    cards: dict[str, CardData]
    card_species: dict[str, str]
    dice: DiceData
    components: ComponentsData

    def tile(self, number: int) -> TileData:
        return self.map.tiles[number - 1]

    def cleared_at_setup(self, n_players: int) -> list[int]:
        return next(c.tiles for c in self.map.cleared_at_setup if c.players == n_players)

    def graveyard_end_slot(self, n_players: int) -> int:
        return next(g.slot for g in self.components.graveyard_end if g.players == n_players)

    def species_by_name(self, name: str) -> SpeciesData:
        return next(s for s in self.species.values() if s.name == name)


class GoalPoints(_Entry):
    id: int
    points: int


class Edition(_Entry):
    """What an older edition had instead of the current files' entries, and why it changed."""

    edition: int
    replaced: str
    why: str
    goals: list[GoalPoints] = []
    cards: list[CardData] = []


class EditionsData(_Entry):
    current: int
    older: list[Edition]

    @model_validator(mode="after")
    def _numbered(self) -> Self:
        if sorted(e.edition for e in self.older) != list(range(1, self.current)):
            raise ValueError("older editions are numbered 1 to the current one, each once")
        return self


def _read(name: str) -> dict[str, Any]:
    """A data file's JSON object, for pydantic to check."""
    raw: dict[str, Any] = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
    return raw


def _check(data: GameData) -> None:
    """The rulebook's component counts."""
    comp = data.components
    if len(data.map.tiles) != 16:
        raise ValueError("16 map tiles")
    if len(data.goals) != 20:
        raise ValueError("20 Survival goal cards")
    if len(data.species) != 7:
        raise ValueError("seven species")
    if sum(s.meeples for s in data.species.values()) != 21:
        raise ValueError("21 animal meeples")
    if len(data.cards) != 36:
        raise ValueError("36 animal action cards")
    if (comp.supply.F, comp.supply.N, comp.supply.W) != (22, 18, 18):
        raise ValueError("58 resource cubes: food 22, nests 18, water 18")
    if comp.cement.count != 10:
        raise ValueError("10 cement cubes")
    if comp.graveyard.penalties != [1, 2, 3, 3, 4, 5]:
        raise ValueError("graveyard penalties -1,-2,-3,-3,-4,-5")
    if sorted({f.effect for f in data.dice.d6}) != ["develop", "full", "produce"]:
        raise ValueError("the d6 has production, full production and development")
    for species in data.species.values():
        if sum(c.is_warm_up for c in species.cards) > 1:
            raise ValueError(f"{species.name}: at most one Warm Up")
    for n in (2, 3, 4):
        cleared = set(data.cleared_at_setup(n))
        totals = dict.fromkeys(COLOURS, 0)
        for tile in data.map.tiles:
            for c in tile.cleared if tile.number in cleared else tile.forest:
                totals[c] += 1
        for c in COLOURS:
            if totals[c] > getattr(comp.supply, c):
                raise ValueError(f"{n} players: the starting {COLOUR_NAMES[c]} exceeds the supply")


EDITIONS = EditionsData.model_validate(
    json.loads((DATA_DIR / "editions.json").read_text(encoding="utf-8"))
)
#: the edition new games are dealt with
CURRENT_EDITION = EDITIONS.current


def load(edition: int = CURRENT_EDITION) -> GameData:
    """The component data of ``edition`` (the current one unless a game says otherwise), read
    once per edition: every caller shares one object per edition."""
    return _load(edition)


@cache
def _load(edition: int) -> GameData:
    if edition == CURRENT_EDITION:
        species_list = [SpeciesData.model_validate(s) for s in _read("species.json")["species"]]
        goals = {g["id"]: GoalData.model_validate(g) for g in _read("goals.json")["goals"]}
    else:
        species_list, goals = _older(edition, load())
    data = GameData(
        map=MapData.model_validate(_read("map.json")),
        goals=goals,
        species={s.code: s for s in species_list},
        cards={c.id: c for s in species_list for c in s.cards},
        card_species={c.id: s.code for s in species_list for c in s.cards},
        dice=DiceData.model_validate(_read("dice.json")),
        components=ComponentsData.model_validate(_read("components.json")),
    )
    _check(data)
    return data


def _older(edition: int, current: GameData) -> tuple[list[SpeciesData], dict[int, GoalData]]:
    """The species and goals of an older ``edition``: the current ones with its entries."""
    found = next((e for e in EDITIONS.older if e.edition == edition), None)
    if found is None:
        raise ValueError(f"Run Animals has no edition {edition} of its components")
    goals = dict(current.goals)
    for g in found.goals:
        if g.id not in goals:
            raise ValueError(f"edition {edition}: no goal {g.id}")
        goals[g.id] = goals[g.id].model_copy(update={"points": g.points})
    cards = {c.id: c for c in found.cards}
    unknown = set(cards) - set(current.cards)
    if unknown:
        raise ValueError(f"edition {edition}: no cards {sorted(unknown)}")
    species = [
        s.model_copy(update={"cards": [cards.get(c.id, c) for c in s.cards]})
        for s in current.species.values()
    ]
    return species, goals


def sourced_entries() -> Iterator[Sourced]:
    """Every entry of the game's data that states its sources."""
    game = load()
    yield from game.species.values()
    yield from game.goals.values()
