"""Every component field states where it comes from; "published" always names its source."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engines.provenance import SOURCES, Sourced


class Thing(Sourced):
    name: str
    vp: int


def test_a_default_origin_covers_the_fields_not_named():
    t = Thing(
        name="Haunted Liver",
        vp=4,
        provenance={"name": "published:cryptozoic-blog", "*": "designed"},
    )
    assert t.origin("name") == "published:cryptozoic-blog" and t.origin("vp") == "designed"


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
    assert all(len(words) > 20 for words in SOURCES.values())


def _sourced_entries():
    from engines.anatomy_park import data as anatomy
    from engines.cemetery import data as cemetery
    from engines.monopoly import data as monopoly
    from engines.run_animals.data import load

    yield from anatomy.tiles().values()
    yield from anatomy.reactions().values()
    yield from anatomy.characters().values()
    yield from anatomy.plans().values()
    yield from monopoly.SPACES
    yield from monopoly.CARDS.values()
    yield from cemetery.CARDS.values()
    game = load()
    yield from game.species.values()
    yield from game.goals.values()


def test_every_game_s_data_names_a_source_for_every_published_field():
    entries = list(_sourced_entries())
    assert entries
    for entry in entries:
        for origin in entry.provenance.values():
            kind, _, source = origin.partition(":")
            if kind in ("published", "unofficial-list"):
                assert source in SOURCES
