"""What the clock service needs from the outside world, without knowing it is Discord.

The Discord layer implements :class:`Notifier` and words every notice itself
(:mod:`bot.discord_app.clock_texts`); the service only says what happened. Tests record what it
was asked to send. When a channel is gone or the bot may no longer post there, the notifier
raises :class:`ChannelGone` and the service closes that channel's game with the reason instead
of crashing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.clock.records import MineEntry
from bot.table import GameInfo, Outcome


class ChannelGone(Exception):
    """The game's channel or thread was deleted, or the bot lost access to it."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class DmFailed(Exception):
    """A direct message could not be delivered (closed DMs, blocked bot, unknown user)."""


class Notifier(Protocol):
    async def remind(
        self, game: GameInfo, user_id: int, *, kind: str, due_at: float, left: float
    ) -> None:
        """In the game's channel, pinging only ``user_id``: half their time has gone
        (``kind`` "half") or it is nearly up ("near")."""

    async def vote_opened(
        self, game: GameInfo, *, player: str, missed: int, voters: Sequence[int]
    ) -> None:
        """In the channel, pinging only ``voters``: they may vote about ``player``."""

    async def closed(self, game: GameInfo, reason: str) -> None:
        """In the channel, pinging nobody: the game was closed for ``reason``."""

    async def dm_failed(self, game: GameInfo, user_id: int) -> None:
        """In the channel, pinging nobody: a direct message to ``user_id`` failed."""

    async def damaged(self, game: GameInfo) -> None:
        """In the channel, pinging nobody: the game's saved state cannot be played, so its
        clock has stopped; the host or a moderator can abort it."""

    async def post_turn(self, game: GameInfo, outcome: Outcome, *, headline: str) -> int | None:
        """The usual turn message (board, events, who is next, buttons); its message id."""

    async def standin_turn(
        self, game: GameInfo, outcome: Outcome, *, player: str, kept: bool
    ) -> int | None:
        """The turn message after a stand-in played for ``player`` (``kept``: it keeps the
        seat for good); its message id."""

    async def turn_dm(
        self,
        user_id: int,
        game: GameInfo,
        *,
        due_at: float | None = None,
        nudged: bool = False,
    ) -> None:
        """A direct message: it is their turn (their deadline ``due_at`` nears, or the others
        nudged them); raises :class:`DmFailed` when it cannot be delivered."""

    async def digest(self, user_id: int, turns: Sequence[MineEntry]) -> None:
        """A direct message: the player's daily digest of the games that await them; raises
        :class:`DmFailed` when it cannot be delivered."""

    async def woke(self, game: GameInfo, user_id: int) -> None:
        """In the channel, pinging only ``user_id``: their quiet hours ended and the game is
        waiting for them (the notice held during the night)."""

    async def woke_dm(self, user_id: int, games: Sequence[GameInfo]) -> None:
        """One direct message: their quiet hours ended and ``games`` are waiting for them;
        raises :class:`DmFailed` when it cannot be delivered."""

    async def is_member(self, guild_id: int, user_id: int) -> bool:
        """Whether the user is still a member of the server (True when unsure)."""
