"""Words made now and read later (:mod:`i18n.say`): a message kept as data, its English as a
string, worded for each reader; saved in the move log and read back."""

from __future__ import annotations

import json
import pickle

import pytest
from babel.messages.catalog import Catalog

from engines.core import Event
from i18n import catalogs
from i18n.languages import GERMAN
from i18n.say import Say, event_text, say, say_n, word


@pytest.fixture
def german(monkeypatch):
    """German words from a small catalog made here, read as a shipped one is."""
    catalog = Catalog(locale="de", fuzzy=False)
    catalog.add("{player} places a {who} on tile {tile}.", "{player} setzt {who} auf Feld {tile}.")
    catalog.add("a rabbit", "einen Hasen")
    catalog.add(("{player} moves an animal.", "{player} moves {n} animals."),
                ("{player} zieht ein Tier.", "{player} zieht {n} Tiere."))  # fmt: skip
    shipped = catalogs.words
    monkeypatch.setattr(
        catalogs,
        "words",
        lambda lang: catalogs._words(catalog) if lang is GERMAN else shipped(lang),
    )


def _placed() -> Say:
    return say("{player} places a {who} on tile {tile}.", player="Ana", who=say("a rabbit"), tile=3)


def test_a_message_is_its_english_as_a_string(german):
    placed = _placed()
    assert placed == "Ana places a a rabbit on tile 3."
    assert isinstance(placed, str)


def test_a_message_is_worded_in_its_readers_language_with_its_words_inside(german):
    assert _placed().word("de") == "Ana setzt einen Hasen auf Feld 3."


def test_a_plain_string_is_shown_as_it_is_in_every_language(german):
    assert word("Ana", "de") == "Ana"
    assert word(_placed(), "de") == "Ana setzt einen Hasen auf Feld 3."


def test_a_counted_message_follows_the_readers_plural_rule(german):
    moved = say_n("{player} moves an animal.", "{player} moves {n} animals.", 1, player="Ana")
    assert moved.word("de") == "Ana zieht ein Tier."
    assert moved.counted(3).word("de") == "Ana zieht 3 Tiere."
    assert moved.counted(3) == "Ana moves 3 animals."


def test_a_saved_message_reads_back_the_same(german):
    placed = _placed()
    back = Say.from_data(json.loads(json.dumps(placed.data())))
    assert back == placed
    assert back.word("de") == placed.word("de")


def test_a_message_survives_a_trip_to_another_process(german):
    back = pickle.loads(pickle.dumps(_placed()))
    assert isinstance(back, Say)
    assert back.word("de") == "Ana setzt einen Hasen auf Feld 3."


@pytest.mark.parametrize(
    "data",
    [
        "Ana passes.",
        {"values": {}},
        {"say": "{player} passes."},  # a value its English needs is missing
        {"say": "{n} moves", "plural": "{n} moves"},  # a plural without its count
        {"say": "x", "values": [1]},
        {"say": "x {v}", "values": {"v": [1, 2]}},
    ],
)
def test_a_damaged_saved_message_is_refused(data):
    with pytest.raises(ValueError):
        Say.from_data(data)


def test_a_value_that_is_not_words_is_refused():
    with pytest.raises(TypeError):
        say("{cards}", cards=["a", "b"])


def test_an_event_keeps_its_message_for_the_move_log(german):
    stored = Event(text=_placed()).model_dump(mode="json")
    assert stored["text"] == "Ana places a a rabbit on tile 3."
    assert event_text(stored, "de") == "Ana setzt einen Hasen auf Feld 3."


def test_an_event_saved_before_it_carried_its_message_reads_as_its_english():
    assert event_text({"text": "Ana passes.", "kind": "info"}, "de") == "Ana passes."


def test_an_event_whose_saved_message_is_damaged_reads_as_its_english():
    stored = {"text": "Ana passes.", "said": {"say": "{player} passes."}}
    assert event_text(stored, "de") == "Ana passes."


def test_a_run_of_like_events_reads_as_its_fold_with_the_count(german):
    fold = say_n("{player} moves an animal.", "{player} moves {n} animals.", 1, player="Ana")
    event = Event(text="Ana moves the fox.", fold=fold)
    assert event_text(event, "de", count=2) == "Ana zieht 2 Tiere."
    assert event_text(event.model_dump(mode="json"), "de", count=2) == "Ana zieht 2 Tiere."


def test_an_old_english_fold_still_counts():
    stored = {"text": "Bruno stitches a Part.", "fold": "Bruno stitches {n} Parts."}
    assert event_text(stored, "de", count=3) == "Bruno stitches 3 Parts."


def test_a_message_said_again_with_a_name_is_not_the_one_with_the_word_that_reads_alike(german):
    """Messages said again are made once; a value's kind is part of what was said."""
    with_word = say(
        "{player} places a {who} on tile {tile}.", player="Ana", who=say("a rabbit"), tile=3
    )
    with_name = say("{player} places a {who} on tile {tile}.", player="Ana", who="a rabbit", tile=3)
    assert with_word.word("de") == "Ana setzt einen Hasen auf Feld 3."
    assert with_name.word("de") == "Ana setzt a rabbit auf Feld 3."
