"""The two refusals an engine raises: a move the rules do not allow, and a saved state it cannot
read."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow. ``reason`` is shown to the player as is."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class UnreadableState(Exception):
    """A saved state this engine cannot read: not a JSON object, or saved by a newer engine
    (a schema version beyond its migrations). The game is damaged, not the bot."""
