"""The game's words that many messages share, each said once (:func:`i18n.say.say`): the Bank,
the colour groups, the two buildings, a list ("A, B and C"), an ordinal ("2nd"), and how a
message kept in the state (a log line, a debt's reason) is read back.

A message is kept in the state as its data (:meth:`i18n.say.Say.data`), so each reader reads it
in their own language; a line kept before the game kept data (``{"english": ...}``, or a plain
string) reads as the English it kept.
"""

from __future__ import annotations

from typing import Any

from i18n.say import Say, say

#: the colour groups as sentences name them ("the {group} group")
GROUP_NAMES: dict[str, Say] = {
    # Translators: a Monopoly colour group, named in "the {group} group"
    "brown": say("brown"),
    # Translators: a Monopoly colour group, named in "the {group} group"
    "light-blue": say("light-blue"),
    # Translators: a Monopoly colour group, named in "the {group} group"
    "pink": say("pink"),
    # Translators: a Monopoly colour group, named in "the {group} group"
    "orange": say("orange"),
    # Translators: a Monopoly colour group, named in "the {group} group"
    "red": say("red"),
    # Translators: a Monopoly colour group, named in "the {group} group"
    "yellow": say("yellow"),
    # Translators: a Monopoly colour group, named in "the {group} group"
    "green": say("green"),
    # Translators: a Monopoly colour group, named in "the {group} group"
    "dark-blue": say("dark-blue"),
    # Translators: the group of the four ships and trains, named in "the {group} group"
    "transport": say("transport"),
    # Translators: the group of Microverse and Miniverse, named in "the {group} group"
    "utility": say("utility"),
}


def group_name(group: str | None) -> Say | str:
    """A colour group as a sentence names it."""
    return GROUP_NAMES.get(group or "", group or "")


# Translators: this edition's houses ("flublet stilts") and hotels ("gublet boxes")
STILT = say("flublet stilt")
BOX = say("gublet box")
BANK = say("the Bank")


def building(item: str) -> Say:
    """ "gublet box" or "flublet stilt" for ``item`` ``box`` or ``stilt``."""
    return BOX if item == "box" else STILT


def creditor(name: str | None) -> Say | str:
    """Whom a debt is owed to: a player, or the Bank (None)."""
    return name if name else BANK


def listed(items: list[Any]) -> Any:
    """ "A", "A and B", "A, B and C": each item a name or words of its own."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return say("{first} and {last}", first=items[0], last=items[1])
    return say("{first}, {rest}", first=items[0], rest=listed(items[1:]))


def ordinal(n: int) -> Say:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st (each language its own way)."""
    k = str(n)
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return say("{n}th", n=k)
    if n % 10 == 1:
        return say("{n}st", n=k)
    if n % 10 == 2:
        return say("{n}nd", n=k)
    return say("{n}rd", n=k)


def kept(text: str) -> dict[str, Any]:
    """``text`` as the state keeps it: a message's data, or plain English kept as it is."""
    return text.data() if isinstance(text, Say) else {"english": str(text)}


def read(data: Any) -> str:
    """A message the state kept (:func:`kept`), as a :class:`Say` where it can be worded, else
    the English it kept."""
    if isinstance(data, str):
        return data
    if isinstance(data, dict) and "say" in data:
        try:
            return Say.from_data(data)
        except ValueError:
            pass
    if isinstance(data, dict):
        return str(data.get("english", ""))
    return ""
