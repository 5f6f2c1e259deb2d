"""The AI that plays any registered game (for AI seats and stand-ins): levels, and the search they run.

Not a game (no ``engine.py``): :func:`engines.ai.choose` picks a move for a seat from the
game's contract alone, and never reads what that seat cannot know.
"""

from engines.ai.levels import LEVELS, Budget, Level, level_named
from engines.ai.search import choose

__all__ = ["LEVELS", "Budget", "Level", "choose", "level_named"]
