"""Discord's limits the local Discord enforces (:mod:`localdiscord.validate` applies them, on
top of the spec's schema), so a bot that breaks one fails a test here first.

Figures are Discord's documented ones. The file size limit is the current default for a guild
without boosts, 10 MiB (Discord lowered it from 25 MiB in 2024; the older 8 MiB figure is
what discord.py's docs still mention). Interactions advertise it as ``attachment_size_limit``.
"""

from __future__ import annotations

import re

from localdiscord.payloads import JsonObject

RESPONSE_DEADLINE = 3.0  # seconds for the first response to an interaction
MAX_CONTENT = 2000
MAX_FILE_SIZE = 10 * 1024 * 1024
MAX_FILES = 10
MAX_EMBEDS = 10
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_TITLE = 256
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_SELECT_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_AUTOCOMPLETE_CHOICES = 25
MAX_CHOICE_NAME = 100
MAX_CHOICE_VALUE = 100
MAX_MODAL_COMPONENTS = 5
MAX_TEXT_INPUT = 4000

EPHEMERAL = 64
LOADING = 128

BUTTON = 2
SELECTS = {3, 5, 6, 7, 8}
ACTION_ROW = 1
TEXT_INPUT = 4
LABEL = 18

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
