"""What the local Discord remembers: users, channels, messages (with their bytes) and interactions."""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field
from typing import TypedDict

from localdiscord.payloads import JsonObject
from localdiscord.protocol import EPHEMERAL, LOADING

DISCORD_EPOCH_MS = 1420070400000


class Snowflakes:
    """Increasing Discord-style ids whose timestamp part is now."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        value = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(value, self._last + 1)
        return self._last

    def on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next id of a guild that Discord puts on shard ``shard_id`` of ``shard_count``
        (its timestamp part, ``id >> 22``, taken modulo the count)."""
        stamp = (self.next() >> 22) + 1
        stamp += (shard_id - stamp) % shard_count
        self._last = stamp << 22
        return self._last


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard whose connection gets a guild's events: ``(guild_id >> 22) % shard_count``;
    direct messages (no guild) go to shard 0, as Discord says."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    members: list[int] = field(default_factory=list)  # user ids, the bot's among them
    preferred_locale: str = "en-US"  # the server's language (a Community server sets it)


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    permissions: int = 0  # guild permissions bit set (the @everyone role gives the rest)
    dms_open: bool = True  # False: the user refuses direct messages from the bot
    locale: str = "en-US"  # the language of the user's Discord client

    def payload(self) -> JsonObject:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
        }


@dataclass
class Channel:
    id: int
    guild_id: int | None  # None for a DM channel
    name: str
    type: int = 0  # 0 text, 1 DM, 11 public thread, 12 private thread
    parent_id: int | None = None
    owner_id: int | None = None
    recipient_id: int | None = None  # the user a DM channel is with
    #: permissions the bot is denied here (as a channel override would); interactions in the
    #: channel carry the bot's permissions without them (``app_permissions``)
    bot_denied: int = 0

    @property
    def is_thread(self) -> bool:
        return self.type in (10, 11, 12)

    def payload(self) -> JsonObject:
        if self.type == 1:  # the caller adds "recipients" (it knows the users)
            return {"id": str(self.id), "type": 1, "last_message_id": None, "flags": 0}
        data = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.is_thread:
            data["owner_id"] = str(self.owner_id) if self.owner_id else None
            data["thread_metadata"] = {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": "2024-01-01T00:00:00+00:00",
                "locked": False,
            }
            data["message_count"] = 0
            data["member_count"] = 1
            data["total_message_sent"] = 0
        return data


@dataclass
class Attachment:
    id: int
    filename: str
    content_type: str | None
    data: bytes
    description: str | None = None


class Snapshot(TypedDict):
    """One version of a message, as users saw it."""

    content: str
    embeds: list[JsonObject]
    components: list[JsonObject]
    attachments: list[str]  # file names
    flags: int


@dataclass
class Message:
    """A message as the bot left it (``history`` keeps every earlier version's content)."""

    id: int
    channel_id: int
    content: str = ""
    embeds: list[JsonObject] = field(default_factory=list)
    components: list[JsonObject] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    allowed_mentions: JsonObject | None = None
    pinged: list[int] = field(default_factory=list)  # users this message notified
    interaction_id: int | None = None  # set for interaction responses and follow-ups
    visible_to: int | None = None  # the only user who sees an ephemeral message
    webhook: bool = False
    edited: bool = False
    deleted: bool = False
    history: list[Snapshot] = field(default_factory=list)  # earlier versions

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def public(self) -> bool:
        return not self.ephemeral and not self.deleted

    def texts(self) -> list[str]:
        """Every piece of text this message ever showed (all versions), for leak checks."""
        out = []
        for version in [*self.history, self.snapshot()]:
            out.append(version["content"] or "")
            for e in version["embeds"]:
                out += [e.get("title") or "", e.get("description") or ""]
                out += [f.get("name", "") + " " + f.get("value", "") for f in e.get("fields") or []]
                out.append((e.get("footer") or {}).get("text") or "")
            for label in _labels(version["components"]):
                out.append(label)
        return [t for t in out if t]

    def snapshot(self) -> Snapshot:
        return {
            "content": self.content,
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "attachments": [a.filename for a in self.attachments],
            "flags": self.flags,
        }

    def buttons(self) -> list[JsonObject]:
        return [
            c for row in self.components for c in row.get("components") or [] if c.get("type") == 2
        ]

    def selects(self) -> list[JsonObject]:
        return [
            c for row in self.components for c in row.get("components") or [] if c.get("type") == 3
        ]

    def images(self) -> list[Attachment]:
        return [a for a in self.attachments if a.data[:8] == b"\x89PNG\r\n\x1a\n"]


def _labels(components: list[JsonObject]) -> list[str]:
    out = []
    for row in components:
        for c in row.get("components") or []:
            if c.get("label"):
                out.append(c["label"])
            if c.get("placeholder"):
                out.append(c["placeholder"])
            for o in c.get("options") or []:
                out += [o.get("label") or "", o.get("description") or ""]
    return out


class Response(TypedDict):
    """One answer the bot gave an interaction (a callback)."""

    type: int
    data: JsonObject
    at: float  # loop time


@dataclass
class Interaction:
    """One interaction the local Discord dispatched and everything the bot answered to it."""

    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete, 5 a form (modal) sent
    user_id: int
    channel_id: int
    data: JsonObject
    created: float  # loop time
    message_id: int | None = None  # the message a clicked component is on
    responses: list[Response] = field(default_factory=list)
    original_id: int | None = None  # the message "@original" refers to
    followups: list[int] = field(default_factory=list)
    original_edited: bool = False
    failed: str | None = None  # why the user saw "This interaction failed"
    choices: list[JsonObject] | None = None  # autocomplete answer
    modal: JsonObject | None = None  # the form (modal) the bot answered with, to fill in and send

    def describe(self) -> str:
        """What the user did, in a few words, for the problems the local Discord records."""
        data = self.data or {}
        if self.type in (2, 4):
            parts = [data.get("name", "?")]
            opts = data.get("options") or []
            while opts and opts[0].get("type") in (1, 2):
                parts.append(opts[0]["name"])
                opts = opts[0].get("options") or []
            kind = "autocomplete " if self.type == 4 else ""
            return kind + "/" + " ".join(parts)
        if self.type == 5:
            return f"form {data.get('custom_id')!r} sent"
        return f"click {data.get('custom_id')!r}"

    @property
    def response_type(self) -> int | None:
        return self.responses[0]["type"] if self.responses else None

    @property
    def acknowledged(self) -> bool:
        return bool(self.responses)

    @property
    def finished(self) -> bool:
        """Whether the user sees a settled answer (not "thinking..." any more)."""
        if self.failed:
            return True
        rtype = self.response_type
        if rtype is None:
            return False
        if rtype == 5:
            return self.original_edited or bool(self.followups)
        return True


@dataclass
class ApiRequest:
    """One REST request the bot made, as the local Discord recorded it."""

    method: str
    path: str  # under /api/v10/, e.g. "channels/1/messages"
    #: whether it counted against the bot's global rate limit (every request but the
    #: interaction endpoints: the callback and the interaction token's webhook)
    global_limited: bool
    status: int = 0  # the answer's status (429: rate limited)
