"""Where each field of a component comes from, checked when the data loads.

An entry's ``provenance`` maps its field names to an origin; ``"*"`` stands for every field not
named. An origin is ``rulebook`` (stated there), ``designed`` (ours, written to fit the rulebook
where the printed components are not public), or ``published:<source>`` /
``unofficial-list:<source>``, where ``<source>`` is a key of :data:`SOURCES`: a public source
named in full, so "published" always says where from. Each game declares (:func:`declare`) the
sources its data names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, ClassVar, Self

from pydantic import AfterValidator, BaseModel, model_validator

#: every public source the loaded games' data names, by key; each game declares its own
SOURCES: dict[str, str] = {}


def declare(sources: Mapping[str, str]) -> None:
    """Add a game's named sources (its data module calls this before it loads its data), each
    named in full. A key declared again must mean the same source."""
    for key, words in sources.items():
        if SOURCES.get(key, words) != words:
            raise ValueError(f"the source '{key}' is declared twice, differently")
        SOURCES[key] = words


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
