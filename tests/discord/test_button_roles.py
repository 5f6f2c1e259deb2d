"""The four games' buttons, read from the roles and kinds their engines declare, look as they
did when the bot guessed them from label words, at every position of the golden games: the
same blue button, the same red ones and confirmation notes, the same menus. Two differences
are meant, and only they are allowed:

- the guess read "lose" inside "closed": Anatomy Park's walks to a closed transport tile and
  its "Lay N closed tiles" asked "are you sure?" for nothing; now they are plain moves (and the
  step's first move, when nothing else is main, is blue again);
- no word gave away Run Animals' optional recycling, which sends an animal to the graveyard
  and its penalty for good: now it is red and asks first.

Re-recorded when a message came to show at most five buttons (issue #29: the rest wait in one
select menu, grouped by the menu each engine declares), and when Monopoly's golden games were
re-recorded for auctions by standing limits (issue #30); the roles and notes are unchanged.
"""

from __future__ import annotations

import json

import pytest

from tests.discord.button_roles import RECORD, faces, golden_games

#: the old guess's false alarm: a move whose words held "lose" only inside "closed"
WRONGLY_RED = ("Walk to a closed transport tile", "Lay ")
#: a move that loses something no word of which the old guess knew
NEWLY_RED = "Remove your meeple on tile "


def allowed(old: str, new: str) -> bool:
    """One component as recorded from the old bot and as drawn now: the same, or one of the
    two meant differences."""
    if old == new:
        return True
    if old.startswith("d:") and old[2:].startswith(WRONGLY_RED):
        return new in ("s", f"p:{old[2:]}")
    if new.startswith("d:") and new[2:].startswith(NEWLY_RED):
        return old in ("s", f"p:{new[2:]}")
    if old.startswith("[") and new.startswith("["):  # a menu: its heading, then its notes
        heading, *old_notes = old.rstrip("]").split("!")
        new_heading, *new_notes = new.rstrip("]").split("!")
        kept = [n for n in old_notes if not n.startswith(WRONGLY_RED)]
        added = [n for n in new_notes if n not in kept]
        return (
            heading == new_heading
            and [n for n in new_notes if n in kept] == kept
            and all(n.startswith(NEWLY_RED) for n in added)
        )
    return False


def differences(old: str, new: str) -> list[tuple[str, str]]:
    """The components of one position that differ in a way not meant."""
    olds, news = old.split(" / "), new.split(" / ")
    if len(olds) != len(news):
        return [(old, new)]
    out = []
    for before, after in zip(olds, news, strict=True):
        a, b = before.split("|"), after.split("|")
        if len(a) != len(b):
            out.append((before, after))
            continue
        out += [(x, y) for x, y in zip(a, b, strict=True) if not allowed(x, y)]
        if sum(y.startswith("p:") for y in b) > 1:
            out.append((before, after))  # two blue buttons: never
    return out


@pytest.mark.parametrize("path", golden_games(), ids=lambda p: p.stem)
def test_buttons_read_from_declared_roles_look_as_the_word_guess_made_them_but_for_its_mistakes(
    path,
):
    recorded = json.loads(RECORD.read_text())[path.name]
    now = list(faces(json.loads(path.read_text())))
    assert len(now) == len(recorded), "the golden game changed: re-record (see button_roles.py)"
    wrong = [
        (i, d)
        for i, (old, new) in enumerate(zip(recorded, now, strict=True))
        for d in differences(old, new)
    ]
    assert not wrong, f"position {wrong[0][0]}: was {wrong[0][1][0]!r}, now {wrong[0][1][1]!r}"


def test_the_meant_differences_are_the_only_ones_allowed():
    assert allowed("d:Lay 2 closed tiles up", "s")
    assert allowed("s", "d:Remove your meeple on tile 3 to recycle 2 cards")
    assert not allowed("d:Declare bankruptcy (owe 200)", "s")
    assert not allowed("p:Roll the dice", "s")
    assert not allowed("s", "d:Take 2 tiles from the stack")
    assert not allowed("[Walk (12)!Walk to a closed transport tile (1,0)]", "[Move (12)]")
