"""Interaction tokens the bot keeps, to change messages outside Discord's global budget.

Discord counts every channel request against a bot's global limit (about 50 a second) but not
the requests made with an interaction's token: its response and, for 15 minutes, the edits of
``@original`` and of its follow-ups. Two kinds of message are kept editable that way:

- **the turn message** (:class:`Editors`): a click on it answered with a deferred update makes
  it the click's ``@original``, so for the token's life every change to that message (the
  clicker's move, a step made on a private panel, the end of the turn) goes through the token
  instead of the channel route. :class:`Editors` also remembers what each message last showed,
  so an edit that would change nothing is not sent at all.
- **each player's one private panel** (:class:`Panels`): a new panel closes the player's
  previous one in one line while its token lives (an ephemeral message can be changed only
  through an interaction's token; after 15 minutes the old one cannot be touched).

Both are kept in memory only: after a restart the channel route edits the turn message as
before (the turn book knows which message it is and what it should show), and an old panel
stays as it was, its buttons answered as out of date.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord_app.locales import private_locale
from bot.discord_app.posts import Post
from i18n import t
from i18n.say import marked

log = logging.getLogger(__name__)

#: how long before a token dies it is no longer used (a request in flight must land in time)
MARGIN = datetime.timedelta(minutes=1)
#: the one line an old panel keeps once a newer one replaced it
CLOSED = marked("This panel is closed — use the newest one.")
#: the one line a panel keeps once its game ended
GAME_OVER = marked("This panel is closed — the game is over.")
#: how many entries are kept before the expired ones are swept out
SWEEP_AT = 1024

Now = Callable[[], datetime.datetime]


@dataclass
class Handle:
    """A message one interaction's token can change: its ``@original`` or a follow-up."""

    interaction: discord.Interaction[Any]
    message_id: int
    original: bool  # the message is the interaction's @original (else one of its follow-ups)
    live: bool = True  # (a panel) it shows move components

    def usable(self, now: datetime.datetime) -> bool:
        return now < self.interaction.expires_at - MARGIN

    async def edit(self, **kwargs: Any) -> discord.Message:
        if self.original:
            return await self.interaction.edit_original_response(**kwargs)
        return await self.interaction.followup.edit_message(self.message_id, **kwargs)


def fingerprint(post: Post) -> str:
    """What a message shows: its text, image (with its alt text), components and mentions."""
    shown = {
        "content": post.content,
        "png": hashlib.sha256(post.png).hexdigest() if post.png is not None else None,
        "alt": post.alt,
        "components": post.view.to_components() if post.view is not None else [],
        "mentions": sorted(post.mention_ids),
    }
    return hashlib.sha256(json.dumps(shown, sort_keys=True).encode()).hexdigest()


class Editors:
    """Per message: the freshest token that can edit it, and what it last showed."""

    def __init__(self, now: Now = discord.utils.utcnow) -> None:
        self.now = now
        self._tokens: dict[int, Handle] = {}
        self._shown: dict[int, tuple[str, discord.Message]] = {}

    def offer(self, interaction: discord.Interaction[Any]) -> None:
        """A component on ``interaction.message`` answered with a deferred update: its token
        can edit that message (a public one only: an ephemeral one is a panel's)."""
        message = interaction.message
        if message is None or message.flags.ephemeral:
            return
        held = self._tokens.get(message.id)
        if held is None or held.interaction.expires_at <= interaction.expires_at:
            self._tokens[message.id] = Handle(interaction, message.id, original=True)
        if len(self._tokens) > SWEEP_AT:
            now = self.now()
            self._tokens = {k: h for k, h in self._tokens.items() if h.usable(now)}

    def token(self, message_id: int) -> Handle | None:
        handle = self._tokens.get(message_id)
        if handle is not None and not handle.usable(self.now()):
            del self._tokens[message_id]
            return None
        return handle

    def unchanged(self, message_id: int, post: Post) -> discord.Message | None:
        """The message as last edited, if ``post`` shows exactly what it shows."""
        shown = self._shown.get(message_id)
        return shown[1] if shown is not None and shown[0] == fingerprint(post) else None

    def shown(self, message: discord.Message, post: Post | None) -> None:
        """``message`` now shows ``post`` (``None``: something this module did not build)."""
        if post is None:
            self._shown.pop(message.id, None)
        else:
            self._shown[message.id] = (fingerprint(post), message)

    def forget(self, message_id: int) -> None:
        """The message is no longer a turn message: nothing more to edit on it."""
        self._tokens.pop(message_id, None)
        self._shown.pop(message_id, None)

    async def edit(
        self,
        message_id: int,
        fallback: discord.PartialMessage,
        make: Callable[[], Mapping[str, Any]],
    ) -> discord.Message:
        """Edit the message through its freshest token, else (none, or refused) through the
        channel route ``fallback``, which Discord counts against the global limit. ``make``
        gives the edit's arguments afresh for each try (an attachment is read once)."""
        handle = self.token(message_id)
        if handle is not None:
            try:
                return await handle.edit(**make())
            except discord.HTTPException as exc:
                log.info("Token edit of message %s refused (%s)", message_id, exc.status)
                self._tokens.pop(message_id, None)
        return await fallback.edit(**make())


class Panels:
    """Each player's one open private panel per game, and the token that can change it."""

    def __init__(self, now: Now = discord.utils.utcnow) -> None:
        self.now = now
        self._open: dict[tuple[int, int], Handle] = {}

    def current(self, game_id: int, user_id: int) -> Handle | None:
        return self._open.get((game_id, user_id))

    async def opened(self, game_id: int, user_id: int, handle: Handle) -> None:
        """``handle``'s message is now the player's panel: the one before it, if another and
        still in reach, is closed in one line."""
        key = (game_id, user_id)
        old = self._open.get(key)
        self._open[key] = handle
        if old is not None and old.message_id != handle.message_id:
            await self._close(old, CLOSED)

    async def game_over(self, game_id: int) -> None:
        """The game ended: every panel of it still showing moves says so, and is forgotten."""
        for key in [k for k in self._open if k[0] == game_id]:
            handle = self._open.pop(key)
            if handle.live:
                await self._close(handle, GAME_OVER)

    async def _close(self, handle: Handle, line: str) -> None:
        """The panel closed with ``line``, in the language of the player it was opened for."""
        if not handle.usable(self.now()):
            return  # Discord no longer lets this token touch it
        shown = t(await private_locale(handle.interaction), line)
        try:
            await handle.edit(content=shown, view=None, attachments=[])
        except discord.HTTPException as exc:
            log.info("Could not close panel %s (%s)", handle.message_id, exc.status)
