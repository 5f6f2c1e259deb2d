"""The game's generic words, kept as :class:`~i18n.say.Say` so each reader reads them in their
own language: the species (real animals: their common names are translated, as a kind of
animal is), the cube colours, the card actions and the names of cards made from them, and the
list joiners that put worded items one after the other.

The English of each word is the data files' (``tests/run_animals/test_languages.py`` holds the
two together), so the game's English is what it was.
"""

from __future__ import annotations

from collections.abc import Sequence

from i18n.say import Say, say

#: each species' name, as the rulebook's table gives it (the lobby's choice)
SPECIES_NAME: dict[str, Say] = {
    # Translators: a species players choose: real Taiwanese animals, by their common names
    "cat": say("Leopard Cat"),
    "bear": say("Formosa Black Bear"),
    "frog": say("Farmland Tree Frog"),
    "pitta": say("Fairy Pitta"),
    "pangolin": say("Chinese Pangolin"),
    "kite": say("Black Kite"),
    "turtle": say("Yellow-margined Box Turtle"),
}

#: each species' short name: the animal a player moves ("Ada's Black Bear moves ...")
SPECIES_SHORT: dict[str, Say] = {
    "cat": say("Leopard Cat"),
    # Translators: a species' short name (Formosa Black Bear)
    "bear": say("Black Bear"),
    # Translators: a species' short name (Farmland Tree Frog)
    "frog": say("Tree Frog"),
    "pitta": say("Fairy Pitta"),
    # Translators: a species' short name (Chinese Pangolin)
    "pangolin": say("Pangolin"),
    "kite": say("Black Kite"),
    # Translators: a species' short name (Yellow-margined Box Turtle)
    "turtle": say("Box Turtle"),
}

#: the letters on a species' token, unique among the seven (its name's initials)
SPECIES_INITIALS: dict[str, Say] = {
    # Translators: two letters on the Leopard Cat's token: the initials of your name for it,
    # different from the other six species' letters
    "cat": say("LC"),
    # Translators: two letters on the Black Bear's token (its initials; unique among species)
    "bear": say("BB"),
    # Translators: two letters on the Tree Frog's token (its initials; unique among species)
    "frog": say("TF"),
    # Translators: two letters on the Fairy Pitta's token (its initials; unique among species)
    "pitta": say("FP"),
    # Translators: two letters on the Chinese Pangolin's token (its initials; unique)
    "pangolin": say("CP"),
    # Translators: two letters on the Black Kite's token (its initials; unique among species)
    "kite": say("BK"),
    # Translators: two letters on the Box Turtle's token (its initials; unique among species)
    "turtle": say("BT"),
}

#: the cube colours by what they stand for
COLOUR_WORDS: dict[str, Say] = {
    # Translators: a kind of cube (orange): what an animal needs; used alone, as a noun
    "F": say("food"),
    # Translators: a kind of cube (brown): what an animal needs; used alone, as a noun
    "N": say("nest"),
    # Translators: a kind of cube (blue): what an animal needs; used alone, as a noun
    "W": say("water"),
}

#: the card actions but Acquire (whose words name its colours: :func:`action_words`)
ACTION_WORDS: dict[str, Say] = {
    # Translators: a card action: the animal goes to an adjacent tile
    "move": say("Move"),
    # Translators: a card action: every other animal on the tile is sent away
    "expel": say("Expel"),
    # Translators: a card action: take a cube from the supply (the card leaves the game)
    "steal": say("Steal"),
    # Translators: a card action: a discarded card goes back to the hand
    "warm_up": say("Warm Up"),
}

#: the word a two-action card is joined with, drawn between its actions
JOIN_WORDS: dict[str, Say] = {
    # Translators: between a card's two actions: both, in this order
    "then": say("then"),
    # Translators: between a card's two actions: only one of them
    "or": say("or"),
}


def acquire_words(colours: Sequence[str]) -> Say:
    """An Acquire's words: the action and the colours it may take ("Acquire food/nest")."""
    words = [COLOUR_WORDS[c] for c in colours]
    if len(words) == 1:
        # Translators: a card action: take a cube of this kind from the animal's tile
        return say("Acquire {a}", a=words[0])
    if len(words) == 2:
        # Translators: a card action: take a cube of one of these kinds from the animal's tile
        return say("Acquire {a}/{b}", a=words[0], b=words[1])
    # Translators: a card action: take a cube of one of these kinds from the animal's tile
    return say("Acquire {a}/{b}/{c}", a=words[0], b=words[1], c=words[2])


def card_name(join: str, actions: Sequence[Say]) -> Say:
    """A card's name, made of its actions' words: "Move then Acquire food"."""
    if join == "then":
        # Translators: a card's name: two actions done in this order
        return say("{first} then {second}", first=actions[0], second=actions[1])
    if join == "or":
        # Translators: a card's name: one action or the other
        return say("{first} or {second}", first=actions[0], second=actions[1])
    return actions[0]


def cubes_of(n: int, colour: str) -> Say:
    """A number of cubes of a kind: "2 food"."""
    # Translators: a number of cubes of a kind: "2 food", "1 nest" (e.g. "{n}× {colour}")
    return say("{n} {colour}", n=n, colour=COLOUR_WORDS[colour])


def listed(items: Sequence[Say]) -> Say:
    """Items one after the other, comma-separated, each worded for the reader (at least one)."""
    out = items[-1]
    for item in reversed(items[:-1]):
        # Translators: two items of a list, the second possibly a list itself ("a, b, c")
        out = say("{a}, {b}", a=item, b=out)
    return out


def grouped(items: Sequence[str]) -> str:
    """Groups that hold commas themselves, separated by semicolons, each worded for the
    reader (at least one)."""
    out = items[-1]
    for item in reversed(items[:-1]):
        # Translators: two groups of a list, each possibly holding commas ("a, b; c")
        out = say("{a}; {b}", a=item, b=out)
    return out


def sentences(first: Say, *rest: Say | None) -> Say:
    """Sentences one after the other (``None``s left out), each worded for the reader."""
    kept = [first, *(p for p in rest if p is not None)]
    out = kept[-1]
    for part in reversed(kept[:-1]):
        # Translators: two sentences one after the other (keep the space, or your language's)
        out = say("{a} {b}", a=part, b=out)
    return out


def direction_word(direction: str) -> Say:
    """A direction on the map ("up"), as the board's ``neighbours`` names it."""
    # Translators: a direction on the 4x4 map, in a move's label: "Move to tile 3 (up)"
    words = {"up": say("up"), "down": say("down"), "left": say("left"), "right": say("right")}
    return words[direction]
