"""The menus Cemetery Creatures groups its moves under, said for each reader (made once:
a search lists every move at every step)."""

from __future__ import annotations

from i18n.say import say

# Translators: a menu heading grouping Cemetery Creatures moves
ATTACH = say("Attach")
# Translators: a menu heading grouping Cemetery Creatures moves
BACK = say("Back")
# Translators: a menu heading grouping Cemetery Creatures moves
DRAW = say("Draw")
# Translators: a menu heading grouping Cemetery Creatures moves
END = say("End")
# Translators: a menu heading grouping Cemetery Creatures moves
MARK = say("Mark")
# Translators: a menu heading grouping Cemetery Creatures moves
PUT = say("Put")
# Translators: a menu heading grouping Cemetery Creatures moves
REARRANGE = say("Rearrange")
# Translators: a menu heading grouping Cemetery Creatures moves
REMOVE = say("Remove")
# Translators: a menu heading grouping Cemetery Creatures moves
STACK = say("Stack")
# Translators: a menu heading grouping Cemetery Creatures moves
START = say("Start")
# Translators: a menu heading grouping Cemetery Creatures moves
STEAL = say("Steal")
# Translators: a menu heading grouping Cemetery Creatures moves
STITCH = say("Stitch")
# Translators: a menu heading grouping Cemetery Creatures moves
SWAP = say("Swap")
# Translators: a menu heading grouping Cemetery Creatures moves
TAKE = say("Take")
