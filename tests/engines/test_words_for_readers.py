"""What the shared engine types keep for each reader's language: a game's ending reason and a
move made with a typed amount are worded when shown, not when made."""

from __future__ import annotations

from babel.messages.catalog import Catalog

from engines.core import Result
from engines.moves import Action, ActionRole, Amount, move_with_amount
from i18n import catalogs
from i18n.languages import GERMAN
from i18n.say import say, word

RANGE = "Type a whole number from {low} to {high}."  # in the shipped catalogs


def test_an_ending_said_by_the_engine_reads_in_each_language():
    result = Result(winners=["Ada"], reason=say(RANGE, low=1, high=2))
    saved = Result.model_validate(result.model_dump(mode="json"))
    assert saved.reason == "Type a whole number from 1 to 2."
    assert saved.reason_in("de") == "Gib eine ganze Zahl von 1 bis 2 ein."


def test_an_ending_saved_before_it_carried_its_message_reads_as_its_english():
    saved = Result.model_validate({"winners": [], "reason": "Ada went bankrupt."})
    assert saved.reason_in("de") == "Ada went bankrupt."


def test_a_move_made_with_a_typed_amount_is_worded_for_its_reader(monkeypatch):
    catalog = Catalog(locale="de", fuzzy=False)
    catalog.add("Bid {n}", "Biete {n}")
    shipped = catalogs.words
    monkeypatch.setattr(
        catalogs,
        "words",
        lambda lang: catalogs._words(catalog) if lang is GERMAN else shipped(lang),
    )
    bid = Action(
        id="bid", label="Bid", role=ActionRole.MAIN, amount=Amount(low=1, high=2000, made="Bid {n}")
    )
    made = move_with_amount(bid, "1500")
    assert made.label == "Bid 1,500"
    assert word(made.label, "de") == "Biete 1.500"
