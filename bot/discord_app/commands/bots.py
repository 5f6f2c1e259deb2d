"""The bot levels as Discord choices, for ``/game new bots: level:`` and ``/game join bots:
level:`` (the host seats bots; no subcommand of its own: ``/game`` is at Discord's limit of 25)."""

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
