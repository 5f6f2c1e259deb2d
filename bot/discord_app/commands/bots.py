"""The bot levels as Discord choices, for ``/game new bots: level:``, ``/game join bots:
level:`` (the host seats bots as part of filling the game) and ``/host clock standin:``."""

from __future__ import annotations

from discord import app_commands

from engines.ai.levels import LEVELS

LEVEL_CHOICES = [
    app_commands.Choice(name=f"{name} ({words})", value=name)
    for name, words in zip(
        LEVELS,
        ["plays the stand-in's rules of thumb", "thinks 0.2 s a move", "thinks 1 s a move"],
        strict=True,
    )
]
