"""Discord limits a command's description and a choice to 100 characters, not a message: a
message's translation may be as long as its sentence needs."""

from __future__ import annotations

from i18n.check import check_catalog
from i18n.languages import GERMAN
from tests.i18n.test_check import _german, _source


def test_a_message_longer_than_a_description_may_be_passes_the_check():
    long = "Du bist dran, {name}. " + "Lies die Regeln, bevor du ziehst. " * 4
    report = check_catalog(GERMAN, _german({(None, "Your turn, {name}"): long}), _source())
    assert len(long) > 100 and report.ok, report.problems


def test_a_description_longer_than_100_characters_still_fails():
    report = check_catalog(GERMAN, _german({("description", "Which game"): "W" * 101}), _source())
    assert any("101 characters" in p for p in report.problems)
