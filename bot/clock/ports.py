"""What the clock service needs from the outside world, without knowing it is Discord.

The Discord layer implements :class:`Notifier`; tests record what it was asked to send. When a
channel is gone or the bot may no longer post there, the notifier raises :class:`ChannelGone`
and the service closes that channel's game with the reason instead of crashing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.table import Outcome


class ChannelGone(Exception):
    """The game's channel or thread was deleted, or the bot lost access to it."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class DmFailed(Exception):
    """A direct message could not be delivered (closed DMs, blocked bot, unknown user)."""


class Notifier(Protocol):
    async def post_text(self, channel_id: int, text: str, *, mention: Sequence[int] = ()) -> None:
        """A plain message in the channel that may ping only ``mention``."""

    async def post_turn(self, channel_id: int, outcome: Outcome, *, headline: str) -> int | None:
        """The usual turn message (board, events, who is next, buttons); its message id."""

    async def is_member(self, guild_id: int, user_id: int) -> bool:
        """Whether the user is still a member of the server (True when unsure)."""

    async def dm(self, user_id: int, text: str) -> None:
        """A direct message; raises :class:`DmFailed` when it cannot be delivered."""
