"""Where each field of a component comes from, checked when the data loads.

An entry's ``provenance`` maps its field names to an origin; ``"*"`` stands for every field not
named. An origin is ``rulebook`` (stated there), ``designed`` (ours, written to fit the rulebook
where the printed components are not public), or ``published:<source>`` /
``unofficial-list:<source>``, where ``<source>`` is a key of :data:`SOURCES`: a public source
named in full, so "published" always says where from.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Self

from pydantic import AfterValidator, BaseModel, model_validator

SOURCES: dict[str, str] = {
    "standard-board": (
        "the standard US Monopoly board (Hasbro), which the rulebook keeps: "
        "'All properties cost the same as in the original game'"
    ),
    "standard-cards-2008": "the standard US Monopoly Chance and Community Chest effects (2008 on)",
    "course-project-list": (
        "a public list of this edition's location names from a 2019 university course project "
        "(not an official source)"
    ),
    "cryptozoic-blog": (
        "Cryptozoic's blog, 'Rick and Morty: Anatomy Park – The Game — Gameplay Basics, Part 1: "
        "Theme and Actions' (DekanWheeler)"
    ),
    "apathetic-preview": (
        "apatheticenthusiasm.com, 'Rick and Morty – Anatomy Park: The Game Preview'"
    ),
    "publisher-components": (
        "Mizo Games' component list for Run Animals, Run! (a d20 and a custom d6; the "
        "rulebook's '16-sided' is a misprint)"
    ),
}

PLAIN = ("rulebook", "designed")
NAMED = ("published", "unofficial-list")


def _origin(value: str) -> str:
    kind, _, source = value.partition(":")
    if kind in PLAIN and not source:
        return value
    if kind in NAMED:
        if source in SOURCES:
            return value
        raise ValueError(
            f"'{value}': {kind} must name a source, one of: {', '.join(sorted(SOURCES))}"
        )
    raise ValueError(f"'{value}' is not an origin: rulebook, designed, published:<source>")


Origin = Annotated[str, AfterValidator(_origin)]


class Sourced(BaseModel):
    """A data entry whose every field has a stated origin (``provenance``)."""

    #: bookkeeping, not component data: our own keys and remarks
    UNSOURCED: ClassVar[frozenset[str]] = frozenset({"id", "provenance", "note"})

    provenance: dict[str, Origin]

    @model_validator(mode="after")
    def _every_field_has_an_origin(self) -> Self:
        fields = set(type(self).model_fields) - self.UNSOURCED
        unknown = set(self.provenance) - fields - {"*"}
        if unknown:
            raise ValueError(f"provenance names fields this entry lacks: {sorted(unknown)}")
        if "*" not in self.provenance and fields - set(self.provenance):
            missing = sorted(fields - set(self.provenance))
            raise ValueError(f"provenance does not cover the fields {missing}")
        return self

    def origin(self, field: str) -> str:
        """The origin of one field (the ``"*"`` default when it is not named)."""
        return self.provenance.get(field, self.provenance.get("*", ""))
