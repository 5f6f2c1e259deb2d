"""Every component field states where it comes from; "published" always names its source."""

from __future__ import annotations

import importlib

import pytest
from pydantic import ValidationError

import engines
from engines.provenance import SOURCES, Sourced, declare
from tests.shipped import shipped_games

declare({"test-source": "a source the tests name for themselves, in full"})


class Thing(Sourced):
    name: str
    vp: int


def test_a_default_origin_covers_the_fields_not_named():
    t = Thing(
        name="Haunted Liver",
        vp=4,
        provenance={"name": "published:test-source", "*": "designed"},
    )
    assert t.origin("name") == "published:test-source" and t.origin("vp") == "designed"


def test_published_must_name_its_source():
    with pytest.raises(ValidationError, match="must name a source"):
        Thing(name="x", vp=1, provenance={"*": "published"})
    with pytest.raises(ValidationError, match="must name a source"):
        Thing(name="x", vp=1, provenance={"*": "published:somewhere-unnamed"})


def test_an_unofficial_list_must_name_its_source_too():
    with pytest.raises(ValidationError, match="must name a source"):
        Thing(name="x", vp=1, provenance={"name": "unofficial-list", "*": "designed"})


def test_every_field_needs_an_origin():
    with pytest.raises(ValidationError, match="does not cover"):
        Thing(name="x", vp=1, provenance={"name": "rulebook"})


def test_provenance_may_only_name_fields_the_entry_has():
    with pytest.raises(ValidationError, match="lacks"):
        Thing(name="x", vp=1, provenance={"colour": "rulebook", "*": "designed"})


def test_an_unknown_origin_is_refused():
    with pytest.raises(ValidationError, match="not an origin"):
        Thing(name="x", vp=1, provenance={"*": "folklore"})


def test_every_named_source_says_what_it_is():
    list(_sourced_entries())  # every game's data loaded, so every game's sources declared
    assert SOURCES and all(len(words) > 20 for words in SOURCES.values())


def test_a_source_declared_again_must_mean_the_same_source():
    declare({"test-source": "a source the tests name for themselves, in full"})
    declare({"test-source": "a source the tests name for themselves, in full"})
    with pytest.raises(ValueError, match="declared twice"):
        declare({"test-source": "another source under the same key"})


def _sourced_entries():
    """Every registered game's sourced data entries (``sourced_entries()`` in its ``data``
    module: a game package with data states where it comes from)."""
    for name in sorted(shipped_games()):
        data = importlib.import_module(f"{engines.package_of(name)}.data")
        yield from data.sourced_entries()


def test_every_game_s_data_names_a_source_for_every_published_field():
    entries = list(_sourced_entries())
    assert entries
    for entry in entries:
        for origin in entry.provenance.values():
            kind, _, source = origin.partition(":")
            if kind in ("published", "unofficial-list"):
                assert source in SOURCES
