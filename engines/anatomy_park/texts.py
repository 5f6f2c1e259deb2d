"""The rules text printed on the game's components (the data files' ``text`` and
``ability_text``), made translatable: the printed names stay English (``Engine.proper_names``),
the rules they state are worded for the reader.

Every text of ``data/`` has its entry here, a literal message the catalogs' extractor finds
(``tests/anatomy_park/test_languages.py`` holds the two lists equal); :func:`text` is a
component's text as a :class:`~i18n.say.Say`.
"""

from __future__ import annotations

from i18n.say import Say, say

_TEXTS: tuple[Say, ...] = (
    say("Once per turn, after a missed shot, may reroll all the dice."),
    say("Takes 3 tiles instead of 2 with the take-tiles action."),
    say("Right after placing a tile, may move 1 space (not by transport) before anything else."),
    say("Discards 1 tile fewer at the start of the turn for diseases."),
    say("+2 VP whenever he kills a disease (also with Hepatitis C)."),
    say("May move a tile up to 2 spaces in a straight line (still one body reaction)."),
    say("Every character starts here. Cannot be moved except by body reactions."),
    say("Draw a body reaction card."),
    say("Place next to a cafe (across a gap is fine)."),
    say("Place a control marker: its controller scores this tile's VP at the end."),
    say("*: at placement, you gain 1 VP per adjacent red tile."),
    say("Place next to a blue tile (across a gap is fine)."),
    say(
        "Place a control marker: its controller scores this tile's VP at the end. *: at the end of the game, its controller gains 1 VP per adjacent attraction."
    ),
    say("Place next to an attraction (across a gap is fine)."),
    say("Place next to a slide (across a gap is fine)."),
    say("*: at placement, you gain 1 VP per adjacent blue tile."),
    say("Place next to a red tile (across a gap is fine)."),
    say(
        "Place a control marker: its controller scores this tile's VP at the end. *: at the end of the game, its controller gains 1 VP per adjacent blue tile."
    ),
    say(
        "Place a control marker: its controller scores this tile's VP at the end. Its controller loses 2 VP whenever this tile is moved (by anyone or a body reaction)."
    ),
    say("Place next to a brown tile and an attraction (across a gap is fine)."),
    say(
        "On placement, choose a direction: the next 2 tiles in that line are washed away (never the entrance); diseases on them are removed, no reward."
    ),
    say("*: at placement, you gain 1 VP per adjacent brown tile. Draw a body reaction card."),
    say(
        "Place a control marker: its controller scores this tile's VP at the end. *: at the end of the game, its controller gains 1 VP per adjacent brown tile."
    ),
    say("Leave the park from here. Basic game: +3 VP when you leave."),
    say(
        "+2 VP if placed next to the entrance. Lay the top 3 stack tiles face down in a line from here."
    ),
    say(
        "+2 VP if placed next to the entrance. Lay the top 2 stack tiles face down in a line from here."
    ),
    say(
        "Place a tile next to your character and next to a red tile and an attraction; then gain 2 VP."
    ),
    say(
        "Place a tile next to your character and next to a blue tile and an attraction; then take 2 tiles from the stack."
    ),
    say(
        "Place a tile next to your character and next to a brown tile and an attraction; then move a control marker to the tile you stand on (if it needs one; else take 1 tile)."
    ),
    say("Place a tile next to your character and next to a red tile and a cafe; then gain 2 VP."),
    say(
        "Place a tile next to your character and next to a blue tile and a cafe; then take 2 tiles from the stack."
    ),
    say(
        "Place a tile next to your character and next to a brown tile and a cafe; then move a control marker to the tile you stand on (if it needs one; else take 1 tile)."
    ),
    say("Place a tile next to your character and next to a red tile and a slide; then gain 2 VP."),
    say(
        "Place a tile next to your character and next to a blue tile and a slide; then take 2 tiles from the stack."
    ),
    say(
        "Place a tile next to your character and next to a brown tile and a slide; then move a control marker to the tile you stand on (if it needs one; else take 1 tile)."
    ),
    say(
        "First one: Ruben has 2 rounds left to live. Second one: Ruben dies, the game ends at once."
    ),
    say(
        "When it appears, it kills another disease of the drawer's choice; the drawer gains that disease's reward."
    ),
    say(
        "When it appears, everyone in the park passes 1 tile of their choice to the player on their left."
    ),
    say("Ongoing while alive: no tile may be placed next to its tile."),
    say("Ongoing while alive: every shot rolls 1 die fewer (at least 1)."),
    say("When it appears, the drawer discards 1 tile of their choice."),
    say("When it appears, the drawer discards 2 tiles of their choice."),
    say("The drawer takes an extra turn after this one."),
    say(
        "The drawer moves a tile that touches only one other tile 1 space (the entrance and transports too). No such tile: skip."
    ),
    say(
        "Everyone, the drawer first, moves their character 1 tile farther from the entrance (not by transport). Cannot: skip."
    ),
    say("Ongoing: the drawer's Range is 1 until the end of their next turn."),
    say(
        "The drawer picks a direction and moves a tile on that edge of the park 1 space that way (the entrance and transports too)."
    ),
    say(
        "The drawer moves their character exactly 3 spaces, never the same space twice (not by transport). Cannot: it stays."
    ),
    say(
        "Ongoing: the drawer rolls 1 die fewer when shooting (at least 1) until the end of their next turn."
    ),
    say("Ongoing: the drawer's Movement is 1 until the end of their next turn."),
    say("Ongoing: nobody may move a tile until the end of the drawer's next turn."),
    say(
        "Ongoing: nobody may choose 'Move each disease 1 space' until the end of the drawer's next turn."
    ),
    say("Ongoing: the drawer cannot shoot until the end of their next turn."),
    say("The drawer takes 1 tile from the stack."),
    say(
        "Ongoing: every shot rolls 1 extra die (3 at most) until the end of the drawer's next turn."
    ),
    say("Ongoing: the drawer's hand limit is 4 until the end of their next turn."),
    say("Ongoing: transport rides are not free until the end of the drawer's next turn."),
    say("2 VP for each brown tile with at least 2 adjacent red tiles."),
    say("2 VP for each brown tile with at least 2 adjacent blue tiles."),
    say("2 VP for each red tile with at least 2 adjacent blue tiles."),
    say("2 VP for each red tile with at least 2 adjacent brown tiles."),
    say("2 VP for each blue tile with at least 2 adjacent red tiles."),
    say("2 VP for each blue tile with at least 2 adjacent brown tiles."),
)
#: each text's message, by its English
TEXTS: dict[str, Say] = {str(s): s for s in _TEXTS}


def text(english: str) -> str:
    """A component's rules text for the reader (as it is where it has no entry: a test keeps
    every text of the data files here)."""
    return TEXTS.get(english, english)
