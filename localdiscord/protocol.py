"""Discord's numbers that are not limits (message flags, component kinds, permission bits,
intents) and how Discord reads mentions. The limits are the bot's own module,
:mod:`bot.discord_limits`, which the local Discord enforces."""

from __future__ import annotations

import re

from localdiscord.payloads import JsonObject

# message flags
EPHEMERAL = 64
LOADING = 128

# component kinds
ACTION_ROW = 1
BUTTON = 2
SELECTS = {3, 5, 6, 7, 8}
TEXT_INPUT = 4
LABEL = 18

# permission bits and gateway intents
ALL_PERMISSIONS = (1 << 50) - 1
DEFAULT_PERMISSIONS = 0x0000_0000_0006_4C40  # view, send, embed, attach, read history, use app cmds
MANAGE_MESSAGES = 1 << 13
GUILD_MEMBERS_INTENT = 1 << 1

_MENTION = re.compile(r"<@!?(\d+)>")


def mentioned_ids(content: str) -> list[int]:
    """User ids written as mentions in ``content``, in order, without repeats."""
    seen: list[int] = []
    for m in _MENTION.finditer(content or ""):
        uid = int(m.group(1))
        if uid not in seen:
            seen.append(uid)
    return seen


def pinged_ids(content: str, allowed_mentions: JsonObject | None) -> list[int]:
    """The users a message really notifies: its mentions filtered by ``allowed_mentions``
    (no ``allowed_mentions`` at all means Discord's default, every mention pings)."""
    ids = mentioned_ids(content)
    if allowed_mentions is None:
        return ids
    if "users" in (allowed_mentions.get("parse") or []):
        return ids
    allowed = {int(u) for u in allowed_mentions.get("users") or []}
    return [u for u in ids if u in allowed]
